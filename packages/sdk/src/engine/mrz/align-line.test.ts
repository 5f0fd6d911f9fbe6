import { describe, expect, it } from 'vitest';
import { alignLine, type PlacedChar } from './align-line.ts';

const pitch = 20;
const placed = (text: string, skip: number[] = [], x0 = 30): PlacedChar[] =>
  [...text].flatMap((char, i) =>
    skip.includes(i) ? [] : [{ char, confidence: 0.95, start: 0, end: 0, peak: 0, alternatives: [], coverage: 1, x: x0 + i * pitch }],
  );

describe('alignLine', () => {
  const line = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
  const inkStart = 30 - 0.4 * pitch;
  const inkEnd = inkStart + (44 - 0.2) * pitch;

  it('keeps a reading of the right length as it is', () => {
    expect(
      alignLine(placed(line), 44, inkStart, inkEnd)!
        .cells.map((c) => c!.char)
        .join(''),
    ).toBe(line);
  });

  it('leaves a hole where a letter was dropped instead of shifting the rest', () => {
    const a = alignLine(placed(line, [7]), 44, inkStart, inkEnd)!;
    expect(a.cells[7]).toBeNull();
    expect(a.cells.map((c) => c?.char ?? '?').join('')).toBe('P<UTOER?KSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  });

  it('fills holes inside filler runs (CTC merges repeated fillers)', () => {
    const a = alignLine(placed(line, [30, 31, 32]), 44, inkStart, inkEnd)!;
    expect(a.cells.map((c) => c?.char ?? '?').join('')).toBe(line);
    expect(a.gaps).toBe(0);
  });

  it('makes a position read twice (a doubled glyph) unsure, with the other symbol as the alternative', () => {
    const chars = placed(line);
    chars.splice(3, 0, { ...chars[2]!, char: 'L', confidence: 0.9, x: chars[2]!.x + 4 }); // "UL" where "U" is printed
    const a = alignLine(chars, 44, inkStart, inkEnd)!;
    expect(a.gaps).toBe(1);
    expect(a.cells[2]!.char).toBe('U');
    expect(a.cells[2]!.confidence).toBeLessThan(0.5);
    expect(a.cells[2]!.alternatives[0]).toMatchObject({ char: 'L' });
    expect(a.cells.filter((_, i) => i !== 2).every((c) => c!.confidence > 0.9)).toBe(true);
  });

  it('leaves a position read twice as the same symbol in doubt too (the count is off nearby)', () => {
    const chars = placed(line);
    chars.splice(3, 0, { ...chars[2]!, x: chars[2]!.x + 4 });
    const a = alignLine(chars, 44, inkStart, inkEnd)!;
    expect(a.cells[2]!.char).toBe('U');
    expect(a.cells[2]!.confidence).toBeLessThan(0.5);
  });

  it('gives up on readings far from the line length', () => {
    expect(alignLine(placed(line.slice(0, 20)), 44, inkStart, inkEnd)).toBeNull();
  });
});
