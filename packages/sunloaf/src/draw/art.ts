// Sunloaf's drawings, as SVG strings: cats that look like cats (a curled loaf with closed eyes asleep, sitting up
// with open eyes awake), a dog, a food bowl on its mat, the hearth, furniture, a sunlit tile's rays. Each shape
// reads without colour (a sleeping cat is curled with a "z", a lit tile carries rays), and the legend draws the
// same shapes. Pure strings: the board and its legend call them.

/** A cat at (cx, cy): asleep it is a curled loaf with closed eyes, awake it sits up with open eyes; `big` is larger. */
export function catShape(cx: number, cy: number, o: { asleep: boolean; big: boolean; warmth: 'sun' | 'hearth' | 'cold' }): string {
  const s = o.big ? 1.2 : 0.95;
  const t = (x: number, y: number) => `${(cx + x * s).toFixed(1)},${(cy + y * s).toFixed(1)}`;
  if (o.asleep) {
    // a loaf: body, head tucked at the left, ears, closed eyes, the tail wrapped round the front
    return `<g class="cat-art asleep ${o.warmth}">
<ellipse class="cat-body" cx="${cx + 3 * s}" cy="${cy + 5 * s}" rx="${18 * s}" ry="${11 * s}"/>
<path class="cat-tail" d="M${t(20, 8)} Q${t(22, 17)} ${t(6, 16)} L${t(-10, 15)}"/>
<circle class="cat-head" cx="${cx - 11 * s}" cy="${cy - 1 * s}" r="${9 * s}"/>
<polygon class="cat-ear" points="${t(-19, -4)} ${t(-18, -15)} ${t(-12, -9)}"/>
<polygon class="cat-ear" points="${t(-8, -9)} ${t(-3, -15)} ${t(-2, -4)}"/>
<path class="cat-eye shut" d="M${t(-16, 0)} q${2 * s} ${2 * s} ${4 * s} 0 M${t(-9, 0)} q${2 * s} ${2 * s} ${4 * s} 0"/>
</g>`;
  }
  // sitting up: body, head above, ears, open eyes, whiskers, the tail up behind
  return `<g class="cat-art awake ${o.warmth}">
<path class="cat-tail" d="M${t(10, 14)} Q${t(22, 10)} ${t(18, -6)}"/>
<ellipse class="cat-body" cx="${cx}" cy="${cy + 8 * s}" rx="${12 * s}" ry="${12 * s}"/>
<circle class="cat-head" cx="${cx}" cy="${cy - 8 * s}" r="${9.5 * s}"/>
<polygon class="cat-ear" points="${t(-9, -12)} ${t(-8, -23)} ${t(-2, -16)}"/>
<polygon class="cat-ear" points="${t(9, -12)} ${t(8, -23)} ${t(2, -16)}"/>
<circle class="cat-eye open" cx="${cx - 3.5 * s}" cy="${cy - 9 * s}" r="${1.8 * s}"/>
<circle class="cat-eye open" cx="${cx + 3.5 * s}" cy="${cy - 9 * s}" r="${1.8 * s}"/>
<path class="cat-whisker" d="M${t(-4, -5)} l${-8 * s} ${-1 * s} M${t(-4, -4)} l${-8 * s} ${2 * s} M${t(4, -5)} l${8 * s} ${-1 * s} M${t(4, -4)} l${8 * s} ${2 * s}"/>
</g>`;
}

/** A dog: body, head with a floppy ear, legs and a wagging tail. */
export function dogShape(cx: number, cy: number): string {
  return `<g class="dog-art">
<path class="dog-tail" d="M${cx + 13} ${cy - 1} q6 -8 3 -13"/>
<rect class="dog-body" x="${cx - 14}" y="${cy - 5}" width="28" height="13" rx="6"/>
<rect class="dog-leg" x="${cx - 12}" y="${cy + 6}" width="4" height="8" rx="2"/><rect class="dog-leg" x="${cx + 8}" y="${cy + 6}" width="4" height="8" rx="2"/>
<circle class="dog-head" cx="${cx - 15}" cy="${cy - 9}" r="8"/>
<ellipse class="dog-ear" cx="${cx - 11}" cy="${cy - 10}" rx="3" ry="6"/>
<circle class="dog-nose" cx="${cx - 22}" cy="${cy - 8}" r="2"/>
<circle class="dog-eye" cx="${cx - 17}" cy="${cy - 11}" r="1.4"/>
</g>`;
}

/** A food bowl: a rounded dish on its mat, full while it waits. */
export function bowlShape(cx: number, cy: number, counting: boolean): string {
  return `<g class="bowl-art${counting ? ' counting' : ''}">
<ellipse class="bowl-food" cx="${cx}" cy="${cy - 2}" rx="11" ry="4"/>
<path class="bowl-dish" d="M${cx - 13} ${cy - 2} q13 16 26 0 z"/>
</g>`;
}

/** The hearth: a hearthstone arch with flames. */
export function hearthShape(cx: number, cy: number, warm: boolean): string {
  return `<g class="hearth-art${warm ? ' warm' : ''}">
<path class="hearth-arch" d="M${cx - 16} ${cy + 14} v-16 a16 14 0 0 1 32 0 v16 z"/>
<path class="hearth-flame" d="M${cx} ${cy + 12} c-9 -4 -6 -12 -1 -17 c0 5 4 6 4 2 c5 5 6 13 -3 15 z"/>
</g>`;
}

/** Furniture: a wooden chest with its lid line and handle. */
export function furnitureShape(x: number, y: number, size: number): string {
  const m = 6;
  return `<g class="furniture-art"><rect class="chest" x="${x + m}" y="${y + m + 4}" width="${size - 2 * m}" height="${size - 2 * m - 4}" rx="4"/>
<path class="chest-line" d="M${x + m} ${y + size / 2} h${size - 2 * m} M${x + size / 2 - 5} ${y + size / 2 + 6} h10"/></g>`;
}

/** A sunlit tile's rays (drawn over the tile: light reads without its colour). */
export function raysOn(x: number, y: number, size: number): string {
  return `<rect class="rays" x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="5"/>`;
}

/** The pattern the rays are drawn with (defined once, in the board; the legend's samples use the board's). */
export const RAYS_DEF =
  '<defs><pattern id="sun-rays" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><line x1="0" y1="0" x2="0" y2="12" class="ray"/></pattern></defs>';
