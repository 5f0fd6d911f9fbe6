import type { StoredHandoff } from '../../db/repositories/handoff-repository.ts';
import { cancelHandoff, findHandoff, findHandoffByJoinKey, joinHandoff, replaceHandoff } from '../../db/repositories/handoff-repository.ts';
import { findTransaction, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import { basicAuthorization } from '../auth/basic-credentials.ts';
import { hashSecret, newSecret, secretMatchesHash, unmatchableHash } from '../auth/secrets.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { toEdgeView } from '../transactions/transaction-views.ts';
import { qrCodeSvg } from './qr-code.ts';

/**
 * Hand-off from one device to another (a desktop without a camera to the user's phone): the
 * desktop — with the transaction's own key — asks for a join URL, shown as a QR code; the phone
 * opens it and joins once, getting a key of its own (never the desktop's); from then on the phone
 * runs the steps and the desktop can only watch (`GET …/handoff`) or cancel, which stops the
 * phone's key and gives the transaction back.
 */

const handedOff = () => new ApiError('TRANSACTION_HANDED_OFF', 'another device has joined this transaction: cancel that hand-off first');

/** The shortest time between two hand-offs of one transaction. */
const minHandoffIntervalMs = 2000;

/** The join URL's key: 32 random bytes, base64url. Anything else is refused before the database. */
const joinKeyPattern = /^[A-Za-z0-9_-]{43}$/;

export type HandoffStatus = 'none' | 'waiting' | 'joined' | 'expired' | 'cancelled';

function statusOf(handoff: StoredHandoff | undefined, nowIso: string): HandoffStatus {
  if (!handoff) return 'none';
  if (handoff.cancelledOn) return 'cancelled';
  if (handoff.joinedOn) return 'joined';
  return handoff.joinExpiresOn <= nowIso ? 'expired' : 'waiting';
}

/** True when another device holds the transaction: its own key may then only read it. */
export async function heldByAnotherDevice(ctx: PlatformContext, transactionId: string): Promise<boolean> {
  return statusOf(await findHandoff(ctx.db, transactionId), isoAt(ctx.now())) === 'joined';
}

/** The joined device's key, checked in constant time against the hand-off of the transaction (a wrong key and no hand-off alike). */
export async function matchesDeviceKey(ctx: Pick<PlatformContext, 'db' | 'now'>, transactionId: string, key: string): Promise<boolean> {
  const handoff = await findHandoff(ctx.db, transactionId);
  const active = statusOf(handoff, isoAt(ctx.now())) === 'joined';
  return secretMatchesHash(key, (active && handoff?.deviceKeyHash) || unmatchableHash) && active;
}

/** Starts (or restarts, while nobody joined) a hand-off: the join URL, its expiry and its QR code. */
export async function startHandoff(ctx: PlatformContext, tx: StoredTransaction) {
  if (tx.processingStatus !== 'InProgress') throw new ApiError('TRANSACTION_CLOSED', `the transaction is ${tx.processingStatus}: nothing is left to continue`);
  const nowMs = ctx.now();
  // Each start is a write and a QR code drawn: one per transaction every few seconds is plenty for a person.
  const last = await findHandoff(ctx.db, tx.id);
  if (statusOf(last, isoAt(nowMs)) === 'joined') throw handedOff();
  const waitMs = last ? Date.parse(last.createdOn) + minHandoffIntervalMs - nowMs : 0;
  if (waitMs > 0)
    throw new ApiError('RATE_LIMITED', 'a hand-off was started a moment ago; retry shortly', { headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) } });
  const joinKey = newSecret();
  const joinUrl = `${ctx.settings.runPageUrl}/join/${joinKey}`;
  // Drawn first: a writer failure must not replace the code a page already shows.
  const qr = await qrCodeSvg(joinUrl);
  const expiresOn = isoAt(Math.min(nowMs + ctx.settings.handoffJoinMs, Date.parse(tx.keyExpiresOn)));
  const replaced = await replaceHandoff(ctx.db, {
    transactionId: tx.id,
    joinKeyHash: hashSecret(joinKey),
    joinExpiresOn: expiresOn,
    deviceKeyHash: null,
    joinedOn: null,
    cancelledOn: null,
    createdOn: isoAt(nowMs),
  });
  // A device joined between the read above and this write.
  if (!replaced) throw handedOff();
  return { status: 'waiting' as const, joinUrl, expiresOn, qrCodeSvg: qr };
}

/** Where the hand-off stands, with the transaction as the browser sees it (the desktop polls this). */
export async function handoffState(ctx: PlatformContext, tx: StoredTransaction) {
  const handoff = await findHandoff(ctx.db, tx.id);
  const { definition } = await ctx.workflows.get(ctx.db, tx.workflowVersionId);
  return {
    status: statusOf(handoff, isoAt(ctx.now())),
    expiresOn: handoff?.joinExpiresOn ?? null,
    joinedOn: handoff?.joinedOn ?? null,
    transaction: toEdgeView(tx, definition),
  };
}

/** The desktop takes the transaction back: the join URL and the phone's key stop working at once. */
export async function cancelTransactionHandoff(ctx: PlatformContext, tx: StoredTransaction): Promise<void> {
  await cancelHandoff(ctx.db, tx.id, isoAt(ctx.now()));
}

/** What a join URL leads to: the transaction it would join and whether it still can. */
export async function openJoin(ctx: PlatformContext, joinKey: string): Promise<{ status: HandoffStatus | 'unknown'; transaction: StoredTransaction | null }> {
  const handoff = joinKeyPattern.test(joinKey) ? await findHandoffByJoinKey(ctx.db, hashSecret(joinKey)) : undefined;
  if (!handoff) return { status: 'unknown', transaction: null };
  const transaction = (await findTransaction(ctx.db, handoff.transactionId)) ?? null;
  if (!transaction) return { status: 'unknown', transaction: null };
  const status = statusOf(handoff, isoAt(ctx.now()));
  // A code nobody used is over when its transaction is: nothing is left to continue.
  return { status: status === 'waiting' && transaction.processingStatus !== 'InProgress' ? 'expired' : status, transaction };
}

/**
 * Joins: the device gets the transaction's id, a key of its own and the edge URL — once per join
 * URL (a second device, or the same one twice, gets 410), before it expires, unless cancelled.
 */
export async function joinTransaction(ctx: PlatformContext, joinKey: string) {
  const unavailable = () => new ApiError('HANDOFF_UNAVAILABLE', 'this code has expired, was cancelled or was already used');
  if (!joinKeyPattern.test(joinKey)) throw unavailable();
  const deviceKey = newSecret();
  const transactionId = await joinHandoff(ctx.db, hashSecret(joinKey), hashSecret(deviceKey), isoAt(ctx.now()));
  if (!transactionId) throw unavailable();
  return { transactionId, ephemeralKey: deviceKey, authorization: basicAuthorization(transactionId, deviceKey), edgeApiUrl: ctx.settings.edgeApiUrl };
}
