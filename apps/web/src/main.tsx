// Entry point: the store, the simulation session, the e2e hook, React, and
// the default scenario.

import { SimClient } from '@flashscope/wasm/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';
import { SessionContext } from './app/sessionContext';
import { SimSession } from './app/simSession';
import { installTestHook } from './app/testHook';
import { appStore } from './store';
import './styles.css';

const session = new SimSession(appStore, () => SimClient.create());
installTestHook(appStore);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionContext value={session}>
      <App />
    </SessionContext>
  </StrictMode>,
);

void bootstrap(appStore, session);
