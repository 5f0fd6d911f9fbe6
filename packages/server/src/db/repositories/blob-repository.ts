import type { BlobReference } from '@idlens/sdk/api';
import type { Db } from '../schema.ts';

export interface StoredBlob extends BlobReference {
  transactionId: string;
  data: Buffer;
}

export async function insertBlob(db: Db, blob: StoredBlob, now: string): Promise<void> {
  await db
    .insertInto('blobs')
    .values({ ...blob, createdOn: now })
    .execute();
}

/** A blob only if it belongs to the transaction (blob ids are not capabilities on their own). */
export async function findBlob(db: Db, transactionId: string, id: string): Promise<StoredBlob | undefined> {
  const row = await db
    .selectFrom('blobs')
    .select(['id', 'transactionId', 'contentType', 'size', 'data'])
    .where('id', '=', id)
    .where('transactionId', '=', transactionId)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size), data: Buffer.from(row.data) };
}

export async function deleteBlobs(db: Db, transactionId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('blobs').where('transactionId', '=', transactionId).where('id', 'in', ids).execute();
}
