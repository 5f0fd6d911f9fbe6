import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { loadModelsFromDisk } from './load-models-node.ts';
import { loadOrtWebBrowser } from './ort-web-browser.ts';

const originalInstantiate = WebAssembly.instantiate;
afterEach(() => {
  WebAssembly.instantiate = originalInstantiate;
});

// onnxruntime starts once per module instance: this file holds the one test that starts it.
describe('loadOrtWebBrowser', () => {
  it('starts onnxruntime from the module compiled as the wasm streamed in, without compiling its bytes again or fetching it', async () => {
    const wasmFile = createRequire(import.meta.url).resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm');
    const bytes = new Uint8Array(await readFile(wasmFile));
    const module = await WebAssembly.compile(bytes);
    const instantiated: string[] = [];
    WebAssembly.instantiate = ((source: BufferSource | WebAssembly.Module, imports?: WebAssembly.Imports) => {
      instantiated.push(source instanceof WebAssembly.Module ? (source === module ? 'the module' : 'another module') : 'bytes');
      return Reflect.apply(originalInstantiate, WebAssembly, [source, imports]);
    }) as typeof WebAssembly.instantiate;
    const spy = WebAssembly.instantiate;

    // A URL nothing answers: the runtime has the bytes and must not fetch them.
    const ort = await loadOrtWebBrowser({ wasm: { url: 'http://127.0.0.1:9/ort-wasm-simd-threaded.wasm', bytes, module } });
    const { 'mrz-rec': mrz } = await loadModelsFromDisk({ names: ['mrz-rec'] });
    const session = await ort.InferenceSession.create(mrz!.bytes, {});
    const input = new ort.Tensor('float32', new Float32Array(32 * 128).fill(1), [1, 1, 32, 128]);
    const output = await session.run({ [session.inputNames[0]!]: input });

    expect(instantiated).toEqual(['the module']);
    expect(Object.values(output)[0]!.dims[0]).toBe(1);
    // The global is given back once the runtime started.
    expect(WebAssembly.instantiate).toBe(spy);
  });
});
