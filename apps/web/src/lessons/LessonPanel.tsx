// The guided lesson on screen: where we are, what to look at, and the
// buttons to go on. Each step's actions (load, play, pause at a moment) are
// the LessonController's; this only shows the text and moves between steps.
// Docked (the presentation layout), it stands where the settings were, in
// a compact form that fits a 1280x720 projector, and the step's focus view
// is brought beside it. The keys a presenter's clicker sends move between
// steps: → / PageDown next, ← / PageUp back.

import { useEffect } from 'react';
import { appStore, useAppStore } from '../store';
import { useLessons } from './lessonContext';
import type { LessonController } from './lessonController';
import { StepText } from './StepText';
import { useLessonFocus } from './useLessonFocus';
import './lessons.css';

/** True when a key press belongs to a field the user is typing in, not to the lesson. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true; // the fio editor among others
  return target.closest('input, textarea, select, [contenteditable], [role="textbox"]') !== null;
}

/** The keys of a presenter's clicker (PageDown/PageUp) and the arrow keys move between steps. */
function useStepKeys(lessons: LessonController): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typingIn(event.target)) return;
      const delta =
        event.key === 'ArrowRight' || event.key === 'PageDown'
          ? 1
          : event.key === 'ArrowLeft' || event.key === 'PageUp'
            ? -1
            : 0;
      const shown = appStore.getState().view.lesson;
      if (delta === 0 || !shown) return;
      event.preventDefault(); // PageDown would scroll the page away from the focus
      const target = shown.step + delta;
      if (target >= 0 && target < shown.lesson.steps.length) void lessons.goTo(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lessons]);
}

export function LessonPanel({ docked = false }: { docked?: boolean }) {
  const shown = useAppStore((state) => state.view.lesson);
  const running = useAppStore((state) => state.sim.running);
  const presenting = useAppStore((state) => state.view.presenting);
  const lessons = useLessons();
  useStepKeys(lessons);
  const current = shown ? shown.lesson.steps[shown.step] : undefined;
  useLessonFocus(current?.focus, docked, shown?.run ?? 0);
  if (!shown || !current) return null;
  const { lesson, step } = shown;
  const last = step === lesson.steps.length - 1;

  return (
    <section
      className={`card lesson-card${docked ? ' docked' : ''}`}
      data-testid={`lesson-${lesson.id}`}
      data-step={step + 1}
      data-settled={shown.settled}
      aria-label={`Lesson: ${lesson.title}`}
    >
      <header className="lesson-header">
        <div>
          <span className="lesson-kicker">Lesson</span>
          <h2>{lesson.title}</h2>
        </div>
        <div className="lesson-header-buttons">
          <button
            type="button"
            className={`quiet${presenting ? ' active' : ''}`}
            data-testid="present-toggle"
            aria-pressed={presenting}
            onClick={() => appStore.getState().view.setPresenting(!presenting)}
            title={
              presenting
                ? 'Leave the presentation layout (settings back, text above the views)'
                : 'Present: fold the settings, dock this text and bring each step’s view beside it'
            }
          >
            Present
          </button>
          <button
            type="button"
            className="quiet"
            data-testid="lesson-close"
            onClick={() => lessons.close()}
            title="Close the lesson (the run stays)"
          >
            ✕
          </button>
        </div>
      </header>
      <ol className="lesson-steps" aria-label="Steps">
        {lesson.steps.map((s, i) => (
          <li key={s.title} className={i === step ? 'current' : i < step ? 'done' : ''}>
            <button
              type="button"
              onClick={() => void lessons.goTo(i)}
              title={docked ? s.title : undefined}
              aria-label={docked ? `${i + 1}. ${s.title}` : undefined}
            >
              {docked ? i + 1 : `${i + 1}. ${s.title}`}
            </button>
          </li>
        ))}
      </ol>
      <h3 data-testid="lesson-step-title">
        Step {step + 1} of {lesson.steps.length}: {current.title}
      </h3>
      <p className="lesson-text" data-testid="lesson-step-text">
        <StepText text={current.text} />
      </p>
      <div className="lesson-nav">
        <button
          type="button"
          data-testid="lesson-prev"
          disabled={step === 0}
          onClick={() => void lessons.goTo(step - 1)}
          title="Back (← or PageUp)"
        >
          ← Back
        </button>
        <button
          type="button"
          data-testid="lesson-replay"
          onClick={() => void lessons.replay()}
          title="Run this step again from its start"
        >
          ↻ Replay
        </button>
        <span className="field-note">
          {current.pauseOn && running ? 'Running; it pauses at the moment this step is about.' : ''}
        </span>
        <button
          type="button"
          className="primary"
          data-testid="lesson-next"
          disabled={last}
          onClick={() => void lessons.goTo(step + 1)}
          title="Next (→ or PageDown)"
        >
          Next →
        </button>
      </div>
    </section>
  );
}
