// Orthogonal neighbours in the 7 by 7 room (design document: a tile index is row * 7 + column, row 0 at the top,
// indices 0 to 48; a dog reaches the tiles orthogonally adjacent to it): up, left, right, down, never off the room.
import { describe, expect, it } from 'vitest';
import { neighbours } from '../src/geometry.ts';

describe('neighbours', () => {
  it('four inside the room, fewer on its edges and corners, only tiles 0 to 48', () => {
    expect(neighbours(24)).toEqual([17, 23, 25, 31]);
    expect(neighbours(0)).toEqual([1, 7]);
    expect(neighbours(3)).toEqual([2, 4, 10]);
    expect(neighbours(6)).toEqual([5, 13]);
    expect(neighbours(21)).toEqual([14, 22, 28]);
    expect(neighbours(27)).toEqual([20, 26, 34]);
    expect(neighbours(45)).toEqual([38, 44, 46]);
    expect(neighbours(48)).toEqual([41, 47]);
  });
});
