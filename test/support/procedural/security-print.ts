import { escapeXml } from '../escape-xml.ts';
import { randomDraws } from '../seeded-random.ts';
import type { Box } from './procedural-document.ts';

/**
 * Security print and ornaments over a generated document's fields — what real and specimen
 * documents carry and the generator's plain tint and light guilloche lack: a coloured wash, lines
 * of microtext across the page, a row of monograms, giant pale letters, a seal, a stamp over the
 * fields (`SPECIMEN`), and now and then the fields on a dark panel in light type. The text detector
 * finds lines in most of them, so they are text that is no field's value, and print the reader
 * must read through.
 *
 * Opt-in (`IDLENS_GENERATOR_FURNITURE=rich`, as `IDLENS_GENERATOR_FONTS=reader` is) and drawn from
 * its own random stream: without it every seed's document is as it was, so the training and check
 * sets dumped before stay comparable; with it, the same layouts carry the furniture.
 */
export const richFurniture = process.env.IDLENS_GENERATOR_FURNITURE === 'rich';

export interface FurniturePage {
  width: number;
  height: number;
  /** The band of the page the fields take (below the header). */
  fields: Box;
  portrait: Box;
  labelSize: number;
  valueSize: number;
  font: string;
  /** The state's name as the header prints it, or null. */
  stateName: string | null;
  /** Its three-letter code, or null. */
  stateCode: string | null;
}

export interface SecurityPrint {
  /** Drawn over the background and under the fields. */
  under: string[];
  /** Drawn over the fields. */
  over: string[];
  /** Type colours for fields on a dark panel (null: the document's own). */
  lightType: { label: string; value: string } | null;
}

const washes = ['#f4c89a', '#f3a6a6', '#a8d5ba', '#c5b3e6', '#9fc5e8', '#f5e08a', '#b8e0d2', '#e8b4d0'];
const inks = ['#8a6d3b', '#6b7c93', '#7a5c8a', '#5f8a6e', '#9a6a5a', '#4f6f8f'];
const panels = ['#1f4d2b', '#1c3557', '#4a1f2e', '#2f3b45', '#3d2b56'];
const stamps = ['SPECIMEN', 'SPÉCIMEN', 'MUSTER', 'SAMPLE', 'FAKE DOCUMENT', 'FAC-SIMILE', 'VOID', 'WZÓR', 'ESPÉCIMEN', 'MINTA'];
const mottos = ['UNITY IN DIVERSITY', 'IN VARIETATE CONCORDIA', 'ONE FOR ALL', 'LIBERTÉ ÉGALITÉ FRATERNITÉ', 'EINIGKEIT UND RECHT'];

