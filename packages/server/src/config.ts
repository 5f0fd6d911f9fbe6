import os from 'node:os';
import { z } from 'zod';
import { isAddressOrCidr } from './net/address-blocks.ts';

/**
 * Server configuration, read once from the environment at start-up and passed down explicitly.
 * Every variable is documented in docs/configuration.md.
 */
export interface Config {
  port: number;
  host: string;
  /** Node's HTTP server limits: time to receive a whole request, and its headers (ms). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    /** On SIGTERM, how long readiness answers 503 while everything is still served, before the listener closes. */
    drainMs: number;
    /** Addresses or CIDRs of the operator's proxies, whose X-Forwarded-For is believed. */
    trustedProxies: string[];
  };
  /** Public base URL clients reach this server at (edgeApiUrl = publicUrl + '/edge'). */
  publicUrl: string;
  /** `file:PATH` (SQLite) or `postgres://…`. */
  databaseUrl: string;
  /** Operator-defined health path (spec: `/${svc.health.custom.url}`), without leading slash; null = none. */
  healthCustomPath: string | null;
  /** Accepted `svc-api-key` values; empty = recognition endpoints are open (as the reference says). */
  apiKeys: string[];
  /** Also require the key on `/card`, which declares no headers in the spec. */
  apiKeyOnCard: boolean;
  image: {
    /** Largest encoded image, in bytes (after Base64 decoding / as downloaded). */
    maxBytes: number;
    /** Largest decoded image, in pixels (width × height). */
    maxPixels: number;
  };
  /** Request bodies that carry images, and how many of their bytes the process admits at once. */
  bodies: {
    /** Largest recognition body: two images of `image.maxBytes`, Base64-inflated, plus 64 KiB of options. */
    recognitionMaxBytes: number;
    /** Largest step submission: three images, Base64-inflated, plus 256 KiB of extraction. */
    stepMaxBytes: number;
    /** Bytes of such bodies admitted at once (at least the largest one); beyond, 503 before reading. */
    maxBytesInFlight: number;
  };
  urlFetch: {
    enabled: boolean;
    timeoutMs: number;
    maxRedirects: number;
    /** CIDRs or exact host names that may be fetched although they are private/loopback. */
    allowList: string[];
  };
  recognition: {
    workers: number;
    /** Requests waiting for a worker beyond which the server answers 503. */
    maxQueue: number;
    /** A recognition taking longer is aborted (its worker restarted) and answered 500. */
    timeoutMs: number;
    /** ONNX Runtime threads per worker. */
    ortThreads: number;
    /** Which MRZ line model the engine uses: the dedicated model when present (auto), or forced. */
    mrzModel: 'auto' | 'dedicated' | 'general';
    /** Which model reads printed lines: the project's Latin recognizer when installed (auto), or forced. */
    lineReader: 'auto' | 'latin' | 'general';
    /** Which model finds text: the project's distilled detector, falling back on PP-OCRv4's when a read does not check out (auto, cascade), or one forced. */
    textDetector: 'auto' | 'cascade' | 'distilled' | 'general';
    /** Who decides which printed value is which field: the learned assigner (default) or the label rules alone. */
    printedFields: 'learned' | 'rules';
    /**
     * The float model files (default: a server has no download to keep small, and they read marginally
     * better, see `pnpm eval model-weights`) or the int8-weight files browsers download (to read exactly as the browser SDK).
     */
    modelWeights: 'int8' | 'float';
    /**
     * What runs the OCR models: onnxruntime-node (default: several threads a run) or the SDK's own
     * convnet runtime, what browsers run (one thread; to read exactly as the browser SDK, with
     * `modelWeights: 'int8'`, see `pnpm eval ocr-runtime`).
     */
    ocrRuntime: 'onnxruntime' | 'convnet';
    /** Decoded pixels (RGBA, 4 bytes each) the process may hold at once: recognition requests and the platform together. */
    maxPixelsInFlight: number;
  };
  /** Origins allowed to call the edge API from browsers. */
  corsOrigins: string[];
  /** Transaction platform (docs/configuration.md, "Transaction platform"). */
  platform: {
    /** How long a transaction's ephemeral key works, in seconds. */
    ephemeralKeyTtlSeconds: number;
    /** How long a hand-off's join URL works (seconds). */
    handoffJoinSeconds: number;
    /** HMAC secret of agent access tokens; null = random per process. */
    tokenSecret: string | null;
    tokenTtlSeconds: number;
    /** Seed a demo organization, client and workflows into an empty database at start-up. */
    seedDemo: boolean;
    /** Largest Postgres connection pool per process. */
    databasePoolMax: number;
    /** Step images larger than this (pixels) are scaled down before they are stored or recognized. */
    stepImageMaxPixels: number;
    /** Step submissions one organization may have in flight in this process; beyond, 429. */
    submissionsPerOrganization: number;
    /** How long a resume's claim on a transaction outlives its process (ms); renewed while it runs. */
    leaseMs: number;
    /** Size of the agent's record cache (serialized transaction records, checked against row_version), in MiB; 0 = off. */
    recordCacheMiB: number;
    /** Failed-authentication limits (429 RATE_LIMITED) and where the counters live. */
    authRateLimit: { windowMs: number; maxPerIdAndAddress: number; maxPerAddress: number; maxPerId: number; store: 'memory' | 'database' };
  };
  /** A directory of static files served at `/` (the demo page); null = none. */
  demoDir: string | null;
  /** The operator credential of the admin API (`Authorization: Bearer …`); null = admin API off. */
  adminToken: string | null;
  /** Bearer token `/metrics` requires; null = `/metrics` is open (scraped inside the network). */
  metricsToken: string | null;
  /** The built console served at `/console`; null = packages/console/dist. */
  consoleDir: string | null;
  /** The built run page (verification links) served at `/run/assets`; null = packages/console/dist-run. */
  runPageDir: string | null;
  /** How long a console sign-in lasts (seconds; the session cookie's lifetime). */
  consoleSessionTtlSeconds: number;
  /** Webhook delivery (docs/webhooks.md). */
  webhooks: {
    /** Whether this process sends the outbox (events are recorded either way). */
    dispatch: boolean;
    /** Addresses, CIDRs or host names webhooks may reach although not global unicast. */
    allowList: string[];
    timeoutMs: number;
    retryForMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    pollMs: number;
    logRetentionMs: number;
  };
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'enabled', 'disabled'])
  .transform((v) => ['true', '1', 'yes', 'on', 'enabled'].includes(v));
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  HTTP_REQUEST_TIMEOUT: int(1, 3600).default(120),
  HTTP_HEADERS_TIMEOUT: int(1, 3600).default(20),
  SHUTDOWN_DRAIN_SECONDS: int(0, 600).default(0),
  TRUSTED_PROXIES: list.pipe(z.array(z.string().refine(isAddressOrCidr, 'an IP address or CIDR'))).default([]),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'file:PATH or postgres://…')
    .default('file:./data/idlens.sqlite'),
  SVC_HEALTH_CUSTOM_URL: z
    .string()
    .regex(/^\/?[A-Za-z0-9._~\-/]+$/, 'a URL path')
    .optional(),
  SVC_API_KEYS: list.default([]),
  SVC_API_KEY_ON_CARD: bool.default(false),
  IMAGE_MAX_BYTES: int(1024, 200 * 2 ** 20).default(15 * 2 ** 20),
  IMAGE_MAX_PIXELS: int(10_000, 100_000_000).default(40_000_000),
  IMAGE_URL_FETCH: bool.default(true),
  IMAGE_URL_TIMEOUT_MS: int(100, 120_000).default(10_000),
  IMAGE_URL_MAX_REDIRECTS: int(0, 10).default(3),
  IMAGE_URL_ALLOW: list.default([]),
  RECOGNITION_WORKERS: int(1, 64).optional(),
  RECOGNITION_MAX_QUEUE: int(0, 10_000).default(32),
  RECOGNITION_TIMEOUT_MS: int(1000, 600_000).default(60_000),
  RECOGNITION_ORT_THREADS: int(1, 64).optional(),
  RECOGNITION_MRZ_MODEL: z.enum(['auto', 'dedicated', 'general']).default('auto'),
  RECOGNITION_LINE_READER: z.enum(['auto', 'latin', 'general']).default('auto'),
  RECOGNITION_TEXT_DETECTOR: z.enum(['auto', 'cascade', 'distilled', 'general']).default('auto'),
  RECOGNITION_PRINTED_FIELDS: z.enum(['learned', 'rules']).default('learned'),
  RECOGNITION_MODEL_WEIGHTS: z.enum(['int8', 'float']).default('float'),
  RECOGNITION_OCR_RUNTIME: z.enum(['onnxruntime', 'convnet']).default('onnxruntime'),
  RECOGNITION_MAX_PIXELS_IN_FLIGHT: int(10_000, 2_000_000_000).optional(),
  MAX_BODY_BYTES_IN_FLIGHT: int(1024, 64 * 2 ** 30).default(64 * 2 ** 20),
  STEP_IMAGE_MAX_PIXELS: int(10_000, 100_000_000).default(8_000_000),
  EDGE_SUBMISSIONS_PER_ORGANIZATION: int(1, 10_000).default(4),
  TRANSACTION_LEASE_MS: int(3000, 3_600_000).default(30_000),
  RECORD_CACHE_MIB: int(0, 4096).default(8),
  CORS_ORIGINS: list.default([]),
  EPHEMERAL_KEY_TTL: int(60, 30 * 24 * 3600).default(24 * 3600),
  HANDOFF_JOIN_TTL: int(30, 3600).default(600),
  AGENT_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  AGENT_TOKEN_TTL: int(60, 24 * 3600).default(3600),
  SEED_DEMO: bool.default(true),
  DATABASE_POOL_MAX: int(1, 1000).default(10),
  AUTH_RATE_LIMIT_WINDOW: int(1, 24 * 3600).default(60),
  AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS: int(0, 1_000_000).default(20),
  AUTH_RATE_LIMIT_PER_ID: int(0, 10_000_000).default(1000),
  AUTH_RATE_LIMIT_PER_ADDRESS: int(0, 1_000_000).default(100),
  AUTH_RATE_LIMIT_STORE: z.enum(['memory', 'database']).default('memory'),
  DEMO_DIR: z.string().optional(),
  ADMIN_TOKEN: z.string().min(32, 'at least 32 characters').max(512).optional(),
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters').max(512).optional(),
  CONSOLE_DIR: z.string().optional(),
  RUN_PAGE_DIR: z.string().optional(),
  CONSOLE_SESSION_TTL: int(60, 7 * 24 * 3600).default(8 * 3600),
  WEBHOOK_DISPATCH: bool.default(true),
  WEBHOOK_URL_ALLOW: list.default([]),
  WEBHOOK_TIMEOUT_MS: int(100, 60_000).default(10_000),
  WEBHOOK_RETRY_SECONDS: int(1, 30 * 24 * 3600).default(24 * 3600),
  WEBHOOK_BACKOFF_BASE_MS: int(10, 3_600_000).default(5000),
  WEBHOOK_BACKOFF_MAX_SECONDS: int(1, 24 * 3600).default(3600),
  WEBHOOK_POLL_MS: int(20, 60_000).default(1000),
  WEBHOOK_LOG_DAYS: int(1, 3650).default(30),
});

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Node refuses a headers timeout longer than the request timeout: both are one request's limits.
  if (e.HTTP_HEADERS_TIMEOUT > e.HTTP_REQUEST_TIMEOUT) {
    throw new ConfigError('invalid configuration: HTTP_HEADERS_TIMEOUT: at most HTTP_REQUEST_TIMEOUT');
  }
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT * 1000,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT * 1000,
      drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
      trustedProxies: e.TRUSTED_PROXIES,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    healthCustomPath: e.SVC_HEALTH_CUSTOM_URL?.replace(/^\/+/, '') ?? null,
    apiKeys: e.SVC_API_KEYS,
    apiKeyOnCard: e.SVC_API_KEY_ON_CARD,
    image: { maxBytes: e.IMAGE_MAX_BYTES, maxPixels: e.IMAGE_MAX_PIXELS },
    bodies: bodiesConfig(e),
    urlFetch: {
      enabled: e.IMAGE_URL_FETCH,
      timeoutMs: e.IMAGE_URL_TIMEOUT_MS,
      maxRedirects: e.IMAGE_URL_MAX_REDIRECTS,
      allowList: e.IMAGE_URL_ALLOW,
    },
    recognition: recognitionConfig(e),
    corsOrigins: e.CORS_ORIGINS,
    platform: {
      ephemeralKeyTtlSeconds: e.EPHEMERAL_KEY_TTL,
      handoffJoinSeconds: e.HANDOFF_JOIN_TTL,
      tokenSecret: e.AGENT_TOKEN_SECRET ?? null,
      tokenTtlSeconds: e.AGENT_TOKEN_TTL,
      seedDemo: e.SEED_DEMO,
      databasePoolMax: e.DATABASE_POOL_MAX,
      // Never more than an image may have: a step image is only ever scaled down.
      stepImageMaxPixels: Math.min(e.STEP_IMAGE_MAX_PIXELS, e.IMAGE_MAX_PIXELS),
      submissionsPerOrganization: e.EDGE_SUBMISSIONS_PER_ORGANIZATION,
      leaseMs: e.TRANSACTION_LEASE_MS,
      recordCacheMiB: e.RECORD_CACHE_MIB,
      authRateLimit: {
        windowMs: e.AUTH_RATE_LIMIT_WINDOW * 1000,
        maxPerIdAndAddress: e.AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS,
        maxPerAddress: e.AUTH_RATE_LIMIT_PER_ADDRESS,
        maxPerId: e.AUTH_RATE_LIMIT_PER_ID,
        store: e.AUTH_RATE_LIMIT_STORE,
      },
    },
    demoDir: e.DEMO_DIR ?? null,
    adminToken: e.ADMIN_TOKEN ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    consoleDir: e.CONSOLE_DIR ?? null,
    runPageDir: e.RUN_PAGE_DIR ?? null,
    consoleSessionTtlSeconds: e.CONSOLE_SESSION_TTL,
    webhooks: {
      dispatch: e.WEBHOOK_DISPATCH,
      allowList: e.WEBHOOK_URL_ALLOW,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryForMs: e.WEBHOOK_RETRY_SECONDS * 1000,
      backoffBaseMs: e.WEBHOOK_BACKOFF_BASE_MS,
      backoffMaxMs: e.WEBHOOK_BACKOFF_MAX_SECONDS * 1000,
      pollMs: e.WEBHOOK_POLL_MS,
      logRetentionMs: e.WEBHOOK_LOG_DAYS * 24 * 3600 * 1000,
    },
  };
}

