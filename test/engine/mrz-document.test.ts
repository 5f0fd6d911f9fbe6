import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import type { Point } from '../../packages/sdk/src/engine/image/affine.ts';
import { frenchIdSpecimen, specimens } from '../support/engine/mrz-specimens.ts';
import { profileBlocks } from '../../packages/sdk/src/engine/mrz/profile-block.ts';
import { readMrz } from '../../packages/sdk/src/engine/mrz/read-mrz.ts';
import { createOcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { ocrCountingDetections } from '../support/engine/counting-detections.ts';
import { readDocument } from '../../packages/sdk/src/engine/document/read-document.ts';
import type { LineReader } from '../../packages/sdk/src/engine/ocr/create-line-reader.ts';
import { renderLicenceBack, renderLicenceFront, renderTd1Back } from '../support/licence-render.ts';
import { renderMrzPage } from '../support/mrz-render.ts';
import { decodeFrame } from '../support/document-scene.ts';
import { noBarcodeImages } from '../support/no-barcode-scenes.ts';
import { negativePhoto } from '../support/negative-photo.ts';

// Rendered pages in OCR-B (Debian fonts-ocr-b) read end to end by the engine with onnxruntime-node.
const now = () => new Date(Date.UTC(2026, 5, 15));
let engine: Engine;

beforeAll(async () => {
  engine = createEngine({ ...(await loadEngineRuntimes({ threads: 2 })), now });
});

describe('document reading through the MRZ (rendered pages)', () => {
  it('reads a TD3 passport page: every field, dates, class info, mrzData', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD3) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.processingStatus).toBe('SUCCESS');
    expect(data.mrzData).toMatchObject({
      mrzType: 'TD3',
      verified: true,
      documentCode: 'P',
      issuer: 'UTO',
      documentNumber: 'L898902C3',
      primaryId: 'ERIKSSON',
      secondaryId: 'ANNA MARIA',
      gender: 'F',
      opt1: 'ZE184226B',
    });
    expect(data.mrzData!.rawMrzString).toBe(specimens.TD3.join('\n'));
    expect(data.lastName?.latin).toBe('ERIKSSON');
    expect(data.firstName?.latin).toBe('ANNA MARIA');
    expect(data.fullName?.latin).toBe('ANNA MARIA ERIKSSON');
    expect(data.documentNumber?.latin).toBe('L898902C3');
    expect(data.personalIdNumber?.latin).toBe('ZE184226B');
    expect(data.nationality?.latin).toBe('UTO');
    expect(data.sex?.latin).toBe('F');
    expect(data.dateOfBirth).toMatchObject({ year: 1974, month: 8, day: 12, successfullyParsed: true });
    expect(data.dateOfBirth!.originalString!.latin).toBe('740812');
    expect(data.dateOfExpiry).toMatchObject({ year: 2012, month: 4, day: 15 });
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_UTOPIA', region: 'REGION_NONE', type: 'TYPE_PASSPORT' });
    expect(data.documentNumber!.latinLocation!.dimensions.width).toBeGreaterThan(0);
    expect(data.age).toBe(51);
  });

  it("passes a reading's stage trace through, and the traced answer is the untraced one", async () => {
    const page = await renderMrzPage(specimens.TD3);
    const decisions: Array<{ stage: string; decided: string }> = [];
    const traced = await engine.document({ first: page }, {}, { trace: (d) => decisions.push(d) });
    expect(traced).toEqual(await engine.document({ first: page }));
    expect(decisions.map((d) => d.stage)).toEqual(expect.arrayContaining(['locate', 'read', 'merge', 'judge']));
    expect(decisions.find((d) => d.stage === 'judge' && d.decided.startsWith('VALID'))).toBeDefined();
  });

  it('finds a TD1 zone on a card turned by 12°', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD1, { rotate: 12, width: 800 }) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'D23145890', issuer: 'UTO' });
    expect(data.documentClassInfo?.type).toBe('TYPE_ID');
  });

  it('reads a TD2 zone seen in perspective', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD2, { perspective: 0.1 }) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.mrzData).toMatchObject({ mrzType: 'TD2', documentNumber: 'D23145890' });
  });

  it('reads the MRZ from the back side of a two-sided card and compares both sides', async () => {
    const front = await renderMrzPage(['ERIKSSON  ANNA MARIA'], { width: 800 }); // no MRZ-like lines
    const back = await renderMrzPage(specimens.TD1, { width: 800 });
    const data = await engine.document({ first: front, second: back }, { returnFullDocumentImage: true });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.documentNumber?.latinLocation?.side).toBe('SECOND');
    expect(data.fullDocumentSecondSideImage?.image).toBeTruthy();
    const meta = await sharp(Buffer.from(data.fullDocumentSecondSideImage!.image, 'base64')).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width! / meta.height!).toBeCloseTo(85.6 / 53.98, 1);
  });

  it('honours anonymization, age limit and character validation', async () => {
    const page = await renderMrzPage(specimens.TD3);
    const anonymized = await engine.document({ first: page }, { anonymizationMode: 'RESULT_FIELDS_ONLY', ageLimit: 60 });
    expect(anonymized.documentNumber).toBeNull();
    expect(anonymized.personalIdNumber).toBeNull();
    expect(anonymized.mrzData!.documentNumber).toBe('');
    expect(anonymized.mrzData!.rawMrzString).not.toContain('L898902C3');
    expect(anonymized.lastName?.latin).toBe('ERIKSSON');
    expect(anonymized.isBelowAgeLimit).toBe(true);

    // A misprinted birth-date check digit: the date is withheld, the rest stays, status UNCERTAIN.
    const misprinted = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408125')];
    const uncertain = await engine.document({ first: await renderMrzPage(misprinted) });
    expect(uncertain.recognitionStatus).toBe('UNCERTAIN');
    expect(uncertain.mrzData!.verified).toBe(false);
    expect(uncertain.dateOfBirth).toBeNull();
    expect(uncertain.additionalProcessingInfo!.invalidCharacterFields).toContain('dateOfBirth');
    expect(uncertain.documentNumber?.latin).toBe('L898902C3');
    const unvalidated = await engine.document({ first: await renderMrzPage(misprinted) }, { enableCharacterValidation: false });
    expect(unvalidated.dateOfBirth?.originalString?.latin).toBe('740812');
  });

  it('reads the 2×36 zone of a French national identity card by its national layout', async () => {
    const data = await engine.document({ first: await renderMrzPage(frenchIdSpecimen, { width: 900 }) });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.mrzData).toMatchObject({
      mrzType: 'TD2',
      verified: true,
      documentCode: 'ID',
      issuer: 'FRA',
      documentNumber: '061275012345',
      primaryId: 'MARTIN',
      secondaryId: 'JEAN PIERRE',
      gender: 'M',
      opt1: '075034',
      dateOfExpiry: null,
    });
    expect(data.mrzData!.rawMrzString).toBe(frenchIdSpecimen.join('\n'));
    expect(data.lastName?.latin).toBe('MARTIN');
    expect(data.firstName?.latin).toBe('JEAN PIERRE');
    expect(data.dateOfBirth).toMatchObject({ year: 1980, month: 1, day: 1 });
    expect(data.dateOfExpiry).toBeNull();
    expect(data.personalIdNumber).toBeNull(); // the office code is no personal number
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_FRANCE', region: 'REGION_NONE', type: 'TYPE_ID' });
  });

  it('returns a defective zone as printed, uncertain, rather than a coerced guess or an upside-down reading', async () => {
    const defective = [specimens.TD1[0], '7408122F120415UTO<<<<<<<<<<<<6', specimens.TD1[2]]; // no expiry check digit
    const data = await engine.document({ first: await renderMrzPage(defective, { width: 800 }) });
    expect(data.recognitionStatus).toBe('UNCERTAIN');
    expect(data.mrzData!.rawMrzString).toBe(defective.join('\n'));
    expect(data.mrzData!.verified).toBe(false);
    expect(data.dateOfExpiry).toBeNull();
    expect(data.lastName?.latin).toBe('ERIKSSON');
  });

  it('finds every line of a zone by its ink from one box around two fused lines', async () => {
    // A 300 px card: the page layout puts the three 30-symbol lines at a known pitch.
    const width = 300;
    const page = await renderMrzPage(specimens.TD1, { width, canvas: { width, height: Math.round(width * 0.7) } });
    const fontSize = (0.9 * width) / 30 / 0.72;
    const lineGap = fontSize * 1.45;
    const mrzTop = Math.round(width * 0.7) - lineGap * 3 - fontSize * 0.6;
    const middles = [1, 2, 3].map((i) => mrzTop + i * lineGap - 0.35 * fontSize);
    // The box a detector gives when it fuses lines 2 and 3, slightly short of the line ends.
    const x0 = width * 0.08;
    const x1 = width * 0.9;
    const y0 = middles[1]! - 0.5 * fontSize;
    const y1 = middles[2]! + 0.5 * fontSize;
    const points = [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ] as [Point, Point, Point, Point];
    const anchor = { points, width: x1 - x0, height: y1 - y0, angle: 0 };
    const [block] = profileBlocks(page, anchor);
    expect(block).toHaveLength(3);
    block!.forEach((line, i) => {
      const middle = (line.points[0].y + line.points[3].y) / 2;
      expect(Math.abs(middle - middles[i]!)).toBeLessThan(0.25 * fontSize);
      // Each line runs from the first symbol to the last, not just as far as the box did.
      expect(line.points[0].x).toBeLessThan(width * 0.05);
      expect(line.points[1].x).toBeGreaterThan(width * 0.93);
    });
  });

  it('finds the lines by their ink next to the dark table edge the page lies on', async () => {
    // A passport page whose zone runs close to its lower edge, on a dark table (the default canvas).
    const width = 700;
    const height = Math.round(width * 0.7);
    const canvas = { width: Math.round(width * 1.4), height: Math.round(height * 1.5) };
    const page = await renderMrzPage(specimens.TD3, { width, canvas });
    const fontSize = (0.9 * width) / 44 / 0.72;
    const lineGap = fontSize * 1.45;
    const offsetX = (canvas.width - width) / 2;
    const offsetY = Math.round((canvas.height - height) / 2);
    const mrzTop = height - lineGap * 2 - fontSize * 0.6;
    const middles = [1, 2].map((i) => offsetY + mrzTop + i * lineGap - 0.35 * fontSize);
    // The detector's box around the first line only.
    const x0 = offsetX + width * 0.05;
    const x1 = offsetX + width * 0.95;
    const y0 = middles[0]! - 0.6 * fontSize;
    const y1 = middles[0]! + 0.6 * fontSize;
    const points = [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ] as [Point, Point, Point, Point];
    const anchor = { points, width: x1 - x0, height: y1 - y0, angle: 0 };
    const [block] = profileBlocks(page, anchor);
    expect(block).toHaveLength(2);
    for (const [i, line] of block!.entries()) expect(Math.abs((line.points[0].y + line.points[3].y) / 2 - middles[i]!)).toBeLessThan(0.25 * fontSize);
  });

  it("finds no MRZ in lines of ordinary text as long and regular as an MRZ (only the page's printed fields)", async () => {
    const paragraphs = [
      ['THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG AND', 'RUNS AWAY INTO THE FOREST WHERE NOBODY CAN SEE', 'IT AGAIN UNTIL THE NEXT MORNING COMES AROUND NOW'],
      ['LOREM IPSUM DOLOR SIT AMET CONSECTETUR ADIPIS', 'SED DO EIUSMOD TEMPOR INCIDIDUNT UT LABORE ET'],
    ];
    for (const lines of paragraphs) {
      const data = await engine.document({ first: await renderMrzPage(lines, { width: 900 }) });
      expect(data.recognitionStatus).not.toBe('VALID');
      expect(data.mrzData).toBeNull();
      // The page's visual zone prints a birth date, but no name or number comes from the text lines.
      expect(data.documentNumber).toBeNull();
      expect(data.lastName).toBeNull();
    }
  });

  it('finds no MRZ on a page of prose in a proportional font, clean or photographed, though correction could make its murky reading check', async () => {
    for (const image of (await noBarcodeImages()).filter((i) => i.name.startsWith('text page'))) {
      const data = await engine.document({ first: await decodeFrame(image.bytes) });
      expect(data.mrzData, image.name).toBeNull();
      expect(data.recognitionStatus).not.toBe('VALID');
    }
  });

  it('asks the line reader about a name letter the MRZ model was not sure of, though the zone checks out, and doubts a name they read differently', async () => {
    const runtimes = await loadEngineRuntimes({ threads: 2 });
    const ocr = createOcrEngine(runtimes.inference!, runtimes.models!, runtimes.ocr);
    const dedicated = ocr.mrzLineReader!;
    // The MRZ model as it misread CHRISTOPHE on a noisy photo: the I of MARIA as a T, at 0.83 (no check digit covers names).
    const misreading: LineReader = {
      name: dedicated.name,
      charset: dedicated.charset,
      async read(lines, options) {
        return (await dedicated.read(lines, options)).map((line) => {
          const at = line.text.indexOf('MARIA') + 3;
          if (at < 3) return line;
          const chars = line.chars.map((c, i) => (i === at ? { ...c, char: 'T', confidence: 0.83, alternatives: [{ char: 'I', p: 0.15 }] } : c));
          return { ...line, chars, text: chars.map((c) => c.char).join('') };
        });
      },
    };
    const page = await renderMrzPage(specimens.TD3);
    const alone = await readMrz(page, { ...ocr, mrzLineReader: misreading }, { model: 'dedicated' });
    // What the MRZ model alone vouches for: every check holds, nothing in doubt.
    expect(alone?.corrected.parsed.fields.names).toMatch(/^ERIKSSON<<ANNA<MARTA</);
    expect(alone?.corrected.uncertain).toEqual([]);
    expect(alone?.corrected.parsed.valid).toBe(true);
    const reading = await readMrz(page, { ...ocr, mrzLineReader: misreading });
    expect(reading?.corrected.parsed.lines[0]).toBe(specimens.TD3[0]);
    expect(reading?.corrected.uncertain).toContain('names');
    expect(reading?.corrected.parsed.valid).toBe(true);
  });

  it("reads the page's print above the zone for its printed fields, and not the zone's lines again", async () => {
    const runtimes = await loadEngineRuntimes({ threads: 2 });
    const ocr = createOcrEngine(runtimes.inference!, runtimes.models!, runtimes.ocr);
    const readLines = ocr.ocr.readLines;
    const printed: string[] = [];
    ocr.ocr = {
      ...ocr.ocr,
      async readLines(frame, quads, options) {
        const lines = await readLines(frame, quads, options);
        printed.push(...lines.map((l) => l.text));
        return lines;
      },
    };
    // Upright and upside down: the zone's lines are found on the frame and mapped onto the page.
    for (const rotate of [0, 180]) {
      printed.length = 0;
      const page = await renderMrzPage(specimens.TD3, { width: 1300, rotate, viz: ['PASSPORT', 'ERIKSSON', 'ANNA MARIA', '12 AUG 1974'] });
      const data = await readDocument({ ocr, zxing: runtimes.zxing, faces: null }, { first: page }, {}, { mrzModel: 'auto', now }, false);
      expect(data.recognitionStatus, `turned ${rotate}°`).toBe('VALID');
      expect(printed.join(' '), `turned ${rotate}°`).toContain('ERIKSSON');
      expect(
        printed.filter((text) => /<</.test(text) || text.length > 30),
        `turned ${rotate}°`,
      ).toEqual([]);
    }
  });

  it('finds the zone among the lines detected on the straightened page: one detection for an upright side, the photo itself never detected', async () => {
    const { runtimes, ocr, detected } = await ocrCountingDetections();
    for (const rotate of [0, 180]) {
      detected.length = 0;
      const photo = await renderMrzPage(specimens.TD3, { width: 1300, rotate, viz: ['PASSPORT', 'ERIKSSON', 'ANNA MARIA', '12 AUG 1974'] });
      const data = await readDocument({ ocr, zxing: runtimes.zxing, faces: null }, { first: photo }, {}, { mrzModel: 'auto', now }, false);
      expect(data.recognitionStatus, `turned ${rotate}°`).toBe('VALID');
      expect(data.lastName?.latin, `turned ${rotate}°`).toBe('ERIKSSON');
      // Pages only, never the photo (1820×1365): upright, the one page serves the MRZ and the print;
      // upside down, the page guessed as it lies serves the MRZ, and the print is detected upright.
      expect(detected, `turned ${rotate}°`).toHaveLength(rotate === 0 ? 1 : 2);
      expect(detected, `turned ${rotate}°`).not.toContain(`${photo.width}×${photo.height}`);
    }
  });

  it("does not straighten and detect the second image's page for the MRZ alone: a licence's back, whose print the barcode covers", async () => {
    const { runtimes, ocr, detected, fallbackDetected } = await ocrCountingDetections();
    const holder = {
      documentNumber: 'T64235789',
      lastName: 'MORGAN',
      firstName: 'JAMES',
      dateOfBirth: '1988-03-14',
      dateOfIssue: '2022-07-01',
      dateOfExpiry: '2030-03-14',
      sex: 'M' as const,
      street: '1200 MAIN ST',
      city: 'RICHMOND',
      postalCode: '232190000',
    };
    const sides = { first: await renderLicenceFront(holder), second: await renderLicenceBack(holder) };
    const data = await readDocument({ ocr, zxing: runtimes.zxing, faces: null }, sides, {}, { mrzModel: 'auto', now }, true);
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.barcodeData?.parsed).toBe(true);
    // The front's page only (a straightened ID-1 card, 85.60 × 53.98 mm; not a photo or an MRZ
    // region): searched for an MRZ, then read for its print. Once per detector: without an MRZ
    // that checks out, the cascade reads the document again with PP-OCRv4's.
    const cardPages = (sizes: string[]) =>
      sizes.filter((size) => {
        const [width, height] = size.split('×').map(Number) as [number, number];
        return Math.abs(height / width - 53.98 / 85.6) < 0.003;
      });
    expect(cardPages(detected)).toHaveLength(1);
    expect(cardPages(fallbackDetected)).toHaveLength(1);
    // The first search of the front's photo found nothing zone-like: PP-OCRv4's looks at the page's
    // lines only, and does not search the photo (turned, closer) a second time.
    expect(fallbackDetected).toEqual(cardPages(fallbackDetected));
  });

  it('does not look closer at a photo whose text reads as no zone (a page of prose on a desk): the photo is detected once', async () => {
    const { ocr, detected } = await ocrCountingDetections();
    const photo = await decodeFrame(await negativePhoto({ width: 2016, height: 1512 }));
    expect(await readMrz(photo, ocr)).toBeNull();
    expect(detected).toEqual([`${photo.width}×${photo.height}`]);
  });

  it('reads no zone as print on either side of a card with a zone on both (a TD2 front, a TD1 back): the print does not contradict them', async () => {
    const data = await engine.document({ first: await renderMrzPage(specimens.TD2, { width: 800 }), second: await renderTd1Back(specimens.TD1) });
    expect(data.mrzData).toMatchObject({ documentNumber: 'D23145890', verified: true });
    expect(data.dataMatch?.documentNumber).not.toBe('MISMATCH');
    expect(data.dataMatch?.overall).not.toBe('MISMATCH');
  });

  it('answers EMPTY for a page without an MRZ', async () => {
    const data = await engine.document({ first: await renderMrzPage(['HELLO WORLD'], { viz: ['Nothing to see'] }) });
    expect(data.recognitionStatus).toBe('EMPTY');
    expect(data.mrzData).toBeNull();
  });
});

