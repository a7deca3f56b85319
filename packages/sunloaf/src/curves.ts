// Every per-day number of Sunloaf in one place: the document's formulas and the engine's difficulty curves.
// spec.appendix publishes the same formulas in words.

import { RANGES } from './state.ts';
/** 100 on day 1, +35 a day, ceiling 1200. */
export const multiplier = (day: number): number => Math.min(100 + 35 * (day - 1), 1200);

/** Quota ratio in ten-thousandths: 1000, 1500, then +320 a day to 9500. */
export const quotaRatio = (day: number): number => (day <= 1 ? 1000 : Math.min(1500 + 320 * (day - 2), 9500));

/** ceil(dayPar * ratio / 10000) in exact integer arithmetic. */
export const quotaFor = (dayPar: number, ratio: number): number => Math.floor((dayPar * ratio + 9999) / 10000);

/** Completing a day pays min(100 * day, 3000), never multiplied. */
export const dayBonus = (day: number): number => Math.min(100 * day, 3000);

/** 3 turns per line on days 1-11, 2 from day 12. */
export const bandDwell = (day: number): number => (day <= 11 ? 3 : 2);

/** One full traverse of the 7 lines. */
export const dayLength = (day: number): number => 7 * bandDwell(day);

/** Cats on the roster: 2 on days 1-3, 3 on 4-6, 4 on 7-9, 5 from day 10. */
export const rosterSize = (day: number): number => Math.min(5, 2 + Math.floor((day - 1) / 3));

/** Furniture pieces: 3 on day 1, one more every second day, ceiling 12 (day 18). */
export const furnitureCount = (day: number): number => Math.min(3 + Math.floor(day / 2), 12);

/** Shade length in tiles: 1 on days 1-5, 2 on 6-10, 3 on 11-15, 4 from day 16. */
export const shadeLength = (day: number): number => Math.min(1 + Math.floor((day - 1) / 5), 4);

/** Cloud turns: none on days 1-3, 1 on days 4-6, one more every 3 days, ceiling 6 (day 19). */
export const cloudCount = (day: number): number => Math.min(Math.floor((day - 1) / 3), 6);

/** Serves per day: 1 on days 1-2, one more every second day, ceiling 6 (day 11). */
export const serveCount = (day: number): number => Math.min(1 + Math.floor((day - 1) / 2), 6);

/** From day 15 every second serve of the day (the 2nd, 4th, ...) covers two mats. */
export const twoMatServes = (day: number): boolean => day >= 15;

/** Dogs: none before day 6, one on days 6-19, two from day 20. */
export const dogCount = (day: number): number => (day >= 20 ? 2 : day >= 6 ? 1 : 0);

/** Dog steps per turn: 1, then 2 from day 24. */
export const dogSpeed = (day: number): number => (day >= 24 ? 2 : 1);

/** Largest side of a dog's rectangular loop: 3 on day 6, +1 every 4 days, ceiling 5 (two loops never swallow the room). */
export const dogLoopMaxSide = (day: number): number => Math.min(3 + Math.floor(Math.max(0, day - 6) / 4), 5);

/** The lattice window from day 16. */
export const hasLattice = (day: number): boolean => day >= 16;

/** Cat ranges by id: 3, 2, 4, 3, 2. */
export const catRange = (id: number): number | undefined => RANGES[id];
