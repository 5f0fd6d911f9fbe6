import { describe, expect, it } from 'vitest';
import { humanize } from './form-fields.ts';

describe('form fields', () => {
  it('labels a field from its name when the page gives no label', () => {
    expect(humanize('customerName')).toBe('Customer name');
    expect(humanize('date_of_birth')).toBe('Date of birth');
    expect(humanize('iban')).toBe('Iban');
  });
});
