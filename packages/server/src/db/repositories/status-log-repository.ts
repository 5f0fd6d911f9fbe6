import type { StatusLogEntry } from '@idlens/sdk/api';
import { preparedQuery } from '../prepared-query.ts';
import type { Db, StatusLogTable } from '../schema.ts';

type NewStatusLogRow = Omit<StatusLogTable, 'id'>;

const insertRow = preparedQuery(['transactionId', 'changedOn', 'changedBy', 'field', 'oldValue', 'newValue', 'comment'], (db, row: NewStatusLogRow) =>
  db.insertInto('statusLog').values(row),
);

/** Appends one change to a transaction's status log (never updated or removed, except with the transaction). */
export async function appendStatusLog(db: Db, transactionId: string, entry: StatusLogEntry): Promise<void> {
  const { changedOn, changedBy, field, oldValue, newValue, comment } = entry;
  await insertRow(db, { transactionId, changedOn, changedBy, field, oldValue, newValue, comment });
}
