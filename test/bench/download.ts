import { readFile } from 'node:fs/promises';
import { compressBytes, listBrowserAssets, type BrowserAsset } from '@idlens/sdk/assets';
import { table, type SuiteReport } from '../support/report.ts';
import type { BenchSuite } from './bench-context.ts';

const mb = (bytes: number) => (bytes / 1e6).toFixed(2);

/** One asset as a browser downloads it: raw, or the precompressed file a server sends (`idlens-sdk assets compress`). */
async function weigh(asset: BrowserAsset): Promise<{ asset: BrowserAsset; gzip: number; brotli: number }> {
  const encoded = await compressBytes(await readFile(asset.source));
  return { asset, gzip: encoded['.gz']?.length ?? asset.bytes, brotli: encoded['.br']?.length ?? asset.bytes };
}

/**
 * What a browser downloads for barcodes only and for cards/documents: every file of
 * `listBrowserAssets`, raw, gzip (level 9) and brotli (quality 9, what `idlens-sdk assets
 * compress` writes), where compression saves 5 % or more (else the raw file is sent).
 */
export const downloadBench: BenchSuite = async (): Promise<SuiteReport> => {
  const weighed = await Promise.all(listBrowserAssets({ ocr: true }).map(weigh));
  const rows = weighed.map(({ asset, gzip, brotli }) => [asset.path, asset.for, mb(asset.bytes), mb(gzip), mb(brotli)]);
  const total = (use: Array<BrowserAsset['for']>) => {
    const picked = weighed.filter((w) => use.includes(w.asset.for));
    return {
      raw: picked.reduce((n, w) => n + w.asset.bytes, 0),
      gzip: picked.reduce((n, w) => n + w.gzip, 0),
      brotli: picked.reduce((n, w) => n + w.brotli, 0),
    };
  };
  const barcodes = total(['barcode']);
  const documents = total(['barcode', 'ocr']);
  rows.push(['barcodes only', '', mb(barcodes.raw), mb(barcodes.gzip), mb(barcodes.brotli)]);
  const portrait = total(['portrait']);
  const fallback = total(['ocr-fallback']);
  const documentsAtMost = total(['barcode', 'ocr', 'ocr-fallback']);
  rows.push(['cards and documents (up front)', '', mb(documents.raw), mb(documents.gzip), mb(documents.brotli)]);
  rows.push(['+ on the first read that falls back on PP-OCRv4’s detector', '', mb(fallback.raw), mb(fallback.gzip), mb(fallback.brotli)]);
  rows.push(['cards and documents, at most (without portraits)', '', mb(documentsAtMost.raw), mb(documentsAtMost.gzip), mb(documentsAtMost.brotli)]);
  rows.push(['+ on the first portrait request', '', mb(portrait.raw), mb(portrait.gzip), mb(portrait.brotli)]);
  return {
    suite: 'browser download (SDK assets, raw / gzip / brotli)',
    metrics: {
      barcodes,
      documents,
      fallback,
      documentsAtMost,
      portrait,
      files: weighed.map((w) => ({ path: w.asset.path, for: w.asset.for, raw: w.asset.bytes, gzip: w.gzip, brotli: w.brotli })),
    },
    markdown: [
      'Sizes in MB (10^6 bytes) as served with precompressed files (gzip level 9, brotli quality 9; an encoding saving under 5 % is not used).',
      '',
      ...table(['file', 'for', 'raw', 'gzip', 'brotli'], rows),
    ],
  };
};
