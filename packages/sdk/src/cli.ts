#!/usr/bin/env node
/**
 * `idlens-sdk`: copies the browser SDK's run-time files into an app's public folder, for apps
 * built with anything but Vite (webpack, Rollup, esbuild, no bundler). Vite apps use the plugin
 * (`@idlens/sdk/vite`) instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyBrowserAssets, listBrowserAssets, type BrowserAsset } from './assets/browser-assets.ts';
import { compressAssets, listCompressible, type CompressedSizes } from './assets/compress-assets.ts';

const usage = `usage: idlens-sdk assets copy <dir> [--no-ocr] [--client] [--onnxruntime-web[=webgpu]] [--compress]
       idlens-sdk assets list [--no-ocr] [--client] [--onnxruntime-web[=webgpu]] [--json]
       idlens-sdk assets compress <dir>

Copies exactly the files the browser SDK loads at run time into <dir>, e.g. public/idlens
(createRecognizer() looks in /idlens/ unless told otherwise with assetsBaseUrl):
  idlens-worker.js, zxing_reader.wasm                          barcodes
  idlens-worker-ocr.js, idlens-worker-field-assigner-model.js, models/*
                                                               cards and documents (leave out with --no-ocr)
  idlens.js                                                    with --client: the SDK as one ES module, for pages without a bundler
  onnxruntime-web/*      with --onnxruntime-web: onnxruntime-web's wasm build, for inference: 'onnxruntime-web' or 'auto'
                         (from the app's own onnxruntime-web@1.30.0); --onnxruntime-web=webgpu adds its WebGPU build
--compress (or \`assets compress <dir>\` on any folder) writes file.br and file.gz beside each
script, wasm, model and text file where that saves 5 % or more, for servers that send
precompressed files (the idlens server does). Serve .wasm as application/wasm, and let browsers keep
URLs ending in ?sha256=<16 hex digits> (Cache-Control: public, max-age=31536000, immutable): the
SDK asks for the models that way, and Chromium then keeps the compiled wasm
too (docs/sdk.md, "Assets").`;

const options = {
  'no-ocr': { type: 'boolean', default: false },
  client: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  compress: { type: 'boolean', default: false },
  'onnxruntime-web': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function table(assets: BrowserAsset[]): string {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  const width = Math.max(...assets.map((a) => a.path.length));
  const total = assets.reduce((sum, a) => sum + a.bytes, 0);
  return [
    ...assets.map((a) => `  ${a.path.padEnd(width)}  ${mib(a.bytes).padStart(10)}  ${a.for}`),
    `  ${'total'.padEnd(width)}  ${mib(total).padStart(10)}`,
  ].join('\n');
}

function compressedTable(sizes: CompressedSizes[]): string {
  const mib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(2)} MiB`);
  const sum = (pick: (s: CompressedSizes) => number | null) => sizes.reduce((n, s) => n + (pick(s) ?? s.bytes), 0);
  const width = Math.max(5, ...sizes.map((s) => s.path.length));
  const row = (name: string, raw: number, gz: number | null, br: number | null) =>
    `  ${name.padEnd(width)}  ${mib(raw).padStart(10)}  gzip ${mib(gz).padStart(10)}  brotli ${mib(br).padStart(10)}`;
  return [
    ...sizes.map((s) => row(s.path, s.bytes, s.gzip, s.brotli)),
    row(
      'total as served',
      sum(() => null),
      sum((s) => s.gzip),
      sum((s) => s.brotli),
    ),
  ].join('\n');
}

/** `--onnxruntime-web` alone (or `=wasm`): the wasm build; `=webgpu`: both builds. */
function onnxruntimeWebOption(value: string | undefined): boolean | 'webgpu' {
  if (value === undefined) return false;
  if (value === '' || value === 'wasm') return true;
  if (value === 'webgpu') return 'webgpu';
  throw new Error(`--onnxruntime-web takes wasm or webgpu, not ${value}`);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv.map((a) => (a === '--onnxruntime-web' ? '--onnxruntime-web=' : a)),
    options,
    allowPositionals: true,
    strict: true,
  });
  const [group, command, dir] = positionals;
  const selection = { ocr: !values['no-ocr'], client: values.client, onnxruntimeWeb: onnxruntimeWebOption(values['onnxruntime-web']) };
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (group === 'assets' && command === 'list' && !dir) {
    const assets = listBrowserAssets(selection);
    console.log(values.json ? JSON.stringify(assets, null, 2) : table(assets));
    return 0;
  }
  if (group === 'assets' && command === 'copy' && dir) {
    const target = path.resolve(dir);
    const assets = await copyBrowserAssets(target, selection);
    const compressed = values.compress
      ? await compressAssets(
          target,
          assets.map((a) => a.path),
        )
      : null;
    if (values.json) console.log(JSON.stringify(compressed ?? assets, null, 2));
    else console.log(`Copied to ${target}:\n${table(assets)}${compressed ? `\n${compressedTable(compressed)}` : ''}`);
    return 0;
  }
  if (group === 'assets' && command === 'compress' && dir) {
    const target = path.resolve(dir);
    const compressed = await compressAssets(target, await listCompressible(target));
    console.log(values.json ? JSON.stringify(compressed, null, 2) : `Compressed in ${target}:\n${compressedTable(compressed)}`);
    return 0;
  }
  console.error(usage);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`idlens-sdk: ${error.message}`);
    process.exit(1);
  },
);
