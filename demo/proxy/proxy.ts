import { Hono } from 'hono';

export interface DemoProxyOptions {
  /** The idlens server (agent API at `${agentUrl}/agent/api/v1/…`). */
  agentUrl: string;
  clientId: string;
  clientSecret: string;
  /** Workflows the page may start (default: any). A real proxy also checks the user's session. */
  workflows?: readonly string[];
  fetch?: typeof fetch;
}

/**
 * The example customer proxy: the page posts the create request here; the proxy adds the agent
 * credentials (which never reach the browser) and forwards it to `POST /agent/api/v1/transaction`.
 * The answer (transactionId, ephemeralKey, edgeApiUrl) goes back to the page, which continues at
 * the edge interface itself.
 */
export function createDemoProxy({ agentUrl, clientId, clientSecret, workflows, fetch: doFetch = fetch }: DemoProxyOptions) {
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  return new Hono().post('/transaction', async (c) => {
    const body = await c.req.json().catch(() => null);
    if (!body || typeof body !== 'object') return c.json({ code: 'INVALID_JSON', message: 'expected a JSON body' }, 400);
    if (workflows && !workflows.includes((body as { workflowId?: string }).workflowId ?? '')) {
      return c.json({ code: 'FORBIDDEN', message: 'this workflow cannot be started from the page' }, 403);
    }
    const headers: Record<string, string> = { authorization, 'content-type': 'application/json', accept: 'application/json' };
    const idempotencyKey = c.req.header('idempotency-key');
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await doFetch(`${agentUrl.replace(/\/+$/, '')}/agent/api/v1/transaction`, { method: 'POST', headers, body: JSON.stringify(body) });
    } catch {
      // 502: the SDK retries it — safe, the Idempotency-Key makes the retry answer the same transaction.
      return c.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'the idlens server cannot be reached' }, 502);
    }
    return new Response(res.body, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' } });
  });
}
