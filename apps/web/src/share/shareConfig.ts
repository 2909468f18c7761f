// A configuration shared by URL: `?config=` holds base64url (RFC 4648 §5,
// no padding) of the UTF-8 JSON {deviceText, set, fioText} — the device
// JSON, the --set overrides and the fio job — plus `workload` when the
// draft runs a scenario's generator. A trace is never shared: its
// bytes stay with the user (a trace run shares its device and overrides,
// with the draft's fio job).
//
// Opening such a URL turns the overrides back into the form's fields where
// the form has one (policies, geometry, fill level, SLC policies) so the
// panel shows them; any other key stays an override as it was.

import {
  WORKLOAD_GENERATORS,
  type DeviceSchema,
  type WorkloadGenerator,
} from '@flashscope/wasm/protocol';
import { absorbOverride, draftForOverrides, typedOverrideValue } from '../config/formOverrides';
import { overridesOf } from '../config/scenario';
import type { ScenarioDraft } from '../store/scenarioDraft';

export const CONFIG_PARAM = 'config';

export interface SharedConfig {
  deviceText: string;
  set: string[];
  fioText: string;
  /** The generator the draft runs instead of its fio job. */
  workload?: WorkloadGenerator;
}

export function sharedConfigOf(draft: ScenarioDraft, schema: DeviceSchema): SharedConfig {
  const shared: SharedConfig = {
    deviceText: draft.deviceText,
    set: overridesOf(draft, schema),
    fioText: draft.fioText,
  };
  if (draft.workloadGenerator) shared.workload = { ...draft.workloadGenerator };
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
  const json = JSON.stringify({
    deviceText: config.deviceText,
    set: config.set,
    fioText: config.fioText,
    ...(config.workload ? { workload: config.workload } : {}),
  });
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
    typeof config.deviceText !== 'string' ||
    typeof config.fioText !== 'string' ||
    !Array.isArray(config.set) ||
    !config.set.every((entry) => typeof entry === 'string')
  ) {
    throw new Error('it lacks deviceText, set or fioText');
  }
  const shared: SharedConfig = {
    deviceText: config.deviceText,
    set: config.set,
    fioText: config.fioText,
  };
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

/** `href` with ?config= set to `config` (a lesson in the URL would win over it: dropped). */
export function shareUrl(href: string, config: SharedConfig): string {
  const url = new URL(href);
  url.searchParams.delete('lesson');
  url.searchParams.set(CONFIG_PARAM, encodeSharedConfig(config));
  url.hash = '';
  return url.toString();
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
export function draftFromShared(shared: SharedConfig, schema: DeviceSchema): ScenarioDraft {
  const draft = draftForOverrides({
    deviceText: shared.deviceText,
    fioText: shared.fioText,
    workloadGenerator: shared.workload ? { ...shared.workload } : null,
  });
  for (const entry of shared.set) {
    const at = entry.indexOf('=');
    const key = at < 0 ? entry : entry.slice(0, at).trim();
    const value = at < 0 ? '' : typedOverrideValue(entry.slice(at + 1));
    if (!absorbOverride(draft, key, value, schema)) draft.workloadSet.push(entry);
  }
  return draft;
}