/** The bodies that carry Base64 images: their limits follow from IMAGE_MAX_BYTES. */
function bodiesConfig(e: z.infer<typeof envSchema>): Config['bodies'] {
  const base64 = (images: number) => Math.ceil((e.IMAGE_MAX_BYTES * images * 4) / 3);
  const recognitionMaxBytes = base64(2) + 64 * 1024;
  const stepMaxBytes = base64(3) + 256 * 1024;
  // At least the largest body, or that body could never be admitted.
  return { recognitionMaxBytes, stepMaxBytes, maxBytesInFlight: Math.max(e.MAX_BODY_BYTES_IN_FLIGHT, recognitionMaxBytes, stepMaxBytes) };
}

/** Worker and thread counts: workers × ONNX threads should not exceed the cores, or they fight. */
function recognitionConfig(e: z.infer<typeof envSchema>): Config['recognition'] {
  const cores = os.availableParallelism();
  // One worker per core, minus one for the event loop and sharp, capped: each holds a wasm heap.
  const workers = e.RECOGNITION_WORKERS ?? Math.max(1, Math.min(4, cores - 1));
  return {
    workers,
    maxQueue: e.RECOGNITION_MAX_QUEUE,
    timeoutMs: e.RECOGNITION_TIMEOUT_MS,
    ortThreads: e.RECOGNITION_ORT_THREADS ?? Math.max(1, Math.floor(cores / workers)),
    mrzModel: e.RECOGNITION_MRZ_MODEL,
    lineReader: e.RECOGNITION_LINE_READER,
    textDetector: e.RECOGNITION_TEXT_DETECTOR,
    printedFields: e.RECOGNITION_PRINTED_FIELDS,
    modelWeights: e.RECOGNITION_MODEL_WEIGHTS,
    ocrRuntime: e.RECOGNITION_OCR_RUNTIME,
    // Two images of the largest size by default; never less than one (it must fit the budget).
    maxPixelsInFlight: Math.max(e.IMAGE_MAX_PIXELS, e.RECOGNITION_MAX_PIXELS_IN_FLIGHT ?? 2 * e.IMAGE_MAX_PIXELS),
  };
}
