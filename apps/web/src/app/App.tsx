// The page: a top bar with the transport controls; the configuration panel
// on the left; banners, key figures, the device view and the charts on the
// right.

import { ChartsGrid } from '../charts/ChartsGrid';
import { ConfigPanel } from '../config/ConfigPanel';
import { Transport } from '../controls/Transport';
import { DeviceView } from '../device/DeviceView';
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
            <p>Inside an SSD: blocks, garbage collection, write amplification</p>
          </div>
        </div>
        <Transport />
      </header>
      <div className="workspace">
        <aside className="sidebar">
          <ConfigPanel />
        </aside>
        <main className="main">
          <ErrorBanner />
          <RestartBar />
          <KeyFiguresRow />
          <DeviceView onFrameDrawn={session.ackFrame} />
          <ChartsGrid />
        </main>
      </div>
    </div>
  );
}
