import { describe, expect, it } from 'vitest';
import { splitElements } from './split-elements.ts';

const split = (body: string, type = 'DL', aamvaVersion: number | null = 8, declaredSeparator: string | null = null) =>
  splitElements(body, type, { aamvaVersion, declaredSeparator }).map(({ id, value }) => [id, value]);

describe('splitElements', () => {
  it('splits delimited elements and trims field padding', () => {
    expect(split('DAQT123   \nDCSDOE\nDAD\nDBB01021990\r')).toEqual([
      ['DAQ', 'T123'],
      ['DCS', 'DOE'],
      ['DAD', ''],
      ['DBB', '01021990'],
    ]);
  });

  it('drops tokens that do not start with an element ID (trailing padding)', () => {
    expect(split('DAQ1\nDCSDOE\nDDAN\n888888888888')).toEqual([
      ['DAQ', '1'],
      ['DCS', 'DOE'],
      ['DDA', 'N'],
    ]);
  });

  it('splits a fixed-width value that runs into the next element (one lost separator)', () => {
    expect(split('DAQ1\nDBA01212021DCSDOE\nDACJOHN')).toEqual([
      ['DAQ', '1'],
      ['DBA', '01212021'],
      ['DCS', 'DOE'],
      ['DAC', 'JOHN'],
    ]);
  });

  it('infers boundaries from the element table when all separators are lost', () => {
    expect(
      split(
        'DCACDCBNONEDCDNONEDBA08042015DCSDOEDCTJOHNDBD08192014DBB02081977DBC1DAYBLKDAU 65 INDAG5929 N ROCK STDAIAUSTINDAJTXDAK44556      DAQ38884194DCGUSA',
        'DL',
        3,
      ),
    ).toEqual([
      ['DCA', 'C'],
      ['DCB', 'NONE'],
      ['DCD', 'NONE'],
      ['DBA', '08042015'],
      ['DCS', 'DOE'],
      ['DCT', 'JOHN'],
      ['DBD', '08192014'],
      ['DBB', '02081977'],
      ['DBC', '1'],
      ['DAY', 'BLK'],
      ['DAU', '65 IN'],
      ['DAG', '5929 N ROCK ST'],
      ['DAI', 'AUSTIN'],
      ['DAJ', 'TX'],
      ['DAK', '44556'],
      ['DAQ', '38884194'],
      ['DCG', 'USA'],
    ]);
  });

  it('does not start an element inside a value when the ID was used or the value has the wrong shape', () => {
    // DBD was used; DAK inside "DAKOTA" is not followed by a postal code.
    expect(split('DBD10152016DAG1 DAKOTA STDAIDBDTOWNDAK58501', 'DL', 8)).toEqual([
      ['DBD', '10152016'],
      ['DAG', '1 DAKOTA ST'],
      ['DAI', 'DBDTOWN'],
      ['DAK', '58501'],
    ]);
  });

  it('splits jurisdiction subfiles at their own Z element IDs', () => {
    expect(split('ZFAREPLACED: 00000000ZFB ZFCP771206120090', 'ZF')).toEqual([
      ['ZFA', 'REPLACED: 00000000'],
      ['ZFB', ''],
      ['ZFC', 'P771206120090'],
    ]);
    expect(split('ZVA01\nZVBX\n', 'ZV')).toEqual([
      ['ZVA', '01'],
      ['ZVB', 'X'],
    ]);
  });

  it('uses a declared printable separator', () => {
    expect(split('DAQ1|DCSDOE|DACJOHN|', 'DL', 4, '|')).toEqual([
      ['DAQ', '1'],
      ['DCS', 'DOE'],
      ['DAC', 'JOHN'],
    ]);
  });
});
