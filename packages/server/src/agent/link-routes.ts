import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { agentSecurity, jsonBody, jsonResponse } from '../http/openapi-content.ts';
import { ApiError } from '../errors.ts';
import { getBranding, maxLogoBytes, removeLogo, findLogo, setLogo, updateBranding } from '../links/branding.ts';
import {
  brandingSchema,
  brandingUpdateSchema,
  linkIdParams,
  verificationLinkCreatedSchema,
  verificationLinkDetailSchema,
  verificationLinkListQuerySchema,
  verificationLinkListSchema,
  verificationLinkRequestSchema,
} from '../links/link-schemas.ts';
import { createVerificationLink, getVerificationLink, listVerificationLinkViews, revokeVerificationLink } from '../links/verification-links.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import { platformErrorResponses } from '../platform/platform-schemas.ts';
import type { AgentEnv } from './agent-env.ts';

const base = '/agent/api/v1/verification-link';
const brandingPath = '/agent/api/v1/organization/branding';
const security = agentSecurity;
const tags = ['Verification links'];
const json = jsonResponse;
const body = jsonBody;

const routes = {
  create: createRoute({
    method: 'post',
    path: base,
    tags,
    security,
    summary: 'Create a verification link (the answer holds its URL, once)',
    request: { body: body(verificationLinkRequestSchema) },
    responses: { 201: json(verificationLinkCreatedSchema, 'Created'), ...platformErrorResponses },
  }),
  list: createRoute({
    method: 'get',
    path: base,
    tags,
    security,
    summary: "The organization's verification links, newest first",
    request: { query: verificationLinkListQuerySchema },
    responses: { 200: json(verificationLinkListSchema, 'One page'), ...platformErrorResponses },
  }),
  get: createRoute({
    method: 'get',
    path: `${base}/{linkId}`,
    tags,
    security,
    summary: 'Read a verification link and the transactions it started',
    request: { params: linkIdParams },
    responses: { 200: json(verificationLinkDetailSchema, 'The link'), ...platformErrorResponses },
  }),
  revoke: createRoute({
    method: 'delete',
    path: `${base}/{linkId}`,
    tags,
    security,
    summary: 'Revoke a verification link (it starts nothing more; its transactions stay)',
    request: { params: linkIdParams },
    responses: { 204: { description: 'Revoked' }, ...platformErrorResponses },
  }),
  getBranding: createRoute({
    method: 'get',
    path: brandingPath,
    tags,
    security,
    summary: 'What the hosted run page shows of the organization',
    responses: { 200: json(brandingSchema, 'Branding'), ...platformErrorResponses },
  }),
  updateBranding: createRoute({
    method: 'patch',
    path: brandingPath,
    tags,
    security,
    summary: 'Set the display name or accent colour (null: back to the default)',
    request: { body: body(brandingUpdateSchema) },
    responses: { 200: json(brandingSchema, 'Changed'), ...platformErrorResponses },
  }),
  setLogo: createRoute({
    method: 'put',
    path: `${brandingPath}/logo`,
    tags,
    security,
    summary: `Set the logo: the body is a PNG or JPEG, at most ${maxLogoBytes / 1024} KiB and 1024 px a side`,
    request: {
      body: {
        required: true,
        content: {
          'image/png': { schema: z.string().openapi({ format: 'binary' }) },
          'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
        },
      },
    },
    responses: { 200: json(brandingSchema, 'Changed'), ...platformErrorResponses },
  }),
  getLogo: createRoute({
    method: 'get',
    path: `${brandingPath}/logo`,
    tags,
    security,
    summary: 'The logo (404 when there is none)',
    responses: {
      200: {
        description: 'The image',
        content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) }, 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...platformErrorResponses,
    },
  }),
  removeLogo: createRoute({
    method: 'delete',
    path: `${brandingPath}/logo`,
    tags,
    security,
    summary: 'Remove the logo',
    responses: { 200: json(brandingSchema, 'Changed'), ...platformErrorResponses },
  }),
};

/** Verification links and the run page's branding on the agent API (added to its app, behind its authentication). */
export function addLinkRoutes<App extends OpenAPIHono<AgentEnv>>(app: App, ctx: PlatformContext) {
  return app
    .openapi(routes.create, async (c) => c.json(await createVerificationLink(ctx, c.get('principal'), c.req.valid('json')), 201))
    .openapi(routes.list, async (c) => c.json(await listVerificationLinkViews(ctx, c.get('principal'), c.req.valid('query')), 200))
    .openapi(routes.get, async (c) => c.json(await getVerificationLink(ctx, c.get('principal'), c.req.valid('param').linkId), 200))
    .openapi(routes.revoke, async (c) => {
      await revokeVerificationLink(ctx, c.get('principal'), c.req.valid('param').linkId);
      return c.body(null, 204);
    })
    .openapi(routes.getBranding, async (c) => c.json(await getBranding(ctx, c.get('principal')), 200))
    .openapi(routes.updateBranding, async (c) => c.json(await updateBranding(ctx, c.get('principal'), c.req.valid('json')), 200))
    .openapi(routes.setLogo, async (c) => {
      // The agent API's 1 MiB body limit has read at most that much; the logo's own limit is smaller.
      const type = c.req.header('content-type')?.split(';')[0]?.trim();
      if (type !== 'image/png' && type !== 'image/jpeg') throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'the body must be image/png or image/jpeg');
      return c.json(await setLogo(ctx, c.get('principal'), new Uint8Array(await c.req.arrayBuffer())), 200);
    })
    .openapi(routes.getLogo, async (c) => {
      const logo = await findLogo(ctx.db, c.get('principal').organizationId);
      if (!logo) throw new ApiError('NOT_FOUND', 'no logo');
      return c.body(new Uint8Array(logo.bytes), 200, { 'content-type': logo.contentType });
    })
    .openapi(routes.removeLogo, async (c) => c.json(await removeLogo(ctx, c.get('principal')), 200));
}
