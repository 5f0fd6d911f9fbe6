import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { runtimeFiles } from './runtime-files.ts';
import { sha256Hex } from './sha256.ts';

const require = createRequire(import.meta.url);

describe('runtime files', () => {
  it.each(runtimeFiles.map((f) => [f.file, f] as const))('%s matches the installed package (update the table after upgrading it)', async (_name, file) => {
    const bytes = new Uint8Array(await readFile(require.resolve(file.from)));
    expect({ bytes: bytes.byteLength, sha256: await sha256Hex(bytes) }).toEqual({ bytes: file.bytes, sha256: file.sha256 });
  });
});
