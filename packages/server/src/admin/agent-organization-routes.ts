import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { agentSecurity, jsonResponse } from '../http/openapi-content.ts';
import type { MiddlewareHandler } from 'hono';
import { agentAuth } from '../agent/agent-auth.ts';
import type { AgentEnv } from '../agent/agent-env.ts';
import { ApiError } from '../errors.ts';
import { validationHook } from '../http/validation-hook.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import { platformErrorResponses } from '../platform/platform-schemas.ts';
import {
  clientIdParam,
  clientSecretSchema,
  nameBodySchema,
  newClientSchema,
  ownClientSchema,
  workflowIdParam,
  workflowVersionDefinitionSchema,
  workflowVersionIdParam,
  workflowVersionSchema,
} from './admin-schemas.ts';
import { addClient, findOwnWorkflowVersion, listClients, listWorkflowVersions, revokeClient, rotateClientSecret } from './admin-store.ts';

const base = '/agent/api/v1';
const security = agentSecurity;
const tags = ['Agent'];
const json = jsonResponse;

const routes = {
  listClients: createRoute({
    method: 'get',
    path: `${base}/client`,
    tags,
    security,
    summary: "The caller's organization's clients (never their secrets)",
    responses: { 200: json(z.array(ownClientSchema), 'Clients'), ...platformErrorResponses },
  }),
  addClient: createRoute({
    method: 'post',
    path: `${base}/client`,
    tags,
    security,
    summary: "Create a client in the caller's organization; its secret is shown only in this answer",
    request: { body: { required: true, content: { 'application/json': { schema: nameBodySchema } } } },
    responses: { 201: json(newClientSchema, 'Created'), ...platformErrorResponses },
  }),
  revokeClient: createRoute({
    method: 'delete',
    path: `${base}/client/{clientId}`,
    tags,
    security,
    summary: "Revoke another client of the caller's organization (a client cannot revoke itself: 409 CONFLICT)",
    request: { params: z.object({ clientId: clientIdParam }) },
    responses: { 204: { description: 'Revoked' }, ...platformErrorResponses },
  }),
  rotateSecret: createRoute({
    method: 'post',
    path: `${base}/client/{clientId}/secret`,
    tags,
    security,
    summary:
      "Rotate the secret of a client of the caller's organization (the caller included); the new secret is shown only in this answer, the old one stops working at once",
    request: { params: z.object({ clientId: clientIdParam }) },
    responses: { 200: json(clientSecretSchema, 'The new secret'), ...platformErrorResponses },
  }),
  listVersions: createRoute({
    method: 'get',
    path: `${base}/workflow/{workflowId}/version`,
    tags,
    security,
    summary: 'Every version of a workflow, newest first',
    request: { params: z.object({ workflowId: workflowIdParam }) },
    responses: { 200: json(z.array(workflowVersionSchema), 'Versions'), ...platformErrorResponses },
  }),
  getVersion: createRoute({
    method: 'get',
    path: `${base}/workflow/{workflowId}/version/{workflowVersionId}`,
    tags,
    security,
    summary: "One version's definition",
    request: { params: z.object({ workflowId: workflowIdParam, workflowVersionId: workflowVersionIdParam }) },
    responses: { 200: json(workflowVersionDefinitionSchema, 'The version'), ...platformErrorResponses },
  }),
};

/**
 * Agent authentication unless it already ran: the agent routes' own middleware covers every
 * `/agent/api/v1/*` path of the app, so these routes must not authenticate (and count failures) twice.
 */
function ensureAgentAuth(ctx: PlatformContext): MiddlewareHandler<AgentEnv> {
  const authenticate = agentAuth(ctx);
  return async function ensureAgentAuthMiddleware(c, next) {
    if (c.get('principal')) return next();
    return authenticate(c, next);
  };
}

/**
 * What the operator console needs of the caller's organization beyond the spec's endpoints: its
 * clients (any client may list them, create one, rotate the secret of any of them and revoke
 * another one, never itself) and the versions of its workflows.
 */
export function createAgentOrganizationRoutes(ctx: PlatformContext) {
  const app = new OpenAPIHono<AgentEnv>({ defaultHook: validationHook });
  for (const path of [`${base}/client`, `${base}/client/*`, `${base}/workflow/*`]) {
    app.use(path, ensureAgentAuth(ctx));
  }

  return app
    .openapi(routes.listClients, async (c) => {
      const { organizationId, clientId } = c.get('principal');
      const clients = await listClients(ctx.db, organizationId);
      return c.json(
        clients.map((client) => ({ ...client, isCaller: client.clientId === clientId })),
        200,
      );
    })
    .openapi(routes.addClient, async (c) => c.json(await addClient(ctx.db, c.get('principal').organizationId, c.req.valid('json').name, isoAt(ctx.now())), 201))
    .openapi(routes.revokeClient, async (c) => {
      const principal = c.get('principal');
      const { clientId } = c.req.valid('param');
      if (clientId === principal.clientId) throw new ApiError('CONFLICT', 'a client cannot revoke itself: sign in with another client of the organization');
      if (!(await revokeClient(ctx.db, clientId, principal.organizationId))) throw new ApiError('NOT_FOUND', 'client not found');
      return c.body(null, 204);
    })
    .openapi(routes.rotateSecret, async (c) => {
      const rotated = await rotateClientSecret(ctx.db, c.req.valid('param').clientId, c.get('principal').organizationId);
      if (!rotated) throw new ApiError('NOT_FOUND', 'client not found');
      return c.json(rotated, 200);
    })
    .openapi(routes.listVersions, async (c) => {
      const versions = await listWorkflowVersions(ctx.db, c.get('principal').organizationId, c.req.valid('param').workflowId);
      if (versions.length === 0) throw new ApiError('WORKFLOW_NOT_FOUND', 'no such workflow in this organization');
      return c.json(versions, 200);
    })
    .openapi(routes.getVersion, async (c) => {
      const { workflowId, workflowVersionId } = c.req.valid('param');
      const version = await findOwnWorkflowVersion(ctx.db, c.get('principal').organizationId, workflowId, workflowVersionId);
      if (!version) throw new ApiError('NOT_FOUND', 'workflow version not found');
      return c.json(version as z.infer<typeof workflowVersionDefinitionSchema>, 200);
    });
}
