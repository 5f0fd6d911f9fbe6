import type { LineReader } from '../../ocr/create-line-reader.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import type { Frame } from '../../../core/frame.ts';
import { turned180 } from './detected-page.ts';

/** Fewer fields than this, read upright, and a side whose orientation the print did not tell is read again turned 180°. */
export const enoughFields = 2;

/**
 * Whether the reading turned 180° replaces the upright one: only when it finds a document's worth of
 * fields (`enoughFields`) and more than upright. Print read upside down still gives a field now and
 * then — a lone letter taken for the sex — out of nothing, which must not outvote an upright side
 * that simply prints few fields (a card's back).
 */
export function keepTurned(uprightFields: number, turnedFields: number): boolean {
  return turnedFields >= enoughFields && turnedFields > uprightFields;
}

/** How many of a page's widest lines the orientation test reads turned. */
const orientationSample = 8;

/**
 * How much surer the reader must be of the lines turned than as cut (width-weighted mean
 * confidence) to call the page upside down, and of them as cut to call it upright. On generated
 * pages (training seeds) upright text led its turned self by 0.04–0.23, small photos included.
 */
const orientationLead = 0.02;

/**
 * Lines read as cut at least this sure (width-weighted) need no test: upside-down print never read
 * so on those pages (at most 0.86), upright print mostly does (0.86–0.99). Such a page is `unsure`:
 * the fields found decide, as they did before the test (`keepTurned`).
 */
const legibleAsCut = 0.92;

/** Which way up a page's print reads: `upright` as cut, `turned` (180°), or `unsure`. */
export type PrintOrientation = 'upright' | 'turned' | 'unsure';

/** A line of the page as read as cut: its box, the reader's confidence, and the image it read. */
export interface ReadLine {
  quad: Quad;
  confidence: number;
  crop: Frame;
}

/**
 * Which way up the print of a page reads, from its widest lines as already read and read again
 * turned 180° (one batch of the line reader): text read upside down comes out as confident-looking
 * garbage line by line, but the reader is less sure of it than of the same text upright. A few lines
 * settle it, where the fields an upside-down page yields (a lone letter taken for the sex, a run of
 * digits for a number) do not.
 */
export async function printOrientation(reader: LineReader, lines: readonly ReadLine[]): Promise<PrintOrientation> {
  const sample = lines
    .filter((l) => l.quad.width >= l.quad.height)
    .sort((p, q) => q.quad.width - p.quad.width)
    .slice(0, orientationSample);
  if (sample.length === 0) return 'unsure';
  const totalWidth = sample.reduce((sum, l) => sum + l.quad.width, 0);
  const legibility = (confidences: readonly number[]) => confidences.reduce((sum, c, i) => sum + c * sample[i]!.quad.width, 0) / totalWidth;
  const asCut = legibility(sample.map((l) => l.confidence));
  if (asCut >= legibleAsCut) return 'unsure';
  const turned = await reader.read(sample.map((l) => turned180(l.crop)));
  const lead = legibility(turned.map((r) => r.confidence)) - asCut;
  return lead > orientationLead ? 'turned' : lead < -orientationLead ? 'upright' : 'unsure';
}
