import type { Frame } from '../../../core/frame.ts';

export interface Lighting {
  /** Mean luma, 0…255. */
  brightness: number;
  /** Share of pixels washed out to near-white without colour (a reflection on the laminate). */
  glare: number;
}

/** Luma from which a colourless pixel counts as washed out by a reflection. */
const glareLuma = 245;
/** Largest channel spread of such a pixel (printed white paper keeps some tint after white balance). */
const glareSpread = 18;

/** Brightness and glare of a (rectified) document image. */
export function measureLighting(frame: Frame): Lighting {
  const { data } = frame;
  const n = frame.width * frame.height;
  let sum = 0;
  let washed = 0;
  for (let p = 0; p < data.length; p += 4) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += luma;
    if (luma >= glareLuma && Math.max(r, g, b) - Math.min(r, g, b) <= glareSpread) washed++;
  }
  return { brightness: n ? sum / n : 0, glare: n ? washed / n : 0 };
}
