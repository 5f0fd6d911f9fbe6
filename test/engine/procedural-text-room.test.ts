import '../support/fonts.ts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { retriedOnRenderFailure, squeezeIntoRoom } from '../support/procedural/svg-text-room.ts';

const page = { width: 400, height: 80 };

/** The ink width of an SVG page's parts as sharp renders them. */
async function renderedInkWidth(parts: readonly string[]): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}"><rect width="${page.width}" height="${page.height}" fill="#fff"/>${parts.join('')}</svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim({ background: '#fff', threshold: 40 }).toBuffer({ resolveWithObject: true });
  return info.width;
}

const label = (room: number) =>
  `<text x="20" y="50" font-family="DejaVu Sans" font-size="20" fill="#334" data-fit="${room}" xml:space="preserve">Date of birth / Date de naissance</text>`;

// The generator of training documents relies on this: librsvg ignores SVG's textLength, so without
// the squeeze long labels ran under their values and values off the page.
describe('the procedural generator’s texts keep to their room', () => {
  it('squeezes a label wider than its room into it, still legible in size', async () => {
    const natural = await renderedInkWidth([label(1000).replace(/ data-fit="\d+"/, '')]);
    expect(natural).toBeGreaterThan(200);
    const squeezed = await renderedInkWidth(await squeezeIntoRoom([label(120)], page.width));
    expect(squeezed).toBeLessThanOrEqual(121);
    expect(squeezed).toBeGreaterThan(110);
  });

  it('leaves a text that fits, and every other part, as it was', async () => {
    const rect = '<rect x="5" y="5" width="10" height="10" fill="#000"/>';
    const [shape, text] = await squeezeIntoRoom([rect, label(380)], page.width);
    expect(shape).toBe(rect);
    expect(text).toBe(label(380).replace(' data-fit="380"', ''));
  });
});

// A long dump of generated documents ended on one transient librsvg failure; a second try rendered it.
describe('a render librsvg fails once is tried again', () => {
  const failing = (failures: number, message: string) => {
    let calls = 0;
    const render = async () => {
      calls++;
      if (calls <= failures) throw new Error(message);
      return 'rendered';
    };
    return { render, calls: () => calls };
  };

  it('renders on the second try after a rendering failure', async () => {
    const f = failing(1, 'svgload_buffer: SVG rendering failed\nglib: rendering error:');
    expect(await retriedOnRenderFailure(f.render)).toBe('rendered');
    expect(f.calls()).toBe(2);
  });

  it('gives up after the second failure, and never retries other errors', async () => {
    const twice = failing(2, 'svgload_buffer: SVG rendering failed');
    await expect(retriedOnRenderFailure(twice.render)).rejects.toThrow('SVG rendering failed');
    expect(twice.calls()).toBe(2);
    const other = failing(1, 'Input buffer contains unsupported image format');
    await expect(retriedOnRenderFailure(other.render)).rejects.toThrow('unsupported image format');
    expect(other.calls()).toBe(1);
  });
});
