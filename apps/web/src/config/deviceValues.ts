// What the form shows for the device-wide fields: the user's choice, else
// the device text's value, else the core's default from its schema.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import {
  GEOMETRY_KEYS,
  type GeometryKey,
  type PolicyChoice,
  type ScenarioDraft,
} from '../store/scenarioDraft';
import { asObject } from '../util/json';
import { booleanDefault, isChoice, numberDefault, stringDefault } from './deviceSchema';
import { parseDeviceObject } from './deviceText';

export function effectiveGeometry(
  draft: ScenarioDraft,
  schema: DeviceSchema,
): Record<GeometryKey, number> {
  const fromText = asObject(parseDeviceObject(draft.deviceText).geometry);
  const geometry = {} as Record<GeometryKey, number>;
  for (const key of GEOMETRY_KEYS) {
    const value = draft.geometry[key] ?? fromText[key];
    geometry[key] = typeof value === 'number' ? value : numberDefault(schema, `geometry.${key}`);
  }
  return geometry;
}

export function effectiveOverprovision(draft: ScenarioDraft, schema: DeviceSchema): number {
  const fromText = parseDeviceObject(draft.deviceText).overprovision;
  return (
    draft.overprovision ??
    (typeof fromText === 'number' ? fromText : numberDefault(schema, 'overprovision'))
  );
}

export function effectivePreconditionFill(draft: ScenarioDraft, schema: DeviceSchema): number {
  const fromText = asObject(parseDeviceObject(draft.deviceText).precondition).fill;
  return (
    draft.preconditionFill ??
    (typeof fromText === 'number' ? fromText : numberDefault(schema, 'precondition.fill'))
  );
}

export function effectivePolicy(draft: ScenarioDraft, schema: DeviceSchema): PolicyChoice {
  const device = parseDeviceObject(draft.deviceText);
  const gc = asObject(device.gc);
  return {
    gcVictim:
      draft.policy.gcVictim ??
      (isChoice(schema, 'gc.victim', gc.victim) ? gc.victim : stringDefault(schema, 'gc.victim')),
    gcBackground:
      draft.policy.gcBackground ??
      (typeof gc.background === 'boolean'
        ? gc.background
        : booleanDefault(schema, 'gc.background')),
    scheduler:
      draft.policy.scheduler ??
      (isChoice(schema, 'scheduler', device.scheduler)
        ? device.scheduler
        : stringDefault(schema, 'scheduler')),
  };
}

export function samePolicy(a: PolicyChoice, b: PolicyChoice): boolean {
  return (
    a.gcVictim === b.gcVictim && a.gcBackground === b.gcBackground && a.scheduler === b.scheduler
  );
}
