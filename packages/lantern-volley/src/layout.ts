// Layout types: what one wave's arena holds. Ids: walls 0..3, then beams, screens, gongs, lanterns (4..) in this order.

/** An axis-aligned rectangle beam or paper screen: the closed box [x0, x1] x [y0, y1]. */
export interface Box {
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A beam: an axis-aligned rectangle, or a 45-degree mirror segment from (x0, y0) to (x1, y1). */
export type Beam = (Box & { shape: 'rect' }) | (Box & { shape: 'diagonal' });

/** A gong or a lantern: a circle. */
export interface Circle {
  id: number;
  x: number;
  y: number;
  r: number;
}

export interface Layout {
  wave: number;
  beams: Beam[];
  screens: Box[];
  gongs: Circle[];
  lanterns: Circle[];
}

/** Number of layout entities (ids 4 .. 4 + n - 1). */
export function entityCount(layout: Layout): number {
  return layout.beams.length + layout.screens.length + layout.gongs.length + layout.lanterns.length;
}
