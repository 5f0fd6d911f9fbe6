import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random.ts';
import { type FurniturePage, securityPrint } from '../support/procedural/security-print.ts';

const page: FurniturePage = {
  width: 1000,
  height: 630,
  fields: { x: 20, y: 100, width: 960, height: 515 },
  portrait: { x: 40, y: 120, width: 260, height: 330 },
  labelSize: 15,
  valueSize: 24,
  font: 'DejaVu Sans',
  stateName: 'REPUBLIKA SLOVENIJA',
  stateCode: 'SVN',
};

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (k: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

// The furniture is for print the reader must read through, not print nobody could read: fields on a
// dark panel are set in type as legible as dark type on the tints.
describe('generated documents: security print', () => {
  it('sets fields on a dark panel in light type, legible against the panel', () => {
    let panels = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const print = securityPrint(seededRandom(seed), page);
      if (!print.lightType) continue;
      panels++;
      const panel = /<rect x="20" y="100"[^>]* fill="(#[0-9a-f]{6})"/.exec(print.under.join(''))?.[1];
      expect(panel, `seed ${seed}: the panel is drawn under the fields`).toBeDefined();
      expect(contrast(print.lightType.value, panel!), `seed ${seed}: value type on ${panel}`).toBeGreaterThanOrEqual(7);
      expect(contrast(print.lightType.label, panel!), `seed ${seed}: label type on ${panel}`).toBeGreaterThanOrEqual(4.5);
    }
    // About one document in eight has one.
    expect(panels).toBeGreaterThan(25);
    expect(panels).toBeLessThan(80);
  });

  it('draws the same print for the same stream, and text that is no field over some documents', () => {
    const a = securityPrint(seededRandom(7), page);
    const b = securityPrint(seededRandom(7), page);
    expect(a).toEqual(b);
    const texts = Array.from({ length: 200 }, (_, seed) => securityPrint(seededRandom(seed), page))
      .flatMap((p) => [...p.under, ...p.over])
      .filter((part) => part.includes('<text'));
    expect(texts.some((t) => t.includes('REPUBLIKA SLOVENIJA •'))).toBe(true);
    expect(texts.some((t) => /SPECIMEN|MUSTER|SAMPLE/.test(t))).toBe(true);
  });
});
