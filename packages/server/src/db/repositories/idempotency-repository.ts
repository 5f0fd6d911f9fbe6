import type { Db } from '../schema.ts';

export interface IdempotencyRecord {
  organizationId: string;
  key: string;
  requestHash: string;
  transactionId: string;
  createdOn: string;
}

/** The transaction an Idempotency-Key created, if the key is younger than `notBefore`. */
export async function findIdempotencyKey(db: Db, organizationId: string, key: string, notBefore: string): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .where('created_on', '>=', notBefore)
    .executeTakeFirst();
  return row && { organizationId: row.organization_id, key: row.key, requestHash: row.request_hash, transactionId: row.transaction_id, createdOn: row.created_on };
}

export async function insertIdempotencyKey(db: Db, record: IdempotencyRecord): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ organization_id: record.organizationId, key: record.key, request_hash: record.requestHash, transaction_id: record.transactionId, created_on: record.createdOn })
    .execute();
}

/** Forgets keys older than `before` so the same key may create a new transaction again. */
export async function deleteIdempotencyKeysBefore(db: Db, organizationId: string, key: string, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('organization_id', '=', organizationId).where('key', '=', key).where('created_on', '<', before).execute();
}
