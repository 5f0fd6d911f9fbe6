import { html } from 'lit';

/** A form field of the workflow's Start step (as the agent API's initialize info lists it). */
export interface FormField {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'email' | 'date';
  required: boolean;
}

const inputTypes = { string: 'text', number: 'number', boolean: 'checkbox', email: 'email', date: 'date' } as const;

/** `customerName` → `Customer name` (used when no label is given). */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One labelled input per field; ids are prefixed so two flows on a page never clash. */
export function renderField(field: FormField, label: string, requiredText: string) {
  const id = `idlens-field-${field.name}`;
  const type = inputTypes[field.type] ?? 'text';
  if (type === 'checkbox') {
    return html`<label class="check" for=${id}><input id=${id} name=${field.name} type="checkbox" /> ${label}</label>`;
  }
  return html`<label class="field" for=${id}>
    <span>${label}${field.required ? html` <span class="req" aria-hidden="true">*</span><span class="sr-only">(${requiredText})</span>` : ''}</span>
    <input id=${id} name=${field.name} type=${type} ?required=${field.required} autocomplete=${field.name.toLowerCase().includes('name') ? 'name' : 'off'} />
  </label>`;
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
