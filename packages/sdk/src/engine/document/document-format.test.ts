import { describe, expect, it } from 'vitest';
import { documentFormat, uprightCorners } from './document-format.ts';

const rect = (w: number, h: number) => [
  { x: 0, y: 0 },
  { x: w, y: 0 },
  { x: w, y: h },
  { x: 0, y: h },
];

describe('documentFormat', () => {
  it('tells a card from a page by its shape, and trusts the MRZ over the shape', () => {
    expect(documentFormat(rect(856, 540), null)).toBe('ID-1');
    expect(documentFormat(rect(540, 856), null)).toBe('ID-1');
    expect(documentFormat(rect(1250, 880), null)).toBe('ID-3');
    expect(documentFormat(rect(1250, 880), 'TD2')).toBe('ID-2');
    expect(documentFormat(rect(1250, 880), 'TD1')).toBe('ID-1');
  });
});

describe('uprightCorners', () => {
  it('puts the long sides on top and bottom when nothing says which way is up', () => {
    // A card standing on its short side: screen-clockwise from the top-left.
    const [tl, tr] = uprightCorners(rect(540, 856), null);
    expect(Math.hypot(tr.x - tl.x, tr.y - tl.y)).toBe(856);
  });

  it('turns the outline so the top edge runs along the MRZ', () => {
    // The MRZ reads right to left on screen: the document is upside down.
    const [tl, tr] = uprightCorners(rect(856, 540), { x: -1, y: 0 });
    expect(tl).toEqual({ x: 856, y: 540 });
    expect(tr).toEqual({ x: 0, y: 540 });
  });
});
