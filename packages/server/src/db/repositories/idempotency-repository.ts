import type { Selectable } from 'kysely';
import type { Db, IdempotencyKeyTable } from '../schema.ts';

export type IdempotencyRecord = Selectable<IdempotencyKeyTable>;

/** The transaction an Idempotency-Key created, if the key is younger than `notBefore`. */
export async function findIdempotencyKey(db: Db, organizationId: string, key: string, notBefore: string): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('key', '=', key)
    .where('createdOn', '>=', notBefore)
    .executeTakeFirst();
}

export async function insertIdempotencyKey(db: Db, record: IdempotencyRecord): Promise<void> {
  await db.insertInto('idempotencyKeys').values(record).execute();
}

/** Forgets keys older than `before` so the same key may create a new transaction again. */
export async function deleteIdempotencyKeysBefore(db: Db, organizationId: string, key: string, before: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('organizationId', '=', organizationId).where('key', '=', key).where('createdOn', '<', before).execute();
}
