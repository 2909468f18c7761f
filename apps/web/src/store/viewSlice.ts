// The view slice: how the user looks at the run. Nothing here is simulation
// data; it changes at human rates (clicks and pointer moves).

import type { Lesson } from '../lessons/lessonFile';
import type { SliceSet } from './appState';

/**
 * What block colours mean; 'mode' tells pSLC (static, dynamic) from native
 * blocks, 'reads' shows each block's reads since its erase against the
 * read-disturb refresh limit.
 */
export const COLOR_MODES = ['valid', 'mode', 'erase', 'state', 'reads'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export type ThroughputUnit = 'mbps' | 'iops';

/** The views of the main area (the tabs above it). */
export const VIEW_TABS = ['live', 'compare', 'saved', 'stability'] as const;
export type ViewTab = (typeof VIEW_TABS)[number];

export interface HoverTarget {
  block: number;
  /** The mapping unit under the pointer when pages are drawn, else null. */
  unit: number | null;
  /** Pointer position in CSS pixels relative to the device canvas. */
  x: number;
  y: number;
}

/** The guided lesson on screen and the step it is at. */
export interface LessonView {
  lesson: Lesson;
  step: number;
}

export interface ViewSlice {
  colorMode: ColorMode;
  hover: HoverTarget | null;
  throughputUnit: ThroughputUnit;
  lesson: LessonView | null;
  tab: ViewTab;

  setColorMode(mode: ColorMode): void;
  setHover(hover: HoverTarget | null): void;
  setThroughputUnit(unit: ThroughputUnit): void;
  showLesson(lesson: LessonView | null): void;
  setTab(tab: ViewTab): void;
}

export function createViewSlice(set: SliceSet<'view'>): ViewSlice {
  return {
    colorMode: 'valid',
    hover: null,
    throughputUnit: 'mbps',
    lesson: null,
    tab: 'live',

    setColorMode: (colorMode) => set({ colorMode }),
    setHover: (hover) => set((view) => (sameHover(view.hover, hover) ? {} : { hover })),
    setThroughputUnit: (throughputUnit) => set({ throughputUnit }),
    showLesson: (lesson) => set({ lesson }),
    setTab: (tab) => set({ tab }),
  };
}

function sameHover(a: HoverTarget | null, b: HoverTarget | null): boolean {
  if (a === null || b === null) return a === b;
  return a.block === b.block && a.unit === b.unit && a.x === b.x && a.y === b.y;
}
