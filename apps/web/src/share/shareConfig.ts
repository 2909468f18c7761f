// A configuration shared by URL: `?config=` holds base64url (RFC 4648 §5,
// no padding) of the UTF-8 JSON {set, …}: the --set overrides, plus
// `workload` when the draft runs a scenario's generator, and what names the
// rest: `scenario` (a file of public/scenarios), `device` / `workloadPreset`
// (preset ids) — whose text the recipient fetches — or, when the user
// edited it or it has no name, `deviceText` / `fioText` themselves. Old
// links carry {deviceText, set, fioText} and still open. `view` holds the
// speed, tab and open lesson step; `trace` names a trace file (its bytes
// stay with the user: the recipient drops the same file, checked by size
// and the SHA-256 of its first MiB). `&run=end` opens the run played to
// its end at full speed.
//
// Opening such a URL turns the overrides back into the form's fields where
// the form has one (policies, geometry, fill level, SLC policies) so the
// panel shows them; any other key stays an override as it was.

import {
  WORKLOAD_GENERATORS,
  type DeviceSchema,
  type TraceOptions,
  type WorkloadGenerator,
} from '@flashscope/wasm/protocol';
import { absorbOverride, draftForOverrides, typedOverrideValue } from '../config/formOverrides';
import { overridesOf } from '../config/scenario';
import type { ScenarioDraft } from '../store/scenarioDraft';

export const CONFIG_PARAM = 'config';

export const RUN_PARAM = 'run';

/** What the recipient sees besides the configuration. */
export interface SharedView {
  speed?: string;
  tab?: string;
  lesson?: string;
  step?: number;
}

/** A trace file the link names: the recipient must drop the same one. */
export interface SharedTrace {
  name: string;
  size: number;
  /** Hex SHA-256 of the file's first MiB. */
  sha256: string;
  /** The replay options the sender set (the trace panel's). */
  options: TraceOptions;
}

export interface SharedConfig {
  /** Absent when `scenario` or `device` names where the text comes from. */
  deviceText?: string;
  set: string[];
  /** Absent when `scenario` or `workloadPreset` names where the job comes from. */
  fioText?: string;
  /** The generator the draft runs instead of its fio job. */
  workload?: WorkloadGenerator;
  scenario?: string;
  device?: string;
  workloadPreset?: string;
  view?: SharedView;
  trace?: SharedTrace;
}

/** The texts a named scenario or preset stands for (fetched by the caller). */
export interface NamedTexts {
  deviceText?: string;
  fioText?: string;
  workload?: WorkloadGenerator | null;
}

/**
 * The link's configuration for `draft`. `named` holds the texts of the
 * draft's scenario or presets as published: a text equal to them travels
 * by name only, an edited one travels itself.
 */
export function sharedConfigOf(
  draft: ScenarioDraft,
  schema: DeviceSchema,
  named: NamedTexts = {},
): SharedConfig {
  const shared: SharedConfig = { set: overridesOf(draft, schema) };
  if (draft.scenarioId !== null) shared.scenario = draft.scenarioId;
  if (draft.devicePresetId !== null) shared.device = draft.devicePresetId;
  if (draft.workloadPresetId !== null) shared.workloadPreset = draft.workloadPresetId;
  const deviceNamed = draft.scenarioId !== null || draft.devicePresetId !== null;
  if (!deviceNamed || named.deviceText !== draft.deviceText) shared.deviceText = draft.deviceText;
  if (draft.workloadGenerator) {
    shared.workload = { ...draft.workloadGenerator };
  } else {
    const jobNamed = draft.scenarioId !== null || draft.workloadPresetId !== null;
    if (!jobNamed || named.fioText !== draft.fioText) shared.fioText = draft.fioText;
  }
  return shared;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it is not base64url text');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch (error) {
    throw new Error('it is not base64url text', { cause: error });
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function encodeSharedConfig(config: SharedConfig): string {
  const json = JSON.stringify(config);
  return toBase64Url(new TextEncoder().encode(json));
}

/** The configuration in a `config` value; throws an Error saying what is wrong with it. */
export function decodeSharedConfig(value: string): SharedConfig {
  if (value.trim() === '') throw new Error('it is empty');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(value.trim()));
  } catch (error) {
    const reason = error instanceof TypeError ? 'it is not UTF-8 text' : (error as Error).message;
    throw new Error(reason, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error('it does not hold JSON', { cause: error });
  }
  const config = parsed as Partial<SharedConfig> | null;
  if (
    config === null ||
    typeof config !== 'object' ||
    !Array.isArray(config.set) ||
    !config.set.every((entry) => typeof entry === 'string')
  ) {
    throw new Error('it lacks deviceText, set or fioText');
  }
  const shared: SharedConfig = { set: config.set };
  for (const key of ['deviceText', 'fioText', 'scenario', 'device', 'workloadPreset'] as const) {
    const text = config[key];
    if (text === undefined) continue;
    if (typeof text !== 'string') throw new Error(`its ${key} is not text`);
    shared[key] = text;
  }
  const hasDevice = shared.deviceText !== undefined || shared.scenario || shared.device;
  const hasJob =
    shared.fioText !== undefined ||
    config.workload !== undefined ||
    shared.scenario ||
    shared.workloadPreset;
  if (!hasDevice || !hasJob) throw new Error('it lacks deviceText, set or fioText');
  if (config.view !== undefined) shared.view = checkView(config.view);
  if (config.trace !== undefined) shared.trace = checkTrace(config.trace);
  if (config.workload !== undefined) {
    const workload = config.workload as Partial<WorkloadGenerator> | null;
    if (
      workload === null ||
      typeof workload !== 'object' ||
      !WORKLOAD_GENERATORS.includes(workload.generator as WorkloadGenerator['generator'])
    ) {
      throw new Error('its workload is not a known generator');
    }
    shared.workload = { ...(workload as WorkloadGenerator) };
  }
  return shared;
}

