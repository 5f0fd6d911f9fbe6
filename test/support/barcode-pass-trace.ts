// Development tool (not a test): what each pass of the barcode reader saw on one image — its size,
// the reads it admitted (a fit-check's are the profile fit's opinion only) and those the margin check
// rejected — and the answer, all symbologies on.
//
//   pnpm exec tsx test/support/barcode-pass-trace.ts image.png
import sharp from 'sharp';
import { allSymbologies } from '@idlens/sdk/api';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import type { BarcodeRead } from '../../packages/sdk/src/engine/barcode/normalize-read.ts';
import { readBarcode } from '../../packages/sdk/src/engine/barcode/read-barcode.ts';

const file = process.argv[2]!;
const zxing = await loadZxingNode();
const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
const show = (r: BarcodeRead) => `${r.type}:${r.text} (${r.lineCount} lines)`;
const result = await readBarcode(zxing, frame, allSymbologies, (t) => {
  console.log(`${t.pass} (${t.method}) ${t.width}x${t.height} reads=[${t.reads.map(show).join(', ')}] rejected=[${t.rejected.map(show).join(', ')}]`);
});
console.log(result.barcodeType, result.stringData, result.recognitionStatus);
