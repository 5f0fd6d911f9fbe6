import { allSymbologies } from '@idlens/sdk/api';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createEngine, type Frame } from '@idlens/sdk';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import { composeScene, emptyScene, renderBarcode } from '../support/engine/barcode-scenes.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { median, percentile, type BenchSuite } from './bench-context.ts';

// @zxing/library is CommonJS for Node, and Node cannot see its named exports from ESM.
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = createRequire(import.meta.url)(
  '@zxing/library',
) as typeof import('@zxing/library');

/** Runs per synthetic scene (the corpus is timed once per image). */
const sceneRuns = 5;

interface Timed {
  name: string;
  ms: number[];
  found: number;
}

/**
 * Barcode decode time: the engine in-process on 1920×1080 scenes and on the corpus, the same over
 * HTTP, and `@zxing/library` (pure-JS ZXing: MultiFormatReader, TRY_HARDER, the nine formats,
 * HybridBinarizer) on the same decoded pixels in the same run, as the reference point.
 */
export const barcodeBench: BenchSuite = async (ctx) => {
  const engine = createEngine({ zxing: await loadZxingNode() });
  const scenes = await buildScenes();
  const corpus = await loadCorpus(ctx.corpusDir);
  const zxingJs = createZxingJsReader();

  const sceneRows: Timed[] = [];
  for (const scene of scenes) {
    sceneRows.push(await time(`${scene.name} (engine)`, sceneRuns, () => engine.barcode(scene.frame, allSymbologies).then(found)));
    sceneRows.push(await time(`${scene.name} (@zxing/library)`, sceneRuns, async () => zxingJs(scene.frame)));
    const png = (
      await sharp(Buffer.from(scene.frame.data.buffer, scene.frame.data.byteOffset, scene.frame.data.length), {
        raw: { width: scene.frame.width, height: scene.frame.height, channels: 4 },
      })
        .png()
        .toBuffer()
    ).toString('base64');
    sceneRows.push(await time(`${scene.name} (HTTP, PNG)`, sceneRuns, () => post(ctx, png)));
  }

  const engineCorpus: Timed = { name: 'corpus (engine)', ms: [], found: 0 };
  const zxingJsCorpus: Timed = { name: 'corpus (@zxing/library)', ms: [], found: 0 };
  const httpCorpus: Timed = { name: 'corpus (HTTP)', ms: [], found: 0 };
  for (const image of corpus) {
    await measureOnce(engineCorpus, () => engine.barcode(image.frame, allSymbologies).then(found));
    await measureOnce(zxingJsCorpus, async () => zxingJs(image.frame));
    await measureOnce(httpCorpus, () => post(ctx, image.base64));
  }

  const all = [...sceneRows, engineCorpus, zxingJsCorpus, httpCorpus];
  const ratio = median(engineCorpus.ms) / median(zxingJsCorpus.ms);
  const metrics: Record<string, unknown> = {
    corpusImages: corpus.length,
    engineCorpusMedianMs: median(engineCorpus.ms),
    engineCorpusP90Ms: percentile(engineCorpus.ms, 90),
    zxingJsCorpusMedianMs: median(zxingJsCorpus.ms),
    httpCorpusMedianMs: median(httpCorpus.ms),
    engineToZxingJsMedianRatio: ratio,
    scenes: Object.fromEntries(sceneRows.map((r) => [r.name, { medianMs: median(r.ms), found: r.found, runs: r.ms.length }])),
  };
  const markdown = [
    `1920×1080 scenes: ${sceneRuns} runs each; corpus: ${corpus.length} images, once each. "found" counts runs/images with a result (any content).`,
    '',
    ...table(
      ['what', 'median ms', 'p90 ms', 'max ms', 'found'],
      all.map((r) => [r.name, median(r.ms).toFixed(1), percentile(r.ms, 90).toFixed(1), Math.max(...r.ms).toFixed(1), `${r.found}/${r.ms.length}`]),
    ),
    '',
    `Engine / @zxing/library median time on the corpus: **${ratio.toFixed(2)}×** ` +
      '(the engine runs a multi-pass plan and stops early; see docs/barcode-options.md).',
  ];
  return { suite: 'barcodes', metrics, markdown } satisfies SuiteReport;
};

