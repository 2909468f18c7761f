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
  /** Counts the times a step was opened or replayed: each one brings its focus into view again. */
  run: number;
  /** False until the step's actions (load, speed, play...) are done. */
  settled: boolean;
}

export interface ViewSlice {
  colorMode: ColorMode;
  hover: HoverTarget | null;
  throughputUnit: ThroughputUnit;
  lesson: LessonView | null;
  tab: ViewTab;
  /**
   * The presentation layout (while a lesson is open): the lesson text docked
   * where the settings were and each step's focus view brought beside it.
   */
  presenting: boolean;
  /** The settings panel folded away (the main area takes its width). */
  sidebarFolded: boolean;

  setColorMode(mode: ColorMode): void;
  setHover(hover: HoverTarget | null): void;
  setThroughputUnit(unit: ThroughputUnit): void;
  /** Shows a lesson (a newly opened one in the presentation layout) or, with null, closes it. */
  showLesson(lesson: LessonView | null): void;
  setTab(tab: ViewTab): void;
  /** Presenting folds the settings panel; leaving it unfolds them. */
  setPresenting(presenting: boolean): void;
  setSidebarFolded(folded: boolean): void;
}

export function createViewSlice(set: SliceSet<'view'>): ViewSlice {
  return {
    colorMode: 'valid',
    hover: null,
    throughputUnit: 'mbps',
    lesson: null,
    tab: 'live',
    presenting: false,
    sidebarFolded: false,

    setColorMode: (colorMode) => set({ colorMode }),
    setHover: (hover) => set((view) => (sameHover(view.hover, hover) ? {} : { hover })),
    setThroughputUnit: (throughputUnit) => set({ throughputUnit }),
    showLesson: (lesson) =>
      set((view) => {
        // A lesson opens presenting: it is taught to a room, where the text
        // and the view it names must be on one screen without a click.
        if (lesson !== null && view.lesson?.lesson.id !== lesson.lesson.id) {
          return { lesson, presenting: true, sidebarFolded: true };
        }
        if (lesson === null && view.presenting) {
          return { lesson, presenting: false, sidebarFolded: false };
        }
        return { lesson };
      }),
    setTab: (tab) => set({ tab }),
    setPresenting: (presenting) => set({ presenting, sidebarFolded: presenting }),
    setSidebarFolded: (sidebarFolded) => set({ sidebarFolded }),
  };
}

function sameHover(a: HoverTarget | null, b: HoverTarget | null): boolean {
  if (a === null || b === null) return a === b;
  return a.block === b.block && a.unit === b.unit && a.x === b.x && a.y === b.y;
}
