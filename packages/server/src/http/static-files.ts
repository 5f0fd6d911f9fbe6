import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/** Vite's content-hashed build output (`assets/name-3f9a1c2b.js`): a new build gives a new name. */
const contentHashed = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
/**
 * The SDK asks for its models and onnxruntime's wasm as `file?sha256=<16 hex digits>`: the URL names
 * the content it expects. When the file is that content, the browser (and any CDN) may keep the
 * answer for good — and kept without revalidation, onnxruntime's wasm is also compiled from
 * Chromium's code cache (a 304 would discard it). When it is not (an instance of the previous
 * version during a rolling deploy), the answer must not be stored anywhere.
 */
const contentNamed = /^[0-9a-f]{16}$/;

export const cachePolicies = {
  hashed: 'public, max-age=31536000, immutable',
  // Fixed names (the SDK's worker, index.html, files asked for without their sha256) change in place
  // when the app is updated: the browser keeps its copy but asks first, and a 304 costs no bytes.
  revalidate: 'no-cache',
  /** A file asked for by a sha256 it does not have. */
  mismatch: 'no-store',
} as const;

/**
 * Static files (the demo page, the SDK's assets) as a browser should get them: the `.br`/`.gz`
 * file written beside the original (`idlens-sdk assets compress`) when the request accepts it,
 * an ETag and 304 for conditional requests, and a cache policy by name (`cachePolicies`).
 * Hono's serveStatic sends Last-Modified but never answers a conditional request itself.
 */
export function staticFiles(root: string, rewriteRequestPath?: (path: string) => string): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: true, ...(rewriteRequestPath ? { rewriteRequestPath } : {}) });
  const hashes = new FileHashes();
  const policyOf = async (requestPath: string, sha256: string | undefined, encoding: string | null): Promise<string> => {
    if (contentHashed.test(requestPath)) return cachePolicies.hashed;
    if (sha256 === undefined || !contentNamed.test(sha256)) return cachePolicies.revalidate;
    const file = path.join(path.resolve(root), (rewriteRequestPath ?? ((p) => p))(decodeURI(requestPath)));
    const actual = await hashes.sha256(file).catch(() => null);
    if (!actual?.sha256.startsWith(sha256)) return cachePolicies.mismatch;
    // The body sent may be the .br/.gz beside the file: one older than the file is another version.
    const sibling = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : null;
    if (sibling && !(await modifiedSince(sibling, actual.mtimeMs))) return cachePolicies.revalidate;
    return cachePolicies.hashed;
  };
  return async function staticFilesMiddleware(c, next) {
    // serveStatic answers with a Response when it found the file, and passes on otherwise.
    const res = await serve(c, next);
    if (!(res instanceof Response)) return;
    const lastModified = res.headers.get('Last-Modified');
    if (!res.ok || !lastModified) return res;
    // The representation differs per encoding, so does its tag.
    const etag = `W/"${res.headers.get('Content-Length') ?? ''}-${Date.parse(lastModified).toString(36)}-${res.headers.get('Content-Encoding') ?? 'identity'}"`;
    const cacheControl = await policyOf(c.req.path, c.req.query('sha256'), res.headers.get('Content-Encoding'));
    const ifNoneMatch = c.req.header('If-None-Match');
    if (matchesEtag(ifNoneMatch, etag) || notModifiedSince(c.req.header('If-Modified-Since'), lastModified, ifNoneMatch)) {
      // Nobody reads the file stream: close it rather than leave the descriptor to the collector.
      await res.body?.cancel();
      const headers = new Headers({ ETag: etag, 'Cache-Control': cacheControl, 'Last-Modified': lastModified });
      const vary = res.headers.get('Vary');
      if (vary) headers.set('Vary', vary);
      return new Response(null, { status: 304, headers });
    }
    res.headers.set('ETag', etag);
    res.headers.set('Cache-Control', cacheControl);
    return res;
  };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/** If-Modified-Since counts only without If-None-Match (RFC 9110 §13.1.3). */
function notModifiedSince(ifModifiedSince: string | undefined, lastModified: string, ifNoneMatch: string | undefined): boolean {
  if (!ifModifiedSince || ifNoneMatch) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}

/** Whether a file was last written at or after `mtimeMs` (false when it cannot be read). */
async function modifiedSince(file: string, mtimeMs: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return !!info && info.mtimeMs >= mtimeMs;
}

/**
 * sha256 of files served, computed once per version of a file (its inode, size and times), with the
 * modification time of the version it hashed.
 */
class FileHashes {
  readonly #known = new Map<string, { version: string; sha256: Promise<string> }>();

  async sha256(file: string): Promise<{ sha256: string; mtimeMs: number }> {
    const { ino, size, mtimeMs, ctimeMs } = await stat(file);
    const version = `${ino}:${size}:${mtimeMs}:${ctimeMs}`;
    const known = this.#known.get(file);
    if (known?.version === version) return { sha256: await known.sha256, mtimeMs };
    const sha256 = new Promise<string>((resolve, reject) => {
      const hash = createHash('sha256');
      createReadStream(file)
        .on('data', (chunk) => hash.update(chunk))
        .on('end', () => resolve(hash.digest('hex')))
        .on('error', reject);
    });
    this.#known.set(file, { version, sha256 });
    sha256.catch(() => this.#known.delete(file));
    return { sha256: await sha256, mtimeMs };
  }
}
