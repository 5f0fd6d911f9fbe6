import type { DocumentSides } from '@idlens/sdk';
import type { DocumentData } from '@idlens/sdk/api';
import {
  buildInfo,
  createApp,
  defaultHealthChecks,
  migrateToLatest,
  openDatabase,
  platformFromConfig,
  readConfig,
  seedDemo,
  silentLogger,
  type Logger,
  type RecognitionBackend,
} from '@idlens/server';
import { insertOrganization } from '../../packages/server/src/db/repositories/organization-repository.ts';
import { createMetrics, timedRecognition } from '../../packages/server/src/metrics/metrics.ts';
import { createClient } from '../../packages/server/src/platform/auth/clients.ts';
import { createTestDatabase } from './postgres.ts';

/** A document `data` object (partial: only what a test needs). */
export type FakeDocument = Record<string, unknown>;

/**
 * A recognition backend whose document answer the test sets (the real document engine answers
 * EMPTY until OCR lands); counts calls so tests can prove a step ran once.
 */
export function createFakeRecognition(document: (sides: DocumentSides) => FakeDocument | Promise<FakeDocument> = () => ({ recognitionStatus: 'EMPTY' })) {
  const calls = { document: 0 };
  const recognition: RecognitionBackend = {
    barcode: async () => {
      throw new Error('not used');
    },
    idBarcode: async () => {
      throw new Error('not used');
    },
    card: async () => {
      throw new Error('not used');
    },
    document: async (sides) => {
      calls.document++;
      return (await document(sides)) as DocumentData;
    },
    status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 0 }),
    close: async () => {},
  };
  return { recognition, calls };
}

export interface PlatformTestOptions {
  /** `sqlite` (in memory) or an admin Postgres URL (a fresh database is created and dropped). */
  postgresAdminUrl?: string;
  env?: Record<string, string>;
  /** The document answer; it sees the frames the platform hands to recognition. */
  document?: (sides: DocumentSides) => FakeDocument | Promise<FakeDocument>;
  /** Test clock (ms); defaults to real time. */
  now?: () => number;
  /** Where the server logs (default: nowhere); the fuzz test scans what was logged. */
  logger?: Logger;
  /** Prometheus metrics at /metrics, recognitions timed, as startServer wires them. */
  metrics?: boolean;
}

export type Response = { status: number; headers: Headers; json: any; bytes: Buffer };

/** The whole app with the platform on a fresh database, seeded like `pnpm start`, plus request helpers. */
export async function createPlatformTestApp(options: PlatformTestOptions = {}) {
  const pgDatabase = options.postgresAdminUrl ? await createTestDatabase(options.postgresAdminUrl) : null;
  const config = readConfig({
    DATABASE_URL: pgDatabase?.url ?? 'file::memory:',
    PUBLIC_URL: 'https://idlens.test',
    AGENT_TOKEN_SECRET: 'a'.repeat(40),
    ...options.env,
  });
  const database = openDatabase(config.databaseUrl, { poolMax: 20 });
  await migrateToLatest(database.db);
  const demo = await seedDemo(database.db, new Date().toISOString());
  if (!demo) throw new Error('seeding a fresh database answered nothing');
  const fake = createFakeRecognition(options.document);
  const { calls } = fake;
  const metrics = options.metrics ? createMetrics({ recognition: fake.recognition, connections: database.connections }) : undefined;
  const recognition = metrics ? timedRecognition(fake.recognition, metrics) : fake.recognition;
  const logger = options.logger ?? silentLogger;
  const platform = platformFromConfig(config, database.db, recognition, logger, options.now);
  const app = createApp({
    config,
    recognition,
    logger,
    healthChecks: defaultHealthChecks({ config, recognition, database }),
    info: buildInfo(),
    platform,
    metrics,
  });

  async function request(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    // Bytes (an image) as they are, a string as it is, anything else as JSON.
    const body = init.body === undefined ? undefined : init.body instanceof Uint8Array || typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    // As over a socket: a client (a browser's fetch) declares the length of the body it sends.
    if (body !== undefined && !headers['content-length']) headers['content-length'] = String(Buffer.byteLength(body));
    const res = await app.request(path, { method, headers, body: body as BodyInit | undefined });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, bytes, json: type.includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : null };
  }
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const agentAuth = basic(demo.clientId, demo.clientSecret);

  /** A second organization with its own client, to prove isolation. */
  async function otherOrganization() {
    const id = `org-${Math.random().toString(36).slice(2)}`;
    await insertOrganization(database.db, { id, name: 'other', createdOn: new Date().toISOString() });
    const client = await createClient(database.db, id, 'other', new Date().toISOString());
    return { ...client, auth: basic(client.clientId, client.clientSecret) };
  }

  return {
    app,
    config,
    platform,
    database,
    calls,
    demo,
    agentAuth,
    basic,
    request,
    otherOrganization,
    agent: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      request(method, `/agent/api/v1${path}`, { body, headers: { authorization: agentAuth, ...headers } }),
    edge: (method: string, path: string, auth: string, body?: unknown, headers: Record<string, string> = {}) =>
      request(method, `/edge/api/v1${path}`, { body, headers: { authorization: auth, ...headers } }),
    async close() {
      await platform.webhooks.stop();
      await database.close();
      await pgDatabase?.drop();
    },
  };
}

export type PlatformTestApp = Awaited<ReturnType<typeof createPlatformTestApp>>;

/** A valid create request for a workflow (formValues for the demo workflows). */
export function createRequest(workflowId = 'demo-auto', overrides: Record<string, unknown> = {}) {
  return {
    workflowId,
    platform: 'browser',
    sdkVersion: '0.1.0',
    formValues: { customerName: 'Ada Lovelace' },
    consent: { userId: 'user-1', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
    ...overrides,
  };
}

/** A new version of demo-auto that rejects every transaction at once: runs of it differ visibly from the demo's. */
export const rejectingDemoAuto = {
  workflowId: 'demo-auto',
  name: 'v2',
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string' }] } },
    { id: 2, type: 'Decision', settings: { verificationStatus: 'Reject' } },
    { id: 3, type: 'End' },
  ],
};
