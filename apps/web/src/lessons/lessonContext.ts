// Gives components the app's LessonController (created once in main.tsx).

import { createContext, useContext } from 'react';
import type { LessonController } from './lessonController';

export const LessonContext = createContext<LessonController | null>(null);

export function useLessons(): LessonController {
  const controller = useContext(LessonContext);
  if (!controller) throw new Error('useLessons outside LessonContext');
  return controller;
}
