// The served spec: the design document's sections verbatim, the schemas, and every decision it left open.
import type { Decision, Spec } from '@hearth/engine';
import { ARENA_HEIGHT, ARENA_WIDTH, BRAZIER, DISTANCE_BUDGET, LANTERN_RADIUS, WAVES } from './constants.ts';
import {
  BEAM_THICKNESS,
  CLEARANCE,
  CONTENT,
  FIELD,
  GONG_RADIUS,
  LANTERN_BAND,
  MAX_ATTEMPTS,
  SCREEN_LENGTH,
  SCREEN_THICKNESS,
  WALL_SCREEN_LENGTH,
} from './generator.ts';
import { look } from './look.ts';
import { LEGEND } from './observe.ts';
import { actionGrammar, observationSchema, stateSchema } from './schemas.ts';

const goal =
  'Light every paper lantern across 8 waves by firing glowing wisps from the brazier at (540, 1360). The only action is SHOOT with an aim angle in [15.0, 165.0] degrees, measured counterclockwise from the +x axis (screen y grows downward, so shots always travel upward). Each wave grants a fixed wisp allotment; wisps do not carry over. Clear wave 8 to win. Running out of wisps with unlit lanterns ends the round with your score kept.';

const scoring =
  'Lantern lit: 100 x chain position within the shot (1st = 100, 2nd = 200, 3rd = 300, ... uncapped). Bank bonus: +40 per bounce taken before that lantern lit (counted bounces capped at 5, so max +200 per lantern). Gong rung: +25 (plus a distance refill). Wave clear: +200. Efficiency: +150 per unspent wisp at wave clear. One Shot Wonder: +300 for clearing a wave of 3 or more lanterns with a single wisp of that wave. Higher is better; a realistic skilled round is 9,000 to 12,000.';

const rules =
  "COORDINATES: the arena is 1080 wide x 1440 tall, origin top-left, y grows downward. The launcher is at (540, 1360). Aim direction is { x: cos(rad), y: -sin(rad) } from the angle in degrees, each component rounded to 9 decimal places (1e-9): the only trigonometry in the engine; everything downstream is + - * / sqrt (IEEE 754 exact-rounded). ANGLES: the engine quantizes angleDeg to 0.1 deg FIRST (Math.round(angleDeg * 10) / 10), THEN range-checks [15.0, 165.0]; so 14.96 quantizes to 15.0 and is valid, while 14.94 quantizes to 14.9 and is rejected. There are 1,501 distinct legal angles. ENTITY IDS: walls own ids 0..3 in this exact order: 0 = top (y=0), 1 = right (x=1080), 2 = bottom (y=1440), 3 = left (x=0); then beams, screens, gongs, lanterns take ids 4.. in layout order. FLIGHT: each wisp starts with a 3200-unit distance budget and the wave's bounce cap. The flight is a sequence of straight segments: at each cast the earliest intersection by parametric distance t among walls, beams (axis-aligned rects and 45-degree diagonal mirror segments), screens and gongs wins; EXACT ties break to the lowest entity id; the surface just reflected off is excluded from the immediately following cast (no epsilon nudging). Reflections are axis flips for walls/rect beams (both axes on an exact corner hit) and d' = d - 2(d.n)n with the exact contact normal for diagonals and gongs; every reflected direction is re-rounded to 1e-9 per component. Each reflection consumes 1 bounce. LANTERNS are pass-through circles (radius 34): an unlit lantern lights on first contact and scores; a lit lantern is ignored; lighting consumes no bounce and no distance and does not restart the segment. GONGS ring once per shot per gong (first strike): +25 points and the distance budget refills to 3200; later strikes on the same gong within the shot still reflect but do not ring. PAPER SCREENS absorb: contact ends the flight immediately. TERMINATION (whichever first): distance budget exhausted strictly mid-segment (fade at the exact budget point; a surface hit exactly at the budget mark resolves as the hit), a reflection required with the bounce cap spent (fade at the surface), a screen hit (absorb), or the 64-flight-event safety cap (fade). A shot always resolves fully even if the final lantern lights mid-flight; later gong/bounce events still score. WAVES: layouts are a pure function of (seed, wave) and are revealed only when the wave begins. When every lantern is lit the wave clears and the engine auto-advances within the same action (lastShot.waveCleared = true); wisps and bounce cap reset to the new wave's row. Wave table (wave: lanterns/wisps/bounceCap): 1: 3/5/4, 2: 4/5/5, 3: 4/5/6, 4: 5/6/6, 5: 6/6/7, 6: 6/5/7, 7: 7/6/8, 8: 8/6/8. getLegalActions returns an empty list on purpose: any { type: 'SHOOT', angleDeg } with angleDeg in [15, 165] (0.1-deg quantized) is legal, and enumerating 1,501 actions per response would bloat the JSON. lastShot.path and lastShot.events are ground truth to validate an offline simulator against.";

