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
 * the edge interface itself. Two read-only helpers for `<idlens-transaction>`: a workflow's form
 * fields, and the checks that decided a finished transaction.
 */
export function createDemoProxy({ agentUrl, clientId, clientSecret, workflows, fetch: doFetch = fetch }: DemoProxyOptions) {
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const agent = agentUrl.replace(/\/+$/, '');
  const allowed = (workflowId: string) => !workflows || workflows.includes(workflowId);
  const json = (res: Response) =>
    new Response(res.body, {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' },
    });
  return (
    new Hono()
      /** The Start step's form fields, so the page can render the form (agent `initialize/{id}/info`). */
      .get('/workflow/:workflowId', async (c) => {
        const workflowId = c.req.param('workflowId');
        if (!allowed(workflowId)) return c.json({ code: 'FORBIDDEN', message: 'this workflow cannot be started from the page' }, 403);
        const res = await doFetch(`${agent}/agent/api/v1/initialize/${encodeURIComponent(workflowId)}/info`, {
          headers: { authorization, accept: 'application/json' },
        }).catch(() => null);
        return res ? json(res) : c.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'the idlens server cannot be reached' }, 502);
      })
      /**
       * Which checks decided a finished transaction (reasons only, no personal data). The page proves
       * it owns the transaction with the edge credentials it already has (Basic transactionId:ephemeralKey):
       * the proxy asks the edge API with them before it reads the agent record.
       */
      .get('/transaction/:transactionId/outcome', async (c) => {
        const transactionId = c.req.param('transactionId');
        const edgeAuth = c.req.header('authorization') ?? '';
        const edge = await doFetch(`${agent}/edge/api/v1/transaction/${encodeURIComponent(transactionId)}`, {
          headers: { authorization: edgeAuth, accept: 'application/json' },
        }).catch(() => null);
        if (!edge) return c.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'the idlens server cannot be reached' }, 502);
        if (!edge.ok) return c.json({ code: 'UNAUTHORIZED', message: 'unknown transaction or wrong key' }, 401);
        const res = await doFetch(`${agent}/agent/api/v1/transaction/${encodeURIComponent(transactionId)}`, {
          headers: { authorization, accept: 'application/json' },
        });
        if (!res.ok) return json(res);
        const record = (await res.json()) as {
          processingStatus: string;
          verificationStatus: string | null;
          state: Record<string, { stepType: string; output: { checks?: Record<string, { outcome: string; reason: string }> } | null }>;
        };
        const checks = Object.entries(record.state)
          .filter(([, entry]) => entry.stepType === 'DocumentVerification' && entry.output?.checks)
          .flatMap(([step, entry]) => Object.entries(entry.output!.checks!).map(([name, r]) => ({ step, name, outcome: r.outcome, reason: r.reason })));
        return c.json({ transactionId, processingStatus: record.processingStatus, verificationStatus: record.verificationStatus, checks }, 200, {
          'cache-control': 'no-store',
        });
      })
      .post('/transaction', async (c) => {
        const body = await c.req.json().catch(() => null);
        if (!body || typeof body !== 'object') return c.json({ code: 'INVALID_JSON', message: 'expected a JSON body' }, 400);
        if (!allowed((body as { workflowId?: string }).workflowId ?? '')) {
          return c.json({ code: 'FORBIDDEN', message: 'this workflow cannot be started from the page' }, 403);
        }
        const headers: Record<string, string> = { authorization, 'content-type': 'application/json', accept: 'application/json' };
        const idempotencyKey = c.req.header('idempotency-key');
        if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
        let res: Response;
        try {
          res = await doFetch(`${agent}/agent/api/v1/transaction`, { method: 'POST', headers, body: JSON.stringify(body) });
        } catch {
          // 502: the SDK retries it — safe, the Idempotency-Key makes the retry answer the same transaction.
          return c.json({ code: 'UPSTREAM_UNAVAILABLE', message: 'the idlens server cannot be reached' }, 502);
        }
        return json(res);
      })
  );
}
