import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryStatus, WebhookEventType } from '@idlens/sdk/api';
import { isIP } from 'node:net';
import { hostOf, parseOutboundUrl } from '../net/outbound-address.ts';
import type { z } from '@hono/zod-openapi';
import {
  deleteWebhookEndpoint,
  findDelivery,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  scheduleRedelivery,
  updateWebhookEndpoint,
  type StoredWebhookDelivery,
  type StoredWebhookEndpoint,
} from '../db/repositories/webhook-repository.ts';
import { ApiError } from '../errors.ts';
import type { AgentPrincipal } from '../platform/auth/agent-principal.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import { eventMaskOf, eventTypesOf } from './webhook-events.ts';
import type { webhookDeliverySchema, webhookEndpointSchema } from './webhook-schemas.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/** What managing endpoints needs: the platform's context, or the CLI's (database, policy, retry window, no dispatcher to wake). */
export type WebhookAdminContext = Pick<PlatformContext, 'db' | 'now'> & { webhooks: Pick<WebhookDispatcher, 'policy' | 'settings' | 'wake'> };
/** Whose endpoints: the authenticated client's organization. */
type Owner = Pick<AgentPrincipal, 'organizationId'>;

/** Endpoints one organization may register: every event fanned out to each costs a row per event. */
export const maxEndpointsPerOrganization = 20;

export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export interface EndpointFields {
  url?: string;
  eventTypes?: WebhookEventType[];
  description?: string;
  enabled?: boolean;
}

function endpointView(row: StoredWebhookEndpoint): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: eventTypesOf(row.eventMask),
    enabled: row.enabled === 1,
    createdOn: row.createdOn,
    modifiedOn: row.modifiedOn,
  };
}

