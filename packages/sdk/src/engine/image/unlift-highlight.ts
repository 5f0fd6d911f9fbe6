import { boxBlur } from './box-blur.ts';
import type { GrayImage } from './gray-image.ts';
import { lowerQuantile } from './histogram-quantile.ts';
import { extremeFilter, leastInkSpan } from './level-illumination.ts';

/** The frame's darkest ink is this quantile of its local darkest levels: a bar's core, not a speck of noise. */
const inkQuantile = 0.05;

/** A level this bright is taken as clipped: the sensor saturated there, and the true level is lost. */
export const clippedLevel = 254;

/** The share of a frame's pixels at `clippedLevel` or above. */
export function clippedShare(image: GrayImage): number {
  let clipped = 0;
  for (const v of image.data) if (v >= clippedLevel) clipped++;
  return image.data.length === 0 ? 0 : clipped / image.data.length;
}

/** The share of `before`'s pixels that `after` (the same frame, unlifted) made at least `levels` darker. */
export function loweredShare(before: GrayImage, after: GrayImage, levels: number): number {
  let lowered = 0;
  for (let i = 0; i < before.data.length; i++) if (before.data[i]! - after.data[i]! >= levels) lowered++;
  return before.data.length === 0 ? 0 : lowered / before.data.length;
}

/**
 * Takes away the light a highlight added, where it added enough to clip the paper. A highlight adds
 * light to bars and spaces alike: the spaces clip to white, and a bar that was dark stays a bar but
 * one that was grey (a thin bar, blurred) is left a few levels below white — the same few levels
 * whatever the ink was, so no stretch of the levels (`levelIllumination`, `localContrast`) can tell
 * it from the paper. Subtracting the added light gives the bar its depth back; the clipped pixels
 * stay white (they are where the paper was).
 *
 * The light added is measured twice over, from the ink and from the paper, within ±`radius`
 * (smoothed over the same window, so that it follows the light rather than the bars):
 * - where the paper is not clipped, as how much brighter it is than the frame's typical paper: the
 *   median of the local white where that is not clipped and the window holds ink (spans at least
 *   `leastInkSpan` levels) — a frame that is mostly a dark table round a card would otherwise take
 *   the table for its paper, and darken all the card's unclipped paper by the difference;
 * - where it is (the local white clipped), as how much brighter the darkest ink nearby is than the
 *   frame's darkest ink (its 5th percentile): inside a symbol every window holds a bar's core, and
 *   the ink is the same ink under the highlight as beside it. The larger of the two is taken.
 * Known flaw: where a clipped window holds no ink (blank paper at the rim of the clipped area), its
 * darkest level is paper, read as ink: that paper turns dark, a rim round the highlight. Asking for
 * ink there too (white where the window spans fewer than `leastInkSpan` levels) removes the rim but
 * also the faintest thin bars, whose windows span as few: it lost more symbols than it saved
 * (docs/barcode-options.md), so the rim stays. The darkest ink is taken over the whole frame, so a
 * table darker than the ink makes the light look larger by the difference: a few levels for black
 * ink beside a black table, which deepens bars and the rim alike; not measured.
 * The result is the frame's levels with the added light taken away: clipped pixels 255, the rest
 * their level less the light there.
 */
export function unliftHighlight(image: GrayImage, radius: number): GrayImage {
  const white = extremeFilter(image, radius, 'max');
  const darkest = extremeFilter(image, radius, 'min');
  const smoothWhite = boxBlur(white, radius);
  const smoothDarkest = boxBlur(darkest, radius);
  const inkedPaperWhite = new Uint32Array(256);
  const darkestLevels = new Uint32Array(256);
  let inkedPaper = 0;
  for (let i = 0; i < image.data.length; i++) {
    darkestLevels[darkest.data[i]!]!++;
    if (white.data[i]! < clippedLevel && white.data[i]! - darkest.data[i]! >= leastInkSpan) {
      inkedPaperWhite[white.data[i]!]!++;
      inkedPaper++;
    }
  }
  // A frame clipped (or inkless) everywhere has no paper to go by: its paper is taken as what it would be lit evenly.
  const typicalPaper = inkedPaper > 0 ? lowerQuantile(inkedPaperWhite, Math.floor(inkedPaper / 2)) : clippedLevel;
  const typicalInk = lowerQuantile(darkestLevels, Math.floor(image.data.length * inkQuantile));
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) {
    const v = image.data[i]!;
    if (v >= clippedLevel) {
      data[i] = 255;
      continue;
    }
    const fromPaper = smoothWhite.data[i]! - typicalPaper;
    const added = white.data[i]! >= clippedLevel ? Math.max(fromPaper, smoothDarkest.data[i]! - typicalInk) : fromPaper;
    data[i] = Math.max(0, v - Math.max(0, added));
  }
  return { width: image.width, height: image.height, data };
}
