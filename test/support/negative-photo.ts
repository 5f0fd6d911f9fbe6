/**
 * A phone photo with nothing to read in it: a desk (wood grain from turbulence noise), a mug, a pen,
 * a sheet of printed text lying turned — no barcode, no card number, no MRZ — at a phone camera's
 * 12 MP (4032×3024), JPEG as a phone saves it, with sensor noise. What a user uploads by mistake,
 * and what the readers must turn down quickly (`pnpm bench negative`).
 */
import './fonts.ts';
import sharp from 'sharp';
import { escapeXml } from './escape-xml.ts';
import { seededRandom } from './seeded-random.ts';

const words = 'the of and to in is for on with as by at from this that be are was it an or not have has can will all new more one page date'.split(' ');

function sheet(random: () => number): string {
  let text = '';
  for (let i = 0; i < 26; i++) {
    const line = Array.from({ length: 7 + Math.floor(random() * 5) }, () => words[Math.floor(random() * words.length)]).join(' ');
    text += `<text x="120" y="${260 + i * 64}" font-family="DejaVu Sans" font-size="40" fill="#26221f">${escapeXml(line)}</text>`;
  }
  return `<g transform="translate(1900 700) rotate(-12)">
    <rect width="1400" height="1980" fill="#f3f0e8"/>
    <text x="120" y="160" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#26221f">Meeting notes</text>${text}</g>`;
}

/** The photo as JPEG bytes (`width`×`height`, default 4032×3024). Deterministic for a `seed`. */
export async function negativePhoto({ width = 4032, height = 3024, seed = 7, quality = 88 } = {}): Promise<Buffer> {
  const random = seededRandom(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024" viewBox="0 0 4032 3024">
    <defs>
      <filter id="wood" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.0015 0.03" numOctaves="4" seed="${Math.floor(random() * 100)}"/>
        <feColorMatrix values="0 0 0 0.55 0.38  0 0 0 0.38 0.24  0 0 0 0.22 0.13  0 0 0 0 1"/>
      </filter>
      <radialGradient id="light" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
    </defs>
    <rect width="4032" height="3024" filter="url(#wood)"/>
    ${sheet(random)}
    <circle cx="900" cy="900" r="420" fill="#2f4f6f"/><circle cx="900" cy="900" r="340" fill="#3a2a1e"/>
    <rect x="700" y="2200" width="1300" height="70" rx="35" fill="#1b1b1b" transform="rotate(8 1350 2235)"/>
    <rect width="4032" height="3024" fill="url(#light)"/>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).resize(width, height).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Sensor noise, as every phone photo has (the readers' passes react to it).
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((random() + random() + random() - 1.5) * 6)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
