// How often each device canvas layer rendered: the e2e hook exposes these
// (window.__flashscope.frames is staticRenders), as Excalidraw's tests count
// renders per canvas.

export const renderStats = {
  /** Repaints of the block image: once per snapshot frame or view change. */
  staticRenders: 0,
  /** Redraws of the hover/animation layer. */
  overlayRenders: 0,
};
