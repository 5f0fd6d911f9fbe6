import type { Quad } from '../../ocr/min-area-rect.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { locateMrzLines, type LineQuad } from '../locate-mrz.ts';

/**
 * Stage `locate` on text lines found: the likeliest `max` blocks of two or three MRZ-like lines
 * among them (`locateMrzLines`), best first. `source` says where the lines were found, for the
 * trace (`detected on the frame`).
 */
export function lineBlocks(quads: readonly Quad[], max: number, source: string, trace?: StageTrace): LineQuad[][] {
  const blocks = locateMrzLines(quads)
    .filter((b) => b.length >= 2)
    .slice(0, max);
  trace?.({ stage: 'locate', decided: `${blocks.length} candidate ${blocks.length === 1 ? 'block' : 'blocks'} among ${quads.length} lines ${source}` });
  return blocks;
}
