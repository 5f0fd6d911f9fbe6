import { z } from '@hono/zod-openapi';
import { verificationLinkStatuses } from '@idlens/sdk/api';
import { consentSchema } from '../platform/platform-schemas.ts';

/** Zod schemas of verification links and branding (agent API) and of the run page's start request; the OpenAPI document is generated from them. */

export const verificationLinkRequestSchema = z
  .object({
    workflowId: z.string().min(1).max(64),
    expiresOn: z.iso.datetime({ offset: true }).openapi({ description: 'ISO 8601 date-time; in the future, at most 30 days away' }),
    formValues: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "Start form values the link fixes (each declared by the workflow); the run page asks for the workflow's other fields" }),
    consent: z.object({ userId: consentSchema.shape.userId.openapi({ description: 'consent.userId of the transactions the link starts' }) }),
    redirectUrl: z.string().max(2000).optional().openapi({ description: 'http(s): where the run page sends the end user when done, with ?transactionId=…' }),
    singleUse: z.boolean().optional().openapi({ description: 'default true: one transaction; false: any number until it expires or is revoked' }),
  })
  .openapi('VerificationLinkRequest');

export const verificationLinkSchema = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    expiresOn: z.string(),
    formValues: z.record(z.string(), z.unknown()),
    consent: z.object({ userId: z.string() }),
    redirectUrl: z.string().nullable(),
    singleUse: z.boolean(),
    status: z
      .enum(verificationLinkStatuses)
      .openapi({ description: 'active: it can start a transaction; expired, revoked, or used (single-use, started one)' }),
    transactionCount: z.number().int().openapi({ description: 'transactions it started' }),
    createdOn: z.string(),
    usedOn: z.string().nullable().openapi({ description: 'when it started its first transaction' }),
    revokedOn: z.string().nullable(),
  })
  .openapi('VerificationLink');

export const verificationLinkCreatedSchema = verificationLinkSchema
  .extend({ url: z.string().openapi({ description: 'the link to send to the end user: shown once, here (the server keeps a hash of its token)' }) })
  .openapi('VerificationLinkCreated');

export const verificationLinkDetailSchema = verificationLinkSchema
  .extend({
    transactions: z
      .array(
        z.object({
          transactionId: z.string(),
          createdOn: z.string(),
          processingStatus: z.string(),
          verificationStatus: z.string().nullable(),
        }),
      )
      .openapi({ description: 'the transactions it started that still exist, newest first (100 at most)' }),
  })
  .openapi('VerificationLinkDetail');

export const verificationLinkListSchema = z
  .object({ items: z.array(verificationLinkSchema), nextCursor: z.string().nullable() })
  .openapi('VerificationLinkList');

export const verificationLinkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(400).optional(),
});

export const linkIdParams = z.object({
  linkId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'linkId', in: 'path' } }),
});

export const brandingSchema = z
  .object({
    displayName: z.string().nullable().openapi({ description: "the name the run page shows (null: the organization's name)" }),
    accentColor: z.string().nullable().openapi({ description: '#rrggbb (null: the default)' }),
    hasLogo: z.boolean(),
    modifiedOn: z.string().nullable(),
  })
  .openapi('Branding');

export const brandingUpdateSchema = z
  .object({
    displayName: z.string().trim().min(1).max(100).nullable().optional(),
    accentColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb')
      .nullable()
      .optional(),
  })
  .openapi('BrandingUpdate');

/** `POST /run/{token}/transaction`: what `<idlens-transaction>` sends (its workflowId and consent.userId are the link's). */
export const runStartSchema = z.object({
  sdkVersion: z.string().max(100),
  formValues: z.record(z.string(), z.unknown()).default({}),
  consent: consentSchema.omit({ userId: true }).partial({ givenOn: true }),
});
