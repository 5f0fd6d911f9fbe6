import { describe, expect, it } from 'vitest';
import { boxBlur } from './box-blur.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';

describe('boxBlur', () => {
  it('averages each pixel with its neighbours', () => {
    const dot = grayImage(5, 5, (x, y) => (x === 2 && y === 2 ? 90 : 0));
    const blurred = boxBlur(dot, 1);
    expect(at(blurred, 2, 2)).toBe(10);
    expect(at(blurred, 1, 1)).toBe(10);
    expect(at(blurred, 0, 0)).toBe(0);
  });

  it('keeps flat areas flat, edges included', () => {
    const flat = grayImage(9, 7, () => 77);
    expect([...boxBlur(flat, 2).data].every((v) => v === 77)).toBe(true);
  });
});
