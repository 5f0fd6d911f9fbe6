import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect-kind.ts';

/**
 * Webhooks (webhooks/): an organization's endpoints, and the outbox of deliveries. A delivery row
 * is written in the same database transaction as the change it reports — one per enabled endpoint
 * subscribed to the event — and then sent, retried and logged by the dispatcher of any replica
 * (the lease columns keep two replicas from sending one at the same time). Deliveries keep no
 * foreign keys: a `transaction.deleted` event outlives its transaction, and on PostgreSQL a key to
 * the endpoint would fail the business write that recorded an event (a create, a completion) when
 * the endpoint is deleted between the outbox insert's read and its check — deleting an endpoint
 * deletes its deliveries instead, and the dispatcher drops a delivery whose endpoint is gone.
 */
export const webhooksMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // One bit per event type (webhooks/webhook-events.ts), so the outbox insert filters in SQL.
      .addColumn('event_mask', 'integer', (c) => c.notNull())
      // The signing secret itself: an HMAC cannot be computed from a hash of its key.
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('modified_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_organization_idx').on('webhook_endpoints').column('organization_id').execute();

    await db.schema
      .createTable('webhook_deliveries')
      // Creation order: a transaction's events are delivered to an endpoint in this order.
      .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      // The body as sent, fixed when the event happened: every attempt sends the same bytes.
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_on', 'text', (c) => c.notNull())
      .addColumn('give_up_on', 'text', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_attempt_on', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_latency_ms', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('delivered_on', 'text')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addUniqueConstraint('webhook_deliveries_event_uq', ['endpoint_id', 'event_id'])
      .execute();
    // In the dispatcher's order (longest due, then oldest): its read stops after the rows it takes, whatever the backlog.
    await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_on', 'id']).execute();
    // A transaction's pending deliveries to an endpoint, by age: the order check, the outbox insert's and the deferral's lookups.
    await db.schema.createIndex('webhook_deliveries_order_idx').on('webhook_deliveries').columns(['endpoint_id', 'transaction_id', 'status', 'id']).execute();
    await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
    await db.schema.createIndex('webhook_deliveries_log_status_idx').on('webhook_deliveries').columns(['endpoint_id', 'status', 'id']).execute();
    await db.schema.createIndex('webhook_deliveries_purge_idx').on('webhook_deliveries').columns(['status', 'created_on']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
    await db.schema.dropTable('webhook_endpoints').ifExists().execute();
  },
};
