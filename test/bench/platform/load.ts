// The load generator of `pnpm bench platform`, in a process of its own so it never competes with
// the measured server's event loop: receives one autocannon run over IPC, answers its summary.
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  connections: number;
  /** Seconds; or `amount` requests. */
  duration?: number;
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** One request per entry, in order (each to its own path with its own authorization). */
  each?: Array<{ path: string; authorization: string }>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  non2xx: number;
}

process.once('message', (request: LoadRequest) => {
  const { each } = request;
  let next = 0;
  const options: autocannon.Options = { url: request.url, connections: request.connections };
  // autocannon treats a key set to undefined as given: only the ones present are passed.
  if (request.duration !== undefined) options.duration = request.duration;
  if (request.amount !== undefined) options.amount = request.amount;
  if (request.method) options.method = request.method;
  if (request.headers) options.headers = request.headers;
  if (request.body) options.body = request.body;
  if (each) {
    options.requests = [
      {
        setupRequest: (req) => {
          const item = each[next++ % each.length]!;
          return { ...req, method: 'POST', path: item.path, headers: { ...req.headers, authorization: item.authorization } };
        },
      },
    ];
  }
  autocannon(options, (error, result) => {
    if (error) throw error;
    const summary: LoadResult = {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
    process.send?.(summary, () => process.exit(0));
  });
});
