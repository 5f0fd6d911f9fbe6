import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type QueryCreator,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { eventTypeBit, type WebhookEvent } from '../../webhooks/webhook-events.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { WebhookDeliveryStatus } from '@idlens/sdk/api';
import type { Database, Db, WebhookDeliveryTable, WebhookEndpointTable } from '../schema.ts';

export type StoredWebhookEndpoint = Selectable<WebhookEndpointTable>;
export type StoredWebhookDelivery = Selectable<WebhookDeliveryTable>;

// --- Endpoints ---------------------------------------------------------------------------------

export async function insertWebhookEndpoint(db: Db, endpoint: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto('webhookEndpoints').values(endpoint).execute();
}

export async function listWebhookEndpoints(db: Db, organizationId: string): Promise<StoredWebhookEndpoint[]> {
  return db.selectFrom('webhookEndpoints').selectAll().where('organizationId', '=', organizationId).orderBy('createdOn').orderBy('id').execute();
}

export async function findWebhookEndpoint(db: Db, organizationId: string, id: string): Promise<StoredWebhookEndpoint | undefined> {
  return db.selectFrom('webhookEndpoints').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function updateWebhookEndpoint(
  db: Db,
  organizationId: string,
  id: string,
  patch: Updateable<WebhookEndpointTable>,
): Promise<StoredWebhookEndpoint | undefined> {
  return db.updateTable('webhookEndpoints').set(patch).where('organizationId', '=', organizationId).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Deletes the endpoint and its delivery log; pending deliveries are never sent. (A delivery recorded
 * by a write that read the endpoint just before, and committed just after, is dropped by the
 * dispatcher: claimDelivery.)
 */
export async function deleteWebhookEndpoint(db: Kysely<Database>, organizationId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('webhookEndpoints').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await trx.deleteFrom('webhookDeliveries').where('endpointId', '=', id).execute();
    return true;
  });
}

// --- The outbox --------------------------------------------------------------------------------

/** What an event's deliveries are written from: the event, the bit of its type and when retrying stops. */
export interface EventDeliveryParams {
  eventId: string;
  organizationId: string;
  transactionId: string;
  type: string;
  typeBit: number;
  payload: string;
  createdOn: string;
  giveUpOn: string;
}

export const eventDeliveryParamNames = [
  'eventId',
  'organizationId',
  'transactionId',
  'type',
  'typeBit',
  'payload',
  'createdOn',
  'giveUpOn',
] as const satisfies ReadonlyArray<keyof EventDeliveryParams>;

export function eventDeliveryParams(event: WebhookEvent, giveUpOn: string): EventDeliveryParams {
  const { id: eventId, organizationId, transactionId, type, payload, createdOn } = event;
  return { eventId, organizationId, transactionId, type, typeBit: eventTypeBit(type), payload, createdOn, giveUpOn };
}

const deliveryColumns = [
  'eventId',
  'endpointId',
  'organizationId',
  'transactionId',
  'type',
  'payload',
  'status',
  'attempts',
  'nextAttemptOn',
  'giveUpOn',
  'createdOn',
] as const satisfies ReadonlyArray<keyof WebhookDeliveryTable>;

/** The event of a transaction written by the same statement: no delivery of it can precede this one. */
export interface NewTransactionEvent {
  /** True when the statement did write the transaction (no deliveries otherwise). */
  writtenByThisStatement: Expression<SqlBool>;
}

/**
 * `INSERT INTO webhook_deliveries SELECT … FROM webhook_endpoints`: one row per enabled endpoint of
 * the organization that receives the event's type, none when it has no such endpoint (then it
 * costs one indexed lookup). The values are cast in the select list because PostgreSQL cannot
 * infer a parameter's type there.
 */
