import { describe, expect, it } from 'vitest';
import type { Frame } from '../../core/frame.ts';
import type { LineReading } from './create-line-reader.ts';
import { spaceAtInkGaps } from './space-at-ink-gaps.ts';

/** A 48-px line image: white, with black blocks standing for characters, `ink` rows tall (centred). */
function lineImage(width: number, blocks: Array<[number, number]>, ink = 44): Frame {
  const data = new Uint8ClampedArray(width * 48 * 4).fill(255);
  const top = (48 - ink) >> 1;
  for (const [x0, x1] of blocks) {
    for (let y = top; y < top + ink; y++) for (let x = x0; x <= x1; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height: 48, data };
}

/** A reading of `text`, each character's peak at its block's centre (stride 4: x = 4·peak + 2). */
function reading(text: string, blocks: Array<[number, number]>): LineReading {
  const chars = [...text].map((char, i) => {
    const peak = Math.round(((blocks[i]![0] + blocks[i]![1]) / 2 - 2) / 4);
    return { char, confidence: 0.9, start: peak, end: peak, peak, alternatives: [], coverage: 1 };
  });
  return { text, chars, confidence: 0.9, stride: 4, inputWidth: 200 };
}

describe('spaceAtInkGaps', () => {
  // Ink 44 px tall. Empty runs: 3 px inside a word (0.07 ink heights), 27 px (0.61) between words,
  // 17 px (0.39) between the two narrow characters, 19 px (0.43) between the C and the first of them.
  const blocks: Array<[number, number]> = [
    [8, 28],
    [32, 52],
    [80, 100],
    [120, 126],
    [144, 150],
  ];
  /** The same characters at 0.8 of the size (drawn 35 px tall: more margin in the same 48-px image). */
  const smaller = blocks.map(([x0, x1]): [number, number] => [Math.round(x0 * 0.8), Math.round(x1 * 0.8)]);

  it('puts a space where the ink leaves a word-wide gap, none inside a word', () => {
    expect(spaceAtInkGaps(reading('ABCIJ', blocks), lineImage(200, blocks)).text).toBe('AB C I J');
  });

  it('wants a wider gap next to digits (serif digits carry wide bearings)', () => {
    expect(spaceAtInkGaps(reading('ABC11', blocks), lineImage(200, blocks)).text).toBe('AB C11');
  });

  it('for a reader that reads spaces, leaves the gaps between letters to it and puts spaces only next to digits and signs', () => {
    // The Latin reader reads a word's spaces itself; a gap inside a word (BERL IN: an L's open side
    // beside an I) is its side bearings. What it runs together is a number against its neighbour (an
    // AAMVA field number against its value: "8 7 ELM CT").
    const digits = reading('AB1IJ', blocks);
    expect(spaceAtInkGaps(digits, lineImage(200, blocks)).text).toBe('AB 1I J');
    expect(spaceAtInkGaps(digits, lineImage(200, blocks), { betweenLetters: false }).text).toBe('AB 1IJ');
    expect(spaceAtInkGaps(reading('ABCIJ', blocks), lineImage(200, blocks), { betweenLetters: false }).text).toBe('ABCIJ');
  });

  it('measures the gaps against the ink, not the line image: text with more margin around it gets the same spaces', () => {
    // The same line at 0.8 of the size in the same 48-px image (as a coarser detection's wider box
    // gives it): every gap shrinks with the ink (17 px → 13 px between the narrow characters).
    expect(spaceAtInkGaps(reading('ABCIJ', smaller), lineImage(200, smaller, 35)).text).toBe('AB C I J');
    expect(spaceAtInkGaps(reading('ABC11', smaller), lineImage(200, smaller, 35)).text).toBe('AB C11');
  });

  it('takes neither a rule along the image edge nor a speck for the ink’s height, nor a line of dashes for text', () => {
    // The smaller line's narrow characters stand 13 px apart, a word gap for 35 px of ink; counted
    // from the rule (row 1) or the speck (row 46), the ink would be 40–46 px and the gap no word gap.
    const ruled = lineImage(200, smaller, 35);
    ruled.data.fill(0, 1 * 200 * 4, 2 * 200 * 4);
    ruled.data.fill(0, (46 * 200 + 10) * 4, (46 * 200 + 12) * 4);
    expect(spaceAtInkGaps(reading('ABCIJ', smaller), ruled).text).toBe('AB C I J');
    // Dashes 4 px tall, 6 px apart: measured by their own ink they would stand a word apart.
    const dashes: Array<[number, number]> = [
      [20, 40],
      [47, 67],
      [74, 94],
      [101, 121],
    ];
    expect(spaceAtInkGaps(reading('----', dashes), lineImage(200, dashes, 4)).text).toBe('----');
  });

  it('keeps the spaces the reader did read, and adds none twice', () => {
    const withSpace: Array<[number, number]> = [
      [8, 28],
      [32, 52],
      [60, 62],
      [80, 100],
    ];
    const line = reading('AB C', withSpace);
    line.chars[2]!.char = ' ';
    expect(
      spaceAtInkGaps(
        line,
        lineImage(200, [
          [8, 28],
          [32, 52],
          [80, 100],
        ]),
      ).text,
    ).toBe('AB C');
  });

  it('maps a reader that reads lines at another height (32 px) onto the 48-px crop', () => {
    // The same line read by a 32-px reader: its steps are two thirds of the crop's pixels.
    const line = reading('ABCIJ', blocks);
    const scaled = { ...line, chars: line.chars.map((c) => ({ ...c, peak: Math.round(((c.peak * 4 + 2) * 2) / 3 / 4 - 0.5) })), inputWidth: 133 };
    expect(spaceAtInkGaps(scaled, lineImage(200, blocks)).text).toBe('AB C I J');
  });
});
