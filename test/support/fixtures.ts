import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode, type WriterOptions } from 'zxing-wasm/writer';

let writerReady: Promise<unknown> | undefined;

/** zxing-wasm's writer, prepared from the package's own wasm (its default would fetch a CDN). */
function prepareWriter(): Promise<unknown> {
  writerReady ??= readFile(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }),
  );
  return writerReady;
}

/** A barcode rendered by zxing-wasm's writer, as PNG bytes with a white margin (`scale` px per module). */
export async function barcodePng(content: string | Uint8Array, options: WriterOptions & { scale?: number; margin?: number }): Promise<Buffer> {
  await prepareWriter();
  const { scale = 4, margin = 40, ...writer } = options;
  const result = await writeBarcode(content, { scale, ...writer });
  if (result.error || !result.image) throw new Error(`zxing writer failed: ${result.error}`);
  const png = Buffer.from(await result.image.arrayBuffer());
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .png()
    .toBuffer();
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
