// Entry point: the store, the simulation session, lessons, the e2e hook,
// React, and the default scenario (or the lesson the URL asks for). Live
// runs that finish are saved (runs/liveRecorder.ts), through the session's
// client, which LiveClientHandle hands to the recorder.

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
import { LiveClientHandle, installLiveRecorder } from './runs/liveRecorder';
import { savedRuns } from './runs/savedRunsStore';
import { appStore } from './store';
import './styles.css';

const liveClient = new LiveClientHandle(() => SimClient.create());
const session = new SimSession(appStore, liveClient.factory);
installLiveRecorder(appStore, liveClient.source, (record) => savedRuns.getState().save(record));
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
