import type { Frame } from '../../packages/sdk/src/core/frame.ts';

/**
 * The light a soft specular highlight adds at pixel (x, y) of a `width`×`height` image: `levels` at
 * its centre (`centre`, in fractions of the size: by default a third of the way in from the top
 * left), falling off as (1 − d²)² to nothing at 0.35 of the diagonal. The eval's glare family and
 * the engine tests' glare share this one highlight.
 */
export function highlight(width: number, height: number, levels: number, centre = { x: 0.35, y: 0.35 }): (x: number, y: number) => number {
  const cx = width * centre.x;
  const cy = height * centre.y;
  const radius = 0.35 * Math.hypot(width, height);
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy) / radius;
    return d < 1 ? levels * (1 - d * d) ** 2 : 0;
  };
}

/**
 * A level of a symbol printed grey (ink 50, paper 216 for levels 0 and 255) under `light` more from a
 * highlight: what the engine tests' glare scenes put in a pixel, before it saturates at white.
 */
export function printedUnderLight(level: number, light: number): number {
  return 50 + 0.65 * level + light;
}

/**
 * `frame` (gray in its colour channels) printed grey under a highlight of `levels` (`highlight`,
 * centred at `centre` in fractions of the size), saturating at white: the engine tests' and the
 * generated glare scenes' glare.
 */
export function printedUnderHighlight(frame: Frame, levels: number, centre?: { x: number; y: number }): Frame {
  const { width, height } = frame;
  const data = new Uint8ClampedArray(frame.data);
  const light = highlight(width, height, levels, centre);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const added = light(x, y);
      for (let c = 0; c < 3; c++) data[(y * width + x) * 4 + c] = printedUnderLight(frame.data[(y * width + x) * 4 + c]!, added);
    }
  }
  return { width, height, data };
}
