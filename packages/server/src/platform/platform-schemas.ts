import { z } from '@hono/zod-openapi';
import { platformNames, processingStatuses, stepTypes, verificationStatuses } from '@idlens/sdk/api';
import { errorResponse } from '../http/error-response.ts';

/** Zod schemas of the platform's wire types (sdk/src/api/transaction.ts), shared by agent and edge routes. */

const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

export const consentSchema = z
  .object({
    userId: z.string().min(1).max(256),
    givenOn: z
      .string()
      .regex(localDateTime, 'expected an ISO 8601 date-time without zone designator, e.g. 2024-05-01T12:30:00')
      .refine((v) => !Number.isNaN(Date.parse(`${v}Z`)) && new Date(`${v}Z`).toISOString().slice(0, 10) === v.slice(0, 10), 'not a real date'),
    isProcessingStoringAllowed: z.boolean(),
    isTrainingAllowed: z.boolean(),
  })
  .openapi('Consent');

const platformKeys = Object.keys(platformNames) as [keyof typeof platformNames, ...Array<keyof typeof platformNames>];

export const createTransactionRequestSchema = z
  .object({
    workflowId: z.string().min(1).max(64),
    platform: z.enum(platformKeys).openapi({ description: 'browser, android, ios, reactnative, flutter or server (the record shows the capitalized name)' }),
    sdkVersion: z.string().min(1).max(64),
    formValues: z.record(z.string(), z.unknown()).openapi({ description: "one entry per field the workflow's Start step declares" }),
    consent: consentSchema,
    tags: z.array(z.string().min(1).max(64)).max(20).optional(),
    linkFields: z
      .record(z.string().min(1).max(64), z.string().max(512))
      .refine((v) => Object.keys(v).length <= 20, 'at most 20 link fields')
      .optional(),
  })
  .openapi('CreateTransactionRequest');

export const stepInfoSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(stepTypes), interactive: z.boolean() }).openapi('WorkflowStep');

export const workflowInfoSchema = z
  .object({
    stepCount: z.number().int(),
    interactiveStepCount: z.number().int(),
    hasConditionalInteractiveStep: z.boolean(),
    interactiveSteps: z.array(stepInfoSchema),
    completedInteractiveSteps: z.array(stepInfoSchema),
    currentStep: z.string(),
    currentStepRetryCount: z.number().int(),
    currentStepExecutionIndex: z.number().int(),
    steps: z.array(stepInfoSchema),
    currentStepId: z.number().int(),
    pendingStepIds: z.array(z.number().int()),
    completedStepIds: z.array(z.number().int()),
  })
  .openapi('WorkflowInfo');

const processingStatus = z.enum(processingStatuses);
const verificationStatus = z.enum(verificationStatuses);

export const createTransactionResponseSchema = z
  .object({
    transactionId: z.string(),
    workflowId: z.string(),
    workflowVersionId: z.string(),
    organizationId: z.string(),
    ephemeralKey: z.string(),
    authorization: z.string(),
    workflowInfo: workflowInfoSchema,
    createdOn: z.string(),
    modifiedOn: z.string(),
    processingStatus,
    warnings: z.array(z.object({ code: z.string(), message: z.string() })),
    edgeApiUrl: z.string(),
  })
  .openapi('CreateTransactionResponse');

const json = z.record(z.string(), z.unknown());

export const transactionRecordSchema = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    workflowVersionId: z.string(),
    partnerId: z.string(),
    companyId: z.string(),
    organizationId: z.string(),
    platform: z.string(),
    sdkVersion: z.object({ version: z.string() }),
    createdOn: z.string(),
    modifiedOn: z.string(),
    processingStatus,
    verificationStatus: verificationStatus.nullable(),
    originalVerificationStatus: verificationStatus.nullable(),
    statusLog: z.array(
      z.object({
        changedOn: z.string(),
        changedBy: z.string(),
        field: z.enum(['processingStatus', 'verificationStatus']),
        oldValue: z.string().nullable(),
        newValue: z.string().nullable(),
        comment: z.string().nullable(),
      }),
    ),
    state: z.record(
      z.string(),
      z.object({
        stepId: z.number().int(),
        stepType: z.enum(stepTypes),
        input: json,
        extraction: json,
        output: json.nullable(),
        createdOn: z.string(),
        modifiedOn: z.string(),
      }),
    ),
    tags: z.array(z.string()),
    linkFields: z.record(z.string(), z.string()),
    consent: consentSchema,
    workflowInfo: workflowInfoSchema,
  })
  .openapi('TransactionRecord');