export function insertEventDeliveries(qc: Pick<QueryCreator<Database>, 'insertInto'>, p: EventDeliveryParams, newTransaction?: NewTransactionEvent) {
  const text = (value: string) => sql<string>`cast(${value} as text)`;
  return qc
    .insertInto('webhookDeliveries')
    .columns(deliveryColumns)
    .expression((eb: ExpressionBuilder<Database, 'webhookDeliveries'>) =>
      eb
        .selectFrom('webhookEndpoints')
        .select((endpoint) => [
          text(p.eventId).as('eventId'),
          'id',
          'organizationId',
          text(p.transactionId).as('transactionId'),
          text(p.type).as('type'),
          text(p.payload).as('payload'),
          sql<WebhookDeliveryStatus>`'pending'`.as('status'),
          sql<number>`0`.as('attempts'),
          // A new transaction's first event is due at once; any other is behind a pending delivery of
          // the same transaction to the same endpoint, not due before it is (the dispatcher keeps
          // the order anyway; this keeps waiting rows out of its reads).
          newTransaction
            ? text(p.createdOn).as('nextAttemptOn')
            : endpoint.fn
                .coalesce(
                  // The latest one by id (not MAX(next_attempt_on): SQLite would read that off the due
                  // index, through every pending delivery); earlier ones are due no later than it.
                  endpoint
                    .selectFrom('webhookDeliveries as earlier')
                    .select('earlier.nextAttemptOn')
                    .whereRef('earlier.endpointId', '=', 'webhookEndpoints.id')
                    .where('earlier.transactionId', '=', p.transactionId)
                    .where('earlier.status', '=', 'pending')
                    .orderBy('earlier.id', 'desc')
                    .limit(1),
                  text(p.createdOn),
                )
                .as('nextAttemptOn'),
          text(p.giveUpOn).as('giveUpOn'),
          text(p.createdOn).as('createdOn'),
        ])
        .where('organizationId', '=', p.organizationId)
        .where('enabled', '=', 1)
        .where(sql<number>`${sql.ref('eventMask')} & cast(${p.typeBit} as integer)`, '<>', 0)
        .$call((select) => (newTransaction ? select.where(newTransaction.writtenByThisStatement) : select)),
    );
}

const insertDeliveries = preparedQuery(eventDeliveryParamNames, (db, p: EventDeliveryParams) => insertEventDeliveries(db, p));

/**
 * Writes an event into the outbox — inside the caller's database transaction, so the event exists
 * exactly when the change that caused it is committed. Answers how many deliveries it wrote.
 */
export async function recordEventDeliveries(db: Db, params: EventDeliveryParams): Promise<number> {
  return Number((await insertDeliveries(db, params)).numAffectedRows ?? 0);
}

// --- Dispatch ----------------------------------------------------------------------------------

const unleased = (now: string) => (eb: ExpressionBuilder<Database, 'webhookDeliveries'>) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]);

export interface DueDelivery {
  id: number;
  endpointId: string;
}