export const decisions: Decision[] = [
  {
    topic: 'action grammar bounds',
    decision:
      'The grammar says minimum 14.95 and exclusiveMaximum 165.05 (not 15/165), because the rule quantizes first: in IEEE doubles Math.round(a * 10) lies in [150, 1650] exactly when 14.95 <= a < 165.05 (14.95 and 14.96 are valid, 14.94 and 165.05 are refused, 165.04 is valid). Anything else that is a finite number gets angle_out_of_range; a non-number, NaN or Infinity gets unknown_action.',
  },
  {
    topic: 'extra fields in an action',
    decision:
      'Refused: an action must have exactly the keys type and angleDeg (unknown_action); the grammar says additionalProperties: false.',
  },
  {
    topic: 'refusal order',
    decision:
      'invalid_state (the state does not parse), then unknown_action (the action does not parse), then game_over, then angle_out_of_range. legalActions is [] in every response, including refusals and game over.',
  },
  {
    topic: 'direction table',
    decision:
      'Table index i = 0..1500 is angle (150 + i) / 10 degrees; rad = (angleDeg * Math.PI) / 180; x = Math.round(Math.cos(rad) * 1e9) / 1e9, y = Math.round(-Math.sin(rad) * 1e9) / 1e9. Computed once (scripts/generate-direction-table.ts) and checked in; a test regenerates it and checks every component against an exact 60-digit evaluation, so no platform trigonometry is used at run time.',
  },
  {
    topic: 'rounding',
    decision:
      'round9(v) = Math.round(v * 1e9) / 1e9 with JavaScript Math.round semantics (nearest integer, halves toward +infinity, -0 for -0.5 <= x < 0); the WASM kernel implements exactly that (floor, then +1 when x - floor(x) >= 0.5). Applied to both components after every reflection, axis flips included.',
  },
  {
    topic: 'distance budget unit',
    decision:
      'The budget is spent in the parametric t along the rounded direction d (segment end = start + t * d), not in t * |d|; |d| is within 2e-9 of 1. A hit with t equal to the remaining budget resolves as the hit (the budget becomes 0 and the next cast fades at once unless a surface lies at t = 0). distance in events is the running sum of t; a gong refill does not reset it.',
  },
  {
    topic: 'contact points',
    decision:
      'Every event point is (px + t * dx, py + t * dy) from the segment start, evaluated in that order, with no snapping to the surface.',
  },
  {
    topic: 'shapes',
    decision: `Rect beams and paper screens are closed axis-aligned rectangles [x0, x1] x [y0, y1]. Diagonal beams are closed 45-degree segments (x0, y0)-(x1, y1) with |x1 - x0| = |y1 - y0|; both leans occur ("\\\\" down-right and "/" up-right, drawn 50/50). Gongs are circles of radius ${GONG_RADIUS}; lanterns circles of radius 34. Layout coordinates are integers.`,
  },
  {
    topic: 'rect hits and exact corners',
    decision:
      'Slab method: per axis the entry time is (near face - p) / d (an axis with d = 0 has entry -infinity when p is inside its slab, else no hit); t = the larger entry time, a hit when 0 <= t <= the smaller exit time. The axis whose entry time equals t flips; an exact corner is equal entry times on both axes (not merely a hit point on a corner) and flips both. The event carries the rect id. Two walls at the same t (an arena corner) flip both axes and the event carries the lower wall id. Ties between different entities go to the lowest id and only that entity reflects.',
  },
  {
    topic: 'edges, corners, tangents',
    decision:
      'All shapes are closed: grazing an edge, touching a corner, or a tangent to a circle is contact. For rects that is tEntry <= tExit; for circles a discriminant >= 0 while approaching (b = f.d < 0); for diagonals 0 <= s <= 1 including the endpoints. A wisp travelling exactly parallel to a diagonal (cross product 0, collinear included) never touches it.',
  },
  {
    topic: 'reaching a shape from inside',
    decision:
      'A wisp inside a rect, screen or gong (or on a gong moving outward or tangentially) leaves it without contact. A segment that starts inside or on an unlit lantern lights it at t = 0. A wisp past a wall and moving away from the arena meets that wall at t = 0 (unreachable with generated layouts).',
  },
  {
    topic: 'excluded surface',
    decision:
      'Only the surface just reflected off, and only for the next cast; every other surface (including another at t = 0) can be hit. The first cast of a shot excludes nothing.',
  },
  {
    topic: 'reflection formula',
    decision:
      "Diagonal normal n = (-ey, ex) / sqrt(ex*ex + ey*ey) with e = (x1 - x0, y1 - y0); gong normal n = (q - c) / sqrt((qx-cx)^2 + (qy-cy)^2) at the contact point q. k = dx*nx + dy*ny; d' = (dx - 2*k*nx, dy - 2*k*ny) evaluated left to right ((2*k)*nx), then round9 per component.",
  },
  {
    topic: 'order within a segment',
    decision:
      'Lanterns touched on a segment light in order of their contact t (ties to the lowest id), all before the event at the segment end, including one touched exactly at the hit point. The bank bonus counts the reflections taken before the lantern lit in this shot (gong reflections included), capped at 5.',
  },
  {
    topic: 'gongs and the bounce cap',
    decision:
      'A gong strike is a reflection like any other (one bounce). A first strike rings first (gong event, +25, budget refilled to 3200), then reflects (bounce event at the same point). With the bounce cap spent, a first strike still rings (+25) and the wisp then fades at the gong (fade, cause bounceCap).',
  },
  {
    topic: 'what one flight event is',
    decision:
      'Every entry of lastShot.events is one flight event: bounce, light, gong, absorb, fade. The 64-event cap: once 63 events are recorded and the flight continues, event 64 is a fade (cause eventCap, id null) at the point of event 63. With the wave table (at most 8 bounces, 8 lanterns, a few gongs) a real shot never reaches it; hand-built tests with a large bounce cap do.',
  },
  {
    topic: 'terminal events and path',
    decision:
      'A screen contact is absorb (id = the screen). A required reflection with the cap spent is fade with cause bounceCap and the surface id. Budget exhaustion mid-segment is fade with cause budget and id null, at start + remaining * d. The path is the start, one vertex per bounce event, then the terminal event point (always appended, even when it equals the previous vertex).',
  },
  {
    topic: 'wave clear, bonuses and the end',
    decision:
      "After the shot resolves, if every lantern is lit: +200, +150 x wisps left after this shot, +300 One Shot Wonder when that shot was the wave's first wisp (all waves have 3+ lanterns); then the next wave starts in the same action. Clearing wave 8 wins: gameOver = true, won = true, wave stays 8 with every lantern lit. Firing the last wisp with lanterns unlit ends the round (gameOver = true, won = false). lastShot.points is the shot's event points plus these bonuses.",
  },
  {
    topic: 'layout generation',
    decision: `Per wave a Stream of @hearth/rng named "lantern-volley/layout/wave-N" under the round seed draws, in this order: rect beams (60% horizontal, length 90..240, thickness ${BEAM_THICKNESS}), diagonals (span 70..150, lean 50/50), paper screens in the field (50% horizontal, length ${SCREEN_LENGTH[0]}..${SCREEN_LENGTH[1]}, thickness ${SCREEN_THICKNESS}), paper screens lining a wall (left, right, top or bottom, 6 units off it, length ${WALL_SCREEN_LENGTH[0]}..${WALL_SCREEN_LENGTH[1]}), gongs, then lanterns (centres in y ${LANTERN_BAND[0]}..${LANTERN_BAND[1]}, kept apart by the wave's lanternSpacing, relaxed by 40 at a time when no room is left). Shapes are placed by rejection sampling on integer coordinates in the field x ${FIELD.x0}..${FIELD.x1}, y ${FIELD.y0}..${FIELD.y1} with ${CLEARANCE} units between bounding boxes. Counts per wave are in appendix.content. A draw is accepted only when every lantern is lit by at least one legal angle and the whole wave can be cleared within its wisps (what the 1,501 angles light with every lantern unlit; since lanterns never change a flight, the engine traces each drawn geometry's paths once and tests lanterns against those segments, which gives exactly what full shots give; all unreachable lanterns are re-placed together and re-checked, up to 30 rounds, then the wave is redrawn, up to ${MAX_ATTEMPTS} times; a fixed fallback exists and a test checks that no tested seed reaches it). The counts are calibrated (bench/calibrate.ts, README) so that the solver's rounds centre in the 9,000-12,000 band.`,
  },
  {
    topic: 'which states are accepted',
    decision:
      "A state must match stateSchema (the first wrong field is named), then be reachable by play as far as its own counters tell: wispsLeft at most the wave's wisps; one lit flag per lantern of the wave; won exactly when wave 8 is cleared (gameOver, every lantern lit); otherwise gameOver exactly when wispsLeft is 0 and never every lantern lit; no lantern lit before a wisp of the wave was fired; shots between (wave - 1) + fired and (wisps of earlier waves) + fired; score a multiple of 5 (every point value is) and between 100 per lit lantern plus (100 per lantern + 200) per cleared wave and the most those waves and lanterns can pay (every lantern of a wave lit in one shot after 5 bounces, every gong rung by every wisp, every bonus); lastShot null exactly before the first shot, and its events, path, bonus and points consistent with the rules. The server's sealed states skip this (act with trusted: true); the bounds hold for every state play emits (tested over random, greedy and solver play).",
  },
  {
    topic: 'revealing layouts',
    decision:
      "The observation holds only the current wave's layout. The state holds the seed (it is a plain-state game), so a client that reimplements the generator could compute later waves; the server's sealing stops forged states, not foresight.",
  },
  {
    topic: 'lit lanterns and paths',
    decision:
      'Lanterns are pass-through, so which lanterns are lit never changes a flight: the same angle in the same wave always draws the same path.',
  },
];

