import type { RequestVariables } from '../http/context.ts';
import type { StoredTransaction } from '../db/repositories/transaction-repository.ts';

/** Hono env of edge routes: the request variables plus the transaction the credentials unlocked, and whose key they were. */
export type EdgeEnv = {
  Variables: RequestVariables & {
    transaction: StoredTransaction;
    /** The caller holds the key of a device the transaction was handed off to, not the transaction's own. */
    device: boolean;
  };
};
