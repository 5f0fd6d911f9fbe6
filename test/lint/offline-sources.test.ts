// The product works offline with the assets it ships: no tracked file may point at a CDN or a model
// hub (a schema, a script, weights, wasm). Mentioning that a default would reach one is fine; a URL
// to one is not.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.ts';

/**
 * Hosts that serve packages, scripts or models on demand (and any host named `cdn.*`), written as
 * their labels: spelled out, this file would itself be a source that names them.
 */
const remoteAssetHosts = [
  ['unpkg', 'com'],
  ['jsdelivr', 'net'],
  ['cdnjs', 'cloudflare', 'com'],
  ['esm', 'sh'],
  ['skypack', 'dev'],
  ['jspm', 'io'],
  ['huggingface', 'co'],
  ['hf', 'co'],
  ['raw', 'githubusercontent', 'com'],
  ['storage', 'googleapis', 'com'],
].map((labels) => labels.join('.'));

/** An address on `host`, built here for the planted cases. */
const urlOn = (host: string, rest: string) => `https://${host}${rest}`;

/** The URLs in `text` whose host is a CDN or a model hub. */
function remoteAssetUrls(text: string): string[] {
  return [...text.matchAll(/\bhttps?:\/\/([a-z0-9.-]+)[^\s"'`)]*/gi)]
    .filter(([, host]) => {
      const h = host!.toLowerCase();
      return h.startsWith('cdn.') || remoteAssetHosts.some((known) => h === known || h.endsWith(`.${known}`));
    })
    .map(([url]) => url);
}

describe('sources work offline', () => {
  it('finds a CDN or hub URL where one is planted, and not an example or loopback address', () => {
    const schema = urlOn(remoteAssetHosts[0]!, '/knip@6/schema.json');
    expect(remoteAssetUrls(`  "$schema": "${schema}",`)).toEqual([schema]);
    const cdn = ['cdn', remoteAssetHosts[1]].join('.');
    expect(remoteAssetUrls(`fetch('${urlOn(cdn, '/npm/zxing-wasm/reader/zxing_reader.wasm')}')`)).toHaveLength(1);
    expect(remoteAssetUrls(urlOn(remoteAssetHosts[6]!, '/org/model/resolve/main/model.onnx'))).toHaveLength(1);
    expect(remoteAssetUrls('http://127.0.0.1:8080/sdk/ https://idlens.example/scan the CDN default is never used')).toEqual([]);
  });

  it('no tracked file points at a CDN or a model hub', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
    const found: string[] = [];
    // This file too: it builds the URLs it plants, so it names no such host itself.
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(repoRoot, file), 'utf8');
      } catch {
        continue; // listed but not in this checkout
      }
      if (text.includes('\0')) continue; // binary
      for (const url of remoteAssetUrls(text)) found.push(`${file}: ${url}`);
    }
    expect(found).toEqual([]);
  });
});
