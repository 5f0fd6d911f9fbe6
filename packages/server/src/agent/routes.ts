import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { agentSecurity, jsonResponse } from '../http/openapi-content.ts';
import type { CreateTransactionRequest, TransactionRecord } from '@idlens/sdk/api';
import { ApiError } from '../errors.ts';
import { limitJsonBody } from '../http/json-limits.ts';
import { validationHook } from '../http/validation-hook.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import {
  createTransactionRequestSchema,
  createTransactionResponseSchema,
  listQuerySchema,
  platformErrorResponses,
  transactionIdParam,
  transactionListSchema,
  transactionRecordSchema,
  transactionStatusSchema,
  verificationStatusUpdateSchema,
  workflowSummarySchema,
} from '../platform/platform-schemas.ts';
import { createTransaction } from '../platform/transactions/create-transaction.ts';
import { deleteTransaction, setVerificationStatus } from '../platform/transactions/transaction-commands.ts';
import { getTransactionBlob, getTransactionRecordJson, listOwnTransactions } from '../platform/transactions/transaction-queries.ts';
import { getWorkflowSummary, importWorkflow, listWorkflows } from '../platform/workflow-versions/workflow-admin.ts';
import { agentAuth } from './agent-auth.ts';
import type { AgentEnv } from './agent-env.ts';
import { addLinkRoutes } from './link-routes.ts';
import { addWebhookRoutes } from './webhook-routes.ts';

const base = '/agent/api/v1';
const security = agentSecurity;
const tags = ['Agent'];
const idParams = z.object({ transactionId: transactionIdParam });
const json = jsonResponse;

const routes = {
  create: createRoute({
    method: 'post',
    path: `${base}/transaction`,
    tags,
    security,
    summary: 'Create a transaction',
    request: {
      headers: z.object({
        'idempotency-key': z
          .string()
          .min(1)
          .max(200)
          .optional()
          .openapi({ description: 'Retrying with the same key and body answers the same transaction (24 h)' }),
      }),
      body: { required: true, content: { 'application/json': { schema: createTransactionRequestSchema } } },
    },
    responses: {
      201: json(createTransactionResponseSchema, 'Created'),
      200: json(createTransactionResponseSchema, 'Idempotent replay (a new ephemeralKey)'),
      ...platformErrorResponses,
    },
  }),
  list: createRoute({
    method: 'get',
    path: `${base}/transaction`,
    tags,
    security,
    summary: 'List transactions, newest first',
    request: { query: listQuerySchema },
    responses: { 200: json(transactionListSchema, 'One page'), ...platformErrorResponses },
  }),
  get: createRoute({
    method: 'get',
    path: `${base}/transaction/{transactionId}`,
    tags,
    security,
    summary: 'Read a transaction record',
    request: { params: idParams },
    responses: { 200: json(transactionRecordSchema, 'The record'), ...platformErrorResponses },
  }),
  setStatus: createRoute({
    method: 'put',
    path: `${base}/transaction/{transactionId}/verification-status`,
    tags,
    security,
    summary: 'Override the verification status (Complete only)',
    request: { params: idParams, body: { required: true, content: { 'application/json': { schema: verificationStatusUpdateSchema } } } },
    responses: { 200: json(transactionStatusSchema, 'Updated'), ...platformErrorResponses },
  }),
  delete: createRoute({
    method: 'delete',
    path: `${base}/transaction/{transactionId}`,
    tags,
    security,
    summary: 'Delete a Complete or Error transaction with its images',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' }, ...platformErrorResponses },
  }),
  blob: createRoute({
    method: 'get',
    path: `${base}/transaction/{transactionId}/blob/{blobId}/content`,
    tags,
    security,
    summary: 'Image content of a blob referenced in state',
    request: {
      params: z.object({
        transactionId: transactionIdParam,
        blobId: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: 'blobId', in: 'path' } }),
      }),
    },
    responses: {
      200: {
        description: 'The image',
        content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) }, 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...platformErrorResponses,
    },
  }),
  initializeInfo: createRoute({
    method: 'get',
    path: `${base}/initialize/{workflowId}/info`,
    tags,
    security,
    summary: 'What creating a transaction of a workflow needs (for proxies)',
    request: {
      params: z.object({
        workflowId: z
          .string()
          .min(1)
          .max(64)
          .openapi({ param: { name: 'workflowId', in: 'path' } }),
      }),
    },
    responses: { 200: json(workflowSummarySchema, 'The workflow'), ...platformErrorResponses },
  }),
  listWorkflows: createRoute({
    method: 'get',
    path: `${base}/workflow`,
    tags,
    security,
    summary: "The organization's workflows (latest versions)",
    responses: { 200: json(z.array(workflowSummarySchema), 'Workflows'), ...platformErrorResponses },
  }),
  importWorkflow: createRoute({
    method: 'post',
    path: `${base}/workflow`,
    tags,
    security,
    summary: 'Import a workflow definition as a new version',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ description: 'A workflow definition (docs/transaction-platform.md)' }) },
        },
      },
    },
    responses: { 201: json(workflowSummarySchema.extend({ version: z.number().int() }), 'Imported'), ...platformErrorResponses },
  }),
};

