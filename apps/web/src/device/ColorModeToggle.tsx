// Chooses what the block colours mean.

import { useAppStore } from '../store';
import type { ColorMode } from '../store/viewSlice';

const LABELS: Record<ColorMode, string> = {
  valid: 'Valid data',
  mode: 'SLC / native',
  erase: 'Erase count',
  state: 'Block state',
  reads: 'Reads',
};

export function ColorModeToggle() {
  const colorMode = useAppStore((state) => state.view.colorMode);
  const setColorMode = useAppStore((state) => state.view.setColorMode);
  return (
    <div className="segmented" role="radiogroup" aria-label="Colour blocks by">
      {(Object.keys(LABELS) as ColorMode[]).map((mode) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={colorMode === mode}
          className={colorMode === mode ? 'active' : ''}
          data-testid={`color-${mode}`}
          onClick={() => setColorMode(mode)}
        >
          {LABELS[mode]}
        </button>
      ))}
    </div>
  );
}