function checkView(value: unknown): SharedView {
  if (value === null || typeof value !== 'object') throw new Error('its view is not an object');
  const raw = value as Record<string, unknown>;
  const view: SharedView = {};
  for (const key of ['speed', 'tab', 'lesson'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw new Error(`its view.${key} is not text`);
    view[key] = raw[key];
  }
  if (raw.step !== undefined) {
    if (!Number.isInteger(raw.step) || (raw.step as number) < 0) {
      throw new Error('its view.step is not a step number');
    }
    view.step = raw.step as number;
  }
  return view;
}

function checkTrace(value: unknown): SharedTrace {
  const raw = value as Partial<SharedTrace> | null;
  if (
    raw === null ||
    typeof raw !== 'object' ||
    typeof raw.name !== 'string' ||
    !Number.isInteger(raw.size) ||
    typeof raw.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/.test(raw.sha256) ||
    raw.options === null ||
    typeof raw.options !== 'object'
  ) {
    throw new Error('its trace lacks a name, size, SHA-256 or options');
  }
  return { name: raw.name, size: raw.size as number, sha256: raw.sha256, options: raw.options };
}

/**
 * `href` with ?config= set to `config` (the lesson travels in config.view,
 * so a ?lesson= of the address bar is dropped) and, with `runToEnd`,
 * &run=end.
 */
export function shareUrl(href: string, config: SharedConfig, runToEnd = false): string {
  const url = new URL(href);
  url.searchParams.delete('lesson');
  url.searchParams.delete(RUN_PARAM);
  url.searchParams.set(CONFIG_PARAM, encodeSharedConfig(config));
  if (runToEnd) url.searchParams.set(RUN_PARAM, 'end');
  url.hash = '';
  return url.toString();
}

/** True when a location's search string asks for the run played to its end. */
export function runToEndParam(search: string): boolean {
  return new URLSearchParams(search).get(RUN_PARAM) === 'end';
}

/** The `config` value of a location's search string, or null when there is none. */
export function configParam(search: string): string | null {
  return new URLSearchParams(search).get(CONFIG_PARAM);
}

/**
 * The draft a shared configuration stands for. Overrides the form shows
 * become its fields (formOverrides.ts); the rest (and any value the form
 * cannot show) stay as overrides in workloadSet, which the draft sends as
 * they are.
 */
export function draftFromShared(
  shared: SharedConfig,
  schema: DeviceSchema,
  named: NamedTexts = {},
): ScenarioDraft {
  const generator = shared.workload ?? (shared.fioText === undefined ? named.workload : null);
  const deviceText = shared.deviceText ?? named.deviceText;
  if (deviceText === undefined) throw new Error('its device could not be found');
  const fioText = shared.fioText ?? named.fioText ?? '';
  const draft = draftForOverrides({
    deviceText,
    fioText,
    workloadGenerator: generator ? { ...generator } : null,
    scenarioId: shared.scenario ?? null,
    devicePresetId: shared.device ?? null,
    workloadPresetId: shared.workloadPreset ?? null,
  });
  for (const entry of shared.set) {
    const at = entry.indexOf('=');
    const key = at < 0 ? entry : entry.slice(0, at).trim();
    const value = at < 0 ? '' : typedOverrideValue(entry.slice(at + 1));
    if (!absorbOverride(draft, key, value, schema)) draft.workloadSet.push(entry);
  }
  return draft;
}
