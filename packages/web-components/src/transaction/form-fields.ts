import { html, nothing } from 'lit';
import type { MessageKey } from '../i18n/translations.ts';

/** A form field of the workflow's Start step (as the agent API's initialize info lists it). */
export interface FormField {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'email' | 'date';
  required: boolean;
}

/** Why a field's value is not accepted, as a message key (`{field}` is its label). */
export type FieldProblem = Extract<MessageKey, 'fieldMissing' | 'fieldInvalidEmail' | 'fieldInvalidNumber' | 'fieldInvalidDate'>;

const inputTypes = { string: 'text', number: 'number', boolean: 'checkbox', email: 'email', date: 'date' } as const;

/** `customerName` → `Customer name` (used when no label is given). */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What is wrong with a field's input, if anything: a required one left empty, or a value its type
 * does not take (the browser's own validity, whose bubble the form never shows).
 */
export function fieldProblem(field: FormField, input: Pick<HTMLInputElement, 'value' | 'checked' | 'validity'>): FieldProblem | null {
  if (field.type === 'boolean') return null;
  const value = input.value.trim();
  const bad = input.validity?.badInput === true;
  if (!value && !bad) return field.required ? 'fieldMissing' : null;
  if (field.type === 'email' && (bad || input.validity?.typeMismatch || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))) return 'fieldInvalidEmail';
  if (field.type === 'number' && (bad || !Number.isFinite(Number(value)))) return 'fieldInvalidNumber';
  if (field.type === 'date' && (bad || !/^\d{4}-\d{2}-\d{2}$/.test(value))) return 'fieldInvalidDate';
  return null;
}

/**
 * One labelled input per field; ids are prefixed so two flows on a page never clash. `error` is the
 * field's message (shown under it, tied to it by `aria-describedby`, `aria-invalid` set); `onInput`
 * clears it as the user types.
 */
export function renderField(field: FormField, label: string, requiredText: string, error: string | null = null, onInput?: () => void) {
  const id = `idlens-field-${field.name}`;
  const errorId = `${id}-error`;
  const type = inputTypes[field.type] ?? 'text';
  if (type === 'checkbox') {
    return html`<label class="check" for=${id}><input id=${id} name=${field.name} type="checkbox" /> ${label}</label>`;
  }
  return html`<div class="field">
    <label for=${id}>${label}${field.required ? html` <span class="req" aria-hidden="true">*</span><span class="sr-only">(${requiredText})</span>` : ''}</label>
    <input id=${id} name=${field.name} type=${type} aria-required=${field.required ? 'true' : 'false'} aria-invalid=${error ? 'true' : 'false'}
      aria-describedby=${error ? errorId : nothing} autocomplete=${field.name.toLowerCase().includes('name') ? 'name' : 'off'} @input=${() => onInput?.()} />
    ${error ? html`<p id=${errorId} class="message error" role="alert">${error}</p>` : nothing}
  </div>`;
}

/** The form's values typed as the workflow expects them (numbers, booleans, dates as YYYY-MM-DD). */
export function readFormValues(form: HTMLFormElement, fields: readonly FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name) as HTMLInputElement | null;
    if (!input) continue;
    if (field.type === 'boolean') values[field.name] = input.checked;
    else if (input.value === '') continue;
    else values[field.name] = field.type === 'number' ? Number(input.value) : input.value.trim();
  }
  return values;
}
