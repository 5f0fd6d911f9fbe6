import { createHash } from 'node:crypto';
import { findClient } from '../db/repositories/client-repository.ts';
import type { Db } from '../db/schema.ts';
import { matchesAnySecret } from '../http/constant-time.ts';
import type { AgentPrincipal } from '../platform/auth/agent-principal.ts';
import { hashSecret, newSecret } from '../platform/auth/secrets.ts';

/**
 * Sessions of the operator console. The session id is a 256-bit random value that only the
 * browser's HttpOnly cookie holds; the database keeps its SHA-256, so a database leak hands out no
 * working session. The CSRF token is derived from the id (one-way), so it needs no storage and
 * proves nothing without the cookie.
 */

export interface ConsoleSession extends AgentPrincipal {
  expiresOn: string;
  csrfToken: string;
  /**
   * The client's token generation, read with the session: the bearer tokens minted for the
   * console's requests carry it (a rotation changes the secret, which ends the session anyway).
   */
  tokenGeneration: number;
}

/** The CSRF token of a session: SHA-256 of the id under its own label, Base64url. */
export function csrfTokenOf(sessionId: string): string {
  return createHash('sha256').update(`idlens-console-csrf:${sessionId}`, 'utf8').digest('base64url');
}

/** Compares a presented CSRF token with the session's in constant time. */
export function csrfTokenMatches(sessionId: string, presented: string | undefined): boolean {
  return matchesAnySecret(presented, [csrfTokenOf(sessionId)]);
}

/** Starts a session for a client whose credentials were just checked; also drops expired sessions. */
export async function createConsoleSession(
  db: Db,
  principal: AgentPrincipal,
  now: string,
  expiresOn: string,
): Promise<{ sessionId: string; session: ConsoleSession }> {
  const client = await findClient(db, principal.clientId);
  if (!client) throw new Error('the client of a new console session is gone');
  const sessionId = newSecret();
  await db.deleteFrom('consoleSessions').where('expiresOn', '<=', now).execute();
  await db
    .insertInto('consoleSessions')
    .values({
      idHash: hashSecret(sessionId),
      clientId: client.id,
      organizationId: client.organizationId,
      secretHash: client.secretHash,
      createdOn: now,
      expiresOn,
    })
    .execute();
  return { sessionId, session: { ...principal, expiresOn, csrfToken: csrfTokenOf(sessionId), tokenGeneration: Number(client.tokenGeneration) } };
}

/**
 * The live session of a cookie value: not expired, its client still there, with the same secret
 * as at sign-in (a rotation ends it). A dead session is deleted on the way.
 */
export async function findConsoleSession(db: Db, sessionId: string, now: string): Promise<ConsoleSession | null> {
  if (sessionId.length > 100) return null;
  const idHash = hashSecret(sessionId);
  const row = await db.selectFrom('consoleSessions').selectAll().where('idHash', '=', idHash).executeTakeFirst();
  if (!row) return null;
  const client = await findClient(db, row.clientId);
  const alive = row.expiresOn > now && client !== undefined && client.organizationId === row.organizationId && client.secretHash === row.secretHash;
  if (!alive || !client) {
    await deleteConsoleSession(db, sessionId);
    return null;
  }
  return {
    clientId: row.clientId,
    organizationId: row.organizationId,
    expiresOn: row.expiresOn,
    csrfToken: csrfTokenOf(sessionId),
    tokenGeneration: Number(client.tokenGeneration),
  };
}

export async function deleteConsoleSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('consoleSessions').where('idHash', '=', hashSecret(sessionId)).execute();
}
