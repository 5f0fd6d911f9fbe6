import { z } from 'zod';
import type { FormField } from '@idlens/sdk/api';
import { validationError } from '../recognition/validation-hook.ts';

/** A zod type per form field type. */
const fieldTypes: Record<FormField['type'], (field: { maxLength?: number }) => z.ZodType> = {
  string: (f) => z.string().max(f.maxLength ?? 1000),
  email: (f) => z.email('expected an email address').max(f.maxLength ?? 320),
  number: () => z.number().finite(),
  boolean: () => z.boolean(),
  date: () => z.iso.date('expected a date YYYY-MM-DD'),
};

/**
 * Checks `formValues` against the Start step's declared fields: every required field present and
 * of its type, no undeclared field. Errors name the field (`formValues.email: …`).
 */
export function validateFormValues(fields: Array<FormField & { maxLength?: number }>, values: Record<string, unknown>): Record<string, unknown> {
  const shape = Object.fromEntries(fields.map((f) => [f.name, f.required ? fieldTypes[f.type](f) : fieldTypes[f.type](f).nullable().optional()]));
  const result = z.object({ formValues: z.strictObject(shape) }).safeParse({ formValues: values });
  if (!result.success) throw validationError(result.error);
  return result.data.formValues;
}