/** Pending, due at `now`, nobody sending it, and no earlier delivery of its transaction to its endpoint pending (the order of events). */
function dueDeliveries(db: Db, now: string) {
  return db
    .selectFrom('webhookDeliveries as d')
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptOn', '<=', now)
    .where((eb) => eb.or([eb('d.leaseUntil', 'is', null), eb('d.leaseUntil', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhookDeliveries as e')
            .select('e.id')
            .whereRef('e.endpointId', '=', 'd.endpointId')
            .whereRef('e.transactionId', '=', 'd.transactionId')
            .whereRef('e.id', '<', 'd.id')
            .where('e.status', '=', 'pending'),
        ),
      ),
    );
}

const asDue = (rows: Array<{ id: number | string; endpointId: string }>): DueDelivery[] => rows.map((r) => ({ id: Number(r.id), endpointId: r.endpointId }));

/**
 * The `limit` deliveries due longest: an index range read that stops after `limit` rows, cheap
 * whatever the backlog — what the dispatcher reads after every attempt and commit.
 */
export async function findDueDeliveries(db: Db, now: string, limit: number): Promise<DueDelivery[]> {
  return asDue(await dueDeliveries(db, now).select(['d.id', 'd.endpointId']).orderBy('d.nextAttemptOn').orderBy('d.id').limit(limit).execute());
}

/**
 * Due deliveries, longest due first, at most `perEndpoint` of each endpoint: when the longest-due
 * rows all belong to endpoints that have their share in flight (one receiver's backlog), this finds
 * the other endpoints' rows behind them. It reads every due row (a window function over them): the
 * dispatcher runs it at most once per poll interval.
 */
export async function findDueDeliveriesFairly(db: Db, now: string, limit: number, perEndpoint: number): Promise<DueDelivery[]> {
  const ranked = dueDeliveries(db, now).select((eb) => [
    'd.id',
    'd.endpointId',
    'd.nextAttemptOn',
    eb.fn
      .agg<number>('row_number')
      .over((over) => over.partitionBy('d.endpointId').orderBy('d.nextAttemptOn').orderBy('d.id'))
      .as('rank'),
  ]);
  return asDue(
    await db
      .selectFrom(ranked.as('due'))
      .select(['due.id', 'due.endpointId'])
      .where('due.rank', '<=', perEndpoint)
      .orderBy('due.nextAttemptOn')
      .orderBy('due.id')
      .limit(limit)
      .execute(),
  );
}

/** The delivery with the endpoint's URL and secret, leased to `owner` until `until`; undefined when another took it first. */
export async function claimDelivery(
  db: Db,
  id: number,
  owner: string,
  now: string,
  until: string,
): Promise<(StoredWebhookDelivery & { url: string; secret: string }) | undefined> {
  const claimed = await db
    .updateTable('webhookDeliveries')
    .set({ leaseOwner: owner, leaseUntil: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(unleased(now))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return undefined;
  const endpoint = await db.selectFrom('webhookEndpoints').select(['url', 'secret']).where('id', '=', claimed.endpointId).executeTakeFirst();
  if (!endpoint) {
    // Recorded by a write that read the endpoint just before it was deleted: goes as its log went.
    await db.deleteFrom('webhookDeliveries').where('id', '=', id).execute();
    return undefined;
  }
  return { ...claimed, id: Number(claimed.id), ...endpoint };
}

/** The outcome of an attempt, written only while `owner` still holds the lease. */
export async function finishAttempt(
  db: Db,
  id: number,
  owner: string,
  outcome: Pick<
    Updateable<WebhookDeliveryTable>,
    'status' | 'attempts' | 'nextAttemptOn' | 'lastAttemptOn' | 'lastStatusCode' | 'lastLatencyMs' | 'lastError' | 'deliveredOn'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ ...outcome, leaseOwner: null, leaseUntil: null })
    .where('id', '=', id)
    .where('leaseOwner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A failed attempt's delivery is retried at `until`: the later pending deliveries of its
 * transaction to its endpoint are not due before then either (they would only wait their turn).
 */
export async function deferLaterDeliveries(db: Db, delivery: Pick<StoredWebhookDelivery, 'id' | 'endpointId' | 'transactionId'>, until: string): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ nextAttemptOn: until })
    .where('endpointId', '=', delivery.endpointId)
    .where('transactionId', '=', delivery.transactionId)
    .where('status', '=', 'pending')
    .where('id', '>', delivery.id)
    .where('nextAttemptOn', '<', until)
    .execute();
}

/** Removes delivered and failed deliveries created before `before` (the delivery log's retention). */
export async function purgeDeliveriesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhookDeliveries').where('status', 'in', ['delivered', 'failed']).where('createdOn', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- The delivery log --------------------------------------------------------------------------

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus;
  /** Only deliveries older than this one (by id): the cursor of the next page. */
  beforeId?: number;
  limit: number;
}

export async function listDeliveries(db: Db, endpointId: string, filter: DeliveryFilter): Promise<StoredWebhookDelivery[]> {
  let query = db.selectFrom('webhookDeliveries').selectAll().where('endpointId', '=', endpointId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function findDelivery(db: Db, endpointId: string, eventId: string): Promise<StoredWebhookDelivery | undefined> {
  const row = await db.selectFrom('webhookDeliveries').selectAll().where('endpointId', '=', endpointId).where('eventId', '=', eventId).executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/**
 * Makes a delivery due again now, with a new retry window and its backoff from the start (the last
 * attempt's outcome stays in the log until the next); refused (undefined) while an attempt is under
 * way. The lease is cleared, so an attempt whose lease ran out cannot overwrite what comes next.
 */
export async function scheduleRedelivery(
  db: Db,
  endpointId: string,
  eventId: string,
  now: string,
  giveUpOn: string,
): Promise<StoredWebhookDelivery | undefined> {
  const row = await db
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', nextAttemptOn: now, giveUpOn, deliveredOn: null, attempts: 0, leaseOwner: null, leaseUntil: null })
    .where('endpointId', '=', endpointId)
    .where('eventId', '=', eventId)
    .where(unleased(now))
    .returningAll()
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}
