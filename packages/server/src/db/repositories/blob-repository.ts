import type { BlobReference } from '@idlens/sdk/api';
import type { Db } from '../schema.ts';

export interface StoredBlob extends BlobReference {
  transactionId: string;
  data: Buffer;
}

export async function insertBlob(db: Db, blob: StoredBlob, now: string): Promise<void> {
  await db
    .insertInto('blobs')
    .values({ id: blob.id, transaction_id: blob.transactionId, content_type: blob.contentType, size: blob.size, data: blob.data, created_on: now })
    .execute();
}

/** A blob only if it belongs to the transaction (blob ids are not capabilities on their own). */
export async function findBlob(db: Db, transactionId: string, id: string): Promise<StoredBlob | undefined> {
  const row = await db.selectFrom('blobs').selectAll().where('id', '=', id).where('transaction_id', '=', transactionId).executeTakeFirst();
  return row && { id: row.id, transactionId: row.transaction_id, contentType: row.content_type, size: Number(row.size), data: Buffer.from(row.data) };
}

export async function deleteBlobs(db: Db, transactionId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('blobs').where('transaction_id', '=', transactionId).where('id', 'in', ids).execute();
}

export async function countBlobs(db: Db, transactionId: string): Promise<number> {
  const { n } = await db.selectFrom('blobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('transaction_id', '=', transactionId).executeTakeFirstOrThrow();
  return Number(n);
}
