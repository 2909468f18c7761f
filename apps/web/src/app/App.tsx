// The page: a top bar with the transport controls; the configuration panel
// on the left; on the right the view switch (Live | Compare | Saved runs |
// Stability) with the share button, the lesson (over every view: a step may
// open another), and the chosen view. Live — banners, key figures, a zoned drive's zones, the device view beside the SLC
// funnel, a classic FTL's write cache and mapping cache, and the charts — is the default and stays mounted while another
// view shows, so the live run goes on.
// Live runs that finish are saved (useLiveRecorder).
// The settings panel folds away (the button left of the title). While a
// lesson is presented, its text is docked where the settings were instead.

import { useLayoutEffect, useRef, type RefObject } from 'react';
import { CacheView } from '../cache/CacheView';
import { ChartsGrid } from '../charts/ChartsGrid';
import { CompareView } from '../compare/CompareView';
import { ConfigPanel } from '../config/ConfigPanel';
import { Transport } from '../controls/Transport';
import { DeviceView } from '../device/DeviceView';
import { ReportButton } from '../export/ReportButton';
import { GlossaryButton } from '../glossary/Glossary';
import { LessonMenu } from '../lessons/LessonMenu';
import { LessonPanel } from '../lessons/LessonPanel';
import { LessonResults } from '../lessons/LessonResults';
import { LessonRuns } from '../lessons/LessonRuns';
import { SavedRunsView } from '../runs/SavedRunsView';
import { useLiveRecorder } from '../runs/useLiveRecorder';
import { ShareButton } from '../share/ShareButton';
import { SharedTraceRequest } from '../share/SharedTraceRequest';
import { SlcFunnel } from '../slc/SlcFunnel';
import { StabilityView } from '../stability/StabilityView';
import { appStore, useAppStore } from '../store';
import type { ViewTab } from '../store/viewSlice';
import { TraceWrapNote } from '../trace/TraceWrapNote';
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

/**
 * Publishes the top bar's height as --topbar-height: the sticky settings
 * column and the docked lesson sit just under it and end at the screen's
 * bottom edge (the bar wraps to two rows on a 1280 px screen).
 */
function useTopbarHeight(topbar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = topbar.current;
    if (!element) return undefined;
    const publish = () =>
      document.documentElement.style.setProperty(
        '--topbar-height',
        `${element.getBoundingClientRect().height}px`,
      );
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
  }, [topbar]);
}

function SidebarToggle() {
  const folded = useAppStore((state) => state.view.sidebarFolded);
  return (
    <button
      type="button"
      className="quiet sidebar-toggle"
      data-testid="sidebar-toggle"
      aria-controls="settings-panel"
      aria-expanded={!folded}
      title={folded ? 'Show the settings' : 'Fold the settings away'}
      onClick={() => appStore.getState().view.setSidebarFolded(!folded)}
    >
      {folded ? '☰' : '⟨'}
    </button>
  );
}

export function App() {
  const session = useSession();
  useLiveRecorder();
  const view = useAppStore((state) => state.view.tab);
  const folded = useAppStore((state) => state.view.sidebarFolded);
  const presenting = useAppStore((state) => state.view.presenting && state.view.lesson !== null);
  const setView = (tab: View) => appStore.getState().view.setTab(tab);
  const layout = `${folded ? ' sidebar-folded' : ''}${presenting ? ' presenting' : ''}`;
  const topbar = useRef<HTMLElement>(null);
  useTopbarHeight(topbar);
  return (
    <div className="app">
      <header className="topbar" ref={topbar}>
        <div className="brand">
          <SidebarToggle />
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
      <div className={`workspace${layout}`}>
        <aside className="sidebar" id="settings-panel" hidden={folded}>
          <ConfigPanel />
        </aside>
        {presenting && (
          <aside className="lesson-dock" aria-label="Lesson">
            <LessonPanel docked />
          </aside>
        )}
        <main className="main">
          <nav className="view-bar" aria-label="Views">
            <ViewSwitch view={view} onChange={setView} />
            <ShareButton />
            <ReportButton />
          </nav>
          <ErrorBanner />
          <TraceWrapNote />
          <SharedTraceRequest />
          {!presenting && <LessonPanel />}
          <div
            id="view-live"
            role="tabpanel"
            aria-labelledby="view-tab-live"
            className="view-panel"
            hidden={view !== 'live'}
          >
            <RestartBar />
            <LessonResults />
            <LessonRuns />
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
