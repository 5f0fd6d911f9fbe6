import type { LineReader } from '../../ocr/create-line-reader.ts';
import { lineCropHeight } from '../../ocr/create-ocr.ts';
import { cropTextLine } from '../../ocr/crop-text-line.ts';
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

/** How many of a page's widest lines the orientation test reads both ways. */
const orientationSample = 8;

/**
 * How much surer the reader must be of the lines turned than as cut (width-weighted mean
 * confidence) to call the page upside down, and of them as cut to call it upright. On generated
 * pages (training seeds) upright text led its turned self by 0.04–0.23, small photos included.
 */
const orientationLead = 0.02;

/** Which way up a page's print reads: `upright` as cut, `turned` (180°), or `unsure`. */
export type PrintOrientation = 'upright' | 'turned' | 'unsure';

/**
 * Which way up the print of a page reads, from its widest detected lines read as cut and turned
 * 180°: text read upside down comes out as confident-looking garbage line by line, but the reader is
 * less sure of it than of the same text upright. A few lines settle it, where the fields an
 * upside-down page yields (a lone letter taken for the sex, a run of digits for a number) do not.
 */
export async function printOrientation(reader: LineReader, page: Frame, quads: readonly Quad[]): Promise<PrintOrientation> {
  const sample = quads
    .filter((q) => q.width >= q.height)
    .sort((p, q) => q.width - p.width)
    .slice(0, orientationSample);
  if (sample.length === 0) return 'unsure';
  const crops = sample.map((q) => cropTextLine(page, q, lineCropHeight));
  const readings = await reader.read([...crops, ...crops.map(turned180)]);
  const asCut = readings.slice(0, sample.length);
  const turned = readings.slice(sample.length);
  const totalWidth = sample.reduce((sum, q) => sum + q.width, 0);
  const legibility = (readings: readonly { confidence: number }[]) => readings.reduce((sum, r, i) => sum + r.confidence * sample[i]!.width, 0) / totalWidth;
  const lead = legibility(turned) - legibility(asCut);
  return lead > orientationLead ? 'turned' : lead < -orientationLead ? 'upright' : 'unsure';
}
