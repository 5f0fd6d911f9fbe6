import { existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserModels } from '@idlens/models';
import { resolveModelPath } from '@idlens/models/node';
import { deferredModelUses } from '../runtime/deferred-models.ts';
import { onnxruntimeWebBuilds, onnxruntimeWebDir, onnxruntimeWebVersion, zxingWasm, type OnnxruntimeWebBackend } from '../runtime/runtime-files.ts';

/** One file an app serves for the browser SDK, from its assets folder (`/idlens/` by default). */
export interface BrowserAsset {
  /** Path inside the assets folder, e.g. `idlens-worker.js`, `models/mrz-rec-int8.onnx`. */
  path: string;
  /** Absolute path of the file in the installed packages. */
  source: string;
  bytes: number;
  contentType: string;
  /**
   * What needs it: every page (`barcode`), cards and documents (`ocr`), a card or document whose
   * read with the distilled text detector did not check out (`ocr-fallback`: PP-OCRv4's detector,
   * fetched with the first such read), a document's portrait (`portrait`: the face detector, fetched
   * on the first request with `returnFaceImage`), pages without a bundler (`client`), or a
   * recognizer created with `inference: 'onnxruntime-web'` or `'auto'` (`onnxruntime-web`: the app's
   * own copy of that optional peer dependency; the browser fetches one build of it).
   */
  for: 'barcode' | 'ocr' | 'ocr-fallback' | 'portrait' | 'client' | 'onnxruntime-web';
}

export interface BrowserAssetOptions {
  /** Include what cards and documents need: the OCR worker chunk (the OCR runtime) and the models (default true). */
  ocr?: boolean;
  /** Include `idlens.js`, the SDK as one ES module, for pages that import it without a bundler (default false). */
  client?: boolean;
  /**
   * Include onnxruntime-web's files under `onnxruntime-web/`, from the app's installed copy (an
   * optional peer dependency, needed only for `inference: 'onnxruntime-web'` or `'auto'`): `true`
   * for its wasm build (threads on cross-origin isolated pages), `'webgpu'` for the WebGPU build as
   * well (default false).
   */
  onnxruntimeWeb?: boolean | 'webgpu';
  /** The prebuilt browser bundle (default: this package's `dist/browser`). */
  bundleDir?: string;
}

// `src/assets/` in the workspace and `dist/assets/` in the package are both two levels below the package root.
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The prebuilt worker and wasm files (built by `vite.config.ts` into the package's `dist/browser`). */
export const prebuiltBundleDir = path.join(packageRoot, 'dist/browser');

/** File names of the prebuilt bundle: the worker, its lazily loaded OCR part and printed-field assigner, and the page module. */
export const bundleFiles = {
  worker: 'idlens-worker.js',
  workerOcr: 'idlens-worker-ocr.js',
  workerFieldAssigner: 'idlens-worker-field-assigner-model.js',
  client: 'idlens.js',
} as const;

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Exactly the files the browser SDK loads at run time, in the layout it expects under its assets
 * folder: the worker and `zxing_reader.wasm` for barcodes; with `ocr`, the worker's OCR part, its
 * printed-field assigner and `models/*` (every model of `@idlens/models`' manifest that browsers
 * load: none a listed model supersedes).
 */
export function listBrowserAssets({
  ocr = true,
  client = false,
  onnxruntimeWeb = false,
  bundleDir = prebuiltBundleDir,
}: BrowserAssetOptions = {}): BrowserAsset[] {
  const fromBundle = (file: string, use: BrowserAsset['for']): BrowserAsset => {
    const source = path.join(bundleDir, file);
    if (!existsSync(source)) throw new Error(`${file} is missing from ${bundleDir}: the SDK's browser bundle is not built (pnpm --filter @idlens/sdk build)`);
    return asset(file, source, use);
  };
  const list = [fromBundle(bundleFiles.worker, 'barcode'), fromBundle(zxingWasm.file, 'barcode')];
  if (ocr) {
    list.push(fromBundle(bundleFiles.workerOcr, 'ocr'), fromBundle(bundleFiles.workerFieldAssigner, 'ocr'));
    for (const entry of browserModels()) {
      const source = resolveModelPath(entry);
      if (source) list.push(asset(`models/${entry.file}`, source, deferredModelUses[entry.name] ?? 'ocr'));
      else if (!entry.optional) throw new Error(`model ${entry.name} (${entry.file}) not found: is ${entry.from?.package ?? '@idlens/models'} installed?`);
    }
  }
  if (onnxruntimeWeb) list.push(...onnxruntimeWebAssets(onnxruntimeWeb === 'webgpu' ? ['wasm', 'webgpu'] : ['wasm']));
  if (client) list.push(fromBundle(bundleFiles.client, 'client'));
  return list;
}

/**
 * The files of these onnxruntime-web builds (`onnxruntimeWebBuilds`), from the copy the app
 * installed: resolved from this package, as its optional peer dependency, and refused at any other
 * version than the one whose wasm sha256s the worker checks.
 */
function onnxruntimeWebAssets(backends: readonly OnnxruntimeWebBackend[]): BrowserAsset[] {
  let dist: string;
  try {
    dist = path.dirname(createRequire(import.meta.url).resolve(onnxruntimeWebBuilds.wasm.wasm.from));
  } catch {
    throw new Error(
      `onnxruntime-web is not installed: it is an optional peer dependency of @idlens/sdk, needed for inference: 'onnxruntime-web' (npm install onnxruntime-web@${onnxruntimeWebVersion})`,
    );
  }
  const { version } = JSON.parse(readFileSync(path.join(dist, '../package.json'), 'utf8')) as { version?: string };
  if (version !== onnxruntimeWebVersion) {
    throw new Error(
      `onnxruntime-web ${version} is installed; @idlens/sdk runs ${onnxruntimeWebVersion} and checks its wasm by sha256 (npm install onnxruntime-web@${onnxruntimeWebVersion})`,
    );
  }
  const files = [...new Set(backends.flatMap((b) => [onnxruntimeWebBuilds[b].entry, onnxruntimeWebBuilds[b].glue, onnxruntimeWebBuilds[b].wasm.file]))];
  return files.map((file) => asset(`${onnxruntimeWebDir}${file}`, path.join(dist, file), 'onnxruntime-web'));
}

function asset(file: string, source: string, use: BrowserAsset['for']): BrowserAsset {
  return { path: file, source, bytes: statSync(source).size, contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream', for: use };
}

/** Copies `listBrowserAssets(options)` into `outDir` (created if needed); returns what it copied. */
export async function copyBrowserAssets(outDir: string, options: BrowserAssetOptions = {}): Promise<BrowserAsset[]> {
  const assets = listBrowserAssets(options);
  for (const a of assets) {
    const target = path.join(outDir, a.path);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(a.source, target);
  }
  return assets;
}
