import { applyHomography } from '../../image/homography.ts';
import { warpQuad } from '../../image/warp-quad.ts';
import type { TextDetector } from '../../ocr/create-text-detector.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { mrzRegions } from '../mrz-regions.ts';
import { lineBlocks } from './line-blocks.ts';
import type { ZoneSearch } from './zone-search.ts';

/** Widest an MRZ region is sampled at for the second detection pass (px). */
const regionWidth = 1280;

/**
 * Stages `straighten` and `locate` of a second pass: the region of the frame that probably holds
 * the zone (around its longest lines, `quads`) warped upright and up to 3× closer, and detected
 * again — at page scale the detector fuses or splits MRZ lines on small or slanted zones. True once
 * a reading settles.
 */
export async function lookCloser(search: ZoneSearch, detector: TextDetector, quads: readonly Quad[], trace?: StageTrace): Promise<boolean> {
  for (const region of mrzRegions(quads, 1)) {
    const scale = Math.min(3, Math.max(1, regionWidth / region.width));
    const regionW = Math.round(region.width * scale);
    const regionH = Math.round(region.height * scale);
    trace?.({ stage: 'straighten', decided: `closer look: the likeliest region warped upright at ${scale.toFixed(1)}×` });
    const { frame: upright, toSource } = warpQuad(search.frame, region.points, regionW, regionH);
    const found = await detector.detect(upright, { maxSide: Math.max(regionW, regionH), minLongSide: 0 });
    const mapped = found.map((q) => ({
      ...q,
      points: q.points.map((p) => applyHomography(toSource, p)) as Quad['points'],
      width: q.width / scale,
      height: q.height / scale,
    }));
    if (await search.tryBlocks(lineBlocks(mapped, 2, 'detected in the region', trace))) return true;
  }
  return false;
}
