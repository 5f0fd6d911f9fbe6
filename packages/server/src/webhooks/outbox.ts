import { eventDeliveryParams, recordEventDeliveries, type EventDeliveryParams } from '../db/repositories/webhook-repository.ts';
import type { Db } from '../db/schema.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import type { WebhookEvent } from './webhook-events.ts';

/** An event's outbox rows, retried for the dispatcher's window from the moment it happened. */
export function outboxParams(webhooks: WebhookDispatcher, event: WebhookEvent): EventDeliveryParams {
  return eventDeliveryParams(event, new Date(Date.parse(event.createdOn) + webhooks.settings.retryForMs).toISOString());
}

/**
 * Writes an event into the outbox inside `trx`, the database transaction of the change that causes
 * it: the event is committed exactly when the change is, and a rolled-back change leaves none.
 * Answers how many deliveries it wrote; wake the dispatcher once the transaction is committed.
 */
export function recordEvent(trx: Db, webhooks: WebhookDispatcher, event: WebhookEvent): Promise<number> {
  return recordEventDeliveries(trx, outboxParams(webhooks, event));
}
