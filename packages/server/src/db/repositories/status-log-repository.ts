import type { StatusLogEntry } from '@idlens/sdk/api';
import { preparedQuery } from '../prepared-query.ts';
import type { Db, StatusLogTable } from '../schema.ts';

export type NewStatusLogRow = Omit<StatusLogTable, 'id'>;

/** The columns a new status-log row is written with (its id is the database's). */
export const statusLogColumns = ['transactionId', 'changedOn', 'changedBy', 'field', 'oldValue', 'newValue', 'comment'] as const satisfies ReadonlyArray<
  keyof NewStatusLogRow
>;

/** A change of a transaction as the row every insert of the status log writes. */
export function statusLogRow(transactionId: string, entry: StatusLogEntry): NewStatusLogRow {
  const { changedOn, changedBy, field, oldValue, newValue, comment } = entry;
  return { transactionId, changedOn, changedBy, field, oldValue, newValue, comment };
}

const insertRow = preparedQuery(statusLogColumns, (db, row: NewStatusLogRow) => db.insertInto('statusLog').values(row));

/** Appends one change to a transaction's status log (never updated or removed, except with the transaction). */
export async function appendStatusLog(db: Db, transactionId: string, entry: StatusLogEntry): Promise<void> {
  await insertRow(db, statusLogRow(transactionId, entry));
}
