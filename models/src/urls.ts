import type { ModelEntry } from './manifest.ts';

/**
 * The URL of an asset under `baseUrl` (the folder an app serves the model files from, e.g.
 * `/idlens/models/`). Every asset is `${baseUrl}${file}`, whichever package it comes from.
 *
 * There is deliberately no `new URL(…, import.meta.url)` default: bundlers copy every file such a
 * pattern can match into the app's build, so a default would ship the weights twice.
 */
export function modelUrl(entry: ModelEntry, baseUrl: string | URL): URL {
  return new URL(entry.file, String(baseUrl).replace(/\/?$/, '/'));
}
