import { describe, expect, it } from 'vitest';
import { documentFieldTypeOf } from '../../api/document.ts';
import { anonymizationPlan, assertDocumentRuleOptions, extraRuleFields, matchesFilter, missingRuleFields } from './document-class-rules.ts';
import { emptyDocumentData } from './empty-document-data.ts';
import { stringResult } from './string-result.ts';

const licence = { country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_DL' };

describe('document class rules', () => {
  it('matches a filter by the parts it names; NONE and absent parts say nothing; an unknown class matches no named part', () => {
    expect(matchesFilter(null, licence)).toBe(true);
    expect(matchesFilter({ country: 'COUNTRY_USA' }, licence)).toBe(true);
    expect(matchesFilter({ country: 'COUNTRY_USA', region: 'REGION_NONE', type: 'TYPE_DL' }, licence)).toBe(true);
    expect(matchesFilter({ country: 'COUNTRY_USA', type: 'TYPE_ID' }, licence)).toBe(false);
    expect(matchesFilter({ region: 'REGION_TEXAS' }, licence)).toBe(false);
    expect(matchesFilter({ type: 'TYPE_DL' }, null)).toBe(false);
    expect(matchesFilter({ type: 'TYPE_NONE' }, null)).toBe(true);
  });

  it('names fields by the result’s names or the same in capitals', () => {
    expect(documentFieldTypeOf('documentNumber')).toBe('documentNumber');
    expect(documentFieldTypeOf('DOCUMENT_NUMBER')).toBe('documentNumber');
    expect(documentFieldTypeOf('DATE_OF_BIRTH')).toBe('dateOfBirth');
    expect(documentFieldTypeOf('document_number')).toBeNull();
    expect(documentFieldTypeOf('PASSWORD')).toBeNull();
  });

  it('plans anonymization: the default numbers, or the fields of the settings for the document’s class, with the number’s visible ends', () => {
    const settings = [
      {
        documentFilter: { type: 'TYPE_DL' },
        fields: ['DATE_OF_BIRTH'],
        documentNumberAnonymizationSettings: { prefixDigitsVisible: 2, suffixDigitsVisible: 3 },
      },
    ];
    const other = anonymizationPlan({ anonymizationMode: 'IMAGE_ONLY', customDocumentAnonymizationSettings: settings }, { ...licence, type: 'TYPE_ID' });
    expect([...other.hidden]).toEqual(['documentNumber', 'personalIdNumber', 'documentAdditionalNumber']);
    expect(other).toMatchObject({ documentNumberVisible: null, inResult: false, inImages: true });
    const dl = anonymizationPlan({ anonymizationMode: 'FULL_RESULT', customDocumentAnonymizationSettings: settings }, licence);
    expect([...dl.hidden].sort()).toEqual(['dateOfBirth', 'documentNumber']);
    expect(dl).toMatchObject({ documentNumberVisible: { prefix: 2, suffix: 3 }, inResult: true, inImages: true });
    expect(anonymizationPlan({}, licence)).toMatchObject({ inResult: false, inImages: false });
  });

  it('lists a rule’s fields the result does not show, in the alphabet asked for; null when no rule names the class', () => {
    const data = emptyDocumentData();
    data.documentClassInfo = licence;
    data.lastName = stringResult('SAMPLE', null);
    data.dateOfBirth = { day: 14, month: 7, year: 1986, successfullyParsed: true, filledByDomainKnowledge: false, originalString: null };
    const rule = (fields: Array<{ fieldType: string; alphabetType?: 'LATIN' | 'CYRILLIC' }>, type = 'TYPE_DL') => ({
      customDocumentRules: [{ documentFilter: { type }, fields }],
    });
    expect(missingRuleFields(rule([{ fieldType: 'LAST_NAME' }, { fieldType: 'dateOfBirth' }]), data)).toEqual([]);
    expect(missingRuleFields(rule([{ fieldType: 'lastName' }, { fieldType: 'ADDRESS' }]), data)).toEqual(['address']);
    expect(missingRuleFields(rule([{ fieldType: 'lastName', alphabetType: 'CYRILLIC' }]), data)).toEqual(['lastName']);
    expect(missingRuleFields(rule([{ fieldType: 'ADDRESS' }], 'TYPE_PASSPORT'), data)).toBeNull();
    // The fields shown beyond the rule's: extraPresentFields.
    expect(extraRuleFields(rule([{ fieldType: 'LAST_NAME' }]), data)).toEqual(['dateOfBirth']);
    expect(extraRuleFields(rule([{ fieldType: 'LAST_NAME' }, { fieldType: 'DATE_OF_BIRTH' }, { fieldType: 'ADDRESS' }]), data)).toEqual([]);
    expect(extraRuleFields(rule([{ fieldType: 'ADDRESS' }], 'TYPE_PASSPORT'), data)).toBeNull();
  });

  it('rejects unknown field types and filter parts without their prefix', () => {
    expect(() => assertDocumentRuleOptions({ customDocumentRules: [{ fields: [{ fieldType: 'SHOE_SIZE' }] }] })).toThrow(/SHOE_SIZE/);
    expect(() => assertDocumentRuleOptions({ customDocumentAnonymizationSettings: [{ fields: ['nope'] }] })).toThrow(/nope/);
    expect(() => assertDocumentRuleOptions({ documentFilter: { country: 'USA' } })).toThrow(/COUNTRY_/);
    expect(() =>
      assertDocumentRuleOptions({ documentFilter: { country: 'COUNTRY_USA', type: 'TYPE_DL' }, customDocumentRules: [{ fields: [{ fieldType: 'SEX' }] }] }),
    ).not.toThrow();
  });
});
