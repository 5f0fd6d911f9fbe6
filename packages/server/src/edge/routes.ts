import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { jsonResponse } from '../http/openapi-content.ts';
import type { StepSubmission } from '@idlens/sdk/api';
import { ApiError } from '../errors.ts';
import { limitBody } from '../http/body-limit.ts';
import { corsHeaders } from '../http/cors.ts';
import { limitJsonBody } from '../http/json-limits.ts';
import { validationHook } from '../http/validation-hook.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import { edgeViewSchema, platformErrorResponses, resumeResponseSchema, stepSubmissionSchema, transactionIdParam } from '../platform/platform-schemas.ts';
import { resumeTransaction } from '../platform/transactions/resume-transaction.ts';
import { submitStep } from '../platform/transactions/submit-step.ts';
import { toEdgeView } from '../platform/transactions/transaction-views.ts';
import { cancelTransactionHandoff, handoffState, startHandoff } from '../platform/handoff/handoff.ts';
import { edgeAuth, ownerOnly, ownerUnlessHandedOff } from './edge-auth.ts';
import { admitSubmission } from './submission-admission.ts';
import type { EdgeEnv } from './edge-env.ts';

const base = '/edge/api/v1';
const security: Array<Record<string, string[]>> = [{ edgeBasic: [] }];
const tags = ['Edge'];
const idParams = z.object({ transactionId: transactionIdParam });
const json = jsonResponse;

const handoffStatuses = ['none', 'waiting', 'joined', 'expired', 'cancelled'] as const;
const handoffStateSchema = z
  .object({
    status: z
      .enum(handoffStatuses)
      .openapi({ description: 'waiting: for a device to join; joined: a device holds the transaction; expired, cancelled, or none' }),
    expiresOn: z.string().nullable().openapi({ description: 'when the join URL stops working' }),
    joinedOn: z.string().nullable(),
    transaction: edgeViewSchema,
  })
  .openapi('HandoffState');
const handoffStartedSchema = z
  .object({
    status: z.literal('waiting'),
    joinUrl: z.string().openapi({ description: 'the URL the other device opens (once, before expiresOn): `{PUBLIC_URL}/run/join/{key}`' }),
    expiresOn: z.string(),
    qrCodeSvg: z.string().openapi({ description: 'the join URL as a QR code (SVG), for the page to show' }),
  })
  .openapi('HandoffStarted');

const routes = {
  startHandoff: createRoute({
    method: 'post',
    path: `${base}/transaction/{transactionId}/handoff`,
    tags,
    security,
    summary: 'Hand the transaction off to another device: a join URL (once, minutes) and its QR code',
    request: { params: idParams },
    responses: { 201: json(handoffStartedSchema, 'Waiting for a device to join'), ...platformErrorResponses },
  }),
  handoffState: createRoute({
    method: 'get',
    path: `${base}/transaction/{transactionId}/handoff`,
    tags,
    security,
    summary: 'Where the hand-off stands, with the transaction (poll every 2 s)',
    request: { params: idParams },
    responses: { 200: json(handoffStateSchema, 'The hand-off'), ...platformErrorResponses },
  }),
  cancelHandoff: createRoute({
    method: 'delete',
    path: `${base}/transaction/{transactionId}/handoff`,
    tags,
    security,
    summary: "Take the transaction back: the join URL and the other device's key stop working",
    request: { params: idParams },
    responses: { 204: { description: 'Cancelled' }, ...platformErrorResponses },
  }),
  resume: createRoute({
    method: 'post',
    path: `${base}/transaction/{transactionId}/resume`,
    tags,
    security,
    summary: 'Run the workflow as far as it can go',
    request: { params: idParams },
    responses: { 200: json(resumeResponseSchema, 'Where the transaction stands'), ...platformErrorResponses },
  }),
  view: createRoute({
    method: 'get',
    path: `${base}/transaction/{transactionId}`,
    tags,
    security,
    summary: 'The transaction as the browser needs it',
    request: { params: idParams },
    responses: { 200: json(edgeViewSchema, 'The edge view'), ...platformErrorResponses },
  }),
  submit: createRoute({
    method: 'post',
    path: `${base}/transaction/{transactionId}/step/{stepId}`,
    tags,
    security,
    summary: "Submit an interactive step's images and the browser's extraction",
    request: {
      params: z.object({
        transactionId: transactionIdParam,
        stepId: z.coerce
          .number()
          .int()
          .min(1)
          .openapi({ param: { name: 'stepId', in: 'path' } }),
      }),
      body: { required: true, content: { 'application/json': { schema: stepSubmissionSchema } } },
    },
    responses: { 200: json(edgeViewSchema, 'Accepted; resume to continue'), ...platformErrorResponses },
  }),
};

export interface EdgeRouteOptions {
  /** Origins allowed to call the edge API from browsers (`*` = any). */
  corsOrigins: string[];
  /** Largest step submission body (three Base64 images plus the extraction). */
  maxBodyBytes: number;
}

/** The edge interface: one transaction, authenticated by its ephemeral key, callable from browsers. */
export function createEdgeRoutes(ctx: PlatformContext, { corsOrigins, maxBodyBytes }: EdgeRouteOptions) {
  const app = new OpenAPIHono<EdgeEnv>({ defaultHook: validationHook });
  // CORS first, so preflights need no credentials and error answers stay readable by the page.
  app.use(
    `${base}/*`,
    corsHeaders({
      origin: (origin) => (corsOrigins.includes('*') ? origin || '*' : corsOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type'],
      exposeHeaders: ['x-execution-id'],
      maxAge: 600,
    }),
  );
  app.use(
    `${base}/transaction/:transactionId/step/*`,
    limitBody(maxBodyBytes, () => new ApiError('PAYLOAD_TOO_LARGE', `the submission is larger than ${maxBodyBytes} bytes`)),
  );
  // `/:transactionId/*` matches `/:transactionId` itself too: one registration authenticates all three routes.
  app.use(`${base}/transaction/:transactionId/*`, edgeAuth(ctx));
  // While another device holds the transaction, its own key may read it, not act on it.
  app.use(`${base}/transaction/:transactionId/step/*`, ownerUnlessHandedOff(ctx));
  app.use(`${base}/transaction/:transactionId/resume`, ownerUnlessHandedOff(ctx));
  app.use(`${base}/transaction/:transactionId/handoff`, ownerOnly());
  app.use(`${base}/transaction/:transactionId/step/*`, admitSubmission(ctx, maxBodyBytes), limitJsonBody());

  return app
    .openapi(routes.startHandoff, async (c) => c.json(await startHandoff(ctx, c.get('transaction')), 201))
    .openapi(routes.handoffState, async (c) => c.json(await handoffState(ctx, c.get('transaction')), 200))
    .openapi(routes.cancelHandoff, async (c) => {
      await cancelTransactionHandoff(ctx, c.get('transaction'));
      return c.body(null, 204);
    })
    .openapi(routes.resume, async (c) => c.json(await resumeTransaction(ctx, c.get('transaction')), 200))
    .openapi(routes.view, async (c) => {
      const tx = c.get('transaction');
      const { definition } = await ctx.workflows.get(ctx.db, tx.workflowVersionId);
      return c.json(toEdgeView(tx, definition), 200);
    })
    .openapi(routes.submit, async (c) => {
      const { stepId } = c.req.valid('param');
      return c.json(await submitStep(ctx, c.get('transaction'), stepId, c.req.valid('json') as StepSubmission), 200);
    });
}
