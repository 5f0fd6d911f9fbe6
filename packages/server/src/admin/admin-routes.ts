import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { jsonResponse } from '../http/openapi-content.ts';
import { ApiError } from '../errors.ts';
import { errorResponse } from '../http/error-response.ts';
import { validationHook } from '../http/validation-hook.ts';
import type { AppEnv } from '../http/context.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import { adminAuth } from './admin-auth.ts';
import { clientIdParam, clientSchema, clientSecretSchema, nameBodySchema, newClientSchema, organizationIdParam, organizationSchema } from './admin-schemas.ts';
import { addClient, addOrganization, listClients, listOrganizations, organizationExists, revokeClient, rotateClientSecret } from './admin-store.ts';

const base = '/admin/api/v1';
const tags = ['Admin'];
const security: Array<Record<string, string[]>> = [{ adminBearer: [] }];
const json = jsonResponse;
const errors = {
  400: errorResponse('Invalid request (the message names the field)'),
  401: errorResponse('Missing or wrong operator token'),
  404: errorResponse('No such organization or client (or no ADMIN_TOKEN configured: the admin API is off)'),
  415: errorResponse('Content-Type is not application/json'),
  429: errorResponse('Too many failed authentication attempts'),
};
const orgParams = z.object({ organizationId: organizationIdParam });
const clientParams = z.object({ organizationId: organizationIdParam, clientId: clientIdParam });
const nameBody = { required: true, content: { 'application/json': { schema: nameBodySchema } } };

const routes = {
  listOrganizations: createRoute({
    method: 'get',
    path: `${base}/organizations`,
    tags,
    security,
    summary: 'List organizations',
    responses: { 200: json(z.array(organizationSchema), 'Organizations, oldest first'), ...errors },
  }),
  addOrganization: createRoute({
    method: 'post',
    path: `${base}/organizations`,
    tags,
    security,
    summary: 'Create an organization (no workflows, no clients)',
    request: { body: nameBody },
    responses: { 201: json(organizationSchema, 'Created'), ...errors },
  }),
  listClients: createRoute({
    method: 'get',
    path: `${base}/organizations/{organizationId}/clients`,
    tags,
    security,
    summary: "List an organization's clients (never their secrets)",
    request: { params: orgParams },
    responses: { 200: json(z.array(clientSchema), 'Clients'), ...errors },
  }),
  addClient: createRoute({
    method: 'post',
    path: `${base}/organizations/{organizationId}/clients`,
    tags,
    security,
    summary: 'Create a client; its secret is shown only in this answer',
    request: { params: orgParams, body: nameBody },
    responses: { 201: json(newClientSchema, 'Created'), ...errors },
  }),
  revokeClient: createRoute({
    method: 'delete',
    path: `${base}/organizations/{organizationId}/clients/{clientId}`,
    tags,
    security,
    summary: 'Revoke a client: its secret and its access tokens stop working at once',
    request: { params: clientParams },
    responses: { 204: { description: 'Revoked' }, ...errors },
  }),
  rotateSecret: createRoute({
    method: 'post',
    path: `${base}/organizations/{organizationId}/clients/{clientId}/secret`,
    tags,
    security,
    summary: 'Rotate a client secret; the new one is shown only in this answer, the old one stops working',
    request: { params: clientParams },
    responses: { 200: json(clientSecretSchema, 'The new secret'), ...errors },
  }),
};

/**
 * The operator's admin API (`/admin/api/v1`): organizations and their clients. Guarded by the
 * operator token of the configuration (`ADMIN_TOKEN`), never by a client of an organization;
 * without a token it answers 404 everywhere.
 */
export function createAdminRoutes(ctx: PlatformContext, token: string | null) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use(`${base}/*`, adminAuth(token, ctx.authFailures));
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminBearer', { type: 'http', scheme: 'bearer', description: 'the operator token (ADMIN_TOKEN)' });

  const requireOrganization = async (organizationId: string) => {
    if (!(await organizationExists(ctx.db, organizationId))) throw new ApiError('NOT_FOUND', 'organization not found');
  };
  const now = () => isoAt(ctx.now());

  return app
    .openapi(routes.listOrganizations, async (c) => c.json(await listOrganizations(ctx.db), 200))
    .openapi(routes.addOrganization, async (c) => c.json(await addOrganization(ctx.db, c.req.valid('json').name, now()), 201))
    .openapi(routes.listClients, async (c) => {
      const { organizationId } = c.req.valid('param');
      await requireOrganization(organizationId);
      return c.json(await listClients(ctx.db, organizationId), 200);
    })
    .openapi(routes.addClient, async (c) => {
      const { organizationId } = c.req.valid('param');
      await requireOrganization(organizationId);
      return c.json(await addClient(ctx.db, organizationId, c.req.valid('json').name, now()), 201);
    })
    .openapi(routes.revokeClient, async (c) => {
      const { organizationId, clientId } = c.req.valid('param');
      if (!(await revokeClient(ctx.db, clientId, organizationId))) throw new ApiError('NOT_FOUND', 'client not found');
      return c.body(null, 204);
    })
    .openapi(routes.rotateSecret, async (c) => {
      const { organizationId, clientId } = c.req.valid('param');
      const rotated = await rotateClientSecret(ctx.db, clientId, organizationId);
      if (!rotated) throw new ApiError('NOT_FOUND', 'client not found');
      return c.json(rotated, 200);
    });
}
