// The configuration a share link carries for a draft and a trace choice: a
// scenario or preset travels by name when its text is the published one
// (a short link), an edited text travels itself; plus the speed, tab and
// open lesson step, and a trace's name, size and fingerprint. The Share
// button asks it for the panel's draft, the report for the draft and trace
// the run was loaded with, so both make the same link for the same run.

import type { SimSession } from '../app/simSession';
import { appStore } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { TraceChoice } from '../store/traceSlice';
import { linkBase } from './linkBase';
import { fetchNamedTexts } from './namedTexts';
import { shareUrl, sharedConfigOf, type NamedTexts, type SharedConfig } from './shareConfig';

/** The link's configuration for `draft` and `traces` (null before the core's schema is there). */
export async function sharedConfigFor(
  session: SimSession,
  draft: ScenarioDraft,
  traces: TraceChoice,
): Promise<SharedConfig | null> {
  const { config, sim, view } = appStore.getState();
  if (config.schema === null) return null;
  const { schema, scenarios, devicePresets, workloadPresets } = config;
  let named: NamedTexts = {};
  try {
    named = await fetchNamedTexts(
      {
        scenario: draft.scenarioId,
        device: draft.devicePresetId,
        workloadPreset: draft.workloadPresetId,
      },
      { scenarios, devicePresets, workloadPresets },
      schema,
    );
  } catch {
    // A name not published (any more): the texts travel themselves.
  }
  const shared = sharedConfigOf(draft, schema, named);
  shared.view = { speed: sim.speedId, tab: view.tab };
  if (view.lesson) {
    shared.view.lesson = view.lesson.lesson.id;
    shared.view.step = view.lesson.step;
  }
  if (traces.mode === 'trace' && traces.file) {
    const { file, name, sizeBytes, sha256 } = traces.file;
    shared.trace = {
      name,
      size: sizeBytes,
      // Taken by the file's scan in its worker; else hashed by the simulation worker.
      sha256: sha256 ?? (await session.traceFingerprint(file)),
      options: { ...traces.options },
    };
  }
  return shared;
}

/** The link for `shared` at the base the user set (linkBase.ts), else the app's own address. */
export function sharedLink(shared: SharedConfig, runToEnd = false): string {
  return shareUrl(linkBase(), shared, runToEnd);
}
