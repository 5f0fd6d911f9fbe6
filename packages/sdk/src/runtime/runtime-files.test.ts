import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { onnxruntimeWebBuilds, onnxruntimeWebVersion, runtimeFiles } from './runtime-files.ts';
import { sha256Hex } from './sha256.ts';

const require = createRequire(import.meta.url);

describe('runtime files', () => {
  it.each([...runtimeFiles, ...Object.values(onnxruntimeWebBuilds).map((b) => b.wasm)].map((f) => [f.file, f] as const))(
    '%s matches the installed package (update the table after upgrading it)',
    async (_name, file) => {
      const bytes = new Uint8Array(await readFile(require.resolve(file.from)));
      expect({ bytes: bytes.byteLength, sha256: await sha256Hex(bytes) }).toEqual({ bytes: file.bytes, sha256: file.sha256 });
    },
  );

  it('names the installed onnxruntime-web version, whose dist folder holds every file of both builds', async () => {
    const dist = path.dirname(require.resolve(onnxruntimeWebBuilds.wasm.wasm.from));
    const installed = JSON.parse(await readFile(path.join(dist, '../package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(onnxruntimeWebVersion);
    for (const build of Object.values(onnxruntimeWebBuilds))
      for (const file of [build.entry, build.glue, build.wasm.file]) expect(existsSync(path.join(dist, file)), file).toBe(true);
  });
});
