import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CardData, DocumentData } from '@idlens/sdk/api';
import { noBarcodeImages } from '../support/no-barcode-scenes.ts';
import { table, type SuiteReport } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';

interface Verdicts {
  name: string;
  /** `/card` returned a card number. */
  cardNumber: boolean;
  /** `/document-single-side` returned an MRZ (any status). */
  mrz: boolean;
  /** `/document-single-side` answered VALID: a document the client would accept. */
  validDocument: boolean;
}

/**
 * The readers of cards and documents on images that hold neither: the generated pages of text,
 * tables, stripes, grids and an ID-like page whose three lines of OCR-B are random (no check digit
 * holds), each clean and as a photo, plus the corpus's `barcodes/none` photos. Each is sent as a
 * card's number side and as a document's single side. Every count must stay 0; the report names
 * images only, never what was read.
 */
export const falsePositivesEval: EvalSuite = async (ctx) => {
  const images: Array<{ name: string; bytes: Buffer }> = (await noBarcodeImages()).filter((i) => !i.name.startsWith('card'));
  const noneDir = path.join(ctx.corpusDir, 'barcodes', 'none');
  for (const file of (await readdir(noneDir)).sort()) images.push({ name: `barcodes/none/${file}`, bytes: await readFile(path.join(noneDir, file)) });

  const verdicts: Verdicts[] = [];
  for (const image of images) {
    const source = { imageBase64: image.bytes.toString('base64') };
    const card = (await ctx.post('/card', { cardNumberSide: source, extractExpiryDate: true, extractCardholderName: true })).json?.data as CardData | undefined;
    const document = (await ctx.post('/document-single-side', { image: source })).json?.data as DocumentData | undefined;
    verdicts.push({
      name: image.name,
      cardNumber: Boolean(card?.cardNumber),
      mrz: Boolean(document?.mrzData?.rawMrzString),
      validDocument: document?.recognitionStatus === 'VALID',
    });
  }
  const count = (key: keyof Omit<Verdicts, 'name'>) => verdicts.filter((v) => v[key]).length;
  const metrics = { images: verdicts.length, cardNumbers: count('cardNumber'), mrz: count('mrz'), validDocuments: count('validDocument') };
  const flagged = verdicts.filter((v) => v.cardNumber || v.mrz || v.validDocument);
  const markdown: string[] = [
    `${verdicts.length} images without a card or a document (generated pages clean and photographed, and \`barcodes/none\`), each sent to \`/card\` and to \`/document-single-side\`.`,
    '',
    ...table(
      ['reported', 'images'],
      [
        ['card number', metrics.cardNumbers],
        ['MRZ (any status)', metrics.mrz],
        ['VALID document', metrics.validDocuments],
      ],
    ),
    '',
    flagged.length === 0 ? 'Nothing reported on any image.' : `Reported on: ${flagged.map((v) => `\`${v.name}\``).join(', ')}.`,
  ];
  const report: SuiteReport = { suite: 'false positives (cards, documents)', metrics, markdown };
  return report;
};
