// The device view: a static canvas of blocks, an overlay canvas for hover and
// GC moves, and a DOM tooltip. React only mounts them; drawing is done by
// DeviceCanvasController, which follows the store without re-rendering this
// component.

import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { frameScheduler } from '../app/frameScheduler';
import { appStore, useAppStore } from '../store';
import { BlockTooltip } from './BlockTooltip';
import { ColorModeToggle } from './ColorModeToggle';
import { DeviceCanvasController } from './deviceCanvasController';
import { DeviceLegend } from './DeviceLegend';
import { DeviceSummary } from './DeviceSummary';

function maxViewHeight(): number {
  return Math.round(Math.min(540, Math.max(240, window.innerHeight * 0.52)));
}

export function DeviceView({ onFrameDrawn }: { onFrameDrawn: (frame: number) => void }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const staticRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<DeviceCanvasController | null>(null);
  const [stageWidth, setStageWidth] = useState(0);
  // After a failed load the worker has no run: the last picture stays, dimmed.
  const stale = useAppStore((state) => state.sim.phase === 'idle' && state.sim.layout !== null);

  useEffect(() => {
    const stage = stageRef.current!;
    const controller = new DeviceCanvasController({
      store: appStore,
      scheduler: frameScheduler,
      staticCanvas: staticRef.current!,
      overlayCanvas: overlayRef.current!,
      onFrameDrawn,
    });
    controllerRef.current = controller;
    const measure = () => {
      controller.resize(stage.clientWidth, maxViewHeight());
      setStageWidth(stage.clientWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      controller.dispose();
      controllerRef.current = null;
    };
  }, [onFrameDrawn]);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = staticRef.current!.getBoundingClientRect();
    controllerRef.current?.pointerMove(event.clientX - rect.left, event.clientY - rect.top);
  };

  return (
    <section className="card device-card" aria-label="Device view">
      <header className="card-header">
        <div>
          <h2>Device</h2>
          <DeviceSummary />
        </div>
        <ColorModeToggle />
      </header>
      <div
        ref={stageRef}
        className={stale ? 'device-stage stale' : 'device-stage'}
        data-testid="device-view"
        onPointerMove={onPointerMove}
        onPointerLeave={() => controllerRef.current?.pointerLeave()}
      >
        <canvas ref={staticRef} className="device-canvas" />
        <canvas ref={overlayRef} className="device-canvas device-overlay" />
        <BlockTooltip stageWidth={stageWidth} />
      </div>
      <DeviceLegend />
    </section>
  );
}
