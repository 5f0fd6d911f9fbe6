import { sql, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { isPostgres } from '../dialect-kind.ts';
import type { Consent, ProcessingStatus, StatusLogEntry, VerificationStatus } from '@idlens/sdk/api';
import type { Progress } from '../../workflow/progress.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { Db, TransactionTable } from '../schema.ts';
import { stateEntryColumns, stateEntryRow, type StoredStateEntry } from './state-entry-repository.ts';
import { statusLogColumns, statusLogRow } from './status-log-repository.ts';
import { eventDeliveryParamNames, insertEventDeliveries, type EventDeliveryParams } from './webhook-repository.ts';

/** A transaction row with its JSON columns parsed. */
export interface StoredTransaction extends Omit<Selectable<TransactionTable>, 'consent' | 'tags' | 'linkFields' | 'progress'> {
  consent: Consent;
  tags: string[];
  linkFields: Record<string, string>;
  progress: Progress;
}

/** A transaction row as read (JSON columns as text) to its parsed form. */
export function toStoredTransaction(row: Selectable<TransactionTable>): StoredTransaction {
  return {
    ...row,
    consent: JSON.parse(row.consent) as Consent,
    tags: JSON.parse(row.tags) as string[],
    linkFields: JSON.parse(row.linkFields) as Record<string, string>,
    progress: JSON.parse(row.progress) as Progress,
    rowVersion: Number(row.rowVersion),
  };
}

const transactionColumns = [
  'id',
  'organizationId',
  'clientId',
  'workflowId',
  'workflowVersionId',
  'platform',
  'sdkVersion',
  'processingStatus',
  'verificationStatus',
  'originalVerificationStatus',
  'consent',
  'tags',
  'linkFields',
  'progress',
  'keyHash',
  'keyExpiresOn',
  'rowVersion',
  'leaseOwner',
  'leaseUntil',
  'createdOn',
  'modifiedOn',
] as const satisfies ReadonlyArray<keyof TransactionTable>;

/** A transaction as the row every insert of it writes (its JSON columns as text). */
function transactionRow(tx: StoredTransaction): TransactionTable {
  return {
    ...tx,
    consent: JSON.stringify(tx.consent),
    tags: JSON.stringify(tx.tags),
    linkFields: JSON.stringify(tx.linkFields),
    progress: JSON.stringify(tx.progress),
  };
}

const insertRow = preparedQuery(transactionColumns, (db, row: TransactionTable) => db.insertInto('transactions').values(row));

export async function insertTransaction(db: Db, tx: StoredTransaction): Promise<void> {
  await insertRow(db, transactionRow(tx));
}

type CreatedParams = Record<string, unknown>;

/** One row of insertCreated: its columns and their parameter names (`tx.*`, `entry.*`, `log.*`), named once. */
const part = <Column extends string>(prefix: string, columns: readonly Column[]) => ({ columns, names: columns.map((column) => `${prefix}.${column}`) });
const createdTx = part('tx', transactionColumns);
const createdEntry = part('entry', stateEntryColumns);
const createdLog = part('log', statusLogColumns);

/** Sets a row's values as the named parameters of its part. */
function setParams(params: CreatedParams, { columns, names }: ReturnType<typeof part<string>>, row: object): void {
  for (let i = 0; i < columns.length; i++) params[names[i]!] = (row as Record<string, unknown>)[columns[i]!];
}

/**
 * A row's values as the select list of an INSERT … SELECT, each a bound parameter (PostgreSQL takes
 * its type from the column it goes into).
 */
function selectedValues(params: CreatedParams, { columns, names }: ReturnType<typeof part<string>>) {
  return names.map((name, i) => sql`${params[name]}`.as(columns[i]!));
}

/** The version a create runs, checked in its statement to be still its workflow's latest. */
const latestCheckNames = ['latest.organizationId', 'latest.workflowId', 'latest.workflowVersionId'] as const;
type LatestCheckParams = Record<(typeof latestCheckNames)[number], string>;

/**
 * The rows of a new transaction in one statement: the transaction, if the version it runs is still
 * its workflow's latest; from it (none without it) its Start entry, its first status-log entry and
 * its `transaction.created` webhook deliveries (none when no endpoint receives it). PostgreSQL runs
 * it atomically in autocommit, all CTEs on one snapshot, and checks the foreign keys of the
 * children at the end of the statement, when the transaction row is there.
 */
const insertCreated = preparedQuery<CreatedParams & EventDeliveryParams & LatestCheckParams, { created: string; deliveries: string }>(
  [...createdTx.names, ...createdEntry.names, ...createdLog.names, ...eventDeliveryParamNames, ...latestCheckNames],
  (db, p) =>
    db
      .with('created_transaction', (qc) =>
        qc
          .insertInto('transactions')
          .columns(createdTx.columns)
          .expression(
            qc
              .selectNoFrom(selectedValues(p, createdTx))
              .where(({ exists, selectFrom }) =>
                exists(
                  selectFrom('workflows')
                    .select('latestVersionId')
                    .where('organizationId', '=', p['latest.organizationId'])
                    .where('id', '=', p['latest.workflowId'])
                    .where('latestVersionId', '=', p['latest.workflowVersionId']),
                ),
              ),
          )
          .returning('id'),
      )
      .with('created_entry', (qc) =>
        qc
          .insertInto('stateEntries')
          .columns(createdEntry.columns)
          .expression((eb) => eb.selectFrom('created_transaction').select(selectedValues(p, createdEntry))),
      )
      .with('created_log', (qc) =>
        qc
          .insertInto('statusLog')
          .columns(createdLog.columns)
          .expression((eb) => eb.selectFrom('created_transaction').select(selectedValues(p, createdLog))),
      )
      .with('created_deliveries', (qc) =>
        insertEventDeliveries(qc, p, { writtenByThisStatement: sql<SqlBool>`exists (select 1 from created_transaction)` }).returning('id'),
      )
      .selectNoFrom(({ selectFrom, fn }) => [
        selectFrom('created_transaction').select(fn.countAll<string>().as('n')).as('created'),
        selectFrom('created_deliveries').select(fn.countAll<string>().as('n')).as('deliveries'),
      ]),
  // Its reads are configuration (the workflow, the organization's endpoints): a generic plan holds.
  { namedOnPostgres: true },
);

/**
 * Writes a new transaction, its Start entry (seq 0), its first status-log entry and its
 * `transaction.created` webhook deliveries as ONE statement, each row exactly as insertTransaction,
 * insertStateEntry, appendStatusLog and recordEventDeliveries write it: one round trip instead of
 * BEGIN, four INSERTs and COMMIT, and as atomic (the statement is all or nothing). The version the
 * transaction runs is checked in the same statement to be its workflow's latest, so a caller may
 * take it from a cache. PostgreSQL only: SQLite has no data-modifying CTEs (its creates share a
 * commit instead, group-commit.ts). Answers null when the version is no longer the latest (nothing
 * written), else how many webhook deliveries it wrote.
 */
export async function insertCreatedTransaction(
  db: Db,
  tx: StoredTransaction,
  start: Omit<StoredStateEntry, 'seq' | 'transactionId'>,
  log: StatusLogEntry,
  event: EventDeliveryParams,
): Promise<{ deliveries: number } | null> {
  if (!isPostgres(db)) throw new Error('insertCreatedTransaction: PostgreSQL only');
  const params = {
    ...event,
    'latest.organizationId': tx.organizationId,
    'latest.workflowId': tx.workflowId,
    'latest.workflowVersionId': tx.workflowVersionId,
  } as CreatedParams & EventDeliveryParams & LatestCheckParams;
  setParams(params, createdTx, transactionRow(tx));
  setParams(params, createdEntry, stateEntryRow({ ...start, transactionId: tx.id }, 0));
  setParams(params, createdLog, statusLogRow(tx.id, log));
  const counts = (await insertCreated(db, params)).rows[0]!;
  return Number(counts.created) === 1 ? { deliveries: Number(counts.deliveries) } : null;
}

const selectById = preparedQuery(['id'], (db, p: { id: string }) => db.selectFrom('transactions').selectAll().where('id', '=', p.id));

export async function findTransaction(db: Db, id: string): Promise<StoredTransaction | undefined> {
  const row = (await selectById(db, { id })).rows[0];
  return row && toStoredTransaction(row);
}

const selectOwn = preparedQuery(['id', 'organizationId'], (db, p: { id: string; organizationId: string }) =>
  db.selectFrom('transactions').selectAll().where('id', '=', p.id).where('organizationId', '=', p.organizationId),
);

/** A transaction only if it belongs to the organization: other organizations' look like missing ones. */
export async function findOrganizationTransaction(db: Db, organizationId: string, id: string): Promise<StoredTransaction | undefined> {
  const row = (await selectOwn(db, { id, organizationId })).rows[0];
  return row && toStoredTransaction(row);
}

/** Fields a write may change. */
export interface TransactionPatch {
  processingStatus?: ProcessingStatus;
  verificationStatus?: VerificationStatus | null;
  originalVerificationStatus?: VerificationStatus | null;
  progress?: Progress;
  keyHash?: string;
  keyExpiresOn?: string;
  leaseOwner?: string | null;
  leaseUntil?: string | null;
  /** Omitted by writes that change nothing a client sees (lease release). */
  modifiedOn?: string;
}

/** What a guarded write requires of the row; the write changes nothing when the row no longer matches. */
export interface WriteGuard {
  /** The row_version the writer read (optimistic concurrency). */
  rowVersion?: number;
  /** The writer holds the execution lease. */
  leaseOwner?: string;
  /** The row is in one of these statuses. */
  statuses?: ProcessingStatus[];
  /** No unexpired lease is held by anyone (ISO now). */
  unleasedAt?: string;
}

type UpdateParams = Record<string, unknown>;
type PreparedUpdate = ReturnType<typeof preparedQuery<UpdateParams, Selectable<TransactionTable>>>;

/**
 * One prepared UPDATE per shape: which fields a write sets and which guards it carries. The
 * shapes come from the call sites (a handful), not from requests, so the map stays small.
 */
const updatesByShape = new Map<string, PreparedUpdate>();

function preparedUpdate(columns: string[], guard: WriteGuard): PreparedUpdate {
  const statusCount = guard.statuses?.length ?? 0;
  const guarded = { rowVersion: guard.rowVersion !== undefined, leaseOwner: guard.leaseOwner !== undefined, unleasedAt: guard.unleasedAt !== undefined };
  const shape = `${columns.join(',')}|${guarded.rowVersion}|${guarded.leaseOwner}|${statusCount}|${guarded.unleasedAt}`;
  let update = updatesByShape.get(shape);
  if (update) return update;
  const statusNames = Array.from({ length: statusCount }, (_, i) => `status${i}`);
  const names = [
    'id',
    ...columns.map((c) => `set.${c}`),
    ...(guarded.rowVersion ? ['rowVersion'] : []),
    ...(guarded.leaseOwner ? ['leaseOwner'] : []),
    ...statusNames,
    ...(guarded.unleasedAt ? ['unleasedAt'] : []),
  ];
  update = preparedQuery<UpdateParams, Selectable<TransactionTable>>(names, (db, p) => {
    const set = Object.fromEntries(columns.map((c) => [c, p[`set.${c}`]])) as Updateable<TransactionTable>;
    let query = db
      .updateTable('transactions')
      .set(set)
      .set((eb) => ({ rowVersion: eb('rowVersion', '+', 1) }))
      .where('id', '=', p.id as string);
    if (guarded.rowVersion) query = query.where('rowVersion', '=', p.rowVersion as number);
    if (guarded.leaseOwner) query = query.where('leaseOwner', '=', p.leaseOwner as string);
    if (statusCount > 0)
      query = query.where(
        'processingStatus',
        'in',
        statusNames.map((n) => p[n] as ProcessingStatus),
      );
    if (guarded.unleasedAt) {
      const at = p.unleasedAt as string;
      query = query.where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', at)]));
    }
    return query.returningAll();
  });
  updatesByShape.set(shape, update);
  return update;
}

/**
 * Applies a patch only if the guard still holds, bumping row_version; answers the row as written
 * (RETURNING, so the writer needs no second read), or undefined when the guard no longer held.
 * One UPDATE … WHERE, so it is atomic on SQLite and on Postgres (where a concurrent writer's
 * commit makes the WHERE re-evaluate and fail). Prepared once per shape (preparedUpdate).
 */
export async function updateTransaction(db: Db, id: string, guard: WriteGuard, patch: TransactionPatch): Promise<StoredTransaction | undefined> {
  const { progress, ...fields } = patch;
  const values: UpdateParams = { ...fields, ...(progress === undefined ? {} : { progress: JSON.stringify(progress) }) };
  // Fields left undefined are not written.
  const columns = Object.keys(values)
    .filter((k) => values[k] !== undefined)
    .sort();
  const params: UpdateParams = { id, rowVersion: guard.rowVersion, leaseOwner: guard.leaseOwner, unleasedAt: guard.unleasedAt };
  for (const c of columns) params[`set.${c}`] = values[c];
  guard.statuses?.forEach((status, i) => {
    params[`status${i}`] = status;
  });
  const row = (await preparedUpdate(columns, guard)(db, params)).rows[0];
  return row && toStoredTransaction(row);
}

/**
 * Claims the execution lease of an InProgress transaction nobody else runs: the one way into the
 * runner, so two resumes never execute steps at the same time. Answers the claimed row, or
 * undefined when someone else holds the lease (or the transaction is closed or gone).
 */
export async function claimLease(db: Db, id: string, owner: string, now: string, until: string): Promise<StoredTransaction | undefined> {
  return updateTransaction(db, id, { statuses: ['InProgress'], unleasedAt: now }, { leaseOwner: owner, leaseUntil: until, modifiedOn: now });
}

/**
 * Deletes a closed transaction that nobody runs. Children go by ON DELETE CASCADE inside the same
 * statement, so a racing resume either sees the whole transaction or none of it.
 */
export async function deleteClosedTransaction(db: Db, organizationId: string, id: string, statuses: ProcessingStatus[], now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('transactions')
    .where('id', '=', id)
    .where('organizationId', '=', organizationId)
    .where('processingStatus', 'in', statuses)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface ListFilter {
  transactionId?: string;
  /** consent.userId (exact), through the expression index of migration 0004. */
  userId?: string;
  processingStatus?: ProcessingStatus;
  verificationStatus?: VerificationStatus;
  workflowId?: string;
  /** createdOn >= createdFrom and < createdTo (ISO 8601 UTC, compared as text). */
  createdFrom?: string;
  createdTo?: string;
  limit: number;
  /** Continue after this (createdOn, id): the cursor of the previous page. */
  after?: { createdOn: string; id: string };
}

/**
 * consent.userId of a row, written exactly as the index of migration 0004 is (a database uses an
 * expression index only for the same expression). consent is JSON text on both databases.
 */
function consentUserId(db: Db) {
  return isPostgres(db) ? sql<string>`(consent::jsonb ->> 'userId')` : sql<string>`json_extract(consent, '$.userId')`;
}

/** One page of an organization's transactions, newest first (keyset paging on created_on, id). */
export async function listTransactions(db: Db, organizationId: string, filter: ListFilter): Promise<StoredTransaction[]> {
  let query = db.selectFrom('transactions').selectAll().where('organizationId', '=', organizationId);
  if (filter.transactionId) query = query.where('id', '=', filter.transactionId);
  if (filter.userId) query = query.where(consentUserId(db), '=', filter.userId);
  if (filter.processingStatus) query = query.where('processingStatus', '=', filter.processingStatus);
  if (filter.workflowId) query = query.where('workflowId', '=', filter.workflowId);
  if (filter.verificationStatus) query = query.where('verificationStatus', '=', filter.verificationStatus);
  if (filter.createdFrom) query = query.where('createdOn', '>=', filter.createdFrom);
  if (filter.createdTo) query = query.where('createdOn', '<', filter.createdTo);
  if (filter.after) {
    const { createdOn, id } = filter.after;
    query = query.where((eb) => eb.or([eb('createdOn', '<', createdOn), eb.and([eb('createdOn', '=', createdOn), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('createdOn', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toStoredTransaction);
}

/** InProgress transactions whose ephemeral key expired before `now` (the expiry sweep). */
export async function findExpiredTransactionIds(db: Db, now: string, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('transactions')
    .select('id')
    .where('processingStatus', '=', 'InProgress')
    .where('keyExpiresOn', '<', now)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
