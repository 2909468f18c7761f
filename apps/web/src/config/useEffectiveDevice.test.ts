// The over-provisioning check at the field: the core's effective device (the
// real wasm module's) says the problem is at "overprovision" and gives the
// drive's minimum; the field shows that minimum before Apply.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreEffectiveDevice } from '../app/testCore';
import { keyProblem, minimumOverprovisionText, overprovisionProblem } from './useEffectiveDevice';

const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');

describe('the over-provisioning check', () => {
  it("flags a value below the drive's minimum at the field, with the minimum", () => {
    const effective = coreEffectiveDevice(preset('tlc-8g'), ['overprovision=0.001']);
    expect(effective.error?.key).toBe('overprovision');
    const minimum = effective.derived!.min_overprovision;
    expect(minimum).toBeGreaterThan(0.001);
    expect(overprovisionProblem(effective)).toBe(
      `below the drive's ${minimumOverprovisionText(minimum)}`,
    );
    // At the minimum (rounded up as shown) the drive is fine.
    const shown = Number(/minimum ([\d.]+)/.exec(minimumOverprovisionText(minimum))![1]);
    expect(
      overprovisionProblem(coreEffectiveDevice(preset('tlc-8g'), [`overprovision=${shown}`])),
    ).toBeNull();
  });

  it('says nothing for a problem at another key, or none', () => {
    expect(overprovisionProblem(coreEffectiveDevice(preset('tlc-8g')))).toBeNull();
    expect(overprovisionProblem(null)).toBeNull();
    const other = coreEffectiveDevice(preset('tlc-8g'), ['gc.victim=no_such_policy']);
    expect(other.error).not.toBeNull();
    expect(overprovisionProblem(other)).toBeNull();
  });

  it("shows a value the core's reader refuses at that value's field", () => {
    const channels = coreEffectiveDevice(preset('tlc-8g'), ['geometry.channels=0']);
    expect(channels.error?.key).toBe('geometry.channels');
    expect(keyProblem(channels, 'geometry.channels')).toBe(channels.error!.problem);
    expect(keyProblem(channels, 'geometry.channels')).toMatch(/geometry\.channels must be > 0/);
    expect(keyProblem(channels, 'geometry.pages_per_block')).toBeNull();
    const victim = coreEffectiveDevice(preset('tlc-8g'), ['gc.victim="gredy"']);
    expect(victim.error?.key).toBe('gc.victim');
    expect(keyProblem(victim, 'gc.victim')).toMatch(/did you mean "greedy"/);
    // Out of the reader's range, over-provisioning has no minimum to show.
    const overprovision = coreEffectiveDevice(preset('tlc-8g'), ['overprovision=-1']);
    expect(overprovisionProblem(overprovision)).toBe(overprovision.error!.problem);
  });

  it('rounds the minimum up to four places, so the value shown is enough', () => {
    expect(minimumOverprovisionText(0.04112)).toBe('minimum 0.0412 for this geometry');
    expect(minimumOverprovisionText(0.0412)).toBe('minimum 0.0412 for this geometry');
  });
});
