import { sql, type Selectable } from 'kysely';
import type { StatusLogEntry } from '@idlens/sdk/api';
import { isPostgres } from '../dialect-kind.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { Db, TransactionTable } from '../schema.ts';
import type { StoredStateEntry } from './state-entry-repository.ts';
import { toStoredTransaction, type StoredTransaction } from './transaction-repository.ts';

/** A state entry as the record shows it: everything but what only the server sees (`internal`). */
export type RecordStateEntry = Omit<StoredStateEntry, 'internal' | 'transactionId' | 'seq'>;

/** A transaction with its state entries (in creation order) and its status log (in order of change). */
export interface TransactionWithHistory {
  transaction: StoredTransaction;
  stateEntries: RecordStateEntry[];
  statusLog: StatusLogEntry[];
}

// The children are aggregated to one JSON array each inside the transaction's row, so the record is
// one statement: one snapshot on both databases (no half-written step or deletion can be seen) and
// one round trip. The keys are written as the record names them; the JSON columns go in as JSON.
// Both answer text: parsed JSON from node-postgres would pass through the CamelCase plugin, which
// would rename the keys inside the user's own values (`customer_name`).
const sqliteEntries = sql<string>`(select json_group_array(json_object(
  'key', e."key", 'stepId', e.step_id, 'stepType', e.step_type, 'input', json(e.input), 'extraction', json(e.extraction),
  'output', json(e.output), 'createdOn', e.created_on, 'modifiedOn', e.modified_on) order by e.seq)
  from state_entries e where e.transaction_id = transactions.id)`;
const sqliteLog = sql<string>`(select json_group_array(json_object(
  'changedOn', l.changed_on, 'changedBy', l.changed_by, 'field', l.field, 'oldValue', l.old_value, 'newValue', l.new_value,
  'comment', l.comment) order by l.id)
  from status_log l where l.transaction_id = transactions.id)`;
const postgresEntries = sql<string>`(select coalesce(json_agg(json_build_object(
  'key', e."key", 'stepId', e.step_id, 'stepType', e.step_type, 'input', e.input::json, 'extraction', e.extraction::json,
  'output', e.output::json, 'createdOn', e.created_on, 'modifiedOn', e.modified_on) order by e.seq), '[]'::json)::text
  from state_entries e where e.transaction_id = transactions.id)`;
const postgresLog = sql<string>`(select coalesce(json_agg(json_build_object(
  'changedOn', l.changed_on, 'changedBy', l.changed_by, 'field', l.field, 'oldValue', l.old_value, 'newValue', l.new_value,
  'comment', l.comment) order by l.id), '[]'::json)::text
  from status_log l where l.transaction_id = transactions.id)`;

type RowWithHistory = Selectable<TransactionTable> & { stateEntriesJson: string; statusLogJson: string };

const selectWithHistory = preparedQuery(['id', 'organizationId'], (db, p: { id: string; organizationId: string }) => {
  const pg = isPostgres(db);
  return db
    .selectFrom('transactions')
    .selectAll('transactions')
    .select([(pg ? postgresEntries : sqliteEntries).as('stateEntriesJson'), (pg ? postgresLog : sqliteLog).as('statusLogJson')])
    .where('id', '=', p.id)
    .where('organizationId', '=', p.organizationId);
});

/** An organization's transaction with its history, read in one statement; other organizations' look missing. */
export async function findOrganizationTransactionWithHistory(db: Db, organizationId: string, id: string): Promise<TransactionWithHistory | undefined> {
  const row = (await selectWithHistory(db, { id, organizationId })).rows[0] as RowWithHistory | undefined;
  if (!row) return undefined;
  const { stateEntriesJson, statusLogJson, ...columns } = row;
  return {
    transaction: toStoredTransaction(columns),
    stateEntries: JSON.parse(stateEntriesJson) as RecordStateEntry[],
    statusLog: JSON.parse(statusLogJson) as StatusLogEntry[],
  };
}

/** What decides whether a cached record still holds: the version, and what expiry looks at. */
export type TransactionHead = Pick<StoredTransaction, 'rowVersion' | 'processingStatus' | 'keyExpiresOn'>;

const selectHead = preparedQuery(['id', 'organizationId'], (db, p: { id: string; organizationId: string }) =>
  db
    .selectFrom('transactions')
    .select(['rowVersion', 'processingStatus', 'keyExpiresOn'])
    .where('id', '=', p.id)
    .where('organizationId', '=', p.organizationId),
);

/** The head of an organization's transaction (undefined when it is gone or another organization's). */
export async function findOrganizationTransactionHead(db: Db, organizationId: string, id: string): Promise<TransactionHead | undefined> {
  const row = (await selectHead(db, { id, organizationId })).rows[0];
  return row && { ...row, rowVersion: Number(row.rowVersion) };
}