export const transactionStatusSchema = z
  .object({
    transactionId: z.string(),
    processingStatus,
    verificationStatus: verificationStatus.nullable(),
    originalVerificationStatus: verificationStatus.nullable(),
  })
  .openapi('TransactionStatus');

export const verificationStatusUpdateSchema = z.object({ verificationStatus, comment: z.string().max(2000).optional() }).openapi('VerificationStatusUpdate');

export const transactionListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        workflowId: z.string(),
        workflowVersionId: z.string(),
        organizationId: z.string(),
        processingStatus,
        verificationStatus: verificationStatus.nullable(),
        createdOn: z.string(),
        modifiedOn: z.string(),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .openapi('TransactionList');

/** A bound of the created-on range: an ISO 8601 date-time with zone, or a date (its 00:00 UTC); normalized to the stored form. */
const createdBound = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'expected a date (YYYY-MM-DD) or an ISO 8601 date-time with zone')
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)), 'not a real date')
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString());

export const listQuerySchema = z.object({
  transactionId: z.string().min(1).max(200).optional().openapi({ description: 'only the transaction with this id (exact)' }),
  userId: z.string().min(1).max(256).optional().openapi({ description: "only transactions whose consent.userId is this (the customer's user id, exact)" }),
  processingStatus: processingStatus.optional(),
  verificationStatus: verificationStatus.optional(),
  workflowId: z.string().max(64).optional(),
  createdFrom: createdBound.optional().openapi({ description: 'created on or after (inclusive)' }),
  createdTo: createdBound.optional().openapi({ description: 'created before (exclusive)' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

export const workflowSummarySchema = z
  .object({
    workflowId: z.string(),
    workflowVersionId: z.string(),
    name: z.string(),
    formFields: z.array(z.object({ name: z.string(), type: z.enum(['string', 'number', 'boolean', 'email', 'date']), required: z.boolean() })),
    interactiveSteps: z.array(stepInfoSchema),
  })
  .openapi('WorkflowSummary');

export const resumeResponseSchema = z
  .object({
    transactionId: z.string(),
    isChanged: z.boolean(),
    processingStatus,
    verificationStatus: verificationStatus.nullable(),
    workflowInfo: workflowInfoSchema,
    hasConsent: z.boolean(),
  })
  .openapi('ResumeResponse');

export const edgeViewSchema = z
  .object({
    transactionId: z.string(),
    processingStatus,
    verificationStatus: verificationStatus.nullable(),
    workflowInfo: workflowInfoSchema,
    hasConsent: z.boolean(),
    currentStep: stepInfoSchema.extend({ settings: json, awaitingInput: z.boolean() }).nullable(),
  })
  .openapi('EdgeTransactionView');

const base64Image = z.string().min(1).nullable().optional();
export const stepSubmissionSchema = z
  .object({
    images: z.object({ front: base64Image, back: base64Image, face: base64Image }),
    extraction: json.nullable().optional(),
  })
  .openapi('StepSubmission');

export const platformErrorResponses = {
  400: errorResponse('Invalid request (the message names the field)'),
  401: errorResponse('Missing or invalid credentials'),
  404: errorResponse('Not found (also: another organization’s transaction)'),
  409: errorResponse('Not allowed in the transaction’s current state'),
  413: errorResponse('The request body is too large'),
  415: errorResponse('Content-Type is not application/json'),
  429: errorResponse('Too many failed authentication attempts, or (step submissions) too many of the organization in flight; retry after Retry-After seconds'),
  500: errorResponse('Internal error'),
  503: errorResponse('Busy (step submissions): the server holds as many request bodies as it admits; retry after Retry-After seconds'),
};

export const transactionIdParam = z
  .string()
  .min(1)
  .max(200)
  .openapi({ param: { name: 'transactionId', in: 'path' } });