function deliveryView(row: StoredWebhookDelivery): WebhookDeliveryView {
  return {
    eventId: row.eventId,
    type: row.type as WebhookEventType,
    transactionId: row.transactionId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptOn: row.status === 'pending' ? row.nextAttemptOn : null,
    lastAttemptOn: row.lastAttemptOn,
    lastStatusCode: row.lastStatusCode,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    deliveredOn: row.deliveredOn,
    createdOn: row.createdOn,
    event: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

const urlProblems = {
  invalid: 'not a valid absolute URL',
  scheme: 'only http and https URLs are called',
  credentials: 'URLs with credentials are not allowed',
} as const;

/**
 * A webhook URL as registered: absolute http(s), no credentials (they would be logged and shown in
 * the console; put a token in the path or query if the receiver needs one), no fragment. An IP
 * address is checked against the outbound policy at once; a host name is checked on every attempt,
 * since where it points can change.
 */
function checkedUrl(ctx: WebhookAdminContext, raw: string): string {
  const parsed = parseOutboundUrl(raw);
  if (!('url' in parsed)) throw new ApiError('INVALID_REQUEST', `url: ${urlProblems[parsed.problem]}`);
  const { url } = parsed;
  if (url.hash) throw new ApiError('INVALID_REQUEST', 'url: a fragment is never sent; leave it out');
  const host = hostOf(url);
  const refused = isIP(host) ? !ctx.webhooks.policy.isAllowed(host) : host === 'localhost' && !ctx.webhooks.policy.isHostAllowListed(host);
  if (refused)
    throw new ApiError(
      'WEBHOOK_URL_NOT_ALLOWED',
      'url: the address is not a global unicast one (private, loopback, link-local…); the operator can allow it with WEBHOOK_URL_ALLOW',
    );
  return url.toString();
}

async function ownEndpoint(ctx: WebhookAdminContext, principal: Owner, id: string): Promise<StoredWebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(ctx.db, principal.organizationId, id);
  if (!endpoint) throw new ApiError('NOT_FOUND', 'webhook endpoint not found');
  return endpoint;
}

/** Registers an endpoint; the answer carries its signing secret, which is never shown again. */
export async function createWebhookEndpoint(
  ctx: WebhookAdminContext,
  principal: Owner,
  fields: Required<Pick<EndpointFields, 'url' | 'eventTypes'>> & EndpointFields,
): Promise<WebhookEndpointView & { secret: string }> {
  const url = checkedUrl(ctx, fields.url);
  if ((await listWebhookEndpoints(ctx.db, principal.organizationId)).length >= maxEndpointsPerOrganization)
    throw new ApiError('CONFLICT', `an organization has at most ${maxEndpointsPerOrganization} webhook endpoints; delete one first`);
  const now = isoAt(ctx.now());
  const row: StoredWebhookEndpoint = {
    id: randomUUID(),
    organizationId: principal.organizationId,
    url,
    description: fields.description ?? '',
    eventMask: eventMaskOf(fields.eventTypes),
    secret: newWebhookSecret(),
    enabled: fields.enabled === false ? 0 : 1,
    createdOn: now,
    modifiedOn: now,
  };
  await insertWebhookEndpoint(ctx.db, row);
  return { ...endpointView(row), secret: row.secret };
}

export async function listWebhookEndpointViews(ctx: WebhookAdminContext, principal: Owner): Promise<WebhookEndpointView[]> {
  return (await listWebhookEndpoints(ctx.db, principal.organizationId)).map(endpointView);
}

export async function getWebhookEndpoint(ctx: WebhookAdminContext, principal: Owner, id: string): Promise<WebhookEndpointView> {
  return endpointView(await ownEndpoint(ctx, principal, id));
}

/** Changes what is given. A disabled endpoint gets no new events; those already recorded are still sent. */
export async function updateWebhookEndpointFields(
  ctx: WebhookAdminContext,
  principal: Owner,
  id: string,
  fields: EndpointFields,
): Promise<WebhookEndpointView> {
  const updated = await updateWebhookEndpoint(ctx.db, principal.organizationId, id, {
    ...(fields.url === undefined ? {} : { url: checkedUrl(ctx, fields.url) }),
    ...(fields.eventTypes === undefined ? {} : { eventMask: eventMaskOf(fields.eventTypes) }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    ...(fields.enabled === undefined ? {} : { enabled: fields.enabled ? 1 : 0 }),
    modifiedOn: isoAt(ctx.now()),
  });
  if (!updated) throw new ApiError('NOT_FOUND', 'webhook endpoint not found');
  return endpointView(updated);
}

/** A new signing secret, at once: messages sent from now on are signed with it only. */
export async function rotateWebhookSecret(ctx: WebhookAdminContext, principal: Owner, id: string): Promise<WebhookEndpointView & { secret: string }> {
  const secret = newWebhookSecret();
  const updated = await updateWebhookEndpoint(ctx.db, principal.organizationId, id, { secret, modifiedOn: isoAt(ctx.now()) });
  if (!updated) throw new ApiError('NOT_FOUND', 'webhook endpoint not found');
  return { ...endpointView(updated), secret };
}

export async function removeWebhookEndpoint(ctx: WebhookAdminContext, principal: Owner, id: string): Promise<void> {
  if (!(await deleteWebhookEndpoint(ctx.db, principal.organizationId, id))) throw new ApiError('NOT_FOUND', 'webhook endpoint not found');
}

/** The endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  ctx: WebhookAdminContext,
  principal: Owner,
  id: string,
  query: { status?: WebhookDeliveryStatus; limit: number; cursor?: string },
): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
  const endpoint = await ownEndpoint(ctx, principal, id);
  const rows = await listDeliveries(ctx.db, endpoint.id, {
    status: query.status,
    limit: query.limit + 1,
    beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
  });
  const page = rows.slice(0, query.limit);
  return { items: page.map(deliveryView), nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
}

/** Sends an event to the endpoint again (delivered, failed or pending alike), with a new retry window. */
export async function redeliverWebhook(ctx: WebhookAdminContext, principal: Owner, id: string, eventId: string): Promise<WebhookDeliveryView> {
  const endpoint = await ownEndpoint(ctx, principal, id);
  if (!(await findDelivery(ctx.db, endpoint.id, eventId))) throw new ApiError('NOT_FOUND', 'no delivery of this event to this endpoint');
  const nowMs = ctx.now();
  const scheduled = await scheduleRedelivery(ctx.db, endpoint.id, eventId, isoAt(nowMs), isoAt(nowMs + ctx.webhooks.settings.retryForMs));
  if (!scheduled) throw new ApiError('CONFLICT', 'the event is being sent to this endpoint right now; look at the delivery log again in a moment');
  ctx.webhooks.wake();
  return deliveryView(scheduled);
}
