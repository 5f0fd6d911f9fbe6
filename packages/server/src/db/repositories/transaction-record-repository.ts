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

/** A child table's columns as the record names them: key, column, and whether the column holds JSON text. */
type RecordColumns = ReadonlyArray<readonly [key: string, column: string, json?: 'json']>;

const entryColumns: RecordColumns = [
  ['key', '"key"'],
  ['stepId', 'step_id'],
  ['stepType', 'step_type'],
  ['input', 'input', 'json'],
  ['extraction', 'extraction', 'json'],
  ['output', 'output', 'json'],
  ['createdOn', 'created_on'],
  ['modifiedOn', 'modified_on'],
];
const logColumns: RecordColumns = [
  ['changedOn', 'changed_on'],
  ['changedBy', 'changed_by'],
  ['field', 'field'],
  ['oldValue', 'old_value'],
  ['newValue', 'new_value'],
  ['comment', 'comment'],
];

/** `(select <JSON array of the child rows, in order> from <table> where it belongs to the transaction)`, per database. */
function childrenAsJson(pg: boolean, table: string, columns: RecordColumns, orderBy: string) {
  const pairs = columns.map(([key, column, json]) => `'${key}', ${json ? (pg ? `c.${column}::json` : `json(c.${column})`) : `c.${column}`}`).join(', ');
  const array = pg
    ? `coalesce(json_agg(json_build_object(${pairs}) order by c.${orderBy}), '[]'::json)::text`
    : `json_group_array(json_object(${pairs}) order by c.${orderBy})`;
  // Built from the constants above only: nothing of a request reaches this text.
  return sql<string>`(${sql.raw(`select ${array} from ${table} c where c.transaction_id = transactions.id`)})`;
}

type RowWithHistory = Selectable<TransactionTable> & { stateEntriesJson: string; statusLogJson: string };

const selectWithHistory = preparedQuery(['id', 'organizationId'], (db, p: { id: string; organizationId: string }) => {
  const pg = isPostgres(db);
  return db
    .selectFrom('transactions')
    .selectAll('transactions')
    .select([
      childrenAsJson(pg, 'state_entries', entryColumns, 'seq').as('stateEntriesJson'),
      childrenAsJson(pg, 'status_log', logColumns, 'id').as('statusLogJson'),
    ])
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
