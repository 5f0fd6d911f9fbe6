import { z } from '@hono/zod-openapi';
import { webhookDeliveryStatuses, webhookEventTypes } from '@idlens/sdk/api';

/** Zod schemas of the webhook endpoints' wire types (agent API); the OpenAPI document is generated from them. */

const eventTypes = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .max(webhookEventTypes.length)
  .openapi({ description: `the events it receives: ${webhookEventTypes.join(', ')}` });

export const webhookEndpointRequestSchema = z
  .object({
    url: z
      .string()
      .min(1)
      .max(2000)
      .openapi({ description: 'http or https; no private or special-purpose address unless the operator allows it (WEBHOOK_URL_ALLOW)' }),
    eventTypes,
    description: z.string().max(200).optional(),
    enabled: z.boolean().optional().openapi({ description: 'default true' }),
  })
  .openapi('WebhookEndpointRequest');

export const webhookEndpointUpdateSchema = webhookEndpointRequestSchema.partial().openapi('WebhookEndpointUpdate');

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    createdOn: z.string(),
    modifiedOn: z.string(),
  })
  .openapi('WebhookEndpoint');

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().openapi({ description: 'the Standard Webhooks signing secret (whsec_…): shown once, here' }) })
  .openapi('WebhookEndpointWithSecret');

export const webhookDeliverySchema = z
  .object({
    eventId: z.string().openapi({ description: 'the webhook-id header' }),
    type: z.enum(webhookEventTypes),
    transactionId: z.string(),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    nextAttemptOn: z.string().nullable().openapi({ description: 'when pending: the next attempt' }),
    lastAttemptOn: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredOn: z.string().nullable(),
    createdOn: z.string(),
    event: z.record(z.string(), z.unknown()).openapi({ description: 'the body sent: { type, timestamp, data }' }),
  })
  .openapi('WebhookDelivery');

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }).openapi('WebhookDeliveryList');

export const webhookDeliveryQuerySchema = z.object({
  status: z.enum(webhookDeliveryStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'a nextCursor of an earlier page')
    .optional(),
});

const pathParam = (name: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name, in: 'path' } });
export const endpointIdParams = z.object({ endpointId: pathParam('endpointId') });
export const deliveryParams = z.object({ endpointId: pathParam('endpointId'), eventId: pathParam('eventId') });
