// The lesson's runs table: one row per step that loaded a run (up to the
// step on screen), one column per figure the lesson compares (its "runs"
// key), each the core's figure from that run's latest frame, final once the
// run ended. A step that compares its run with an earlier one focuses this
// table, so both figures are on screen beside its text. Shown at the top
// of the live view, only on those steps.

import { useAppStore } from '../store';
import { RUNS_TABLE_ID, type LessonRuns as RunsSpec } from './lessonFile';
import { LESSON_FIGURES } from './lessonFigures';
import { runRows, useLessonResults, type RunRow } from './lessonResults';
import './lessons.css';

export function LessonRuns() {
  const shown = useAppStore((state) => state.view.lesson);
  const { lessonId, byStep } = useLessonResults();
  const spec = shown?.lesson.runs;
  if (!shown || !spec || shown.lesson.steps[shown.step].focus !== RUNS_TABLE_ID) return null;
  const rows = runRows(shown.lesson, lessonId === shown.lesson.id ? byStep : [], shown.step);
  // The run on screen: the last step at or before this one that loaded one.
  const current = rows.length > 0 ? rows[rows.length - 1].step : -1;
  return (
    // RUNS_TABLE_ID written out, so the lesson checks find it in the source.
    <section
      className="card lesson-runs"
      data-testid="lesson-runs"
      aria-label="Runs of this lesson"
    >
      <header className="card-header">
        <div>
          <h2>Runs of this lesson</h2>
          <p className="card-subtitle">
            Each step’s run: its latest figures, final once it ends (grey: still running)
          </p>
        </div>
      </header>
      <table className="lesson-runs-table">
        <thead>
          <tr>
            <th scope="col">run</th>
            {spec.figures.map((id) => (
              <th key={id} scope="col">
                {LESSON_FIGURES[id].label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <RunRowView key={row.step} row={row} spec={spec} current={row.step === current} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RunRowView({ row, spec, current }: { row: RunRow; spec: RunsSpec; current: boolean }) {
  const running = row.result !== null && !row.result.finished;
  return (
    <tr
      data-testid="lesson-run"
      data-step={row.step + 1}
      data-finished={row.result?.finished ?? false}
      className={`${current ? 'current' : ''}${running ? ' running' : ''}`}
    >
      <th scope="row">
        {row.label}
        {row.result === null && <span className="lesson-runs-note"> (not run yet)</span>}
      </th>
      {spec.figures.map((id) => {
        const value = row.result?.values[id] ?? null;
        return (
          <td
            key={id}
            data-testid={`lesson-run-${id}`}
            data-value={value ?? ''}
            title={running ? 'so far: the run is still going' : undefined}
          >
            {value === null ? '—' : LESSON_FIGURES[id].format(value)}
          </td>
        );
      })}
    </tr>
  );
}
