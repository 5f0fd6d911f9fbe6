import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentData } from '@idlens/sdk/api';
import { createEngine, type Engine, type EngineRuntimes, type Frame } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { documentScene, pointOnScene } from '../support/document-scene.ts';
import { cardSignatureBox, generatedCard } from '../support/generated-document.ts';
import { renderLicenceBack, renderLicenceFront, sampleLicenceHolder } from '../support/licence-render.ts';
import { visualMandatoryFields } from '../../packages/sdk/src/engine/document/visual/visual-to-document.ts';
import { straightenPage, turned180 } from '../../packages/sdk/src/engine/document/visual/detected-page.ts';
import { printOrientation } from '../../packages/sdk/src/engine/document/visual/turned-reading.ts';
import { rectangleCorners } from '../../packages/sdk/src/engine/image/homography.ts';
import { createOcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { proceduralDocument } from '../support/procedural/procedural-document.ts';

// Printed (visual zone) fields of documents rendered by the tests (DejaVu Sans), read end to end by
// the engine: the document straightened, its text read, labels matched from the dictionary.
const now = () => new Date(Date.UTC(2026, 5, 15));
let engine: Engine;
let runtimes: EngineRuntimes;

beforeAll(async () => {
  runtimes = await loadEngineRuntimes({ threads: 2 });
  engine = createEngine({ ...runtimes, now });
});

const holder = sampleLicenceHolder;
const ymd = (d: { year: number | null; month: number | null; day: number | null } | null) => d && `${d.year}-${d.month}-${d.day}`;

/**
 * A document read from print alone, all of it found, is VALID unless the reader doubts a value the
 * document must show (surname, birth date, number: listed in `invalidCharacterFields`), and then
 * UNCERTAIN. Which values the learned assigner doubts is its model's to say; that doubt is never hidden.
 */
function expectHonestStatus(data: DocumentData): void {
  const doubted = data.additionalProcessingInfo?.invalidCharacterFields ?? [];
  const mandatoryDoubted = doubted.some((f) => (visualMandatoryFields as readonly string[]).includes(f));
  expect(data.recognitionStatus).toBe(mandatoryDoubted ? 'UNCERTAIN' : 'VALID');
}

describe('documents: printed fields', () => {
  it('reads the front of a US licence alone: names, dates, number, sex, address, licence details, where they are printed', async () => {
    const data = await engine.document({ first: await renderLicenceFront(holder) }, {});
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.processingStatus).toBe('SUCCESS');
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_DL' });
    expect(data.lastName?.latin).toBe('SAMPLE');
    expect(data.firstName?.latin).toBe('ANDREW JASON');
    expect(data.documentNumber?.latin).toBe('T64271935');
    expect(data.sex?.latin).toBe('M');
    expect(data.address?.latin).toBe('123 MAIN STREET, RICHMOND, VA 23219');
    expect(ymd(data.dateOfBirth)).toBe('1986-7-14');
    expect(data.dateOfBirth?.originalString?.latin).toBe('07/14/1986');
    expect(ymd(data.dateOfIssue)).toBe('2021-3-2');
    expect(ymd(data.dateOfExpiry)).toBe('2029-7-14');
    expect(data.driverLicenseDetailedInfo?.vehicleClass?.latin).toBe('D');
    expect(data.driverLicenseDetailedInfo?.restrictions?.latin).toBe('NONE');
    // The card (1000×631) lies centred on a 1250×852 photo; "1 SAMPLE" is printed at x = 340,
    // baseline y ≈ 308 on the card, 46 px high: the surname starts after the field number.
    const at = data.lastName!.latinLocation!;
    expect(at.side).toBe('FIRST');
    expect(at.topLeftCorner.x).toBeGreaterThan(125 + 360);
    expect(at.topLeftCorner.x).toBeLessThan(125 + 420);
    expect(at.topLeftCorner.y + at.dimensions.height / 2).toBeGreaterThan(110 + 270);
    expect(at.topLeftCorner.y + at.dimensions.height / 2).toBeLessThan(110 + 310);
    expect(data.age).toBe(39);
  });

  it('reads a licence photographed upside down', async () => {
    const data = await engine.document({ first: await renderLicenceFront(holder, { rotate: 180 }) }, {});
    expect(data.lastName?.latin).toBe('SAMPLE');
    expect(data.documentNumber?.latin).toBe('T64271935');
    expect(ymd(data.dateOfBirth)).toBe('1986-7-14');
  });

  it('tells which way up print reads from its lines: a page upside down is turned, the page as printed never', async () => {
    const ocr = createOcrEngine(runtimes.inference!, runtimes.models!, runtimes.ocr);
    const orientationOf = async (page: Frame) =>
      printOrientation(ocr.lineReader, await ocr.ocr.readLines(page, await ocr.detector.detect(page), { minConfidence: 0 }));
    for (const seed of [9, 20]) {
      const { frame } = await proceduralDocument(seed);
      const { page } = straightenPage(frame, rectangleCorners(frame.width, frame.height), 'ID-1');
      // Print read this surely as cut needs no test (`unsure`: the fields found decide, as upright).
      expect(['upright', 'unsure'], `seed ${seed}`).toContain(await orientationOf(page));
      expect(await orientationOf(turned180(page)), `seed ${seed} turned`).toBe('turned');
    }
  });

  it('reads a page photographed upside down whose upside-down print still yields fields (a letter taken for the sex, digits for a number)', async () => {
    // A generated residence permit (training seed 20): read as it lies, its print gave a sex `F` and
    // a garbled number, enough fields to keep that reading before the print's own orientation counted.
    const document = await proceduralDocument(20);
    const scene = await documentScene(turned180(document.frame), { family: 'upright', seed: 60_020 });
    const data = await engine.document({ first: scene.frame }, {});
    expect(data.sex?.latin).toBe(document.truth.sex);
    expect(data.documentNumber?.latin).toBe(document.truth.documentNumber);
    expect(data.firstName?.latin).toBe(document.truth.firstName);
  });

  it('compares the printed front with the barcode on the back (dataMatch), and reports a front that disagrees', async () => {
    const back = await renderLicenceBack(holder);
    const same = await engine.document({ first: await renderLicenceFront(holder), second: back }, { multiSide: true });
    expect(same.recognitionStatus).toBe('VALID');
    expect(same.dataMatch).toEqual({ dateOfBirth: 'MATCH', dateOfExpiry: 'MATCH', documentNumber: 'MATCH', overall: 'MATCH' });
    // The barcode's values stand; print fills what the barcode lacks.
    expect(same.documentNumber?.latinLocation?.side).toBe('SECOND');
    const altered = await engine.document(
      { first: await renderLicenceFront({ ...holder, documentNumber: 'X99000111', dateOfBirth: '1990-01-02' }), second: back },
      { multiSide: true },
    );
    expect(altered.dataMatch).toEqual({ dateOfBirth: 'MISMATCH', dateOfExpiry: 'MATCH', documentNumber: 'MISMATCH', overall: 'MISMATCH' });
    expect(altered.documentNumber?.latin).toBe('T64271935');
  });

  it('reads an ID card whose labels stand above their values, photographed in perspective on a cluttered table', async () => {
    const card = await generatedCard();
    const scene = await documentScene(card, { family: 'perspective', seed: 3 });
    const data = await engine.document({ first: scene.frame }, {});
    expect(data.lastName?.latin).toBe('MUSTERMANN');
    expect(data.firstName?.latin).toBe('ERIKA');
    expect(ymd(data.dateOfBirth)).toBe('1974-8-12');
    expect(data.documentNumber?.latin).toBe('T22000129');
    expect(data.documentClassInfo?.type).toBe('TYPE_ID');
    expectHonestStatus(data);
  });

  it('reads a value of one letter standing alone beside its label (a box about as tall as it is wide is still a line)', async () => {
    const scene = await documentScene(await generatedCard({ sexApart: 'F' }), { family: 'upright', seed: 5 });
    const data = await engine.document({ first: scene.frame }, {});
    expect(data.sex?.latin).toBe('F');
    expect(data.lastName?.latin).toBe('MUSTERMANN');
  });

  it('withholds the printed document number under anonymization (still VALID), and reads no print when asked for the barcode only', async () => {
    const anonymized = await engine.document({ first: await renderLicenceFront(holder) }, { anonymizationMode: 'RESULT_FIELDS_ONLY' });
    expect(anonymized.documentNumber).toBeNull();
    expect(anonymized.recognitionStatus).toBe('VALID');
    expect(anonymized.lastName?.latin).toBe('SAMPLE');
    const barcodeOnly = await engine.document({ first: await renderLicenceFront(holder) }, { enableBarcodeScanOnly: true });
    expect(barcodeOnly.lastName).toBeNull();
  });

  it('finds a document number printed after the title without a label, and the issuing state named in the header', async () => {
    const scene = await documentScene(await generatedCard({ numberInTitle: true, issuer: 'REPUBLIQUE FRANCAISE' }), { family: 'upright', seed: 4 });
    const data = await engine.document({ first: scene.frame }, {});
    expect(data.documentNumber?.latin).toBe('T22000129');
    // Where it is printed: in the header band (its top 90 of 540 px), after the title.
    const [tl, , , bl] = scene.corners;
    expect(data.documentNumber!.latinLocation!.topLeftCorner.y).toBeLessThan(tl.y + ((bl.y - tl.y) * 90) / 540);
    expectHonestStatus(data);
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_FRANCE', region: 'REGION_NONE', type: 'TYPE_ID' });
    // The same card uploaded cropped to its edges (no background, no edge to find) is read whole.
    const bare = await engine.document({ first: await generatedCard({ numberInTitle: true }) }, {});
    expect(bare.documentNumber?.latin).toBe('T22000129');
    expect(bare.lastName?.latin).toBe('MUSTERMANN');
  });

  it('reads a numeric date month first on a document of the United States, day first elsewhere', async () => {
    const read = async (issuer: string) => {
      const card = await generatedCard({ issuer, birthDate: '08/12/1974' });
      return engine.document({ first: (await documentScene(card, { family: 'upright', seed: 4 })).frame }, {});
    };
    const american = await read('UNITED STATES OF AMERICA');
    expect(american.documentClassInfo?.country).toBe('COUNTRY_USA');
    expect(ymd(american.dateOfBirth)).toBe('1974-8-12');
    const french = await read('REPUBLIQUE FRANCAISE');
    expect(french.documentClassInfo?.country).toBe('COUNTRY_FRANCE');
    expect(ymd(french.dateOfBirth)).toBe('1974-12-8');
  });

  it('returns the signature written under its label (signatureImage), and none for a blank signature area', async () => {
    const scene = await documentScene(await generatedCard({ signature: 'E. Mustermann' }), { family: 'upright', seed: 4 });
    const signed = await engine.document({ first: scene.frame }, { returnSignatureImage: true });
    expect(signed.signatureImage?.side).toBe('FIRST');
    // The returned box holds the written signature's middle, and is of a signature's size, not the card's.
    const s = cardSignatureBox;
    const [tl, tr] = scene.corners;
    const middle = pointOnScene(scene, { width: 856, height: 540 }, { x: s.x + s.width / 2, y: s.y + s.height / 2 });
    const at = signed.signatureImage!.location;
    expect(middle.x).toBeGreaterThan(at.topLeftCorner.x);
    expect(middle.x).toBeLessThan(at.topLeftCorner.x + at.dimensions.width);
    expect(middle.y).toBeGreaterThan(at.topLeftCorner.y);
    expect(middle.y).toBeLessThan(at.topLeftCorner.y + at.dimensions.height);
    expect(at.dimensions.width).toBeLessThan((tr.x - tl.x) / 2);
    expect(Buffer.from(signed.signatureImage!.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // The signature is no field: the card's fields are read as before.
    expect(signed.lastName?.latin).toBe('MUSTERMANN');

    const blankScene = await documentScene(await generatedCard({ signature: '' }), { family: 'upright', seed: 4 });
    const blank = await engine.document({ first: blankScene.frame }, { returnSignatureImage: true });
    expect(blank.signatureImage).toBeNull();
    expect(blank.additionalProcessingInfo?.imageExtractionFailures).toContain('SIGNATURE');
    const notAsked = await engine.document({ first: scene.frame }, {});
    expect(notAsked.signatureImage).toBeNull();
  });
});
