import { z } from '@hono/zod-openapi';

/** Zod schemas of the admin API and of the agent API's organization endpoints (validated at the edge). */

export const displayName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'no control characters');

export const nameBodySchema = z.strictObject({ name: displayName }).openapi('NameRequest');

export const organizationSchema = z
  .object({ organizationId: z.string(), name: z.string(), createdOn: z.string(), clientCount: z.number().int() })
  .openapi('Organization');

export const clientSchema = z.object({ clientId: z.string(), organizationId: z.string(), name: z.string(), createdOn: z.string() }).openapi('Client');

export const ownClientSchema = clientSchema.extend({ isCaller: z.boolean().openapi({ description: 'the client making this request' }) }).openapi('OwnClient');

export const clientSecretSchema = z
  .object({
    clientId: z.string(),
    clientSecret: z.string().openapi({ description: 'shown only in this answer: the server keeps its SHA-256 hash' }),
    organizationId: z.string(),
  })
  .openapi('ClientSecret');

export const newClientSchema = clientSecretSchema.extend({ name: z.string(), createdOn: z.string() }).openapi('NewClient');

export const workflowVersionSchema = z
  .object({ workflowVersionId: z.string(), workflowId: z.string(), version: z.number().int(), name: z.string(), createdOn: z.string(), isLatest: z.boolean() })
  .openapi('WorkflowVersion');

export const workflowVersionDefinitionSchema = z
  .object({
    workflowVersionId: z.string(),
    workflowId: z.string(),
    version: z.number().int(),
    createdOn: z.string(),
    definition: z.record(z.string(), z.unknown()).openapi({ description: 'the validated definition as stored' }),
  })
  .openapi('WorkflowVersionDefinition');

const pathParam = (name: string, max = 200) =>
  z
    .string()
    .min(1)
    .max(max)
    .openapi({ param: { name, in: 'path' } });

export const organizationIdParam = pathParam('organizationId');
export const clientIdParam = pathParam('clientId');
export const workflowIdParam = pathParam('workflowId', 64);
export const workflowVersionIdParam = pathParam('workflowVersionId');
