import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + Base64 of
 * the HMAC key; `webhook-signature` is `v1,` + Base64 of HMAC-SHA256 over `id.timestamp.body`, with
 * the timestamp in seconds, so receivers can verify with any Standard Webhooks library and refuse
 * replays of old messages.
 */
const prefix = 'whsec_';

/** A new signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return prefix + randomBytes(32).toString('base64');
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}
