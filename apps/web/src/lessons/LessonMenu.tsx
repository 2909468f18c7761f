// The lessons the app ships (public/lessons, listed at build time), in the
// top bar: choosing one opens it and puts it in the URL, so the link can be
// shared (?lesson=ID).

import lessonIndex from 'virtual:lesson-index';
import { useAppStore } from '../store';
import { useLessons } from './lessonContext';
import './lessons.css';

export function LessonMenu() {
  const lessons = useLessons();
  const open = useAppStore((state) => state.view.lesson?.lesson.id ?? '');
  if (lessonIndex.length === 0) return null;
  return (
    <label className="inline-field">
      <span>Lesson</span>
      <select
        data-testid="lesson-select"
        value={open}
        onChange={(event) => {
          if (event.target.value === '') lessons.close();
          else void lessons.open(event.target.value);
        }}
      >
        <option value="">None</option>
        {lessonIndex.map((entry) => (
          <option key={entry.id} value={entry.id} title={entry.description}>
            {entry.name}
          </option>
        ))}
      </select>
    </label>
  );
}
