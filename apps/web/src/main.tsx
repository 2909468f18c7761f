// Entry point: the store, the simulation session, lessons, the e2e hook,
// React, and the default scenario (or the lesson the URL asks for).

import { SimClient } from '@flashscope/wasm/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';
import { SessionContext } from './app/sessionContext';
import { SimSession } from './app/simSession';
import { installTestHook } from './app/testHook';
import { LessonContext } from './lessons/lessonContext';
import { LessonController } from './lessons/lessonController';
import { appStore } from './store';
import './styles.css';

const session = new SimSession(appStore, () => SimClient.create());
const lessons = new LessonController(appStore, session);
installTestHook(appStore);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext value={session}>
      <LessonContext value={lessons}>
        <App />
      </LessonContext>
    </SessionContext>
  </StrictMode>,
);

void bootstrap(appStore, session, lessons);
