import type { RequestVariables } from '../http/context.ts';
import type { StoredTransaction } from '../db/repositories/transaction-repository.ts';

/** Hono env of edge routes: the request variables plus the transaction the credentials unlocked. */
export type EdgeEnv = { Variables: RequestVariables & { transaction: StoredTransaction } };
