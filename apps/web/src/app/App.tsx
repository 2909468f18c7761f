// The page: a top bar with the transport controls; the configuration panel
// on the left; banners, the lesson, key figures, the device view beside the
// SLC funnel, and the charts on the right.

import { ChartsGrid } from '../charts/ChartsGrid';
import { ConfigPanel } from '../config/ConfigPanel';
import { Transport } from '../controls/Transport';
import { DeviceView } from '../device/DeviceView';
import { LessonMenu } from '../lessons/LessonMenu';
import { LessonPanel } from '../lessons/LessonPanel';
import { SlcFunnel } from '../slc/SlcFunnel';
import { ErrorBanner } from './ErrorBanner';
import { KeyFiguresRow } from './KeyFigures';
import { RestartBar } from './RestartBar';
import { useSession } from './sessionContext';

export function App() {
  const session = useSession();
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden>
            ▦
          </span>
          <div>
            <h1>FlashScope</h1>
            <p>Inside an SSD: blocks, garbage collection, the SLC cache, write amplification</p>
          </div>
        </div>
        <div className="topbar-controls">
          <LessonMenu />
          <Transport />
        </div>
      </header>
      <div className="workspace">
        <aside className="sidebar">
          <ConfigPanel />
        </aside>
        <main className="main">
          <ErrorBanner />
          <LessonPanel />
          <RestartBar />
          <KeyFiguresRow />
          <div className="device-row">
            <DeviceView onFrameDrawn={session.ackFrame} />
            <SlcFunnel />
          </div>
          <ChartsGrid />
        </main>
      </div>
    </div>
  );
}