export const spec: Spec = {
  slug: 'lantern-volley',
  name: 'Lantern Volley',
  genre: 'trick-shot puzzle',
  description: 'Bank glowing wisps off beams, diagonal mirrors and gongs to light every paper lantern across eight seeded waves.',
  goal,
  scoring,
  rules,
  actionGrammar,
  stateSchema,
  observationSchema,
  decisions,
  carry: 'state',
  version: '1.0.0',
  summary: [
    'Fire glowing wisps from the brazier at the bottom of the arena: pick an angle from 15 to 165 degrees (90 is straight up) in steps of 0.1.',
    'Wisps bounce off the walls, beams, 45-degree mirrors and gongs, pass through lanterns, and stop dead on paper screens.',
    'Light every lantern of a wave before its wisps run out to move on; clear all 8 waves to win, and running dry ends the round.',
    'A lantern scores 100 times its place in the shot (100, 200, 300...), plus 40 for each bounce before it (up to 5).',
    'Clearing a wave pays 200, plus 150 per wisp left, plus 300 if the first wisp of the wave lit them all; a gong rings for 25 and refuels the wisp.',
  ],
  legend: LEGEND,
  look,
  appendix: {
    waves: WAVES.map((w, i) => ({ wave: i + 1, ...w })),
    content: CONTENT.map((c, i) => ({ wave: i + 1, ...c })),
    gongRadius: GONG_RADIUS,
    lanternRadius: LANTERN_RADIUS,
    distanceBudget: DISTANCE_BUDGET,
    brazier: { ...BRAZIER },
    arena: { width: ARENA_WIDTH, height: ARENA_HEIGHT },
    legalActions: 'always [] on purpose: any SHOOT whose angleDeg quantizes into [15.0, 165.0] is legal (1,501 angles).',
    lastShot: 'Returned in every response (null before the first shot); its exact shape is stateSchema.properties.lastShot.',
  },
};
