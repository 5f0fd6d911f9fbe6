import { z } from '@hono/zod-openapi';
import { anonymizationModes, resultStates } from '@idlens/sdk/api';
import { errorResponse } from '../../http/error-response.ts';

export const imageSourceSchema = z
  .object({
    imageUrl: z.string().max(8192).nullish().openapi({ description: 'Publicly accessible http(s) URL; the service fetches the image from it' }),
    imageBase64: z.string().nullish().openapi({ description: 'The image (JPEG or PNG) as Base64, with or without a data: prefix' }),
  })
  .openapi('ImageSource', { description: 'Send either imageUrl or imageBase64.' });

export const traceIdSchema = z.string().max(256).nullish().openapi({ description: 'Echoed in the response envelope' });
export const nullableBoolean = z.boolean().nullish();
export const resultStateSchema = z.enum(resultStates).openapi('ResultState');
export const anonymizationModeSchema = z.enum(anonymizationModes).openapi('AnonymizationMode');

export const pointSchema = z.object({ x: z.number(), y: z.number() }).openapi('Point');

/** The spec's Date object; `originalString` is a string for cards and barcodes, a StringResult for documents. */
export function dateResultSchema<T extends z.ZodTypeAny>(original: T, name: string) {
  return z
    .object({
      day: z.number().int().nullable(),
      month: z.number().int().nullable(),
      year: z.number().int().nullable(),
      successfullyParsed: z.boolean(),
      filledByDomainKnowledge: z.boolean(),
      originalString: original.nullable(),
    })
    .openapi(name);
}
export const dateResultStringSchema = dateResultSchema(z.string(), 'DateResult');

/** The envelope around every recognition endpoint's output. */
export function envelopeSchema<T extends z.ZodTypeAny>(data: T, name: string) {
  return z
    .object({
      traceId: z.string().nullable(),
      executionId: z.string(),
      startTime: z.iso.datetime(),
      finishTime: z.iso.datetime(),
      data,
    })
    .openapi(name);
}

/** Headers of barcode, multi-side, single-side and id-barcode. */
export const recognitionHeadersSchema = z.object({
  // Lower-case keys: Hono validates headers lower-cased (HTTP header names are case-insensitive).
  'x-clientcustomerid': z.string().max(256).optional().openapi({ description: 'X-ClientCustomerId: your end customer, for your own accounting' }),
  'svc-api-key': z.string().max(1024).optional().openapi({ description: 'Required when the operator configured API keys' }),
});

/** The non-200 answers every recognition endpoint documents (spec) plus 503 for a full queue. */
export const recognitionErrorResponses = {
  400: errorResponse('Bad Request: invalid JSON, invalid fields or an unusable image (see `code`)'),
  403: errorResponse('Forbidden: missing or wrong svc-api-key when the operator configured keys'),
  500: errorResponse('Internal Server Error'),
  503: errorResponse('Busy: the recognition queue is full; retry after the Retry-After seconds'),
} as const;

/**
 * `schema | null` for a named (component) schema. zod's `.nullable()` on one renders as
 * `allOf: [$ref, {type: [.., null]}]`, which forbids null; a union renders `anyOf: [$ref, null]`.
 */
export function orNull<T extends z.ZodTypeAny>(schema: T) {
  return z.union([schema, z.null()]);
}
