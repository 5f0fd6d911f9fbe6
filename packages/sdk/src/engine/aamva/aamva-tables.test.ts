import { describe, expect, it } from 'vitest';
import { barcodeElementKeyNames } from '../../api/id-barcode.ts';
import { aamvaElements, findElementSpec } from './aamva-elements.ts';
import { aamvaJurisdictions, jurisdictionByCode, jurisdictionByIin } from './aamva-jurisdictions.ts';

describe('AAMVA element table', () => {
  it('maps to spec keys only, never the COUNT sentinel', () => {
    for (const spec of aamvaElements) {
      if (spec.key !== null) expect(barcodeElementKeyNames).toContain(spec.key);
      expect(spec.key).not.toBe('COUNT');
      expect(spec.id).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('defines each ID once per version range', () => {
    const seen = new Set<string>();
    for (const spec of aamvaElements) {
      for (const range of spec.versions ? [spec.versions] : ['v1', 'v2+']) {
        const key = `${spec.id}:${range}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('picks the definition of the payload version, falling back to the other', () => {
    expect(findElementSpec('DBN', 1)?.key).toBe('AKA_FULL_NAME');
    expect(findElementSpec('DBN', 9)?.key).toBe('AKA_FAMILY_NAME');
    expect(findElementSpec('DAR', 3)?.key).toBe('JURISDICTION_VEHICLE_CLASS');
    expect(findElementSpec('DZZ', 3)).toBeUndefined();
  });
});

describe('IIN table', () => {
  it('has unique IINs of six digits', () => {
    const iins = aamvaJurisdictions.map((j) => j.iin);
    expect(new Set(iins).size).toBe(iins.length);
    for (const iin of iins) expect(iin).toMatch(/^\d{6}$/);
  });

  it('finds jurisdictions by IIN and by postal code', () => {
    expect(jurisdictionByIin('636000')).toMatchObject({ code: 'VA', name: 'Virginia', country: 'USA' });
    expect(jurisdictionByIin('604426')).toMatchObject({ code: 'PE', country: 'CAN' });
    expect(jurisdictionByIin('000000')).toBeUndefined();
    expect(jurisdictionByCode(' ab ')).toMatchObject({ name: 'Alberta', country: 'CAN' });
  });
});
