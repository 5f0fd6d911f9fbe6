import { randomUUID } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { CreateTransactionRequest, VerificationLink } from '@idlens/sdk/api';
import {
  claimVerificationLink,
  findVerificationLink,
  findVerificationLinkByToken,
  insertVerificationLink,
  insertVerificationLinkTransaction,
  listVerificationLinks,
  listVerificationLinkTransactions,
  updateVerificationLink,
  type StoredVerificationLink,
} from '../db/repositories/verification-link-repository.ts';
import { findLatestWorkflowVersion } from '../db/repositories/workflow-repository.ts';
import { ApiError } from '../errors.ts';
import type { AgentPrincipal } from '../platform/auth/agent-principal.ts';
import { hashSecret, newSecret } from '../platform/auth/secrets.ts';
import { decodePageCursor, pageOf } from '../platform/paging.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import { createTransaction, type CreateResult } from '../platform/transactions/create-transaction.ts';
import { validateFormValues } from '../platform/transactions/form-values.ts';
import { startStep, type WorkflowDefinition } from '../workflow/definition.ts';
import { maskCardNumbersDeep, maskCardNumbersIn } from '../workflow/sanitize-extraction.ts';
import type { verificationLinkRequestSchema, verificationLinkSchema, verificationLinkListQuerySchema } from './link-schemas.ts';

export type VerificationLinkRequest = z.infer<typeof verificationLinkRequestSchema>;
export type VerificationLinkView = z.infer<typeof verificationLinkSchema>;
export type LinkState = VerificationLinkView['status'];

/** The longest a link may stay usable: a link is a credential sent by e-mail or text message. */
export const maxLinkLifetimeMs = 30 * 24 * 3600 * 1000;
/** Transactions listed with a link (its `transactionCount` counts them all). */
const listedTransactions = 100;
/** The run page URL's token: 32 random bytes, base64url. Anything else is refused before the database. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether a link can start a transaction now, and if not why (what the run page tells the visitor). */
export function linkState(link: StoredVerificationLink, nowIso: string): LinkState {
  if (link.revokedOn) return 'revoked';
  if (link.singleUse === 1 && link.usedOn) return 'used';
  if (link.expiresOn <= nowIso) return 'expired';
  return 'active';
}

/** The wire view: the SDK's type and the OpenAPI schema's, which must agree (a drift fails the type check). */
function linkView(link: StoredVerificationLink, nowIso: string): VerificationLinkView & VerificationLink {
  return {
    id: link.id,
    workflowId: link.workflowId,
    expiresOn: link.expiresOn,
    formValues: JSON.parse(link.formValues) as Record<string, unknown>,
    consent: { userId: link.userId },
    redirectUrl: link.redirectUrl,
    singleUse: link.singleUse === 1,
    status: linkState(link, nowIso),
    transactionCount: link.transactionCount,
    createdOn: link.createdOn,
    usedOn: link.usedOn,
    revokedOn: link.revokedOn,
  };
}

/** A redirect target: http(s), absolute, no credentials (it is shown to the end user's browser only). */
function checkRedirectUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('INVALID_REQUEST', 'redirectUrl: not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ApiError('INVALID_REQUEST', 'redirectUrl: only http and https');
  if (url.username || url.password) throw new ApiError('INVALID_REQUEST', 'redirectUrl: no credentials in the URL');
  return url.href;
}

/**
 * The Start form values a link fixes: each one declared by the workflow and of its type; required
 * fields may be left to the run page, which asks the end user for them.
 */
function linkFormValues(definition: WorkflowDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const optional = startStep(definition).settings.formFields.map((f) => ({ ...f, required: false }));
  return Object.fromEntries(Object.entries(validateFormValues(optional, values)).filter(([, v]) => v !== undefined && v !== null));
}

/** Creates a link; the answer holds its URL, which holds the token — shown once, here. */
export async function createVerificationLink(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  request: VerificationLinkRequest,
): Promise<VerificationLinkView & { url: string }> {
  const nowMs = ctx.now();
  const expiresMs = Date.parse(request.expiresOn);
  if (!(expiresMs > nowMs)) throw new ApiError('INVALID_REQUEST', 'expiresOn: must be in the future');
  if (expiresMs - nowMs > maxLinkLifetimeMs) throw new ApiError('INVALID_REQUEST', 'expiresOn: at most 30 days from now');
  const version = await findLatestWorkflowVersion(ctx.db, principal.organizationId, request.workflowId);
  if (!version) throw new ApiError('WORKFLOW_NOT_FOUND', `workflowId: no workflow ${request.workflowId} in this organization`);
  // Masked as a transaction's are (create-transaction.ts): no card number at rest, whatever a client puts where.
  const formValues = maskCardNumbersDeep(linkFormValues(version.definition, request.formValues ?? {}));
  const token = newSecret();
  const link: StoredVerificationLink = {
    id: randomUUID(),
    organizationId: principal.organizationId,
    clientId: principal.clientId,
    workflowId: request.workflowId,
    tokenHash: hashSecret(token),
    userId: maskCardNumbersIn(request.consent.userId),
    formValues: JSON.stringify(formValues),
    redirectUrl: request.redirectUrl ? maskCardNumbersIn(checkRedirectUrl(request.redirectUrl)) : null,
    singleUse: request.singleUse === false ? 0 : 1,
    expiresOn: isoAt(expiresMs),
    revokedOn: null,
    usedOn: null,
    transactionCount: 0,
    createdOn: isoAt(nowMs),
  };
  await insertVerificationLink(ctx.db, link);
  return { ...linkView(link, link.createdOn), url: `${ctx.settings.runPageUrl}/${token}` };
}