export function securityPrint(random: () => number, page: FurniturePage): SecurityPrint {
  const { pick, chance, between } = randomDraws(random);
  const { width, height, fields } = page;
  const under: string[] = [];
  const over: string[] = [];
  let lightType: SecurityPrint['lightType'] = null;

  if (chance(0.5)) {
    const angle = Math.round(between(0, 180));
    under.push(
      `<defs><linearGradient id="wash" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${pick(washes)}"/><stop offset="1" stop-color="${pick(washes)}"/></linearGradient></defs>` +
        `<rect width="${width}" height="${height}" fill="url(#wash)" opacity="${between(0.3, 0.6).toFixed(2)}"/>`,
    );
  }
  if (chance(0.12)) {
    // The fields on a dark panel, in light type.
    under.push(
      `<rect x="${fields.x}" y="${fields.y}" width="${fields.width}" height="${fields.height}" rx="${(0.02 * height).toFixed(1)}" fill="${pick(panels)}"/>`,
    );
    lightType = { label: pick(['#d9e4d0', '#e6e0c8', '#cfd8e6']), value: pick(['#ffffff', '#f4f1e6', '#eef4ff']) };
  }
  const ink = pick(inks);
  for (let k = chance(0.45) ? 1 + Math.floor(random() * 2) : 0; k > 0; k--) {
    // A ribbon of microtext across the page, a phrase repeated.
    const size = page.labelSize * between(0.5, 0.85);
    const phrase = (chance(0.5) && page.stateName) || pick(mottos);
    const line = Array.from({ length: Math.ceil((1.6 * width) / (phrase.length * size * 0.6)) + 1 }, () => phrase).join(' • ');
    const y = between(fields.y, fields.y + fields.height);
    const angle = chance(0.5) ? 0 : between(-32, 32);
    under.push(
      textAt(line, -0.3 * width, y, size, page.font, ink, between(0.45, 0.85), { letterSpacing: size * between(0, 0.25), turn: { angle, x: width / 2 } }),
    );
  }
  if (chance(0.3)) {
    // A row of monograms across the fields.
    const mark = page.stateCode && chance(0.5) ? page.stateCode.slice(0, 2) : pick(['RP', 'EU', 'ID', 'CE', '★']);
    const size = page.valueSize * between(1.2, 2.2);
    const y = between(fields.y + size, fields.y + fields.height);
    const step = size * between(2.2, 3.5);
    for (let x = between(0, step); x < width; x += step) under.push(textAt(mark, x, y, size, page.font, ink, between(0.25, 0.5), { outline: chance(0.5) }));
  }
  if (chance(0.2)) {
    // Giant pale letters behind the fields.
    const size = page.valueSize * between(6, 10);
    const mark = pick(['RP', 'ID', 'EU', 'P', 'D', 'F', 'R']);
    under.push(
      textAt(
        mark,
        between(fields.x, fields.x + fields.width * 0.6),
        between(fields.y + size * 0.7, fields.y + fields.height),
        size,
        page.font,
        ink,
        between(0.15, 0.35),
        { outline: chance(0.4) },
      ),
    );
  }
  if (chance(0.3)) {
    // A seal: rings and a star, over a corner of the portrait or among the fields.
    const r = page.valueSize * between(1.8, 3.5);
    const onPortrait = chance(0.5);
    const cx = onPortrait ? page.portrait.x + page.portrait.width * pick([0, 1]) : between(fields.x, fields.x + fields.width);
    const cy = onPortrait ? page.portrait.y + page.portrait.height * between(0.2, 0.8) : between(fields.y, fields.y + fields.height);
    const points = Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      const rr = i % 2 ? r * 0.35 : r * 0.75;
      return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    under.push(
      `<g opacity="${between(0.35, 0.7).toFixed(2)}" fill="none" stroke="${ink}" stroke-width="${(r * 0.04).toFixed(1)}"><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}"/><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(r * 0.85).toFixed(1)}"/><polygon points="${points}" fill="${ink}"/></g>`,
    );
  }
  if (chance(0.25)) {
    // A stamp over the fields, turned a little.
    const size = page.valueSize * between(1, 1.6);
    const x = between(fields.x, fields.x + fields.width * 0.6);
    const y = between(fields.y + size, fields.y + fields.height);
    const angle = between(-20, 20);
    const color = pick(['#3b3b3b', '#5a2a2a', '#2a3b5a', '#444444']);
    over.push(
      `<g transform="rotate(${angle.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})">${textAt(pick(stamps), x, y, size, chance(0.5) ? 'DejaVu Sans Mono' : page.font, color, between(0.55, 0.85), {})}</g>`,
    );
  }
  return { under, over, lightType };
}

/** A text element: filled or outlined, spaced out, turned about a point on its baseline. */
function textAt(
  content: string,
  x: number,
  y: number,
  size: number,
  font: string,
  color: string,
  opacity: number,
  o: { outline?: boolean; letterSpacing?: number; turn?: { angle: number; x: number } },
): string {
  const paint = o.outline ? `fill="none" stroke="${color}" stroke-width="${(size * 0.03).toFixed(1)}"` : `fill="${color}"`;
  const spacing = o.letterSpacing === undefined ? '' : ` letter-spacing="${o.letterSpacing.toFixed(1)}"`;
  const turn = o.turn ? ` transform="rotate(${o.turn.angle.toFixed(1)} ${o.turn.x.toFixed(1)} ${y.toFixed(1)})"` : '';
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${font}" font-size="${size.toFixed(1)}" ${paint} opacity="${opacity.toFixed(2)}"${spacing}${turn} xml:space="preserve">${escapeXml(content)}</text>`;
}
