import type { Frame } from '../../core/frame.ts';
import { toGray } from '../image/gray-image.ts';
import type { LineReading } from './create-line-reader.ts';
import type { DecodedChar } from './ctc-decode.ts';

/**
 * An empty stretch between two letters this wide (in heights of the line's ink: capitals, and
 * descenders where there are any) is a space between words: letters of a word stand an eighth of
 * that or less apart, words a third or more. Next to a digit or a sign the stretch must be wider:
 * serif digits (a "1") and full stops carry wide side bearings. Measured against the ink, not the
 * line image, because how much margin the image has around the text depends on the detector's box
 * (at a coarser detection scale the same line comes with more margin, and its gaps look narrower).
 */
const wordGap = { letters: 0.34, other: 0.47 };
/** A pixel is ink when it is this far (fraction of the line's contrast) from the background. */
const inkContrast = 0.25;
/** A row holds the line's ink when this share of its columns does (a stray speck does not count). */
const inkRowShare = 0.01;
/** The ink's height is taken as at least this share of the line image's. */
const minInkHeight = 0.5;

/**
 * Puts back the spaces a line reader dropped between words ("DOB07/14/1986", "ANDREWJASON"):
 * wherever the line image shows a run of columns without ink at least `wordGap` ink heights wide
 * between two characters. `crop` is the line image the reader read (`cropTextLine`, at any height:
 * a reader's `peak × stride` is mapped onto its columns). Measuring the ink, not the letter pitch, keeps wide letters
 * (W, M) of proportional fonts from being split. `betweenLetters: false` is for a reader that reads
 * the spaces between words itself: a space is then put only next to a digit or sign (what such a
 * reader runs together is a number and its neighbour), as inside a word the gap is side bearings.
 */
export function spaceAtInkGaps(line: LineReading, crop: Frame, { betweenLetters = true } = {}): LineReading {
  if (line.chars.length < 2) return line;
  const { columns, inkHeight } = inkExtent(crop);
  const isLetter = (c: DecodedChar) => /\p{L}/u.test(c.char);
  // Output steps are in the reader's input pixels (its own line height); the crop may be taller.
  const toCrop = crop.width / Math.max(1, line.inputWidth);
  const at = (c: DecodedChar) => Math.round((c.peak + 0.5) * line.stride * toCrop);
  const chars: DecodedChar[] = [line.chars[0]!];
  for (let i = 1; i < line.chars.length; i++) {
    const prev = line.chars[i - 1]!;
    const next = line.chars[i]!;
    const letters = isLetter(prev) && isLetter(next);
    const gap = letters ? wordGap.letters : wordGap.other;
    if ((betweenLetters || !letters) && prev.char !== ' ' && next.char !== ' ' && longestEmptyRun(columns, at(prev), at(next)) >= gap * inkHeight) {
      chars.push({ char: ' ', confidence: 1, start: next.start, end: next.start, peak: next.start, alternatives: [], coverage: 1 });
    }
    chars.push(next);
  }
  return { ...line, chars, text: chars.map((c) => c.char).join('') };
}

/**
 * Where the line image holds ink (darker or lighter than the background by the line's contrast),
 * in its middle rows (the outermost may catch a neighbouring line or a rule): per column, whether
 * it does; and the height from the top row that does to the bottom one — at least half the image,
 * so that a line of dashes or dots is not measured by its own thin ink (the whole image when no
 * row does).
 */
function inkExtent(crop: Frame): { columns: Uint8Array; inkHeight: number } {
  const gray = toGray(crop);
  const { width, height } = crop;
  const sorted = Uint8Array.from(gray.data).sort();
  const background = sorted[sorted.length >> 1]!;
  const darkest = sorted[Math.floor(sorted.length * 0.02)]!;
  const lightest = sorted[Math.floor(sorted.length * 0.98)]!;
  // Dark text on a light ground unless the ground is the darker side.
  const dark = background - darkest >= lightest - background;
  const threshold = inkContrast * (dark ? background - darkest : lightest - background);
  const columns = new Uint8Array(width);
  const y0 = Math.floor(height * 0.05);
  const y1 = Math.ceil(height * 0.95);
  const minInk = Math.max(2, width * inkRowShare);
  let top = -1;
  let bottom = -1;
  for (let y = y0; y < y1; y++) {
    let inkInRow = 0;
    for (let x = 0; x < width; x++) {
      const v = gray.data[y * width + x]!;
      if ((dark ? background - v : v - background) <= threshold) continue;
      inkInRow++;
      columns[x] = 1;
    }
    if (inkInRow >= minInk) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  return { columns, inkHeight: top < 0 ? height : Math.max(height * minInkHeight, bottom - top + 1) };
}

function longestEmptyRun(ink: Uint8Array, from: number, to: number): number {
  let best = 0;
  let run = 0;
  for (let x = Math.max(0, from); x < Math.min(ink.length, to); x++) {
    run = ink[x] ? 0 : run + 1;
    best = Math.max(best, run);
  }
  return best;
}