export async function listVerificationLinkViews(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  { limit, cursor }: z.infer<typeof verificationLinkListQuerySchema>,
): Promise<{ items: VerificationLinkView[]; nextCursor: string | null }> {
  const rows = await listVerificationLinks(ctx.db, principal.organizationId, limit + 1, cursor ? decodePageCursor(cursor) : null);
  const { page, nextCursor } = pageOf(rows, limit);
  const nowIso = isoAt(ctx.now());
  return { items: page.map((row) => linkView(row, nowIso)), nextCursor };
}

async function ownLink(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<StoredVerificationLink> {
  const link = await findVerificationLink(ctx.db, principal.organizationId, id);
  if (!link) throw new ApiError('NOT_FOUND', `no verification link ${id} in this organization`);
  return link;
}

/** A link with the transactions it started (the newest 100 that still exist). */
export async function getVerificationLink(ctx: PlatformContext, principal: AgentPrincipal, id: string) {
  const link = await ownLink(ctx, principal, id);
  const transactions = await listVerificationLinkTransactions(ctx.db, link.id, listedTransactions);
  return { ...linkView(link, isoAt(ctx.now())), transactions };
}

/** Revokes a link: its URL shows "withdrawn" from now on; the transactions it started stay. Revoking twice is fine. */
export async function revokeVerificationLink(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<void> {
  const link = await ownLink(ctx, principal, id);
  if (!link.revokedOn) await updateVerificationLink(ctx.db, principal.organizationId, link.id, { revokedOn: isoAt(ctx.now()) });
}

/** The link a run page URL's token names, and its state; `unknown` for a token that matches none. */
export async function openVerificationLink(
  ctx: PlatformContext,
  token: string,
): Promise<{ state: 'unknown'; link: null } | { state: LinkState; link: StoredVerificationLink }> {
  const link = tokenPattern.test(token) ? await findVerificationLinkByToken(ctx.db, hashSecret(token)) : undefined;
  return link ? { state: linkState(link, isoAt(ctx.now())), link } : { state: 'unknown', link: null };
}

/** What the run page sends to start: the end user's consent choices and the fields the link left open. */
export interface RunStartRequest {
  formValues: Record<string, unknown>;
  consent: { givenOn?: string; isProcessingStoringAllowed: boolean; isTrainingAllowed: boolean };
  sdkVersion: string;
}

/**
 * Starts a transaction from a link, as the client that created it: the link's workflow, user id
 * and form values (the page's values only fill the fields the link left open). The link is claimed
 * in the transaction's own database transaction, so a single-use link starts one transaction even
 * when two pages start at once, and a link revoked a moment before starts none. A retry with the
 * same Idempotency-Key replays the transaction it started (the replay comes before the claim).
 */
export async function startLinkTransaction(
  ctx: PlatformContext,
  link: StoredVerificationLink,
  start: RunStartRequest,
  idempotencyKey: string | null,
): Promise<CreateResult> {
  const request: CreateTransactionRequest = {
    workflowId: link.workflowId,
    platform: 'browser',
    sdkVersion: start.sdkVersion,
    formValues: { ...start.formValues, ...(JSON.parse(link.formValues) as Record<string, unknown>) },
    consent: {
      userId: link.userId,
      givenOn: start.consent.givenOn ?? isoAt(ctx.now()).replace(/Z$/, ''),
      isProcessingStoringAllowed: start.consent.isProcessingStoringAllowed,
      isTrainingAllowed: start.consent.isTrainingAllowed,
    },
    linkFields: { verificationLinkId: link.id },
  };
  // The page's key, in a namespace of the link's own: a visitor cannot use up (or probe) the keys
  // of the organization's backend, which share the organization's namespace.
  const key = idempotencyKey === null ? null : `link:${link.id}:${idempotencyKey}`;
  return createTransaction(ctx, { clientId: link.clientId, organizationId: link.organizationId }, request, key, {
    async inTransaction(trx, transactionId, now) {
      if (!(await claimVerificationLink(trx, link.id, now)))
        throw new ApiError('VERIFICATION_LINK_UNAVAILABLE', 'this verification link has expired, was withdrawn or was already used');
      await insertVerificationLinkTransaction(trx, link.id, transactionId, now);
    },
  });
}
