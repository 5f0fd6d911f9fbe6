import { describe, expect, it } from 'vitest';
import type { BarcodeResult } from '../../api/id-barcode.ts';
import { buildAamvaPayload, payloadBytes, type PayloadSubfile } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { decodePayload } from './aamva-text.ts';
import { parseAamva } from './parse-aamva.ts';
import { readAamvaDocument } from './read-aamva-document.ts';
import { toBarcodeResult } from './to-barcode-result.ts';
import { seededRandom } from '@idlens/test-support/seeded-random.ts';

const parse = (text: string) => parseAamva(payloadBytes(text));

/** The fields a damaged payload must still give. */
const coreOf = (r: BarcodeResult) => ({
  parsed: r.parsed,
  firstName: r.firstName,
  middleName: r.middleName,
  lastName: r.lastName,
  documentNumber: r.documentNumber,
  sex: r.sex,
  dateOfBirth: r.dateOfBirth && [r.dateOfBirth.year, r.dateOfBirth.month, r.dateOfBirth.day],
  dateOfExpiry: r.dateOfExpiry && [r.dateOfExpiry.year, r.dateOfExpiry.month, r.dateOfExpiry.day],
  address: r.address,
});

const kansas: PayloadSubfile[] = [
  {
    type: 'DL',
    elements: [
      ['DAQ', 'K03-76-9213'],
      ['DCS', 'HAECHERL'],
      ['DDE', 'N'],
      ['DAC', 'JANA'],
      ['DDF', 'N'],
      ['DAD', 'BETH'],
      ['DDG', 'N'],
      ['DCA', 'C'],
      ['DCB', 'NONE'],
      ['DCD', 'NONE'],
      ['DBD', '10152016'],
      ['DBB', '04081991'],
      ['DBA', '04082022'],
      ['DBC', '2'],
      ['DAU', '069 IN'],
      ['DAY', 'BRO'],
      ['DAG', '16315 W 124TH STREET'],
      ['DAI', 'OLATHE'],
      ['DAJ', 'KS'],
      ['DAK', '660620000  '],
      ['DCF', '92891022041HJ16289F2208DB'],
      ['DCG', 'USA'],
      ['DAW', '140'],
      ['DAH', 'UNAVL'],
      ['DCK', '16291K037692130101'],
      ['DDB', '06012012'],
      ['DDK', '1'],
    ],
  },
  {
    type: 'ZK',
    elements: [
      ['ZKA', ''],
      ['ZKB', 'X'],
    ],
  },
];
const standard = buildAamvaPayload({ iin: '636022', aamvaVersion: 6, subfiles: kansas });
const expectedCore = {
  parsed: true,
  firstName: 'JANA',
  middleName: 'BETH',
  lastName: 'HAECHERL',
  documentNumber: 'K03-76-9213',
  sex: 'F',
  dateOfBirth: [1991, 4, 8],
  dateOfExpiry: [2022, 4, 8],
  address: '16315 W 124TH STREET, OLATHE, KS 66062',
};

