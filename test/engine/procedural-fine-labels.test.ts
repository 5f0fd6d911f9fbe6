import { describe, expect, it } from 'vitest';
import { proceduralDocument } from '../support/procedural/procedural-document.ts';

// Fine print: passports and cards print their multilingual captions a third to half the size of the
// values, too small for the reader to read many of them — the option draws such labels on the same
// seed's document, so what a field's placing learns from it is placing with few labels read.
describe('generated documents: fine-print labels', () => {
  it('draws the same holder with labels a third to half the values’ size', async () => {
    let labels = 0;
    for (const seed of [11, 12, 13, 14]) {
      const plain = await proceduralDocument(seed, { fineLabels: false });
      const fine = await proceduralDocument(seed, { fineLabels: true });
      // The same holder; smaller rows may hold more of its fields.
      for (const [field, value] of Object.entries(plain.truth)) {
        if (field in fine.truth) expect(fine.truth[field as keyof typeof fine.truth], `seed ${seed} ${field}`).toBe(value);
      }
      expect(fine.type).toBe(plain.type);
      const unit = fine.frame.width / 1000;
      const labelled = fine.items.filter((i) => i.labelBox);
      labels += labelled.length;
      for (const item of labelled) {
        expect(item.labelBox!.height / unit, `seed ${seed} ${item.field}: label size per 1000 px`).toBeLessThanOrEqual(11.01);
        expect(item.valueBox.height, `seed ${seed} ${item.field}: value against label`).toBeGreaterThanOrEqual(1.99 * item.labelBox!.height);
      }
      // Without the option the labels are as the generator always drew them (12–19 per 1000 px).
      for (const item of plain.items.filter((i) => i.labelBox)) expect(item.labelBox!.height / unit).toBeGreaterThanOrEqual(11.99);
    }
    expect(labels, 'some of the four documents print labels').toBeGreaterThan(8);
  });
});
