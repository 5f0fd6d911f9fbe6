import type { StatusLogEntry } from '@idlens/sdk/api';
import type { Db } from '../schema.ts';

/** Appends one change to a transaction's status log (never updated or removed, except with the transaction). */
export async function appendStatusLog(db: Db, transactionId: string, entry: StatusLogEntry): Promise<void> {
  await db
    .insertInto('status_log')
    .values({
      transaction_id: transactionId,
      changed_on: entry.changedOn,
      changed_by: entry.changedBy,
      field: entry.field,
      old_value: entry.oldValue,
      new_value: entry.newValue,
      comment: entry.comment,
    })
    .execute();
}

export async function listStatusLog(db: Db, transactionId: string): Promise<StatusLogEntry[]> {
  const rows = await db.selectFrom('status_log').selectAll().where('transaction_id', '=', transactionId).orderBy('id').execute();
  return rows.map((r) => ({
    changedOn: r.changed_on,
    changedBy: r.changed_by,
    field: r.field as StatusLogEntry['field'],
    oldValue: r.old_value,
    newValue: r.new_value,
    comment: r.comment,
  }));
}
