import type { Migration } from 'kysely';
import { initialMigration } from './0001-initial.ts';
import { authFailuresMigration } from './0002-auth-failures.ts';
import { consoleSessionsMigration } from './0003-console-sessions.ts';
import { transactionUserIndexMigration } from './0004-transaction-user-index.ts';
import { clientTokenGenerationMigration } from './0005-client-token-generation.ts';
import { hashedIdempotencyKeysMigration } from './0006-hashed-idempotency-keys.ts';
import { webhooksMigration } from './0007-webhooks.ts';
import { verificationLinksMigration } from './0008-verification-links.ts';
import { transactionHandoffsMigration } from './0009-transaction-handoffs.ts';

/**
 * Every migration, by name, in order. A static map (no directory scanning) so that it works from
 * bundles and from `tsx` alike; names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initialMigration,
  '0002-auth-failures': authFailuresMigration,
  '0003-console-sessions': consoleSessionsMigration,
  '0004-transaction-user-index': transactionUserIndexMigration,
  '0005-client-token-generation': clientTokenGenerationMigration,
  '0006-hashed-idempotency-keys': hashedIdempotencyKeysMigration,
  '0007-webhooks': webhooksMigration,
  '0008-verification-links': verificationLinksMigration,
  '0009-transaction-handoffs': transactionHandoffsMigration,
};