describe('parseAamva: payloads damaged the way scanners damage them', () => {
  it('reads the undamaged payload', () => {
    expect(coreOf(parse(standard))).toEqual(expectedCore);
  });

  it('reads keyboard-wedge captures that lost every LF/RS/CR, finding elements by their IDs', () => {
    const wedge = standard.replace(/[\n\u001e\r]/g, '');
    expect(coreOf(parse(wedge))).toEqual(expectedCore);
    // `…2208DB` + `DCGUSA` must not start a second issue date (DBD) inside the document discriminator.
    expect(parse(wedge).extendedElements).toContainEqual({ key: 'BARCODE_ELEMENT_KEY_DOCUMENT_DISCRIMINATOR', value: '92891022041HJ16289F2208DB' });
  });

  it('reads wedge captures of version 1 payloads with a full name', () => {
    const text = buildAamvaPayload({
      iin: '636010',
      aamvaVersion: 1,
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAA', 'DOE,JOHN'],
            ['DAG', '5929 N ROCK ST'],
            ['DAI', 'DELRAY SHORE'],
            ['DAJ', 'FL'],
            ['DAK', '44556-     '],
            ['DAQ', 'J641720820450'],
            ['DBA', '20210108'],
            ['DBB', '19770208'],
            ['DBC', '1'],
            ['DAU', '600'],
          ],
        },
        {
          type: 'ZF',
          elements: [
            ['ZFA', 'REPLACED: 00000000'],
            ['ZFB', ' '],
          ],
        },
      ],
    }).replace(/[\n\u001e\r]/g, '');
    expect(coreOf(parse(text))).toEqual({
      parsed: true,
      firstName: 'JOHN',
      middleName: null,
      lastName: 'DOE',
      documentNumber: 'J641720820450',
      sex: 'M',
      dateOfBirth: [1977, 2, 8],
      dateOfExpiry: [2021, 1, 8],
      address: '5929 N ROCK ST, DELRAY SHORE, FL 44556',
    });
  });

  it('reads payloads with a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...payloadBytes(standard)]);
    expect(coreOf(parseAamva(bytes))).toEqual(expectedCore);
  });

  it.each([
    ['LF LF instead of LF RS CR', '@\n\n'],
    ['a missing CR', '@\n\u001e'],
    ['letters for RS and CR (^M typed as M)', '@\n6M'],
    ['no separators at all', '@'],
    ['extra characters', '@\n\u001e\r\r\n'],
  ])('reads headers with %s', (_, opening) => {
    expect(coreOf(parse(opening + standard.slice(4)))).toEqual(expectedCore);
  });

  it('reads payloads whose separators were replaced by C1 control characters', () => {
    expect(coreOf(parse(standard.replace(/\n/g, '\u0090\n\u0090')))).toEqual(expectedCore);
  });

  it('reads payloads piped by capture software (`|` declared and used as the element separator)', () => {
    expect(coreOf(parse(standard.replace(/\n/g, '|')))).toEqual(expectedCore);
  });

  it('ignores wrong directory offsets and lengths', () => {
    const wrong = standard.replace(/DL\d{8}ZK\d{8}/, 'DL00000367ZK06020044');
    const result = parse(wrong);
    expect(coreOf(result)).toEqual(expectedCore);
    // The jurisdiction subfile is still cut off the DL subfile's last element.
    expect(result.extendedElements).toContainEqual({ key: 'BARCODE_ELEMENT_KEY_ORGAN_DONOR', value: '1' });
  });

  it('ignores an unreadable directory and finds the subfiles by their designators', () => {
    expect(coreOf(parse(standard.replace(/DL\d{8}ZK\d{8}/, 'DLabac')))).toEqual(expectedCore);
  });

  it('ignores trailing garbage after the last subfile', () => {
    expect(coreOf(parse(`${standard}\n${'8'.repeat(120)}`))).toEqual(expectedCore);
  });

  it('strips the segment terminator a scanner typed as a letter from a trailing date', () => {
    const subfiles: PayloadSubfile[] = [
      {
        type: 'DL',
        elements: [
          ['DAQ', 'M1'],
          ['DDB', '03162012'],
        ],
      },
    ];
    const text = buildAamvaPayload({ iin: '636031', aamvaVersion: 5, subfiles }).replace(/\r$/, 'M');
    expect(parse(text).extendedElements).toContainEqual({ key: 'BARCODE_ELEMENT_KEY_CARD_REVISION_DATE', value: '03162012' });
  });

  it('reads names written as UTF-8 and as ISO 8859-1', () => {
    const subfiles: PayloadSubfile[] = [
      {
        type: 'DL',
        elements: [
          ['DAQ', 'Q1'],
          ['DCS', 'CÔTÉ'],
          ['DAC', 'RENÉE'],
        ],
      },
    ];
    const text = buildAamvaPayload({ iin: '604428', aamvaVersion: 9, subfiles });
    expect(parseAamva(new TextEncoder().encode(text))).toMatchObject({ lastName: 'CÔTÉ', firstName: 'RENÉE', issuingAuthority: 'Quebec' });
    expect(parseAamva(payloadBytes(text))).toMatchObject({ lastName: 'CÔTÉ', firstName: 'RENÉE' });
  });
});

/**
 * Reads without parseAamva's last-resort guard, so that the fuzz tests see any exception the reader
 * itself would throw.
 */
function readUnguarded(text: string): void {
  const document = readAamvaDocument(text);
  if (document) toBarcodeResult(document);
}