function found(data: { recognitionStatus: string }): boolean {
  return data.recognitionStatus !== 'EMPTY';
}

async function post(ctx: Parameters<BenchSuite>[0], imageBase64: string): Promise<boolean> {
  const response = await ctx.post('/barcode', { image: { imageBase64 }, ...allSymbologies });
  return response.status === 200 && response.json?.data?.recognitionStatus !== 'EMPTY';
}

async function time(name: string, runs: number, run: () => Promise<boolean>): Promise<Timed> {
  const timed: Timed = { name, ms: [], found: 0 };
  for (let i = 0; i < runs; i++) await measureOnce(timed, run);
  return timed;
}

async function measureOnce(timed: Timed, run: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  const ok = await run();
  timed.ms.push(performance.now() - started);
  if (ok) timed.found++;
}

/** 1920×1080 photo-like scenes: a small tilted EAN-13, a QR code, a PDF417, and nothing at all. */
async function buildScenes(): Promise<Array<{ name: string; frame: Frame }>> {
  const common = { width: 1920, height: 1080, blur: 0.7, noise: 4, jpegQuality: 85 };
  const ean = await composeScene(await renderBarcode('EAN13', '590123412345', { moduleSize: 3 }), { ...common, angle: 17, centre: { x: 0.62, y: 0.4 } });
  const qrCode = await renderBarcode('QRCode', 'https://idlens.example/t/8d2f0c1e', { moduleSize: 6, quietZone: 4 });
  const qr = await composeScene(qrCode, { ...common, angle: -9, centre: { x: 0.3, y: 0.6 } });
  const pdfCode = await renderBarcode('PDF417', 'ANSI 636023090102DL00410317ZO03580057DLDBA01212021DCSDOE', { moduleSize: 2, quietZone: 4 });
  const pdf = await composeScene(pdfCode, { ...common, angle: 4 });
  const none = await emptyScene(common);
  return [
    { name: '1080p EAN-13, 17°', frame: ean.frame },
    { name: '1080p QR, −9°', frame: qr.frame },
    { name: '1080p PDF417', frame: pdf.frame },
    { name: '1080p no barcode', frame: none },
  ];
}

async function loadCorpus(corpusDir: string): Promise<Array<{ frame: Frame; base64: string }>> {
  const dir = path.join(corpusDir, 'barcodes');
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Array<{ file: string }>;
  const images = [];
  for (const { file } of manifest) {
    const bytes = await readFile(path.join(dir, file));
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
    images.push({ frame, base64: bytes.toString('base64') });
  }
  return images;
}

/** @zxing/library's MultiFormatReader with TRY_HARDER and the nine formats, on BT.601 luminance. */
function createZxingJsReader(): (frame: Frame) => boolean {
  const reader = new MultiFormatReader();
  const hints = new Map<import('@zxing/library').DecodeHintType, unknown>([
    [DecodeHintType.TRY_HARDER, true],
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.QR_CODE,
        BarcodeFormat.UPC_A,
        BarcodeFormat.UPC_E,
        BarcodeFormat.EAN_8,
        BarcodeFormat.EAN_13,
        BarcodeFormat.CODE_128,
        BarcodeFormat.CODE_39,
        BarcodeFormat.ITF,
        BarcodeFormat.PDF_417,
      ],
    ],
  ]);
  reader.setHints(hints);
  return (frame) => {
    const { width, height, data } = frame;
    const luminance = new Uint8ClampedArray(width * height);
    for (let i = 0, p = 0; i < luminance.length; i++, p += 4) luminance[i] = (306 * data[p]! + 601 * data[p + 1]! + 117 * data[p + 2]! + 512) >> 10;
    // @zxing/library 0.23 logs every NotFoundException of every sub-reader with console.warn (its
    // instanceof check fails); the stack-trace printing would dominate the timing. The decode is
    // synchronous, so muting warn around it affects nothing else.
    const warn = console.warn;
    console.warn = () => {};
    try {
      reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height))));
      return true;
    } catch {
      // NotFound / Checksum / Format exceptions all mean "no read".
      return false;
    } finally {
      console.warn = warn;
      reader.reset();
    }
  };
}
