// The page: a top bar with the transport controls; the configuration panel
// on the left; on the right the view switch (Live | Compare | Saved runs |
// Stability) with the share button, the lesson (over every view: a step may
// open another), and the chosen view. Live — banners, key figures, a zoned drive's zones, the device view beside the SLC
// funnel, a classic FTL's write cache and mapping cache, and the charts — is the default and stays mounted while another
// view shows, so the live run goes on.
// Live runs that finish are saved (useLiveRecorder).

import { CacheView } from '../cache/CacheView';
import { ChartsGrid } from '../charts/ChartsGrid';
import { CompareView } from '../compare/CompareView';
import { ConfigPanel } from '../config/ConfigPanel';
import { Transport } from '../controls/Transport';
import { DeviceView } from '../device/DeviceView';
import { GlossaryButton } from '../glossary/Glossary';
import { LessonMenu } from '../lessons/LessonMenu';
import { LessonPanel } from '../lessons/LessonPanel';
import { SavedRunsView } from '../runs/SavedRunsView';
import { useLiveRecorder } from '../runs/useLiveRecorder';
import { ShareButton } from '../share/ShareButton';
import { SlcFunnel } from '../slc/SlcFunnel';
import { StabilityView } from '../stability/StabilityView';
import { appStore, useAppStore } from '../store';
import type { ViewTab } from '../store/viewSlice';
import { ZonesView } from '../zones/ZonesView';
import { ErrorBanner } from './ErrorBanner';
import { KeyFiguresRow } from './KeyFigures';
import { RestartBar } from './RestartBar';
import { useSession } from './sessionContext';
import '../compare/compare.css';

type View = ViewTab;

const VIEWS: ReadonlyArray<[View, string]> = [
  ['live', 'Live'],
  ['compare', 'Compare'],
  ['saved', 'Saved runs'],
  ['stability', 'Stability'],
];

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <div className="segmented view-switch" role="tablist" aria-label="View">
      {VIEWS.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`view-tab-${id}`}
          aria-selected={view === id}
          aria-controls={`view-${id}`}
          data-testid={`view-${id}`}
          className={view === id ? 'active' : ''}
          onClick={() => onChange(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function App() {
  const session = useSession();
  useLiveRecorder();
  const view = useAppStore((state) => state.view.tab);
  const setView = (tab: View) => appStore.getState().view.setTab(tab);
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
          <GlossaryButton />
        </div>
      </header>
      <div className="workspace">
        <aside className="sidebar">
          <ConfigPanel />
        </aside>
        <main className="main">
          <nav className="view-bar" aria-label="Views">
            <ViewSwitch view={view} onChange={setView} />
            <ShareButton />
          </nav>
          <ErrorBanner />
          <LessonPanel />
          <div
            id="view-live"
            role="tabpanel"
            aria-labelledby="view-tab-live"
            className="view-panel"
            hidden={view !== 'live'}
          >
            <RestartBar />
            <KeyFiguresRow />
            <ZonesView />
            <div className="device-row">
              <DeviceView onFrameDrawn={session.ackFrame} />
              <SlcFunnel />
            </div>
            <CacheView />
            <ChartsGrid />
          </div>
          {view === 'compare' && (
            <div id="view-compare" role="tabpanel" aria-labelledby="view-tab-compare">
              <CompareView />
            </div>
          )}
          {view === 'saved' && (
            <div id="view-saved" role="tabpanel" aria-labelledby="view-tab-saved">
              <SavedRunsView />
            </div>
          )}
          {view === 'stability' && (
            <div id="view-stability" role="tabpanel" aria-labelledby="view-tab-stability">
              <StabilityView />
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
