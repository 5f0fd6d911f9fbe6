import { findClient } from '../../db/repositories/client-repository.ts';
import { findTransaction, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { expireIfDue } from '../transactions/expire-transaction.ts';
import { matchesDeviceKey } from '../handoff/handoff.ts';
import type { AgentPrincipal } from './agent-principal.ts';

/** A client proven by its secret, with the generation the tokens it is issued now carry. */
export interface ClientPrincipal extends AgentPrincipal {
  tokenGeneration: number;
}
import { secretMatchesHash, unmatchableHash } from './secrets.ts';

/**
 * Checks client credentials. Unknown client and wrong secret take the same time and give the
 * same answer (null), so the API cannot be used to discover client ids.
 */
export async function authenticateClient(ctx: PlatformContext, clientId: string, secret: string): Promise<ClientPrincipal | null> {
  const client = clientId.length <= 200 ? await findClient(ctx.db, clientId) : undefined;
  const matches = secretMatchesHash(secret, client?.secretHash ?? unmatchableHash);
  return client && matches ? { clientId: client.id, organizationId: client.organizationId, tokenGeneration: Number(client.tokenGeneration) } : null;
}

/**
 * A bearer token's client, if the token is valid, the client still exists (not revoked) and the
 * token is of the client's current generation (issued since its last secret rotation).
 */
export async function authenticateToken(ctx: PlatformContext, token: string): Promise<AgentPrincipal | null> {
  const claims = ctx.tokens.verify(token, ctx.now());
  if (!claims) return null;
  const client = await findClient(ctx.db, claims.sub);
  if (!client || client.organizationId !== claims.org || Number(client.tokenGeneration) !== claims.gen) return null;
  return { clientId: client.id, organizationId: client.organizationId };
}

/** Who presented edge credentials: the transaction's own key, or the key of a device it was handed off to. */
export interface EdgeCaller {
  tx: StoredTransaction;
  /** The key of the device that joined a hand-off (platform/handoff/), not the transaction's own. */
  device: boolean;
}

/**
 * Checks edge credentials (`transactionId:ephemeralKey`) for the transaction in the path. Every
 * failure before the key is proven right is the same 401; an expired key is KEY_EXPIRED, and the
 * transaction is closed as Error if it was still InProgress. The key may be the transaction's own
 * or that of a device it was handed off to.
 */
export async function authenticateEdge(ctx: PlatformContext, pathId: string, user: string, key: string): Promise<EdgeCaller> {
  const unauthorized = () => new ApiError('UNAUTHORIZED', 'invalid transaction credentials');
  const tx = user === pathId && user.length <= 200 ? await findTransaction(ctx.db, user) : undefined;
  const matches = secretMatchesHash(key, tx?.keyHash ?? unmatchableHash);
  // A key that is not the transaction's own costs the hand-off lookup — for a transaction that
  // does not exist too, so that a wrong key takes as long either way.
  const device = !matches && (await matchesDeviceKey(ctx, pathId, key));
  if (!tx || !(matches || device)) throw unauthorized();
  if (tx.keyExpiresOn < isoAt(ctx.now())) {
    await expireIfDue(ctx, tx);
    throw new ApiError('KEY_EXPIRED', 'the ephemeral key of this transaction has expired');
  }
  return { tx, device };
}
