import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';

/**
 * A card shown on a phone or monitor and photographed: the screen's sub-pixel stripes (red, green,
 * blue side by side) and the dark gaps between its rows, at a pitch that does not fall on the
 * camera's pixels (so they beat into moiré), its light (blacks lifted to the backlight's grey, the
 * whole a little brighter) — the card check's "photo of a screen". `pitch` is the screen pixel in photo pixels.
 */
export function photographedScreen(frame: Frame, { pitch, backlight }: { pitch: number; backlight: number }): Frame {
  const { width, height, data } = frame;
  const out = new Uint8ClampedArray(data.length);
  const phases = [0, (2 * Math.PI) / 3, (4 * Math.PI) / 3];
  for (let y = 0; y < height; y++) {
    const rowGap = 0.86 + 0.14 * Math.cos((2 * Math.PI * y) / pitch);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const stripe = 0.78 + 0.22 * Math.cos((2 * Math.PI * x) / pitch - phases[c]!);
        const lit = backlight + (data[i + c]! / 255) * (255 - backlight);
        out[i + c] = lit * stripe * rowGap * 1.08;
      }
      out[i + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/**
 * A card printed on paper (a photocopy or a print-out) and photographed: the printer's halftone —
 * each ink laid as dots on a 45° grid of `cell` photo pixels, darker where the dot is larger —, ink
 * that never reaches the screen's black or saturation, paper white around and between the dots.
 */
export function printedOnPaper(frame: Frame, { cell, paper }: { cell: number; paper: number }): Frame {
  const { width, height, data } = frame;
  const out = new Uint8ClampedArray(data.length);
  const s = Math.SQRT1_2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Where this pixel stands in its halftone cell (0 at the dot's centre, 1 at the cell's corner).
      const u = ((((x + y) * s) / cell) % 1) - 0.5;
      const v = ((((x - y) * s) / cell + 1000) % 1) - 0.5;
      const r = Math.hypot(u, v) / Math.SQRT1_2;
      const grey = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      for (let c = 0; c < 3; c++) {
        // Toner: half the colour, half the grey; a dot covers as much of its cell as the ink is dark.
        const ink = 1 - (0.5 * data[i + c]! + 0.5 * grey) / 255;
        const covered = r < Math.sqrt(ink) ? 0.88 : 0.06;
        out[i + c] = paper * (1 - covered);
      }
      out[i + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** The camera's softness over a screen or print (σ in photo pixels): moiré and halftone dots arrive blurred. */
export async function throughCameraLens(frame: Frame, sigma = 0.8): Promise<Frame> {
  const { data, info } = await sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 4 },
  })
    .blur(sigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}
