// The SLC cache's policies (seed 000, seed 003): where writes go while the
// cache has room, what happens when it is full, hot-read promotion,
// small-request pinning and the persistent cache. Shown for a device whose
// JSON has an slc_cache; changing one while a run is loaded offers to
// restart with it, like the other policies.

import { formatBytes } from '../app/format';
import { useAppStore } from '../store';
import {
  PIN_SMALL_CHOICES,
  SLC_PLACEMENTS,
  SLC_WHEN_FULL,
  effectiveSlcPolicy,
  slcCacheOf,
  type SlcPlacement,
  type SlcWhenFull,
} from './slcPolicy';

const PLACEMENT_LABELS: Record<SlcPlacement, string> = {
  slc_first: 'SLC first (every write while there is room)',
  size_split: 'By request size (large writes go native)',
  hyflex: 'HyFlex (native while SLC would fill soon)',
};

const WHEN_FULL_LABELS: Record<SlcWhenFull, string> = {
  direct: 'Write native directly (the cliff)',
  'fold-then-write': 'Fold SLC into native, then write SLC',
};

export function SlcPolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setSlcPolicy = useAppStore((state) => state.config.setSlcPolicy);
  const hasCache = slcCacheOf(draft.deviceText) !== null;
  const policy = effectiveSlcPolicy(draft);

  return (
    <fieldset className="config-section" data-testid="policy-slc">
      <legend>SLC cache</legend>
      {!hasCache ? (
        <p className="field-note">
          This device has no SLC cache. Pick a QLC or TLC preset with one, or add an
          &quot;slc_cache&quot; object to its JSON.
        </p>
      ) : (
        <>
          <label className="field">
            <span>Placement</span>
            <select
              data-testid="policy-slc-placement"
              value={policy.placement}
              onChange={(event) => setSlcPolicy({ placement: event.target.value as SlcPlacement })}
            >
              {SLC_PLACEMENTS.map((name) => (
                <option key={name} value={name}>
                  {PLACEMENT_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>When full</span>
            <select
              data-testid="policy-slc-when-full"
              value={policy.whenFull}
              onChange={(event) => setSlcPolicy({ whenFull: event.target.value as SlcWhenFull })}
            >
              {SLC_WHEN_FULL.map((name) => (
                <option key={name} value={name}>
                  {WHEN_FULL_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Pin small requests in SLC</span>
            <select
              data-testid="policy-slc-pin-small"
              value={policy.pinSmallBytes}
              onChange={(event) => setSlcPolicy({ pinSmallBytes: Number(event.target.value) })}
            >
              {/* The device's own size stays selectable when the list lacks it. */}
              {[...new Set([...PIN_SMALL_CHOICES, policy.pinSmallBytes])].map((size) => (
                <option key={size} value={size}>
                  {size === 0 ? 'Off' : `≤ ${formatBytes(size)}`}
                </option>
              ))}
            </select>
          </label>
          <label className="field checkbox-field">
            <input
              type="checkbox"
              data-testid="policy-slc-read-promotion"
              checked={policy.readPromotion}
              onChange={(event) => setSlcPolicy({ readPromotion: event.target.checked })}
            />
            <span>Promote hot reads into SLC</span>
          </label>
          <label className="field checkbox-field">
            <input
              type="checkbox"
              data-testid="policy-slc-persistent"
              checked={policy.persistent}
              onChange={(event) => setSlcPolicy({ persistent: event.target.checked })}
            />
            <span>Persistent cache (keep the newest data in SLC when idle)</span>
          </label>
        </>
      )}
    </fieldset>
  );
}