/**
 * Header and structure damage: a payload that still carries its data elements never parses to
 * nothing — where the header or the DL/ID designator cannot be followed, its elements are scanned for.
 */
describe('parseAamva: element scanning when the structure cannot be followed', () => {
  const mutations: Record<string, (text: string) => string> = {
    'file type mangled (ANS1)': (t) => t.replace('ANSI ', 'ANS1 '),
    'file type missing': (t) => t.replace('ANSI ', ''),
    'version digits replaced by letters': (t) => t.replace('63602206', '636022XX'),
    'IIN cut to five digits': (t) => t.replace('636022', '63602'),
    'directory entry of the DL subfile missing': (t) => t.replace(/DL\d{8}/, ''),
    'entry count zero': (t) => t.replace(/(636022\d{4})\d{2}/, '$100'),
    'every offset wrong': (t) => t.replace(/(DL|ZK)\d{4}/g, '$19999'),
    'DL designator corrupted': (t) => t.replace(/(ZK\d{8})DL/, '$1XQ'),
    'CR LF separators': (t) => t.replace(/\n/g, '\r\n'),
    'tab separators': (t) => t.replace(/\n/g, '\t'),
    'RS between elements': (t) => t.replace(/\n(?=[A-Z]{3})/g, '\u001e'),
    'junk before the header': (t) => `\uFEFF###SCAN### ${t}`,
  };
  for (const [name, mutate] of Object.entries(mutations)) {
    it(`reads the fields of a payload with its ${name}`, () => {
      const result = parse(mutate(standard));
      expect(coreOf(result)).toEqual(expectedCore);
    });
  }

  it('keeps the issuer when the header is too damaged to read but its number stands near the start', () => {
    expect(parse(standard.replace('ANSI ', 'AN$I-')).issuingAuthority).toBe('Kansas');
  });

  it('does not take text with a few element-like words for AAMVA', () => {
    for (const text of ['DCS DAC DAQ', 'M1DOE/JANE EABC123 LHRJFK\nDAQ 1\nDCS X', 'DCSSMITH\nDACJOHN\nHELLO WORLD']) {
      expect(parse(text).parsed).toBe(false);
    }
  });
});

describe('parseAamva: never throws', () => {
  it('returns what it can read for a payload truncated at every length', () => {
    let parsedCount = 0;
    for (let cut = 0; cut <= standard.length; cut++) {
      const text = standard.slice(0, cut);
      expect(() => readUnguarded(text)).not.toThrow();
      const result = parse(text);
      expect(result.stringData).toBe(text);
      if (result.parsed) parsedCount++;
      // Before the first element there is nothing to report as parsed.
      if (cut < standard.indexOf('DLDAQ') + 5) expect(result.parsed).toBe(false);
    }
    expect(parsedCount).toBeGreaterThan(standard.length * 0.8);
    expect(coreOf(parse(standard.slice(0, standard.indexOf('DBA'))))).toMatchObject({ parsed: true, lastName: 'HAECHERL', dateOfExpiry: null });
  });

  it('survives truncated wedge captures', () => {
    const wedge = standard.replace(/[\n\u001e\r]/g, '');
    for (let cut = 0; cut <= wedge.length; cut++) expect(() => readUnguarded(wedge.slice(0, cut))).not.toThrow();
  });

  it('survives random bytes, with and without an AAMVA header in front', () => {
    const random = seededRandom(0x5eed);
    for (let i = 0; i < 400; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 400) }, () => Math.floor(random() * 256));
      expect(parseAamva(bytes).parsed).toBe(false);
      const withHeader = new Uint8Array([...payloadBytes('@\n\u001e\rANSI 636000100102DL00310400'), ...bytes]);
      expect(() => readUnguarded(decodePayload(withHeader))).not.toThrow();
    }
  });

  it('survives a valid payload with random characters replaced', () => {
    const random = seededRandom(42);
    const alphabet = 'DLZAQCSBK0123456789\n\r\u001e @,';
    for (let i = 0; i < 400; i++) {
      const chars = [...standard];
      for (let n = 0; n < 1 + Math.floor(random() * 12); n++) {
        chars[Math.floor(random() * chars.length)] = alphabet[Math.floor(random() * alphabet.length)] ?? '';
      }
      expect(() => readUnguarded(chars.join(''))).not.toThrow();
    }
  });
});
