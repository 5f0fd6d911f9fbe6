import { findModel, modelManifest } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import { IdlensError } from '../core/errors.ts';
import type { AssetProgress } from './fetch-asset.ts';
import { loadModels, loadModelsFromUrl } from './load-models.ts';
import { loadModelsFromDisk } from './load-models-node.ts';

const keys = findModel('ppocr-keys')!;
const notFound = async (): Promise<Uint8Array> => {
  throw new IdlensError('ASSET_NOT_FOUND', 'not there');
};

/** A fetch that answers from a table of URL path → Response factory, 404 otherwise. */
function fakeFetch(routes: Record<string, () => Response>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    return routes[pathname]?.() ?? new Response('Not Found', { status: 404 });
  }) as typeof fetch;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe('loadModels', () => {
  it('loads from disk: the PP-OCR assets inside the installed npm package, verified', async () => {
    const set = await loadModelsFromDisk({ names: ['ppocr-det', 'ppocr-keys'] });
    expect(set['ppocr-det']!.bytes.byteLength).toBe(findModel('ppocr-det')!.bytes);
    expect(new TextDecoder().decode(set['ppocr-keys']!.bytes).split('\n')).toContain('<');
  });

  it('loads the int8-weight files by default and their float originals when asked, each checked against its own sha256', async () => {
    const int8 = await loadModelsFromDisk({ names: ['ppocr-rec', 'mrz-rec'] });
    const float = await loadModelsFromDisk({ names: ['ppocr-rec', 'mrz-rec'], weights: 'float' });
    for (const name of ['ppocr-rec', 'mrz-rec']) {
      const entry = findModel(name)!;
      expect(int8[name]!.entry.file).toBe(entry.file);
      expect(int8[name]!.bytes.byteLength).toBe(entry.bytes);
      expect(float[name]!.entry.file).toBe(entry.float!.file);
      expect(float[name]!.bytes.byteLength).toBe(entry.float!.bytes);
      // About a quarter: int8 plus one float scale per output channel.
      expect(int8[name]!.bytes.byteLength / float[name]!.bytes.byteLength).toBeLessThan(0.3);
    }
  });

  it('rejects bytes whose sha256 does not match the manifest with ASSET_INTEGRITY', async () => {
    const read = async () => new TextEncoder().encode('tampered');
    await expect(loadModels({ names: [keys.name], read })).rejects.toMatchObject({ code: 'ASSET_INTEGRITY', message: expect.stringMatching(/sha256/) });
  });

  it('skips an absent optional model but fails on an absent required one with ASSET_NOT_FOUND', async () => {
    expect(await codeOf(loadModels({ names: ['ppocr-det'], read: notFound }))).toBe('ASSET_NOT_FOUND');
    const optional = modelManifest.filter((e) => e.optional).map((e) => e.name);
    if (optional.length) await expect(loadModels({ names: optional, read: notFound })).resolves.toEqual({});
  });
});

describe('loadModelsFromUrl', () => {
  const baseUrl = 'https://app.example/idlens/models/';
  const bytes = () => loadModelsFromDisk({ names: [keys.name] }).then((set) => set[keys.name]!.bytes);

  it('names the URL of a missing file', async () => {
    const error = await loadModelsFromUrl({ baseUrl, names: [keys.name], fetch: fakeFetch({}) }).catch((e: IdlensError) => e);
    expect(error).toMatchObject({ code: 'ASSET_NOT_FOUND', status: 404 });
    expect((error as Error).message).toContain(`${baseUrl}${keys.file}`);
  });

  it('tells an HTML page served in place of the file (a single-page app fallback) from a corrupt file', async () => {
    const html = () => new Response('<!doctype html><title>app</title>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const fetch = fakeFetch({ [`/idlens/models/${keys.file}`]: html });
    expect(await codeOf(loadModelsFromUrl({ baseUrl, names: [keys.name], fetch }))).toBe('ASSET_CONTENT_TYPE');
    const corrupt = fakeFetch({ [`/idlens/models/${keys.file}`]: () => new Response('x'.repeat(100), { headers: { 'content-type': 'text/plain' } }) });
    expect(await codeOf(loadModelsFromUrl({ baseUrl, names: [keys.name], fetch: corrupt }))).toBe('ASSET_INTEGRITY');
  });

  it('reports progress with the manifest size as the total, even without content-length', async () => {
    const body = await bytes();
    const stream = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(body.slice(0, 1000));
            controller.enqueue(body.slice(1000));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/plain' } },
      );
    const events: AssetProgress[] = [];
    const set = await loadModelsFromUrl({
      baseUrl,
      names: [keys.name],
      fetch: fakeFetch({ [`/idlens/models/${keys.file}`]: stream }),
      onProgress: (p) => events.push(p),
    });
    expect(set[keys.name]!.bytes).toEqual(body);
    expect(events.map((e) => [e.loaded, e.total])).toEqual([
      [1000, keys.bytes],
      [keys.bytes, keys.bytes],
    ]);
  });

  it('asks past the HTTP cache once when the copy it got is another version, and names the URL by the sha256', async () => {
    const body = await bytes();
    const modes: string[] = [];
    const urls: string[] = [];
    // The browser's cache kept a stale file under the URL; only a reload reaches the host's right one.
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      modes.push(init?.cache ?? 'default');
      return new Response(init?.cache === 'reload' ? (body as Uint8Array<ArrayBuffer>) : 'an older file');
    }) as typeof globalThis.fetch;
    const set = await loadModelsFromUrl({ baseUrl, names: [keys.name], fetch });
    expect(set[keys.name]!.bytes).toEqual(body);
    expect(modes).toEqual(['default', 'reload']);
    expect(urls[0]).toBe(`${baseUrl}${keys.file}?sha256=${keys.sha256.slice(0, 16)}`);

    modes.length = 0;
    const alwaysOld = (async (_: RequestInfo | URL, init?: RequestInit) => {
      modes.push(init?.cache ?? 'default');
      return new Response('an older file');
    }) as typeof globalThis.fetch;
    expect(await codeOf(loadModelsFromUrl({ baseUrl, names: [keys.name], fetch: alwaysOld }))).toBe('ASSET_INTEGRITY');
    expect(modes).toEqual(['default', 'reload']);
  });
});
