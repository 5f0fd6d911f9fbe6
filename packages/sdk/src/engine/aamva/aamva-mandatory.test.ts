import { describe, expect, it } from 'vitest';
import { buildAamvaPayload, payloadBytes } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { missingMandatoryFields } from './aamva-mandatory.ts';
import { parseAamva } from './parse-aamva.ts';

/** A version 10 licence's DL subfile: every element the rule asks for, as an issuer writes them. */
const complete: ReadonlyArray<readonly [string, string]> = [
  ['DBA', '02032030'],
  ['DCS', 'HOLLOWAY'],
  ['DAC', 'GRETA'],
  ['DAD', 'JUNE'],
  ['DBD', '01012022'],
  ['DBB', '02031990'],
  ['DBC', '2'],
  ['DAQ', 'H12345678'],
];

/** The fields the rule misses in a DL subfile of these elements. */
function missing(elements: ReadonlyArray<readonly [string, string]>): string[] {
  return missingMandatoryFields(parseAamva(payloadBytes(buildAamvaPayload({ subfiles: [{ type: 'DL', elements }] }))));
}

/** The complete subfile with `id`'s value replaced (or the element left out, for `null`). */
function withElement(id: string, value: string | null): Array<readonly [string, string]> {
  return complete.flatMap(([e, v]) => (e !== id ? [[e, v] as const] : value === null ? [] : [[e, value] as const]));
}

describe('missingMandatoryFields', () => {
  it('misses nothing in a payload with names, number and dates', () => {
    expect(missing(complete)).toEqual([]);
  });

  it('names a date that does not parse as a date, as a garbled read spells it', () => {
    expect(missing(withElement('DBA', 'aebcbjgb'))).toEqual(['dateOfExpiry']);
    expect(missing(withElement('DBB', '04%32030'))).toEqual(['dateOfBirth']);
    expect(missing(withElement('DBD', '13452022'))).toEqual(['dateOfIssue']);
  });

  it('names a family name, number or birth or expiry date the payload lacks, but not an absent issue date', () => {
    expect(missing(withElement('DCS', null))).toEqual(['lastName']);
    expect(missing(withElement('DAQ', null))).toEqual(['documentNumber']);
    expect(missing(withElement('DBB', null))).toEqual(['dateOfBirth']);
    expect(missing(withElement('DBA', null))).toEqual(['dateOfExpiry']);
    // Some issuers (Alberta) write no issue date at all.
    expect(missing(withElement('DBD', null))).toEqual([]);
  });

  it('names everything for bytes that are no AAMVA payload', () => {
    expect(missingMandatoryFields(parseAamva(payloadBytes('@WS\u001e.ANSI ,06000*80\t01DMBAABGEZAE3')))).toEqual([
      'parsed',
      'lastName',
      'documentNumber',
      'dateOfBirth',
      'dateOfExpiry',
    ]);
  });
});
