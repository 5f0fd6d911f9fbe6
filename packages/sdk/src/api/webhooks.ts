/**
 * The transaction platform's webhooks as they appear on the wire (docs/webhooks.md): the event
 * types an endpoint can receive, and the endpoint and delivery resources of the agent API.
 */
export const webhookEventTypes = [
  'transaction.created',
  'transaction.completed',
  'transaction.failed',
  'transaction.verificationStatusOverridden',
  'transaction.deleted',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** A registered endpoint (its signing secret is shown only when it is created or rotated). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  createdOn: string;
  modifiedOn: string;
}

/** One event for one endpoint, as its delivery log shows it. */
export interface WebhookDelivery {
  /** The `webhook-id` header. */
  eventId: string;
  type: WebhookEventType;
  transactionId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When pending: the next attempt. */
  nextAttemptOn: string | null;
  lastAttemptOn: string | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  deliveredOn: string | null;
  createdOn: string;
  /** The body sent: `{ type, timestamp, data }`. */
  event: Record<string, unknown>;
}
