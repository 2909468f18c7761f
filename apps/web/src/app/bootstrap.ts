// Opens the app on the default scenario, already playing: the preset lists,
// the default device and workload texts, the worker, then the run. A URL
// with ?lesson=ID opens that lesson instead, which loads its own scenario.
// A URL with ?config=… (share/shareConfig.ts) opens that configuration (the
// texts it names fetched), on its speed, tab and lesson step; with &run=end
// played at full speed to its end first; with a trace, only once the same
// file is dropped. One that cannot be read says so in the error banner, over
// the default scenario.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import {
  DEFAULT_DEVICE_PRESET,
  DEFAULT_WORKLOAD_PRESET,
  fetchDevicePreset,
  fetchPresetIndex,
  fetchWorkloadPreset,
} from '../config/presets';
import { scenarioEntries } from '../config/scenarioLoader';
import type { LessonController } from '../lessons/lessonController';
import { lessonIdFromSearch } from '../lessons/lessonFile';
import { fetchNamedTexts } from '../share/namedTexts';
import { traceRequestStore } from '../share/traceCheck';
import {
  configParam,
  decodeSharedConfig,
  draftFromShared,
  runToEndParam,
  type SharedConfig,
} from '../share/shareConfig';
import { DEFAULT_SPEED_ID, SPEED_OPTIONS } from '../store/speeds';
import { VIEW_TABS, type ViewTab } from '../store/viewSlice';
import type { AppStore } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { SimSession } from './simSession';

export async function bootstrap(
  store: AppStore,
  session: SimSession,
  lessons: LessonController,
): Promise<void> {
  const started = session.start();
  try {
    const { devices, workloads } = await fetchPresetIndex();
    const { config } = store.getState();
    config.presetsLoaded(devices, workloads);
    config.scenariosLoaded(scenarioEntries());
    const device = devices.find((entry) => entry.id === DEFAULT_DEVICE_PRESET) ?? devices[0];
    const workload =
      workloads.find((entry) => entry.id === DEFAULT_WORKLOAD_PRESET) ?? workloads[0];
    const [deviceText, fioText] = await Promise.all([
      fetchDevicePreset(device),
      fetchWorkloadPreset(workload),
    ]);
    config.selectDevicePreset(device.id, deviceText);
    config.selectWorkloadPreset(workload.id, fioText, workload.set);
  } catch (error) {
    store.getState().sim.reportError({
      kind: 'client',
      message: `Presets could not be loaded: ${(error as Error).message}`,
    });
    await started;
    return;
  }
  // A shared link's overrides are read against the core's schema, which
  // comes with the worker.
  if (!(await started)) return;
  const shared = await sharedConfigDraft(window.location.search, store);
  if (shared.draft) store.getState().config.selectScenario(shared.draft);
  const view = shared.config?.view;
  const lessonId = view?.lesson ?? lessonIdFromSearch(window.location.search);
  // A lesson that cannot open has said why in the banner; the default runs instead.
  const lessonFirst = shared.value === null || view?.lesson !== undefined;
  if (lessonFirst && lessonId !== null && (await lessons.open(lessonId))) {
    if (view?.step) await lessons.goTo(view.step);
    applySharedView(store, session, shared.config);
    return;
  }
  const runToEnd = shared.draft !== null && runToEndParam(window.location.search);
  const trace = shared.config?.trace;
  if (trace) {
    // The trace stays with the sender: nothing runs until the same file is dropped.
    const { traces } = store.getState();
    traces.setOptions(trace.options);
    traces.setMode('trace');
    traceRequestStore.setState({
      request: {
        trace,
        start: async (file) => {
          await session.traces.choose(file);
          await runShared(store, session, shared.config, runToEnd);
        },
      },
    });
    return;
  }
  await runShared(store, session, shared.config, runToEnd);
  // After the load, which clears the banner: the default scenario is what runs.
  if (shared.problem) store.getState().sim.reportError({ kind: 'client', message: shared.problem });
}

/** Runs the draft; with `runToEnd`, played at full speed to its end first. */
async function runShared(
  store: AppStore,
  session: SimSession,
  config: SharedConfig | null,
  runToEnd: boolean,
): Promise<void> {
  if (runToEnd) session.setSpeed('max');
  await session.apply(store.getState().config.draft, true);
  if (runToEnd) {
    await playedToEnd(store);
    // Without a shared speed, the one the run had before: the default.
    if (!config?.view?.speed) session.setSpeed(DEFAULT_SPEED_ID);
  }
  applySharedView(store, session, config);
}

/** Resolves once the run has finished (or stopped on an error). */
function playedToEnd(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      const { sim } = store.getState();
      return sim.finished || sim.error !== null;
    };
    if (done()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The link's speed and tab, where they are ones the app has. */
function applySharedView(store: AppStore, session: SimSession, config: SharedConfig | null): void {
  const view = config?.view;
  if (!view) return;
  if (view.speed && SPEED_OPTIONS.some((option) => option.id === view.speed)) {
    session.setSpeed(view.speed);
  }
  if (view.tab && (VIEW_TABS as readonly string[]).includes(view.tab)) {
    store.getState().view.setTab(view.tab as ViewTab);
  }
}

/** The draft a ?config= value stands for (its named texts fetched), or why it could not be read. */
async function sharedConfigDraft(
  search: string,
  store: AppStore,
): Promise<{
  value: string | null;
  config: SharedConfig | null;
  draft: ScenarioDraft | null;
  problem: string | null;
}> {
  const value = configParam(search);
  if (value === null) return { value, config: null, draft: null, problem: null };
  const { schema, scenarios, devicePresets, workloadPresets } = store.getState().config;
  try {
    const config = decodeSharedConfig(value);
    // A name the app does not publish (a lesson's own scenario) is shown as
    // "Custom" when the link carries the texts themselves.
    const carried =
      config.deviceText !== undefined &&
      (config.fioText !== undefined || config.workload !== undefined);
    const named = await fetchNamedTexts(
      config,
      { scenarios, devicePresets, workloadPresets },
      schema as DeviceSchema,
    ).catch((error: unknown) => {
      if (carried) return {};
      throw error;
    });
    return {
      value,
      config,
      draft: draftFromShared(config, schema as DeviceSchema, named),
      problem: null,
    };
  } catch (error) {
    const reason = (error as Error).message;
    return {
      value,
      config: null,
      draft: null,
      problem: `The configuration in this link (?config=) could not be read: ${reason}. The default scenario is loaded instead.`,
    };
  }
}
