import sharp from 'sharp';

/**
 * Texts wider than their room squeezed into it, as documents set long names in a narrower type.
 * SVG's `textLength` would say so, but librsvg (sharp's SVG renderer) ignores it: long labels then
 * ran under their values and values into the next column or off the page — print no document has,
 * which the reader garbled and the assigner learned from. Each text is rendered alone to measure
 * its ink, and one too wide is scaled about its anchor. A text says its room with a `data-fit`
 * attribute (its width in pixels, written by the generator's `text`); other parts pass unchanged.
 */
export async function squeezeIntoRoom(parts: readonly string[], width: number): Promise<string[]> {
  return Promise.all(
    parts.map(async (part) => {
      const room = /^<text x="([\d.-]+)" y="([\d.-]+)"[^>]* font-size="([\d.]+)"[^>]* data-fit="([\d.]+)"/.exec(part);
      const unmarked = part.replace(/ data-fit="[\d.]+"/, '');
      // Nothing to squeeze in a text of no visible character (it would measure as nothing drawn).
      if (!room || !/>[^<]*\S[^<]*<\/text>$/.test(part)) return unmarked;
      const [x, y, size, fit] = room.slice(1).map(Number) as [number, number, number, number];
      const inked = await inkWidth(part, width, y, size);
      const scale = fit / inked;
      if (scale >= 1) return unmarked;
      // A text squeezed hard is set smaller too (as print is), not only narrower: about its baseline.
      const transform = `translate(${x} ${y}) scale(${scale.toFixed(4)} ${Math.sqrt(scale).toFixed(4)}) translate(${-x} ${-y})`;
      return `<g transform="${transform}">${unmarked}</g>`;
    }),
  );
}

/**
 * The width of a text element's ink, rendered alone in a band about its baseline three font sizes
 * high, the page's width on either side of it (so nothing is cut off); a band, not the page, because
 * a document has some thirty texts to measure.
 */
async function inkWidth(element: string, width: number, y: number, size: number): Promise<number> {
  // Whole pixels: a band sized 98.10000000000001 came back blank.
  const band = { top: Math.floor(y - 2 * size), height: Math.ceil(3 * size), width: Math.ceil(width * 3) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${band.width}" height="${band.height}" viewBox="${-width} ${band.top} ${band.width} ${band.height}"><rect x="${-width}" y="${band.top}" width="${band.width}" height="${band.height}" fill="#fff"/>${element.replace(/ fill="[^"]*"/, ' fill="#000"')}</svg>`;
  const { info } = await retriedOnRenderFailure(() =>
    sharp(Buffer.from(svg)).trim({ background: '#fff', threshold: 40 }).toBuffer({ resolveWithObject: true }),
  );
  // Nothing trimmed: nothing drawn, and a squeeze to nothing would follow.
  if (info.width >= band.width) throw new Error(`text not rendered in its band: ${element}`);
  return info.width;
}

/**
 * `render`'s result, tried a second time if librsvg fails to render: it failed once in some 2,400
 * documents dumped four processes at a time ("svgload_buffer: SVG rendering failed", seed 200878 —
 * the same SVG rendered on the next try), which ended an hour's dump. Any other error is thrown.
 */
export async function retriedOnRenderFailure<T>(render: () => Promise<T>, tries = 2): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (tries <= 1 || !/SVG rendering failed/.test(String(error))) throw error;
    return retriedOnRenderFailure(render, tries - 1);
  }
}
