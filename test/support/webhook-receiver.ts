import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got, as it arrived. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body: `{ type, timestamp, data }`. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
  /** What the receiver answered. */
  answer: ReceiverAnswer;
}

/** What the receiver answers a request with: an HTTP status, or `hang` (no answer until it is closed). */
export type ReceiverAnswer = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1 that records every request and answers what `answer` says
 * (default 204). `verify` checks a request with the Standard Webhooks reference library, as a
 * customer's receiver would.
 */
export async function startWebhookReceiver(answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => 204, port = 0) {
  const received: ReceivedWebhook[] = [];
  let respond = answer;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedWebhook = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
        event: JSON.parse(body),
        answer: 'hang',
      };
      received.push(request);
      request.answer = respond(request, received.length - 1);
      if (request.answer === 'hang') return;
      res.writeHead(request.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    port: (server.address() as AddressInfo).port,
    received,
    answer(next: typeof answer) {
      respond = next;
    },
    /** Whether `request` carries a valid signature of `secret` (the library also refuses timestamps off by more than 5 minutes). */
    verify(request: ReceivedWebhook, secret: string): boolean {
      try {
        new Webhook(secret).verify(request.body, {
          'webhook-id': request.id,
          'webhook-timestamp': request.timestamp,
          'webhook-signature': request.signature,
        });
        return true;
      } catch {
        return false;
      }
    },
    /** The event types received for one transaction, in arrival order. */
    typesOf(transactionId: string): string[] {
      return received.filter((r) => r.event.data.transactionId === transactionId).map((r) => r.event.type);
    },
    /** The event types of one transaction the receiver took (answered 2xx): a sender may count only these as delivered. */
    acceptedTypesOf(transactionId: string): string[] {
      return received
        .filter((r) => r.event.data.transactionId === transactionId && typeof r.answer === 'number' && r.answer >= 200 && r.answer < 300)
        .map((r) => r.event.type);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
