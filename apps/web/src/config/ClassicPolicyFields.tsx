// The mapping scheme and the write cache in front of it (issue 7, seed
// 002), each with its size. Hidden on a zoned drive, whose host FTL maps
// the zones. What the classic device needs of the drive (one mapping unit
// per page, no SLC cache) is sent with the run and said in a note; picking
// C-lash picks block mapping (classicPolicy.ts). Changing one while a run
// is loaded offers to restart with it, like the other policies.

import { formatBinaryBytes, formatBytes } from '../app/format';
import { useAppStore } from '../store';
import { SettingSelect, useDeviceSchema } from './ChoiceFields';
import {
  BYTE_SIZED_CACHES,
  classicFixups,
  effectiveClassicPolicy,
  pageAndUnitBytes,
} from './classicPolicy';
import { settingProblem } from './deviceSchema';
import { znsConfigOf } from './deviceText';
import { effectiveGeometry } from './deviceValues';
import { NumberField, textKey } from './NumberField';

export function ClassicPolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setClassicPolicy = useAppStore((state) => state.config.setClassicPolicy);
  const schema = useDeviceSchema();
  if (znsConfigOf(draft.deviceText) !== null) {
    return (
      <fieldset className="config-section" data-testid="policy-classic">
        <legend>FTL and write cache</legend>
        <p className="field-note">
          A zoned drive&apos;s host FTL maps its zones: block, hybrid and DFTL mapping and the write
          caches need a conventional drive.
        </p>
      </fieldset>
    );
  }
  const policy = effectiveClassicPolicy(draft, schema);
  const fixups = classicFixups(draft, schema);
  const { pageBytes } = pageAndUnitBytes(draft, schema);
  const pagesPerBlock = effectiveGeometry(draft, schema).pages_per_block;
  const cachePages = Math.floor(policy.cacheBytes / pageBytes);
  // Remounts the number fields when the device changes under them (not while typing in them).
  const resetKey = `${draft.scenarioId}|${draft.devicePresetId}|${textKey(draft.deviceText)}|${pagesPerBlock}`;

  return (
    <fieldset className="config-section" data-testid="policy-classic">
      <legend>FTL and write cache</legend>
      <SettingSelect
        label="Mapping scheme"
        testId="policy-mapping"
        value={policy.mapping}
        path="ftl.mapping"
        hint="How logical pages map to flash: per page, per block, block mapping with log blocks (BAST, FAST), or page mapping with a cached table (DFTL)"
        onChange={(mapping) => setClassicPolicy({ mapping })}
      />
      {policy.mapping === 'dftl' && (
        <NumberField
          label="Cached mapping entries"
          testId="policy-cmt-entries"
          value={policy.cmtEntries}
          resetKey={resetKey}
          hint="DFTL's cached mapping table; a miss reads a translation page from flash"
          check={(value) => settingProblem(schema, 'ftl.cmt_entries', value)}
          onCommit={(cmtEntries) => setClassicPolicy({ cmtEntries })}
        />
      )}
      {(policy.mapping === 'bast' || policy.mapping === 'fast') && (
        <NumberField
          label="Log blocks (0 = all spare but one)"
          testId="policy-log-blocks"
          value={policy.logBlocks}
          resetKey={resetKey}
          check={(value) => settingProblem(schema, 'ftl.log_blocks', value)}
          onCommit={(logBlocks) => setClassicPolicy({ logBlocks })}
        />
      )}
      <SettingSelect
        label="Write cache"
        testId="policy-cache"
        value={policy.cache}
        path="cache.policy"
        hint="A DRAM write cache in front of the FTL: writes complete in the cache, evictions go to flash"
        onChange={(cache) => setClassicPolicy({ cache })}
      />
      {BYTE_SIZED_CACHES.includes(policy.cache) && (
        <div className="field-grid">
          <NumberField
            label="Cache size"
            testId="policy-cache-bytes"
            value={policy.cacheBytes / 1024}
            resetKey={`${resetKey}|${pageBytes}`}
            suffix="KiB"
            hint={`Whole pages of ${formatBinaryBytes(pageBytes)}; by default what C-lash holds on this drive`}
            check={(kib) => settingProblem(schema, 'cache.bytes', kib * 1024)}
            isValid={(kib) => Number.isInteger(kib * 1024) && kib * 1024 >= pageBytes}
            onCommit={(kib) => setClassicPolicy({ cacheBytes: kib * 1024 })}
          />
          {policy.cache === 'cflru' && (
            <NumberField
              label="Clean-first window"
              testId="policy-cflru-window"
              value={policy.cflruWindowPages}
              resetKey={resetKey}
              suffix="pages"
              hint="Pages at the LRU end where clean pages are evicted first; 0 = half the cache"
              check={(pages) => settingProblem(schema, 'cache.cflru_window_pages', pages)}
              isValid={(pages) => pages <= cachePages}
              onCommit={(cflruWindowPages) => setClassicPolicy({ cflruWindowPages })}
            />
          )}
        </div>
      )}
      {policy.cache === 'clash' && (
        <>
          <div className="field-grid">
            <NumberField
              label="Block space"
              testId="policy-clash-block-space"
              value={policy.blockSpaceBlocks}
              resetKey={resetKey}
              suffix="blocks"
              check={(value) => settingProblem(schema, 'cache.block_space_blocks', value)}
              onCommit={(blockSpaceBlocks) => setClassicPolicy({ blockSpaceBlocks })}
            />
            <NumberField
              label="Page space"
              testId="policy-clash-page-space"
              value={policy.pageSpacePages}
              resetKey={resetKey}
              suffix="pages"
              check={(value) => settingProblem(schema, 'cache.page_space_pages', value)}
              onCommit={(pageSpacePages) => setClassicPolicy({ pageSpacePages })}
            />
          </div>
          <p className="field-note">
            C-lash replaces the FTL: its blocks map straight onto flash blocks, so it runs over
            block mapping (
            {formatBytes(
              (policy.blockSpaceBlocks * pagesPerBlock + policy.pageSpacePages) * pageBytes,
            )}{' '}
            of cache).
          </p>
        </>
      )}
      {fixups && (
        <p className="field-note" data-testid="classic-note">
          The classic FTLs and caches map whole flash pages without an SLC cache, so this run also
          sets{' '}
          {[
            fixups.mappingUnitBytes !== null &&
              `mapping_unit_bytes = ${fixups.mappingUnitBytes} (the page size)`,
            fixups.dropsSlcCache && 'slc_cache = null (no SLC cache)',
          ]
            .filter(Boolean)
            .join(' and ')}
          .
        </p>
      )}
    </fieldset>
  );
}