/** The agent interface: transactions, workflows, webhook endpoints and verification links of the authenticated client's organization. */
export function createAgentRoutes(ctx: PlatformContext) {
  const app = new OpenAPIHono<AgentEnv>({ defaultHook: validationHook });
  app.use(`${base}/*`, agentAuth(ctx));
  app.use(`${base}/*`, limitJsonBody());
  // Cache-Control: no-store is set for every /agent answer in app.ts, before authentication.

  const withWebhooks = addWebhookRoutes(
    app
      .openapi(routes.create, async (c) => {
        const body = c.req.valid('json') as CreateTransactionRequest;
        const { 'idempotency-key': key } = c.req.valid('header');
        const { response, replayed } = await createTransaction(ctx, c.get('principal'), body, key ?? null);
        if (replayed) return c.json(response, 200, { 'Idempotent-Replayed': 'true' });
        return c.json(response, 201);
      })
      .openapi(routes.list, async (c) => c.json(await listOwnTransactions(ctx, c.get('principal'), c.req.valid('query')), 200))
      // The record comes serialized (a cached one is answered as it was): typed as the route's JSON.
      .openapi(routes.get, async (c) => {
        const json = await getTransactionRecordJson(ctx, c.get('principal'), c.req.valid('param').transactionId);
        return c.body(json, 200, { 'content-type': 'application/json' }) as unknown as ReturnType<typeof c.json<TransactionRecord, 200>>;
      })
      .openapi(routes.setStatus, async (c) => {
        const { verificationStatus, comment } = c.req.valid('json');
        return c.json(await setVerificationStatus(ctx, c.get('principal'), c.req.valid('param').transactionId, verificationStatus, comment ?? null), 200);
      })
      .openapi(routes.delete, async (c) => {
        await deleteTransaction(ctx, c.get('principal'), c.req.valid('param').transactionId);
        return c.body(null, 204);
      })
      .openapi(routes.blob, async (c) => {
        const { transactionId, blobId } = c.req.valid('param');
        const blob = await getTransactionBlob(ctx, c.get('principal'), transactionId, blobId);
        return c.body(new Uint8Array(blob.data), 200, {
          'Content-Type': blob.contentType,
          'Content-Length': String(blob.size),
          'Cache-Control': 'private, no-store',
        });
      })
      .openapi(routes.initializeInfo, async (c) =>
        c.json(await getWorkflowSummary(ctx.db, c.get('principal').organizationId, c.req.valid('param').workflowId), 200),
      )
      .openapi(routes.listWorkflows, async (c) => c.json(await listWorkflows(ctx.db, c.get('principal').organizationId), 200))
      .openapi(routes.importWorkflow, async (c) => {
        const body = c.req.valid('json');
        if (Array.isArray(body)) throw new ApiError('INVALID_REQUEST', 'the request body must be a workflow definition object');
        return c.json(await importWorkflow(ctx.db, c.get('principal').organizationId, body, isoAt(ctx.now())), 201);
      }),
    ctx,
  );
  return addLinkRoutes(withWebhooks, ctx);
}
