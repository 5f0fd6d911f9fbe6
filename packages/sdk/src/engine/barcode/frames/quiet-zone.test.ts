import { describe, expect, it } from 'vitest';
import { rootImage } from '../../image/derived-image.ts';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { withQuietZone } from './quiet-zone.ts';

/** 4 px bars and spaces in x ∈ [60, 140) (the last bar ends at 136), a narrow margin, then diagonal clutter. */
const cluttered = grayImage(200, 60, (x, y) => {
  if (x >= 60 && x < 140) return Math.floor((x - 60) / 4) % 2 === 0 ? 10 : 245;
  if (x >= 58 && x < 142) return 245;
  return (x + y) % 7 < 3 ? 120 : 40;
});

describe('withQuietZone', () => {
  it('paints everything outside the bars white and keeps the bars', () => {
    const view = withQuietZone(rootImage(cluttered), 'bars')!;
    const border = (view.image.width - 200) / 2;
    const at = (x: number, y: number) => view.image.data[(y + border) * view.image.width + x + border]!;
    for (const x of [0, 20, 50, 57, 150, 199]) expect(at(x, 30)).toBe(255);
    expect(at(61, 30)).toBe(10);
    expect(at(65, 30)).toBe(245);
    expect(at(133, 30)).toBe(10);
    // The space after the last bar is margin now.
    expect(at(138, 30)).toBe(255);
    // The white border maps back onto the frame.
    expect(view.toOriginal[2]).toBe(-border);
  });

  it('gives up on an image without bars', () => {
    expect(withQuietZone(rootImage(grayImage(100, 40, () => 128)), 'outer')).toBeUndefined();
  });
});
