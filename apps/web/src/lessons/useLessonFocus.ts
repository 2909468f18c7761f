// Brings a lesson step's focus view (its `focus`, a data-testid) into place
// and highlights it. When presenting, the page is scrolled so that the view
// sits just under the top bar, beside the docked lesson text; views that
// appear only after the step's scenario loaded (the cache view, a zoned
// drive's zones, the stability report) and layout that shifts while frames
// arrive are caught by checking again a few times a second — until the user
// scrolls the page themselves, which wins until the next step or replay.

import { useEffect } from 'react';

/** The attribute that marks the focused view (lessons.css outlines it). */
export const FOCUS_ATTRIBUTE = 'data-lesson-focus';
/** How often a step checks that its focus is still in view. */
const CHECK_MS = 250;
/** Room left between the top bar and the view. */
const MARGIN_PX = 12;
/** Keys that scroll the page (the lesson's own keys move between steps instead). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', ' ']);

function focusElement(testId: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 || box.height > 0) return element; // the shown one, not a hidden tab's
  }
  return null;
}

/** The top of the visible page below the sticky top bar. */
function viewportTop(): number {
  return document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
}

/** Scrolls the page so `element` is whole on screen (its top under the top bar if it must move). */
export function bringIntoView(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  const top = viewportTop();
  if (box.top >= top && box.bottom <= window.innerHeight) return;
  window.scrollBy({ top: box.top - top - MARGIN_PX, behavior: 'instant' });
}

/**
 * Highlights the element whose data-testid is `testId` and, when `present`,
 * keeps it in view; `run` changes with every step opened or replayed.
 */
export function useLessonFocus(testId: string | undefined, present: boolean, run: number): void {
  useEffect(() => {
    if (!testId) return undefined;
    let marked: HTMLElement | null = null;
    let userScrolled = false;
    const check = () => {
      const element = focusElement(testId);
      if (element !== marked) {
        marked?.removeAttribute(FOCUS_ATTRIBUTE);
        element?.setAttribute(FOCUS_ATTRIBUTE, '');
        marked = element;
      }
      if (element && present && !userScrolled) bringIntoView(element);
    };
    const onUserScroll = () => {
      userScrolled = true;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) userScrolled = true;
    };
    check();
    const timer = window.setInterval(check, CHECK_MS);
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('keydown', onKey);
      marked?.removeAttribute(FOCUS_ATTRIBUTE);
    };
  }, [testId, present, run]);
}
