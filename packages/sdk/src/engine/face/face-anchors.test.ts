import { describe, expect, it } from 'vitest';
import { faceAnchors } from './face-anchors.ts';

describe('faceAnchors', () => {
  it('lists 512 centres on the 16 px grid (2 a cell), then 384 on the 32 px grid (6 a cell), row by row', () => {
    const a = faceAnchors(256);
    expect(a.length).toBe(2 * 896);
    const at = (i: number) => [a[2 * i], a[2 * i + 1]];
    expect([at(0), at(1), at(2)]).toEqual([
      [8, 8],
      [8, 8],
      [24, 8],
    ]);
    expect(at(32)).toEqual([8, 24]); // second row of the 16 px grid
    expect(at(511)).toEqual([248, 248]);
    expect([at(512), at(517), at(518)]).toEqual([
      [16, 16],
      [16, 16],
      [48, 16],
    ]);
    expect(at(895)).toEqual([240, 240]);
  });
});
