/**
 * The light a soft specular highlight adds at pixel (x, y) of a `width`×`height` image: `levels` at
 * its centre, a third of the way in from the top left, falling off as (1 − d²)² to nothing at 0.35 of
 * the diagonal. The eval's glare family and the engine tests' glare share this one highlight.
 */
export function highlight(width: number, height: number, levels: number): (x: number, y: number) => number {
  const cx = width * 0.35;
  const cy = height * 0.35;
  const radius = 0.35 * Math.hypot(width, height);
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy) / radius;
    return d < 1 ? levels * (1 - d * d) ** 2 : 0;
  };
}
