import type { Frame } from '../../../core/frame.ts';
import { lowerQuantile } from '../../image/histogram-quantile.ts';
import type { Box } from './printed-fields.ts';

/**
 * How much darker than its background the darkest ink in a box is: the median luminance (the
 * background, most of a box of handwriting) less the 2nd percentile (the strokes, which may cover
 * only a few per cent of it), 0–255. Written ink measured 126 and more; a security pattern that the
 * text detector boxed in a blank area, about 100.
 */
export function inkContrast(page: Frame, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(page.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(page.height, Math.ceil(box.y + box.height));
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0, p = (y * page.width + x0) * 4; x < x1; x++, p += 4) {
      histogram[Math.round(0.299 * page.data[p]! + 0.587 * page.data[p + 1]! + 0.114 * page.data[p + 2]!)]!++;
      count++;
    }
  }
  if (count === 0) return 0;
  return lowerQuantile(histogram, 0.5 * count) - lowerQuantile(histogram, 0.02 * count);
}
