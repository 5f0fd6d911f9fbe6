import { describe, expect, it } from 'vitest';
import { proceduralDocument } from '../support/procedural/procedural-document.ts';
import { placesAbroad } from '../support/procedural/value-pools.ts';

// A model that learns from a list of the issuing states' places must also see holders born where no
// such list reaches: the option gives the same seed's document a birthplace abroad, for some holders.
describe('generated documents: births abroad', () => {
  it('moves some holders’ birthplaces abroad and leaves everything else as the seed draws it', async () => {
    const abroad = new Set<string>(placesAbroad);
    const moved: string[] = [];
    let printed = 0;
    for (let seed = 21; seed <= 32; seed++) {
      const home = await proceduralDocument(seed, { birthsAbroad: false });
      const away = await proceduralDocument(seed, { birthsAbroad: true });
      expect(away.type).toBe(home.type);
      const place = (doc: typeof home) => doc.items.find((i) => i.field === 'placeOfBirth')?.truth;
      expect(abroad.has(place(home) ?? ''), `seed ${seed}: born abroad without the option`).toBe(false);
      for (const item of home.items) {
        if (item.field === 'placeOfBirth') continue;
        expect(away.items.find((i) => i.field === item.field)?.truth, `seed ${seed} ${item.field}`).toBe(item.truth);
      }
      if (place(home) === undefined) continue;
      printed++;
      if (place(away) !== place(home)) {
        expect(abroad.has(place(away) ?? ''), `seed ${seed}: ${place(away)}`).toBe(true);
        moved.push(home.type);
      }
    }
    expect(printed, 'documents printing a birthplace').toBeGreaterThan(4);
    expect(moved.length, 'born abroad').toBeGreaterThan(0);
    expect(moved.length, 'born at home').toBeLessThan(printed);
  });
});
