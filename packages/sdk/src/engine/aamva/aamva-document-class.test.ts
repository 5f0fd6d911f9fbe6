import { describe, expect, it } from 'vitest';
import { buildAamvaPayload } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { aamvaDocumentClass, regionOf } from './aamva-document-class.ts';
import { jurisdictionByIin } from './aamva-jurisdictions.ts';

describe('document class from an AAMVA payload', () => {
  it('takes the issuer from the IIN and the type from the DL/ID subfile', () => {
    const dl = buildAamvaPayload({
      iin: '636014',
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', 'D1234567'],
            ['DAJ', 'NV'],
          ],
        },
      ],
    });
    expect(aamvaDocumentClass(dl)).toMatchObject({ jurisdiction: { code: 'CA', country: 'USA' }, subfileType: 'DL' });
    const id = buildAamvaPayload({ iin: '636012', subfiles: [{ type: 'ID', elements: [['DAQ', 'X1']] }] });
    expect(aamvaDocumentClass(id)).toMatchObject({ jurisdiction: { name: 'Ontario', country: 'CAN' }, subfileType: 'ID' });
  });

  it('falls back to the address jurisdiction when the IIN is unknown, and is null without a header', () => {
    const payload = buildAamvaPayload({
      iin: '999999',
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', 'X1'],
            ['DAJ', 'TX'],
          ],
        },
      ],
    });
    expect(aamvaDocumentClass(payload)?.jurisdiction?.name).toBe('Texas');
    expect(aamvaDocumentClass('BOARDING PASS M1DOE/JANE')).toBeNull();
  });

  it('names regions REGION_ + the jurisdiction in capitals', () => {
    expect(regionOf(jurisdictionByIin('636001')!)).toBe('REGION_NEW_YORK');
    expect(regionOf(jurisdictionByIin('636043')!)).toBe('REGION_DISTRICT_OF_COLUMBIA');
    expect(regionOf(jurisdictionByIin('636062')!)).toBe('REGION_US_VIRGIN_ISLANDS');
    expect(regionOf(jurisdictionByIin('636016')!)).toBe('REGION_NEWFOUNDLAND_AND_LABRADOR');
    expect(regionOf(jurisdictionByIin('636027')!)).toBe('REGION_NONE'); // U.S. Department of State
    expect(regionOf(null)).toBe('REGION_NONE');
  });
});
