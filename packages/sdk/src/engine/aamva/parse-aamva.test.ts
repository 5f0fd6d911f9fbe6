import { describe, expect, it } from 'vitest';
import { barcodeElementKeys, type BarcodeResult } from '../../api/id-barcode.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import { buildAamvaPayload, payloadBytes, type PayloadSubfile } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { emptyBarcodeResult, parseAamva } from './parse-aamva.ts';

const parse = (text: string) => parseAamva(payloadBytes(text));
const element = (result: BarcodeResult, name: string) => result.extendedElements.find((e) => e.key === `BARCODE_ELEMENT_KEY_${name}`)?.value;
const ymd = (date: BarcodeResult['dateOfBirth']) => date && [date.year, date.month, date.day];

/** A current (version 10) Virginia licence with a jurisdiction subfile. */
const virginiaV10: PayloadSubfile[] = [
  {
    type: 'DL',
    elements: [
      ['DCA', 'D'],
      ['DCB', 'NONE'],
      ['DCD', 'NONE'],
      ['DBA', '03232031'],
      ['DCS', 'SAMPLE'],
      ['DAC', 'JANE'],
      ['DAD', 'ANN'],
      ['DBD', '05192023'],
      ['DBB', '03231950'],
      ['DBC', '2'],
      ['DAY', 'BLU'],
      ['DAU', '065 in'],
      ['DAG', '123 MAIN ST'],
      ['DAH', 'APT 4'],
      ['DAI', 'RICHMOND'],
      ['DAJ', 'VA'],
      ['DAK', '232190000  '],
      ['DAQ', 'T12345678'],
      ['DCF', '0123456789'],
      ['DCG', 'USA'],
      ['DDE', 'N'],
      ['DDF', 'N'],
      ['DDG', 'N'],
      ['DCK', '90621000003791'],
      ['DDA', 'F'],
      ['DDB', '04222023'],
      ['DDK', '1'],
    ],
  },
  {
    type: 'ZV',
    elements: [
      ['ZVA', '01'],
      ['ZVB', 'SECRET'],
    ],
  },
];

