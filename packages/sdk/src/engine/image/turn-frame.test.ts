import { describe, expect, it } from 'vitest';
import { turnClockwise } from './turn-frame.ts';

describe('turnClockwise', () => {
  it('moves every pixel a quarter turn clockwise and maps points back', () => {
    // 3×2 frame whose red channel numbers the pixels row by row.
    const data = new Uint8ClampedArray(3 * 2 * 4);
    for (let i = 0; i < 6; i++) data.set([i, 0, 0, 255], i * 4);
    const { frame, toSource } = turnClockwise({ width: 3, height: 2, data });
    expect([frame.width, frame.height]).toEqual([2, 3]);
    const red = Array.from({ length: 6 }, (_, i) => frame.data[i * 4]);
    // Rows of the turned frame: the source's columns read bottom to top.
    expect(red).toEqual([3, 0, 4, 1, 5, 2]);
    // The turned frame's top-left corner is the source's bottom-left corner.
    expect(toSource({ x: 0, y: 0 })).toEqual({ x: 0, y: 2 });
    expect(toSource({ x: 2, y: 3 })).toEqual({ x: 3, y: 0 });
  });
});
