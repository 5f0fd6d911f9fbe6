import { describe, expect, it } from 'vitest';
import { parseHeader } from './aamva-header.ts';

describe('parseHeader', () => {
  it('reads a version 2+ header and its directory', () => {
    expect(parseHeader('@\n\u001e\rANSI 636000100202DL00410422ZV04630096DLDCA')).toEqual({
      origin: 0,
      hasComplianceIndicator: true,
      declaredSeparator: null,
      fileType: 'ANSI',
      iin: '636000',
      aamvaVersion: 10,
      jurisdictionVersion: 2,
      entryCount: 2,
      directory: [
        { type: 'DL', offset: 41, length: 422 },
        { type: 'ZV', offset: 463, length: 96 },
      ],
      end: 41,
      shift: 0,
    });
  });

  it('reads a version 1 header, which has no jurisdiction version', () => {
    expect(parseHeader('@\n\u001e\rAAMVA6360060101DL00290179DAACTLIC')).toMatchObject({
      fileType: 'AAMVA',
      iin: '636006',
      aamvaVersion: 1,
      jurisdictionVersion: null,
      entryCount: 1,
      directory: [{ type: 'DL', offset: 29, length: 179 }],
      end: 29,
      shift: 0,
    });
  });

  it('measures how far lost separators moved the directory', () => {
    expect(parseHeader('@ANSI 6360100102DL00390190ZF02290063DLDAA')).toMatchObject({ end: 36, shift: -3 });
    expect(parseHeader('\uFEFF@\n\u001e\rANSI 636000100201DL00310400')).toMatchObject({ origin: 1, shift: 0 });
  });

  it('accepts a header without the compliance indicator', () => {
    expect(parseHeader('\n\u001e\rANSI 636000100201DL00310400')).toMatchObject({ hasComplianceIndicator: false, iin: '636000' });
  });

  it('keeps the header when the directory is unreadable', () => {
    expect(parseHeader('@\n\nANSI 990876030001DLabacDLDCS')).toMatchObject({ iin: '990876', aamvaVersion: 3, directory: [], end: 20, shift: -1 });
  });

  it('records a printable declared separator only', () => {
    expect(parseHeader('@|\u001e|ANSI 636002040002DL00410268')?.declaredSeparator).toBe('|');
    expect(parseHeader('@acANSI 636060040002DL00410266')?.declaredSeparator).toBeNull();
  });

  it('returns null for text without an AAMVA header', () => {
    for (const text of ['', '@', 'HELLO', 'ANSI 12345', '@\n\u001e\rANSI 63600', `${' '.repeat(60)}@\n\u001e\rANSI 636000100201`]) {
      expect(parseHeader(text)).toBeNull();
    }
  });
});
