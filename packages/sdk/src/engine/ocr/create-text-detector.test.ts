import { findModel } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../core/frame.ts';
import { createTextDetector, documentPageDetection } from './create-text-detector.ts';
import type { ModelSession } from './model-session.ts';

/** A detector session that answers every input with one text kernel: map columns 100–400, rows 200–230. */
function oneKernelSession() {
  const shapes: string[] = [];
  const session: ModelSession = {
    name: 'ppocr-det',
    async run(_data, dims) {
      shapes.push(dims.join('x'));
      const [, , h, w] = dims as [number, number, number, number];
      const map = new Float32Array(w * h);
      for (let y = 200; y < 230; y++) map.fill(0.9, y * w + 100, y * w + 400);
      return { data: map, dims: [1, 1, h, w] };
    },
    async warm() {},
  };
  return { session, shapes };
}

describe('createTextDetector', () => {
  it('detects a page scaled down to maxSide and gives its lines in the page’s own pixels', async () => {
    const { session, shapes } = oneKernelSession();
    const detector = createTextDetector(session, findModel('ppocr-det')!);
    const { width, height, maxSide } = documentPageDetection;
    const page: Frame = { width, height, data: new Uint8ClampedArray(width * height * 4).fill(255) };
    const [line, ...others] = await detector.detect(page, { maxSide });
    expect(shapes).toEqual(['1x3x736x1024']);
    expect(others).toEqual([]);
    // The kernel's centre (250, 215) on the 1024×736 map is (312.5, 263.2) on the 1280×901 page.
    const cx = line!.points.reduce((sum, p) => sum + p.x, 0) / 4;
    const cy = line!.points.reduce((sum, p) => sum + p.y, 0) / 4;
    expect(cx).toBeCloseTo((250 * width) / 1024, 0);
    expect(cy).toBeCloseTo((215 * height) / 736, 0);
    // Grown back by the unclip offset, in page pixels: wider than the kernel's 300 map columns × 1.25.
    expect(line!.width).toBeGreaterThan((300 * width) / 1024);
    expect(line!.width).toBeLessThan((360 * width) / 1024);
  });
});
