import { describe, expect, it } from 'vitest';
import { applyAffine, composeAffine, type Affine } from './affine.ts';

const scaleAffine = (sx: number, sy: number): Affine => [sx, 0, 0, 0, sy, 0];
const translateAffine = (dx: number, dy: number): Affine => [1, 0, dx, 0, 1, dy];

describe('affine maps', () => {
  it('applies scale then translation in the order given to compose', () => {
    const m = composeAffine(translateAffine(10, 20), scaleAffine(2, 3));
    expect(applyAffine(m, { x: 1, y: 1 })).toEqual({ x: 12, y: 23 });
  });

  it('composes in the other order differently', () => {
    const m = composeAffine(scaleAffine(2, 3), translateAffine(10, 20));
    expect(applyAffine(m, { x: 1, y: 1 })).toEqual({ x: 22, y: 63 });
  });
});
