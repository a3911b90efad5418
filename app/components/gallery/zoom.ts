/** Spec §4/§9: the lightbox zoom starts at 1, steps ×1.5 up to 4 and ÷1.5 back down to 1. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 1.5;

export const zoomIn = (zoom: number) => Math.min(zoom * ZOOM_STEP, MAX_ZOOM);
// Rounding keeps 4 → 2.67 → 1.78 → 1.19 → 1 from stopping a hair above 1 after float error.
export const zoomOut = (zoom: number) => Math.max(Math.round((zoom / ZOOM_STEP) * 1e6) / 1e6, MIN_ZOOM);

export interface Offset {
  x: number;
  y: number;
}

/** Keeps a panned image covering its frame: at zoom z it may move (z − 1) / 2 of the frame each way. */
export function clampOffset(offset: Offset, zoom: number, frame: { width: number; height: number }): Offset {
  const maxX = ((zoom - 1) * frame.width) / 2;
  const maxY = ((zoom - 1) * frame.height) / 2;
  return {
    x: Math.max(-maxX, Math.min(maxX, offset.x)),
    y: Math.max(-maxY, Math.min(maxY, offset.y)),
  };
}
