import { fallbackFamily } from '../support/fonts.ts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/** The ink width of one label as sharp renders it in the given CSS font declarations. */
async function inkWidth(font: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="60"><rect width="100%" height="100%" fill="#fff"/><text x="5" y="40" style="${font}; font-size: 30px">Carte valable jusqu’au :</text></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim({ background: '#fff', threshold: 60 }).toBuffer({ resolveWithObject: true });
  return info.width;
}

// The corpus templates name faces that are not installed (Gill Sans, Lack, Karla …). Without a fallback
// of its own fontconfig picks the face nearest in weight from any installed family — under `pnpm eval`
// a light monospace that ran a label under its value — so what the printed-fields eval reads depended
// on which other fonts were present.
describe('a template family that is not installed', () => {
  it.each([
    ["font-family: 'GillSans'; font-weight: 300", 300],
    ["font-family: 'Lack-Medium', 'Lack'; font-weight: 500", 500],
    ['font-family: Karla', 400],
  ])('renders in the fallback family whatever its weight (%s)', async (font, weight) => {
    const fallback = await inkWidth(`font-family: '${fallbackFamily}'; font-weight: ${weight}`);
    expect(Math.abs((await inkWidth(font)) - fallback)).toBeLessThanOrEqual(2);
  });

  it('is told apart from the other installed faces by this measure', async () => {
    const fallback = await inkWidth(`font-family: '${fallbackFamily}'`);
    for (const other of ["font-family: 'DejaVu Sans'; font-weight: 300", "font-family: 'DejaVu Sans'", "font-family: 'Liberation Mono'"]) {
      expect(Math.abs((await inkWidth(other)) - fallback)).toBeGreaterThan(10);
    }
  });
});
