import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { listBrowserAssets, type BrowserAsset } from '../assets/browser-assets.ts';
import { compressBytes } from '../assets/compress-assets.ts';

export interface IdlensViteOptions {
  /** Serve and emit what cards and documents need (the OCR worker part and the models); default true. `false` for barcode-only apps. */
  ocr?: boolean;
  /**
   * Also serve onnxruntime-web's files, for recognizers created with `inference: 'onnxruntime-web'`
   * or `'auto'`: `true` for its wasm build, `'webgpu'` for the WebGPU build as well (default false;
   * needs `onnxruntime-web` installed, an optional peer dependency).
   */
  onnxruntimeWeb?: boolean | 'webgpu';
  /** Folder under the app's `base` (default `idlens`, which is where `createRecognizer()` looks by default: `/idlens/`). */
  dir?: string;
  /** Also emit `file.br` and `file.gz` beside each asset, for servers that send precompressed files (default false: adds seconds to every build). */
  compress?: boolean;
}

/**
 * The browser SDK's run-time files for a Vite app: served from memory-free file streams by the dev
 * server and emitted once into the build (`dist/idlens/…`), never bundled, hashed or duplicated.
 *
 * ```ts
 * // vite.config.ts
 * import { idlens } from '@idlens/sdk/vite';
 * export default defineConfig({ plugins: [idlens()] });
 * ```
 */
export function idlens({ ocr = true, onnxruntimeWeb = false, dir = 'idlens', compress = false }: IdlensViteOptions = {}): Plugin {
  const folder = dir.replace(/^\/+|\/+$/g, '');
  let assets: BrowserAsset[] | null = null;
  const list = () => (assets ??= listBrowserAssets({ ocr, onnxruntimeWeb }));
  let prefix = `/${folder}/`;
  return {
    name: 'idlens-assets',
    configResolved(config) {
      // A relative base ('./') is served from '/' by the dev server.
      const base = config.base.startsWith('/') ? config.base : '/';
      prefix = `${base.replace(/\/?$/, '/')}${folder}/`;
    },
    configureServer(server) {
      server.middlewares.use(function serveIdlensAssets(req, res, next) {
        const pathname = decodeURIComponent((req.url ?? '/').replace(/[?#].*$/, ''));
        const found = pathname.startsWith(prefix) ? list().find((a) => a.path === pathname.slice(prefix.length)) : undefined;
        if (!found) return next();
        res.setHeader('content-type', found.contentType);
        res.setHeader('content-length', String(found.bytes));
        res.setHeader('cache-control', 'no-cache');
        createReadStream(found.source).on('error', next).pipe(res);
      });
    },
    async generateBundle() {
      // Client builds only (an SSR build of the same app has no use for them).
      const environment = (this as { environment?: { config?: { consumer?: string } } }).environment;
      if (environment?.config?.consumer && environment.config.consumer !== 'client') return;
      for (const a of list()) {
        const source = await readFile(a.source);
        this.emitFile({ type: 'asset', fileName: `${folder}/${a.path}`, source });
        if (!compress) continue;
        for (const [suffix, encoded] of Object.entries(await compressBytes(source)))
          this.emitFile({ type: 'asset', fileName: `${folder}/${a.path}${suffix}`, source: encoded });
      }
    },
  };
}
