import { describe, expect, it } from 'vitest';
import { fieldProblem, humanize, type FormField } from './form-fields.ts';

describe('form fields', () => {
  it('labels a field from its name when the page gives no label', () => {
    expect(humanize('customerName')).toBe('Customer name');
    expect(humanize('date_of_birth')).toBe('Date of birth');
    expect(humanize('iban')).toBe('Iban');
  });

  it('says what is wrong with a value: missing when required, or not of its type', () => {
    const input = (value: string, validity: Partial<ValidityState> = {}) => ({ value, checked: false, validity: validity as ValidityState });
    const field = (type: FormField['type'], required = true): FormField => ({ name: 'x', type, required });
    expect(fieldProblem(field('string'), input(''))).toBe('fieldMissing');
    expect(fieldProblem(field('string', false), input(''))).toBeNull();
    expect(fieldProblem(field('string'), input('Anna'))).toBeNull();
    expect(fieldProblem(field('email'), input('anna@'))).toBe('fieldInvalidEmail');
    expect(fieldProblem(field('email'), input('anna@example.com'))).toBeNull();
    expect(fieldProblem(field('number', false), input('', { badInput: true }))).toBe('fieldInvalidNumber');
    expect(fieldProblem(field('date'), input('2024-02-30x'))).toBe('fieldInvalidDate');
    expect(fieldProblem(field('boolean'), input(''))).toBeNull();
  });
});
