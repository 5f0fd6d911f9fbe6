import type { StepType } from '@idlens/sdk/api';
import type { Db, StateEntryTable } from '../schema.ts';

/** A `state` entry with parsed JSON, plus what only the server sees (`internal`). */
export interface StoredStateEntry {
  transactionId: string;
  key: string;
  stepId: number;
  stepType: StepType;
  seq: number;
  input: Record<string, unknown>;
  extraction: Record<string, unknown>;
  output: Record<string, unknown> | null;
  internal: Record<string, unknown> | null;
  createdOn: string;
  modifiedOn: string;
}

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

function toStored(row: StateEntryTable): StoredStateEntry {
  return {
    transactionId: row.transaction_id,
    key: row.key,
    stepId: Number(row.step_id),
    stepType: row.step_type as StepType,
    seq: Number(row.seq),
    input: parse(row.input) ?? {},
    extraction: parse(row.extraction) ?? {},
    output: parse(row.output),
    internal: parse(row.internal),
    createdOn: row.created_on,
    modifiedOn: row.modified_on,
  };
}

/** Every state entry of a transaction, in the order they were created. */
export async function listStateEntries(db: Db, transactionId: string): Promise<StoredStateEntry[]> {
  const rows = await db.selectFrom('state_entries').selectAll().where('transaction_id', '=', transactionId).orderBy('seq').execute();
  return rows.map(toStored);
}

export async function findStateEntry(db: Db, transactionId: string, key: string): Promise<StoredStateEntry | undefined> {
  const row = await db.selectFrom('state_entries').selectAll().where('transaction_id', '=', transactionId).where('key', '=', key).executeTakeFirst();
  return row && toStored(row);
}

/** Inserts the entry, or replaces input/extraction/output/internal of the entry with the same key. */
export async function upsertStateEntry(db: Db, entry: Omit<StoredStateEntry, 'seq'>): Promise<void> {
  const values = {
    input: JSON.stringify(entry.input),
    extraction: JSON.stringify(entry.extraction),
    output: entry.output === null ? null : JSON.stringify(entry.output),
    internal: entry.internal === null ? null : JSON.stringify(entry.internal),
    modified_on: entry.modifiedOn,
  };
  const updated = await db.updateTable('state_entries').set(values).where('transaction_id', '=', entry.transactionId).where('key', '=', entry.key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const last = await db.selectFrom('state_entries').select((eb) => eb.fn.max('seq').as('seq')).where('transaction_id', '=', entry.transactionId).executeTakeFirst();
  await db
    .insertInto('state_entries')
    .values({ ...values, transaction_id: entry.transactionId, key: entry.key, step_id: entry.stepId, step_type: entry.stepType, seq: Number(last?.seq ?? -1) + 1, created_on: entry.createdOn })
    .execute();
}
