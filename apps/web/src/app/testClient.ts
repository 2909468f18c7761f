// A SimClient stand-in for unit tests of what drives workers (SimSession,
// CompareRunner): it records the calls it gets, and the test delivers the
// worker's messages through the listeners it keeps.

import type { SimClient, SimStatus, SnapshotFrame } from '@flashscope/wasm/client';
import type {
  DeviceSchema,
  EffectiveDevice,
  Layout,
  LoadRequest,
  ResolvedFio,
  SerializedError,
  Speed,
  StabilityDefaults,
} from '@flashscope/wasm/protocol';
import { coreEffectiveDevice, coreResolveFio, coreSchema, coreStabilityDefaults } from './testCore';

export class FakeSimClient {
  /** play, pause, step and reset, in order. */
  calls: string[] = [];
  loads: LoadRequest[] = [];
  speeds: Speed[] = [];
  acks: number[] = [];
  terminated = false;
  /** When set, load rejects with it (as SimClient does with the worker's error). */
  loadError: SerializedError | null = null;
  layout = {} as Layout;
  /** What result() answers. */
  resultText = '{}';
  snapshot: (frame: SnapshotFrame) => void = () => {};
  status: (status: SimStatus) => void = () => {};
  error: (error: SerializedError) => void = () => {};
  /** Completes the pending reset(). */
  resolveReset: () => void = () => {};

  /** The core's own schema (the Node wasm module's), as the worker answers. */
  async deviceSchema(): Promise<DeviceSchema> {
    return coreSchema();
  }

  /** The core's stability defaults and --compare variants (the Node wasm module's). */
  async stabilityDefaults(): Promise<StabilityDefaults> {
    return coreStabilityDefaults();
  }

  /** The core's own answer (the Node wasm module's), as the worker gives it. */
  async effectiveDevice(
    deviceText: string,
    overrides: string[],
    deviceName?: string,
  ): Promise<EffectiveDevice> {
    return coreEffectiveDevice(deviceText, overrides, deviceName);
  }

  /** The core's own resolution (the Node wasm module's); rejects as the worker does. */
  async resolveFio(
    deviceText: string,
    fioText: string,
    overrides: string[],
    workloadName?: string,
  ): Promise<ResolvedFio> {
    return coreResolveFio(deviceText, fioText, overrides, workloadName);
  }

  /** This stand-in as the SimClient the code under test takes. */
  asClient(): SimClient {
    return this as unknown as SimClient;
  }

  onSnapshot(listener: (frame: SnapshotFrame) => void) {
    this.snapshot = listener;
    return () => {};
  }
  onStatus(listener: (status: SimStatus) => void) {
    this.status = listener;
    return () => {};
  }
  onError(listener: (error: SerializedError) => void) {
    this.error = listener;
    return () => {};
  }
  async load(request: LoadRequest) {
    this.loads.push(request);
    if (this.loadError)
      throw Object.assign(new Error(this.loadError.message), { serialized: this.loadError });
    return { layout: this.layout, device: {} };
  }
  play() {
    this.calls.push('play');
  }
  pause() {
    this.calls.push('pause');
  }
  step() {
    this.calls.push('step');
  }
  setSpeed(speed: Speed) {
    this.speeds.push(speed);
  }
  reset() {
    this.calls.push('reset');
    return new Promise<void>((resolve) => (this.resolveReset = resolve));
  }
  ack(frame: number) {
    this.acks.push(frame);
  }
  async result() {
    return this.resultText;
  }
  terminate() {
    this.terminated = true;
  }
}
