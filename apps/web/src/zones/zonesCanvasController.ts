// Owns the zones view's two canvases outside React, like the device view's
// controller: a static canvas of zone strips, repainted once per frame that
// carries ZnsMeta (in the next animation frame), and an overlay for reset
// flashes, GC outlines and arrows and the hovered zone, redrawn every
// animation frame only while something plays. It follows the store through a transient
// subscription; the ImageData and its pixel view are reused across frames.

import type { FrameScheduler } from '../app/frameScheduler';
import type { AppState, AppStore } from '../store';
import { classPalette } from './zoneColours';
import { computeZoneGrid, zoneAt, type ZoneGrid } from './zoneGrid';
import { ZoneAnimator } from './zoneAnimator';
import { drawZoneOverlay } from './drawZoneOverlay';
import { paintZones } from './paintZones';
import { zoneRenderStats } from './zoneRenderStats';

export interface ZonesCanvasOptions {
  store: AppStore;
  scheduler: FrameScheduler;
  staticCanvas: HTMLCanvasElement;
  overlayCanvas: HTMLCanvasElement;
  now?: () => number;
}

const STATIC_KEY = 'zones-static';
const OVERLAY_KEY = 'zones-overlay';

export class ZonesCanvasController {
  private grid: ZoneGrid | null = null;
  private zoneCount = 0;
  private classes = 0;
  private palette = classPalette(1);
  private cssWidth = 0;
  private maxCssHeight = 360;
  private image: ImageData | null = null;
  private pixels: Uint32Array | null = null;
  private hoverZone = -1;
  private lastAnimatedFrame = -1;
  readonly animator = new ZoneAnimator();
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(private readonly options: ZonesCanvasOptions) {
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe = options.store.subscribe((state, previous) =>
      this.onStoreChange(state, previous),
    );
    zoneRenderStats.startRun();
    this.adopt(options.store.getState());
  }

  dispose(): void {
    this.unsubscribe();
    this.options.scheduler.cancel(STATIC_KEY);
    this.options.scheduler.cancel(OVERLAY_KEY);
  }

  resize(cssWidth: number, maxCssHeight: number): void {
    if (cssWidth === this.cssWidth && maxCssHeight === this.maxCssHeight) return;
    this.cssWidth = cssWidth;
    this.maxCssHeight = maxCssHeight;
    this.rebuildGrid();
  }

  /** The zone under a pointer at CSS px (x, y) of the canvas, or -1; outlines it. */
  pointerMove(cssX: number, cssY: number): number {
    const grid = this.grid;
    const zone = grid ? zoneAt(grid, cssX * grid.pixelRatio, cssY * grid.pixelRatio) : -1;
    if (zone !== this.hoverZone) {
      this.hoverZone = zone;
      this.requestOverlay();
    }
    return zone;
  }

  pointerLeave(): void {
    this.pointerMove(-1, -1);
  }

  private onStoreChange(state: AppState, previous: AppState): void {
    if (state.sim.runId !== previous.sim.runId) {
      this.animator.clear();
      this.lastAnimatedFrame = -1;
      zoneRenderStats.startRun();
    }
    if (state.sim.frameVersion !== previous.sim.frameVersion) this.adopt(state);
  }

  /** Takes the zone count and classes of the latest frame; repaints. */
  private adopt(state: AppState): void {
    const zns = state.sim.frame?.meta.zns ?? null;
    if (!zns) return;
    if (zns.classes !== this.classes) {
      this.classes = zns.classes;
      this.palette = classPalette(zns.classes);
    }
    if (zns.zone_count !== this.zoneCount) {
      this.zoneCount = zns.zone_count;
      this.rebuildGrid();
      return;
    }
    this.requestStatic();
  }

  private rebuildGrid(): void {
    if (this.zoneCount <= 0 || this.cssWidth <= 0) {
      this.grid = null;
      return;
    }
    const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
    this.grid = computeZoneGrid(this.zoneCount, {
      width: this.cssWidth,
      maxHeight: this.maxCssHeight,
      pixelRatio,
    });
    const { width, height } = this.grid;
    for (const canvas of [this.options.staticCanvas, this.options.overlayCanvas]) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${width / pixelRatio}px`;
      canvas.style.height = `${height / pixelRatio}px`;
    }
    this.image = null;
    this.pixels = null;
    this.requestStatic();
    this.requestOverlay();
  }

  private requestStatic(): void {
    this.options.scheduler.schedule(STATIC_KEY, () => this.renderStatic());
  }

  private requestOverlay(): void {
    this.options.scheduler.schedule(OVERLAY_KEY, (now) => this.renderOverlay(now));
  }

  private renderStatic(): void {
    const grid = this.grid;
    const ctx = this.options.staticCanvas.getContext('2d');
    const frame = this.options.store.getState().sim.frame;
    const zns = frame?.meta.zns ?? null;
    if (!grid || !ctx) return;
    if (!this.image || this.image.width !== grid.width || this.image.height !== grid.height) {
      this.image = ctx.createImageData(grid.width, grid.height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    paintZones(
      { data: this.pixels!, width: grid.width, height: grid.height },
      grid,
      zns,
      this.palette,
    );
    ctx.putImageData(this.image, 0, 0);
    if (frame && zns) {
      if (frame.frame !== this.lastAnimatedFrame) {
        this.lastAnimatedFrame = frame.frame;
        this.animator.addFrame(zns, frame.meta.events, this.now());
        this.requestOverlay();
      }
      zoneRenderStats.recordFrame(frame.frame, zns, this.animator);
    }
  }

  private renderOverlay(now: number): void {
    const grid = this.grid;
    const ctx = this.options.overlayCanvas.getContext('2d');
    if (!grid || !ctx) return;
    const playing = this.animator.prune(now);
    zoneRenderStats.gcArrowsDrawn += drawZoneOverlay(ctx, grid, this.animator, this.hoverZone, now);
    zoneRenderStats.overlayRenders++;
    if (playing) this.requestOverlay();
  }
}
