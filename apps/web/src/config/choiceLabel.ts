import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { choicesAt, settingAt } from './deviceSchema';

/**
 * The core's label for `value` of the choice setting at `path`; the value
 * itself while the schema is not loaded or when the core does not offer it.
 */
export function choiceLabel(schema: DeviceSchema | null, path: string, value: string): string {
  if (schema === null || settingAt(schema, path) === null) return value;
  return choicesAt(schema, path).find((choice) => choice.value === value)?.label ?? value;
}
