import sharp from 'sharp';

/**
 * Texts wider than their room squeezed into it, as documents set long names in a narrower type.
 * SVG's `textLength` would say so, but librsvg (sharp's SVG renderer) ignores it: long labels then
 * ran under their values and values into the next column or off the page — print no document has,
 * which the reader garbled and the assigner learned from. Each text is rendered alone to measure
 * its ink, and one too wide is scaled about its anchor. A text says its room with a `data-fit`
 * attribute (its width in pixels, written by the generator's `text`); other parts pass unchanged.
 */
export async function squeezeIntoRoom(parts: readonly string[], width: number, height: number): Promise<string[]> {
  return Promise.all(
    parts.map(async (part) => {
      const room = /^<text x="([\d.-]+)" y="([\d.-]+)"[^>]* data-fit="([\d.]+)"/.exec(part);
      if (!room) return part;
      const inked = await inkWidth(part, width, height);
      const unmarked = part.replace(/ data-fit="[\d.]+"/, '');
      const scale = Number(room[3]) / inked;
      if (scale >= 1) return unmarked;
      // A text squeezed hard is set smaller too (as print is), not only narrower: about its baseline.
      const [x, y] = [Number(room[1]), Number(room[2])];
      const transform = `translate(${x} ${y}) scale(${scale.toFixed(4)} ${Math.sqrt(scale).toFixed(4)}) translate(${-x} ${-y})`;
      return `<g transform="${transform}">${unmarked}</g>`;
    }),
  );
}

/** The width of a text element's ink, rendered alone on a page three times as wide (so nothing is cut off). */
async function inkWidth(element: string, width: number, height: number): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 3}" height="${height}"><rect width="${width * 3}" height="${height}" fill="#fff"/><g transform="translate(${width} 0)">${element.replace(/ fill="[^"]*"/, ' fill="#000"')}</g></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim({ background: '#fff', threshold: 40 }).toBuffer({ resolveWithObject: true });
  return info.width;
}