describe('the text detector cascade (the default): the distilled detector, then PP-OCRv4’s when no MRZ checks out', () => {
  it('reads a TD3 passport page, a TD1 card turned by 12° and a TD2 zone in perspective with the distilled detector alone', async () => {
    const { runtimes, ocr, detected, fallbackDetected } = await ocrCountingDetections();
    const read = (first: Awaited<ReturnType<typeof renderMrzPage>>) =>
      readDocument({ ocr, zxing: runtimes.zxing, faces: null }, { first }, {}, { mrzModel: 'auto', now }, false);
    const passport = await read(await renderMrzPage(specimens.TD3));
    expect(passport.recognitionStatus).toBe('VALID');
    expect(passport.mrzData).toMatchObject({ mrzType: 'TD3', documentNumber: 'L898902C3', primaryId: 'ERIKSSON', secondaryId: 'ANNA MARIA' });
    const card = await read(await renderMrzPage(specimens.TD1, { rotate: 12, width: 800 }));
    expect(card.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'D23145890', verified: true });
    const visa = await read(await renderMrzPage(specimens.TD2, { perspective: 0.1 }));
    expect(visa.mrzData).toMatchObject({ mrzType: 'TD2', documentNumber: 'D23145890', verified: true });
    expect(detected.length).toBeGreaterThanOrEqual(3);
    expect(fallbackDetected).toEqual([]);
  });
});
