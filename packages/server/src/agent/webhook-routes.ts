import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { agentSecurity, jsonBody, jsonResponse } from '../http/openapi-content.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import { platformErrorResponses } from '../platform/platform-schemas.ts';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpointViews,
  redeliverWebhook,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpointFields,
} from '../webhooks/webhook-endpoints.ts';
import {
  deliveryParams,
  endpointIdParams,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '../webhooks/webhook-schemas.ts';
import type { AgentEnv } from './agent-env.ts';

const base = '/agent/api/v1/webhook-endpoint';
const security = agentSecurity;
const tags = ['Webhooks'];
const json = jsonResponse;
const body = jsonBody;

const routes = {
  create: createRoute({
    method: 'post',
    path: base,
    tags,
    security,
    summary: 'Register a webhook endpoint (the answer shows its signing secret, once)',
    request: { body: body(webhookEndpointRequestSchema) },
    responses: { 201: json(webhookEndpointWithSecretSchema, 'Registered'), ...platformErrorResponses },
  }),
  list: createRoute({
    method: 'get',
    path: base,
    tags,
    security,
    summary: "The organization's webhook endpoints",
    responses: { 200: json(z.array(webhookEndpointSchema), 'Endpoints'), ...platformErrorResponses },
  }),
  get: createRoute({
    method: 'get',
    path: `${base}/{endpointId}`,
    tags,
    security,
    summary: 'Read a webhook endpoint',
    request: { params: endpointIdParams },
    responses: { 200: json(webhookEndpointSchema, 'The endpoint'), ...platformErrorResponses },
  }),
  update: createRoute({
    method: 'patch',
    path: `${base}/{endpointId}`,
    tags,
    security,
    summary: 'Change the URL, events, description, or enable/disable',
    request: { params: endpointIdParams, body: body(webhookEndpointUpdateSchema) },
    responses: { 200: json(webhookEndpointSchema, 'Changed'), ...platformErrorResponses },
  }),
  delete: createRoute({
    method: 'delete',
    path: `${base}/{endpointId}`,
    tags,
    security,
    summary: 'Delete a webhook endpoint and its delivery log',
    request: { params: endpointIdParams },
    responses: { 204: { description: 'Deleted' }, ...platformErrorResponses },
  }),
  rotateSecret: createRoute({
    method: 'post',
    path: `${base}/{endpointId}/secret`,
    tags,
    security,
    summary: 'Replace the signing secret (shown once, here)',
    request: { params: endpointIdParams },
    responses: { 200: json(webhookEndpointWithSecretSchema, 'The new secret'), ...platformErrorResponses },
  }),
  deliveries: createRoute({
    method: 'get',
    path: `${base}/{endpointId}/delivery`,
    tags,
    security,
    summary: 'The delivery log, newest first',
    request: { params: endpointIdParams, query: webhookDeliveryQuerySchema },
    responses: { 200: json(webhookDeliveryListSchema, 'One page'), ...platformErrorResponses },
  }),
  redeliver: createRoute({
    method: 'post',
    path: `${base}/{endpointId}/delivery/{eventId}/redeliver`,
    tags,
    security,
    summary: 'Send an event again',
    request: { params: deliveryParams },
    responses: { 202: json(webhookDeliverySchema, 'Scheduled'), ...platformErrorResponses },
  }),
};

/** Webhook endpoints and their delivery logs on the agent API (added to its app, behind its authentication). */
export function addWebhookRoutes<App extends OpenAPIHono<AgentEnv>>(app: App, ctx: PlatformContext) {
  return app
    .openapi(routes.create, async (c) => c.json(await createWebhookEndpoint(ctx, c.get('principal'), c.req.valid('json')), 201))
    .openapi(routes.list, async (c) => c.json(await listWebhookEndpointViews(ctx, c.get('principal')), 200))
    .openapi(routes.get, async (c) => c.json(await getWebhookEndpoint(ctx, c.get('principal'), c.req.valid('param').endpointId), 200))
    .openapi(routes.update, async (c) =>
      c.json(await updateWebhookEndpointFields(ctx, c.get('principal'), c.req.valid('param').endpointId, c.req.valid('json')), 200),
    )
    .openapi(routes.delete, async (c) => {
      await removeWebhookEndpoint(ctx, c.get('principal'), c.req.valid('param').endpointId);
      return c.body(null, 204);
    })
    .openapi(routes.rotateSecret, async (c) => c.json(await rotateWebhookSecret(ctx, c.get('principal'), c.req.valid('param').endpointId), 200))
    .openapi(routes.deliveries, async (c) =>
      c.json(await listWebhookDeliveries(ctx, c.get('principal'), c.req.valid('param').endpointId, c.req.valid('query')), 200),
    )
    .openapi(routes.redeliver, async (c) => {
      const { endpointId, eventId } = c.req.valid('param');
      return c.json(await redeliverWebhook(ctx, c.get('principal'), endpointId, eventId), 202);
    });
}
