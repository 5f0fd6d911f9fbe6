import { z } from 'zod';
import type { FormField } from '@idlens/sdk/api';
import { validationError } from '../../http/validation-hook.ts';

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
  const result = schemaOf(fields).safeParse({ formValues: values });
  if (!result.success) throw validationError(result.error);
  return result.data.formValues;
}

type FormFields = Array<FormField & { maxLength?: number }>;

/** Built once per field list (workflow versions are immutable and cached): zod compiles a schema on first use. */
const schemas = new WeakMap<FormFields, z.ZodType<{ formValues: Record<string, unknown> }>>();

function schemaOf(fields: FormFields): z.ZodType<{ formValues: Record<string, unknown> }> {
  let schema = schemas.get(fields);
  if (!schema) {
    const shape = Object.fromEntries(fields.map((f) => [f.name, f.required ? fieldTypes[f.type](f) : fieldTypes[f.type](f).nullable().optional()]));
    schema = z.object({ formValues: z.strictObject(shape) });
    schemas.set(fields, schema);
  }
  return schema;
}
