// One colour per compare configuration, in column order: the app's blue and
// orange (a colour-blind safe pair) first, then green and violet.

export const CONFIG_COLORS = ['#2f64a8', '#e08a2c', '#3d8b50', '#8e5fb0'] as const;

export function configColor(index: number): string {
  return CONFIG_COLORS[index % CONFIG_COLORS.length];
}
