import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

let writerReady: Promise<unknown> | undefined;

/** zxing-wasm's writer, prepared once from the package's own wasm (its default would fetch a CDN). */
function prepareWriter(): Promise<unknown> {
  writerReady ??= readFile(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'))
    .then((wasm) =>
      prepareZXingModule({
        overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
        fireImmediately: true,
      }),
    )
    .catch((error: unknown) => {
      // Not kept: the next hand-off tries to load it again.
      writerReady = undefined;
      throw error;
    });
  return writerReady;
}

/**
 * A QR code of `text` as SVG (with its quiet zone), for a page to show as an image: the join URL
 * of a hand-off, which a phone's camera app opens. Error correction M: a screen photographed from
 * a phone is sharp; a smaller symbol is easier to catch.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  await prepareWriter();
  const result = await writeBarcode(text, { format: 'QRCode', ecLevel: 'M', addQuietZones: true });
  if (result.error || !result.svg) throw new Error(`the QR code writer failed: ${result.error}`);
  return result.svg;
}
