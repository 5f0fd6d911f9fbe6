import { sql, type Selectable } from 'kysely';
import type { StepType } from '@idlens/sdk/api';
import { preparedQuery } from '../prepared-query.ts';
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

function toStored(row: Selectable<StateEntryTable>): StoredStateEntry {
  return {
    ...row,
    stepId: Number(row.stepId),
    seq: Number(row.seq),
    input: parse(row.input) ?? {},
    extraction: parse(row.extraction) ?? {},
    output: parse(row.output),
    internal: parse(row.internal),
  };
}

/** Every state entry of a transaction, in the order they were created. */
const selectEntries = preparedQuery(['transactionId'], (db, p: { transactionId: string }) =>
  db.selectFrom('stateEntries').selectAll().where('transactionId', '=', p.transactionId).orderBy('seq'),
);

export async function listStateEntries(db: Db, transactionId: string): Promise<StoredStateEntry[]> {
  return (await selectEntries(db, { transactionId })).rows.map(toStored);
}

export async function findStateEntry(db: Db, transactionId: string, key: string): Promise<StoredStateEntry | undefined> {
  const row = await db.selectFrom('stateEntries').selectAll().where('transactionId', '=', transactionId).where('key', '=', key).executeTakeFirst();
  return row && toStored(row);
}

/** The columns a new entry is inserted with. */
export const stateEntryColumns = [
  'transactionId',
  'key',
  'stepId',
  'stepType',
  'seq',
  'input',
  'extraction',
  'output',
  'internal',
  'createdOn',
  'modifiedOn',
] as const satisfies ReadonlyArray<keyof StateEntryTable>;

/** An entry as the row every write of it stores (its JSON as text); `seq` is the caller's. */
export function stateEntryRow(entry: Omit<StoredStateEntry, 'seq'>, seq: number): StateEntryTable {
  return {
    transactionId: entry.transactionId,
    key: entry.key,
    stepId: entry.stepId,
    stepType: entry.stepType,
    seq,
    input: JSON.stringify(entry.input),
    extraction: JSON.stringify(entry.extraction),
    output: entry.output === null ? null : JSON.stringify(entry.output),
    internal: entry.internal === null ? null : JSON.stringify(entry.internal),
    createdOn: entry.createdOn,
    modifiedOn: entry.modifiedOn,
  };
}

/** Inserts an entry known to be new, as the given `seq` (a new transaction's Start entry is 0). */
const insertEntry = preparedQuery(stateEntryColumns, (db, row: StateEntryTable) => db.insertInto('stateEntries').values(row));

export async function insertStateEntry(db: Db, entry: Omit<StoredStateEntry, 'seq'>, seq = 0): Promise<void> {
  await insertEntry(db, stateEntryRow(entry, seq));
}

const upsertEntry = preparedQuery(
  ['transactionId', 'key', 'stepId', 'stepType', 'input', 'extraction', 'output', 'internal', 'createdOn', 'modifiedOn'],
  (db, row: Omit<StateEntryTable, 'seq'>) =>
    db
      .insertInto('stateEntries')
      .values({
        ...row,
        // A new entry comes after the transaction's others; an existing one keeps its place.
        seq: db
          .selectFrom('stateEntries')
          .select((eb) => eb(eb.fn.coalesce(eb.fn.max('seq'), sql.lit(-1)), '+', sql.lit(1)).as('next'))
          .where('transactionId', '=', row.transactionId),
      })
      .onConflict((oc) =>
        oc.columns(['transactionId', 'key']).doUpdateSet((eb) => ({
          input: eb.ref('excluded.input'),
          extraction: eb.ref('excluded.extraction'),
          output: eb.ref('excluded.output'),
          internal: eb.ref('excluded.internal'),
          modifiedOn: eb.ref('excluded.modifiedOn'),
        })),
      ),
);

/**
 * Inserts the entry, or replaces input/extraction/output/internal of the entry with the same key:
 * one statement (INSERT … ON CONFLICT DO UPDATE), prepared once.
 */
export async function upsertStateEntry(db: Db, entry: Omit<StoredStateEntry, 'seq'>): Promise<void> {
  // The upsert computes seq itself: the row's `seq` is not one of its parameters, so it is not read.
  await upsertEntry(db, stateEntryRow(entry, 0));
}
