import { describe, expect, it } from 'vitest';
import type { StringResult } from '../../api/document.ts';
import { buildAamvaPayload, payloadBytes } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { aamvaDocumentClass } from '../aamva/aamva-document-class.ts';
import { parseAamva } from '../aamva/parse-aamva.ts';
import { barcodeClassInfo, mergeBarcode } from './barcode-to-document.ts';
import { emptyDocumentData } from './empty-document-data.ts';
import { stringResult } from './string-result.ts';
import type { DocumentBarcode } from './read-document-barcode.ts';

const payload = buildAamvaPayload({
  subfiles: [
    {
      type: 'DL',
      elements: [
        ['DCA', 'D'],
        ['DAQ', 'B7654321'],
        ['DCS', 'SMITH-JONES'],
        ['DAC', 'ANN'],
        ['DAD', 'LEE'],
        ['DBB', '02031990'],
        ['DBA', '02032031'],
        ['DBC', '2'],
        ['DCF', 'DD42'],
      ],
    },
  ],
});
const barcode = (certain = true): DocumentBarcode => ({
  side: 'SECOND',
  result: parseAamva(payloadBytes(payload)),
  certain,
  documentClass: aamvaDocumentClass(payload),
  location: { topLeftCorner: { x: 10, y: 20 }, dimensions: { width: 300, height: 90 }, side: 'SECOND' },
});
const mrzText = (latin: string): StringResult => stringResult(latin, null);

describe('merging an ID barcode into the document result', () => {
  it('fills every field from the barcode alone, located on its side', () => {
    const data = emptyDocumentData();
    mergeBarcode(data, barcode());
    expect(data.lastName?.latin).toBe('SMITH-JONES');
    expect(data.firstName?.latin).toBe('ANN LEE');
    expect(data.documentNumber?.latinLocation).toEqual({ topLeftCorner: { x: 10, y: 20 }, dimensions: { width: 300, height: 90 }, side: 'SECOND' });
    expect(data.documentAdditionalNumber?.latin).toBe('DD42');
    expect(data.dateOfExpiry).toMatchObject({ year: 2031, month: 2, day: 3 });
    expect(data.driverLicenseDetailedInfo?.vehicleClass?.latin).toBe('D');
    expect(data.barcodeData?.parsed).toBe(true);
  });

  it('keeps checked MRZ values, replaces MRZ values in doubt, and takes names from a certain barcode only', () => {
    const data = emptyDocumentData();
    data.documentNumber = mrzText('B7654329');
    data.lastName = mrzText('SMITH<JONES');
    data.sex = mrzText('M');
    data.additionalProcessingInfo = { missingMandatoryFields: [], invalidCharacterFields: ['sex'], extraPresentFields: null, imageExtractionFailures: [] };
    mergeBarcode(data, barcode());
    expect(data.documentNumber?.latin).toBe('B7654329');
    expect(data.sex?.latin).toBe('F');
    expect(data.lastName?.latin).toBe('SMITH-JONES');
    expect(data.additionalProcessingInfo.invalidCharacterFields).toEqual([]);

    const unsure = emptyDocumentData();
    unsure.lastName = mrzText('SMITH<JONES');
    mergeBarcode(unsure, barcode(false));
    expect(unsure.lastName?.latin).toBe('SMITH<JONES');
  });

  it('classifies by the barcode, or adds its region to an MRZ classification of the same country', () => {
    expect(barcodeClassInfo(barcode(), null)).toEqual({ country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_DL' });
    expect(barcodeClassInfo(barcode(), { country: 'COUNTRY_USA', region: 'REGION_NONE', type: 'TYPE_ID' })).toEqual({
      country: 'COUNTRY_USA',
      region: 'REGION_VIRGINIA',
      type: 'TYPE_ID',
    });
    expect(barcodeClassInfo(barcode(), { country: 'COUNTRY_UTOPIA', region: 'REGION_NONE', type: 'TYPE_ID' })).toEqual({
      country: 'COUNTRY_UTOPIA',
      region: 'REGION_NONE',
      type: 'TYPE_ID',
    });
  });
});
