// The guided lesson on screen: where we are, what to look at, and the
// buttons to go on. Each step's actions (load, play, pause at a moment) are
// the LessonController's; this only shows the text and moves between steps.

import { TermText } from '../glossary/TermText';
import { useAppStore } from '../store';
import { useLessons } from './lessonContext';
import './lessons.css';

export function LessonPanel() {
  const shown = useAppStore((state) => state.view.lesson);
  const running = useAppStore((state) => state.sim.running);
  const lessons = useLessons();
  if (!shown) return null;
  const { lesson, step } = shown;
  const current = lesson.steps[step];
  const last = step === lesson.steps.length - 1;
  return (
    <section
      className="card lesson-card"
      data-testid={`lesson-${lesson.id}`}
      aria-label={`Lesson: ${lesson.title}`}
    >
      <header className="lesson-header">
        <div>
          <span className="lesson-kicker">Lesson</span>
          <h2>{lesson.title}</h2>
        </div>
        <button
          type="button"
          className="quiet"
          data-testid="lesson-close"
          onClick={() => lessons.close()}
          title="Close the lesson (the run stays)"
        >
          ✕
        </button>
      </header>
      <ol className="lesson-steps" aria-label="Steps">
        {lesson.steps.map((s, i) => (
          <li key={s.title} className={i === step ? 'current' : i < step ? 'done' : ''}>
            <button type="button" onClick={() => void lessons.goTo(i)}>
              {i + 1}. {s.title}
            </button>
          </li>
        ))}
      </ol>
      <h3 data-testid="lesson-step-title">
        Step {step + 1} of {lesson.steps.length}: {current.title}
      </h3>
      <p className="lesson-text" data-testid="lesson-step-text">
        <TermText text={current.text} />
      </p>
      <div className="lesson-nav">
        <button
          type="button"
          data-testid="lesson-prev"
          disabled={step === 0}
          onClick={() => void lessons.goTo(step - 1)}
        >
          ← Back
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
        >
          Next →
        </button>
      </div>
    </section>
  );
}
