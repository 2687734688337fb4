// Where the canvas looks first: the whole tree when it can be read that way, otherwise its first
// steps at a readable zoom (the overview map and "fit view" still show all of it). Pure.

/** What placing needs of a node. */
export interface Placed {
  position: { x: number; y: number };
  width?: number;
  height?: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export const VIEW = { padding: 0.12, maxZoom: 1, readableZoom: 0.45, topMargin: 48 } as const;

export function initialViewport(nodes: readonly Placed[], size: { width: number; height: number }): Viewport {
  if (!nodes.length || !size.width || !size.height) return { x: 0, y: 0, zoom: 1 };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    left = Math.min(left, node.position.x);
    top = Math.min(top, node.position.y);
    right = Math.max(right, node.position.x + (node.width ?? 0));
    bottom = Math.max(bottom, node.position.y + (node.height ?? 0));
  }
  const fit = Math.min((size.width * (1 - 2 * VIEW.padding)) / (right - left), (size.height * (1 - 2 * VIEW.padding)) / (bottom - top), VIEW.maxZoom);
  if (fit >= VIEW.readableZoom) {
    return { x: size.width / 2 - ((left + right) / 2) * fit, y: size.height / 2 - ((top + bottom) / 2) * fit, zoom: fit };
  }
  // Too big to read whole: the first step, centred at the top.
  const first = nodes.reduce((best, node) => (node.position.y < best.position.y ? node : best));
  const zoom = VIEW.readableZoom;
  return { x: size.width / 2 - (first.position.x + (first.width ?? 0) / 2) * zoom, y: VIEW.topMargin - first.position.y * zoom, zoom };
}