describe('parseAamva: versions and jurisdictions', () => {
  it('reads a version 10 US licence into every result field', () => {
    const text = buildAamvaPayload({ iin: '636000', aamvaVersion: 10, jurisdictionVersion: 2, subfiles: virginiaV10 });
    const result = parse(text);

    expect(result.parsed).toBe(true);
    expect(result).toMatchObject({
      firstName: 'JANE',
      middleName: 'ANN',
      lastName: 'SAMPLE',
      fullName: 'JANE ANN SAMPLE',
      address: '123 MAIN ST, APT 4, RICHMOND, VA 23219',
      sex: 'F',
      documentNumber: 'T12345678',
      nationality: 'USA',
      issuingAuthority: 'Virginia',
      addressDetailedInfo: { street: '123 MAIN ST, APT 4', city: 'RICHMOND', jurisdiction: 'VA', postalCode: '23219' },
      driverLicenseDetailedInfo: { vehicleClass: 'D', restrictions: 'NONE', endorsements: 'NONE', conditions: null, vehicleClassesInfo: [] },
    });
    expect(ymd(result.dateOfBirth)).toEqual([1950, 3, 23]);
    expect(ymd(result.dateOfIssue)).toEqual([2023, 5, 19]);
    expect(result.dateOfExpiry).toEqual({
      day: 23,
      month: 3,
      year: 2031,
      successfullyParsed: true,
      filledByDomainKnowledge: false,
      originalString: '03232031',
    });
    expect(result.rawDataBase64).toBe(bytesToBase64(payloadBytes(text)));
    expect(result.stringData).toBe(text);
  });

  it('lists the header facts and every element under a spec key, and nothing from Z subfiles', () => {
    const result = parse(buildAamvaPayload({ iin: '636000', aamvaVersion: 10, jurisdictionVersion: 2, subfiles: virginiaV10 }));
    expect(result.extendedElements.slice(0, 6)).toEqual([
      { key: 'BARCODE_ELEMENT_KEY_DOCUMENT_TYPE', value: 'AAMVA' },
      { key: 'BARCODE_ELEMENT_KEY_STANDARD_VERSION_NUMBER', value: '10' },
      { key: 'BARCODE_ELEMENT_KEY_JURISDICTION_VERSION_NUMBER', value: '2' },
      { key: 'BARCODE_ELEMENT_KEY_ISSUER_IDENTIFICATION_NUMBER', value: '636000' },
      { key: 'BARCODE_ELEMENT_KEY_ISSUING_JURISDICTION', value: 'VA' },
      { key: 'BARCODE_ELEMENT_KEY_ISSUING_JURISDICTION_NAME', value: 'Virginia' },
    ]);
    for (const { key } of result.extendedElements) {
      expect(barcodeElementKeys).toContain(key);
      expect(key).not.toBe('BARCODE_ELEMENT_KEY_COUNT');
    }
    expect(element(result, 'ADDRESS_POSTAL_CODE')).toBe('232190000');
    expect(element(result, 'DOCUMENT_DISCRIMINATOR')).toBe('0123456789');
    expect(element(result, 'INVENTORY_CONTROL_NUMBER')).toBe('90621000003791');
    expect(element(result, 'COMPLIANCE_TYPE')).toBe('F');
    expect(element(result, 'CARD_REVISION_DATE')).toBe('04222023');
    expect(element(result, 'ORGAN_DONOR')).toBe('1');
    expect(element(result, 'FIRST_NAME_TRUNCATION')).toBe('N');
    expect(element(result, 'HEIGHT')).toBe('065 in');
    expect(element(result, 'HEIGHT_IN')).toBe('65');
    // 27 DL elements + 6 header facts + the derived height; ZVA/ZVB have no key.
    expect(result.extendedElements).toHaveLength(34);
    expect(result.extendedElements.map((e) => e.value)).not.toContain('SECRET');
  });

  it('lists an element that is present with an empty value (DAD empty: no middle name)', () => {
    const withoutMiddleName = (s: PayloadSubfile) => ({ ...s, elements: s.elements.map(([id, v]) => [id, id === 'DAD' ? '' : v] as [string, string]) });
    const noMiddle = virginiaV10.map((s) => (s.type === 'DL' ? withoutMiddleName(s) : s));
    const result = parse(buildAamvaPayload({ iin: '636000', aamvaVersion: 10, jurisdictionVersion: 2, subfiles: noMiddle }));
    expect(element(result, 'CUSTOMER_MIDDLE_NAME')).toBe('');
    expect(result.middleName).toBeNull();
  });

  it('reads a version 1 payload: AAMVA file type, no designator, full name, CCYYMMDD dates, feet-and-inches height', () => {
    const text = buildAamvaPayload({
      fileType: 'AAMVA',
      iin: '636006',
      aamvaVersion: 1,
      omitFirstDesignator: true,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAA', 'CORTEZ,PABLO,LUIS RODRIGUEZ,JR'],
            ['DAG', '715 MAIN LN'],
            ['DAI', 'STRATFORD'],
            ['DAJ', 'CT'],
            ['DAK', '066140123  '],
            ['DAQ', '227881513'],
            ['DAR', 'D   '],
            ['DAS', 'B          '],
            ['DAT', '     '],
            ['DBA', '20221007'],
            ['DBB', '19761007'],
            ['DBC', '1'],
            ['DBD', '20160823'],
            ['DAU', '510'],
            ['DBH', 'Y'],
          ],
        },
      ],
    });
    const result = parse(text);
    expect(result).toMatchObject({
      parsed: true,
      firstName: 'PABLO',
      middleName: 'LUIS RODRIGUEZ',
      lastName: 'CORTEZ',
      fullName: 'PABLO LUIS RODRIGUEZ CORTEZ JR',
      sex: 'M',
      issuingAuthority: 'Connecticut',
      addressDetailedInfo: { postalCode: '066140123' },
      driverLicenseDetailedInfo: { vehicleClass: 'D', restrictions: 'B', endorsements: null },
    });
    expect(ymd(result.dateOfBirth)).toEqual([1976, 10, 7]);
    expect(ymd(result.dateOfExpiry)).toEqual([2022, 10, 7]);
    expect(element(result, 'STANDARD_VERSION_NUMBER')).toBe('1');
    expect(element(result, 'JURISDICTION_VERSION_NUMBER')).toBeUndefined();
    expect(element(result, 'CUSTOMER_FULL_NAME')).toBe('CORTEZ,PABLO,LUIS RODRIGUEZ,JR');
    expect(element(result, 'NAME_SUFFIX')).toBe('JR');
    expect(element(result, 'HEIGHT_IN')).toBe('70');
  });

  it('reads a version 1 full name written without commas as first, middle, family name', () => {
    const text = buildAamvaPayload({
      iin: '636025',
      aamvaVersion: 1,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', '26798765'],
            ['DAA', 'JOHN ROBERT LEE SMITH'],
            ['DBB', '19860202'],
            ['DBC', 'M'],
          ],
        },
      ],
    });
    expect(parse(text)).toMatchObject({ firstName: 'JOHN', middleName: 'ROBERT LEE', lastName: 'SMITH', sex: 'M' });
  });

  it('reads a Canadian version 3 licence: given names, CCYYMMDD dates, postal code and height in cm', () => {
    const text = buildAamvaPayload({
      iin: '636012',
      aamvaVersion: 3,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DCA', 'G   '],
            ['DBA', '20200603'],
            ['DCS', 'TESTER,'],
            ['DCT', 'MARY,ANN'],
            ['DBD', '20170607'],
            ['DBB', '19960603'],
            ['DBC', '2'],
            ['DAU', '170 CM'],
            ['DAG', '123 ST GEORGE ST E,'],
            ['DAI', 'FERGUS'],
            ['DAJ', 'ON'],
            ['DAK', 'N1M3J6    '],
            ['DAQ', 'S9244-43879-65702'],
            ['DCG', 'CAN'],
          ],
        },
      ],
    });
    const result = parse(text);
    expect(result).toMatchObject({
      firstName: 'MARY',
      middleName: 'ANN',
      lastName: 'TESTER',
      nationality: 'CAN',
      issuingAuthority: 'Ontario',
      addressDetailedInfo: { street: '123 ST GEORGE ST E', postalCode: 'N1M 3J6', city: 'FERGUS', jurisdiction: 'ON' },
    });
    expect(ymd(result.dateOfBirth)).toEqual([1996, 6, 3]);
    expect(ymd(result.dateOfExpiry)).toEqual([2020, 6, 3]);
    expect(element(result, 'HEIGHT_CM')).toBe('170');
  });

  it('splits version 2 given names at a space and lists federal vehicle codes', () => {
    const text = buildAamvaPayload({
      iin: '636039',
      aamvaVersion: 2,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DCS', 'SMITH'],
            ['DCT', 'JOHN A'],
            ['DBB', '10071990'],
            ['DCH', 'A B'],
            ['DAQ', '1'],
          ],
        },
      ],
    });
    const result = parse(text);
    expect(result).toMatchObject({ firstName: 'JOHN', middleName: 'A', lastName: 'SMITH' });
    expect(ymd(result.dateOfBirth)).toEqual([1990, 10, 7]);
    expect(result.driverLicenseDetailedInfo?.vehicleClassesInfo.map((c) => c.vehicleClass)).toEqual(['A', 'B']);
  });

  it('falls back to CCYYMMDD when a US issuer writes it against the standard (West Virginia, version 4)', () => {
    const text = buildAamvaPayload({
      iin: '636061',
      aamvaVersion: 4,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DBA', '20221103'],
            ['DCS', 'SMITH'],
            ['DBD', '20171001'],
            ['DBB', '19721103'],
            ['DAQ', 'F1'],
          ],
        },
      ],
    });
    const result = parse(text);
    expect(ymd(result.dateOfBirth)).toEqual([1972, 11, 3]);
    expect(ymd(result.dateOfIssue)).toEqual([2017, 10, 1]);
    expect(ymd(result.dateOfExpiry)).toEqual([2022, 11, 3]);
  });

  it('reads ID cards (subfile type ID) and sex 9 as X', () => {
    const text = buildAamvaPayload({
      iin: '636053',
      aamvaVersion: 8,
      subfiles: [
        {
          type: 'ID',
          elements: [
            ['DAQ', '115775955'],
            ['DCS', 'SMITH'],
            ['DAC', 'ALEX'],
            ['DBC', '9'],
            ['DBB', '12131961'],
          ],
        },
      ],
    });
    expect(parse(text)).toMatchObject({ parsed: true, documentNumber: '115775955', sex: 'X', issuingAuthority: 'Tennessee', driverLicenseDetailedInfo: null });
  });

  it('takes the residence address where the mailing street is empty (version 1)', () => {
    const text = buildAamvaPayload({
      iin: '636029',
      aamvaVersion: 1,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', '4066452'],
            ['DAA', 'SMITH, MARY JONES'],
            ['DAG', ''],
            ['DAL', '4455 SE 25TH ST'],
            ['DAI', 'CORVALLIS'],
            ['DAJ', 'OR'],
            ['DAK', '97330      '],
          ],
        },
      ],
    });
    expect(parse(text)).toMatchObject({
      firstName: 'MARY',
      middleName: 'JONES',
      lastName: 'SMITH',
      address: '4455 SE 25TH ST, CORVALLIS, OR 97330',
    });
  });

  it('names the issuer from the address jurisdiction when the IIN is not in the table', () => {
    const text = buildAamvaPayload({
      iin: '111111',
      aamvaVersion: 3,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', '1'],
            ['DAJ', 'NH'],
          ],
        },
      ],
    });
    expect(parse(text)).toMatchObject({ issuingAuthority: 'New Hampshire', nationality: 'USA' });
  });
});

describe('parseAamva: payloads that are not AAMVA', () => {
  it.each([
    ['plain text', 'HELLO WORLD'],
    ['a URL', 'https://example.com/?q=ANSI'],
    ['empty', ''],
    ['an AAMVA-looking body without header', 'DAQT12345\nDCSDOE\nDACJOHN\n'],
  ])('%s gives parsed: false with raw and string data only', (_, text) => {
    const result = parse(text);
    expect(result).toEqual({ ...emptyBarcodeResult(), rawDataBase64: bytesToBase64(payloadBytes(text)), stringData: text });
  });
});
