import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineRuntimes } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { buildAamvaPayload } from '../support/engine/aamva-payload-builder.ts';
import { type LicenceHolder, licencePayload, renderLicenceBack, renderLicenceFront, renderTd1Back, td1Lines } from '../support/licence-render.ts';
import { renderMrzPage } from '../support/mrz-render.ts';

// Two-sided North-American licences and ID cards, rendered (DejaVu Sans, OCR-B, zxing-wasm's PDF417
// writer) and read end to end by the engine with onnxruntime-node and zxing-wasm.
const now = () => new Date(Date.UTC(2026, 5, 15));
let engine: Engine;
/** zxing calls since the last reset: shows whether a barcode search ran at all. */
let zxingCalls = 0;
/** While above zero, zxing's next calls find nothing (a glance that misses what the whole search finds). */
let blindCalls = 0;

beforeAll(async () => {
  const runtimes: EngineRuntimes = await loadEngineRuntimes({ threads: 2 });
  const zxing = runtimes.zxing;
  engine = createEngine({
    ...runtimes,
    zxing: {
      readBarcodes: async (image, options) => {
        zxingCalls++;
        if (blindCalls > 0) {
          blindCalls--;
          return [];
        }
        return zxing.readBarcodes(image, options);
      },
    },
    now,
  });
});

const holder: LicenceHolder = {
  documentNumber: 'T64235789',
  lastName: "O'NEIL-SMITH",
  firstName: 'MARY',
  middleName: 'ANNE',
  dateOfBirth: '1988-03-14',
  dateOfIssue: '2022-07-01',
  dateOfExpiry: '2030-03-14',
  sex: 'F',
  street: '1200 MAIN ST APT 4',
  city: 'RICHMOND',
  postalCode: '232190000',
  vehicleClass: 'C',
  restrictions: 'B',
  endorsements: 'M',
  discriminator: 'ZZ1234567',
};

describe('documents: AAMVA barcodes of North-American licences and ID cards', () => {
  it('reads the barcode on the back of a two-sided licence: fields filled, classified, VALID', async () => {
    const data = await engine.document({ first: await renderLicenceFront(holder), second: await renderLicenceBack(holder) }, { multiSide: true });
    expect(data.recognitionStatus).toBe('VALID');
    expect(data.processingStatus).toBe('SUCCESS');
    expect(data.mrzData).toBeNull();
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_DL' });
    expect(data.lastName?.latin).toBe("O'NEIL-SMITH");
    expect(data.firstName?.latin).toBe('MARY ANNE');
    expect(data.fullName?.latin).toBe("MARY ANNE O'NEIL-SMITH");
    expect(data.documentNumber?.latin).toBe('T64235789');
    expect(data.documentAdditionalNumber?.latin).toBe('ZZ1234567');
    expect(data.sex?.latin).toBe('F');
    expect(data.address?.latin).toBe('1200 MAIN ST APT 4, RICHMOND, VA 23219');
    expect(data.issuingAuthority?.latin).toBe('Virginia');
    expect(data.dateOfBirth).toMatchObject({ year: 1988, month: 3, day: 14, successfullyParsed: true });
    expect(data.dateOfBirth?.originalString?.latin).toBe('03141988');
    expect(data.dateOfIssue).toMatchObject({ year: 2022, month: 7, day: 1 });
    expect(data.dateOfExpiry).toMatchObject({ year: 2030, month: 3, day: 14 });
    expect(data.driverLicenseDetailedInfo?.vehicleClass?.latin).toBe('C');
    expect(data.driverLicenseDetailedInfo?.restrictions?.latin).toBe('B');
    expect(data.driverLicenseDetailedInfo?.endorsements?.latin).toBe('M');
    expect(data.driverLicenseDetailedInfo?.conditions).toBeNull();
    expect(data.barcodeData?.parsed).toBe(true);
    expect(data.barcodeData?.stringData).toBe(licencePayload(holder));
    expect(data.lastName?.latinLocation?.side).toBe('SECOND');
    expect(data.lastName!.latinLocation!.dimensions.width).toBeGreaterThan(500);
    // The front prints the same data as the barcode.
    expect(data.dataMatch).toEqual({ dateOfBirth: 'MATCH', dateOfExpiry: 'MATCH', documentNumber: 'MATCH', overall: 'MATCH' });
    expect(data.age).toBe(38);
  });

  it('reads the barcode from the first image too (sides swapped; single side), and classifies a Canadian ID card', async () => {
    const back = await renderLicenceBack(holder, { rotate: 8 });
    const swapped = await engine.document({ first: back, second: await renderLicenceFront(holder) }, { multiSide: true });
    expect(swapped.recognitionStatus).toBe('VALID');
    expect(swapped.documentNumber?.latin).toBe('T64235789');
    expect(swapped.documentNumber?.latinLocation?.side).toBe('FIRST');

    const ontario: LicenceHolder = {
      ...holder,
      iin: '636012',
      jurisdiction: { name: 'ONTARIO', code: 'ON' },
      country: 'CAN',
      type: 'ID',
      postalCode: 'K1A0B1',
    };
    const single = await engine.document({ first: await renderLicenceBack(ontario) });
    expect(single.recognitionStatus).toBe('VALID');
    expect(single.documentClassInfo).toEqual({ country: 'COUNTRY_CANADA', region: 'REGION_ONTARIO', type: 'TYPE_ID' });
    expect(single.dateOfBirth).toMatchObject({ year: 1988, month: 3, day: 14 });
    expect(single.address?.latin).toBe('1200 MAIN ST APT 4, RICHMOND, ON K1A 0B1');
    expect(single.driverLicenseDetailedInfo).toBeNull(); // an ID card has no licence details
  });

  it('glances for the barcode before print on one image without an MRZ, and searches it whole only where neither answered', async () => {
    const barcodeDecisions = async (first: Awaited<ReturnType<typeof renderLicenceBack>>) => {
      const decisions: string[] = [];
      const data = await engine.document({ first }, {}, { trace: (d) => decisions.push(d.decided) });
      return { data, read: decisions.filter((d) => /^(barcode|print)/.test(d)) };
    };
    // A front alone: the glance finds nothing, print answers; the whole plan never runs.
    const front = await barcodeDecisions(await renderLicenceFront(holder));
    expect(front.data.recognitionStatus).toBe('VALID');
    expect(front.data.documentNumber?.latin).toBe('T64235789');
    expect(front.read[0]).toBe('barcode glanced at on FIRST: none found');
    expect(front.read.some((d) => d.startsWith('barcode searched'))).toBe(false);
    // A back alone: the glance reads the barcode, which answers; its print is not read.
    const back = await barcodeDecisions(await renderLicenceBack(holder));
    expect(back.data.recognitionStatus).toBe('VALID');
    expect(back.read).toEqual([
      'barcode glanced at on FIRST: PDF417 on FIRST, AAMVA payload parsed, certain, answers alone',
      'print of FIRST not read: its barcode covers it',
    ]);
    // The glance missing it: print of the back does not answer, the whole search finds the barcode,
    // and print is taken again as after a barcode (the side it covers not read).
    blindCalls = 3;
    const missed = await barcodeDecisions(await renderLicenceBack(holder));
    blindCalls = 0;
    expect(missed.data.recognitionStatus).toBe('VALID');
    expect(missed.data.documentNumber?.latin).toBe('T64235789');
    expect(missed.read[0]).toBe('barcode glanced at on FIRST: none found');
    expect(missed.read[1]).toMatch(/^print of FIRST/);
    expect(missed.read[2]).toMatch(/^barcode searched on FIRST \(thorough\): PDF417 on FIRST, AAMVA payload parsed, certain/);
    expect(missed.read.at(-1)).toBe('print of FIRST not read: its barcode covers it');
    expect(missed.data).toEqual(back.data);
    // Two images: no glance — the back is searched whole at once, as a licence's back is there for its barcode.
    const decisions: string[] = [];
    const both = await engine.document(
      { first: await renderLicenceFront(holder), second: await renderLicenceBack(holder) },
      { multiSide: true },
      { trace: (d) => decisions.push(d.decided) },
    );
    expect(both.barcodeData?.parsed).toBe(true);
    expect(decisions.filter((d) => d.startsWith('barcode'))).toEqual([
      'barcode searched on SECOND, FIRST (thorough): PDF417 on SECOND, AAMVA payload parsed, certain, answers alone',
    ]);
  });

  it('does not search passports for barcodes unless scanUnsupportedSecondSide asks', async () => {
    const page = await renderMrzPage(specimens.TD3);
    zxingCalls = 0;
    const single = await engine.document({ first: page });
    expect(zxingCalls).toBe(0);
    expect(single.recognitionStatus).toBe('VALID');
    expect(single.barcodeData).toBeNull();
    expect(single.documentClassInfo).toEqual({ country: 'COUNTRY_UTOPIA', region: 'REGION_NONE', type: 'TYPE_PASSPORT' });

    const back = await renderLicenceBack(holder);
    zxingCalls = 0;
    const twoSided = await engine.document({ first: page, second: back }, { multiSide: true });
    expect(zxingCalls).toBe(0);
    expect(twoSided.barcodeData).toBeNull();
    expect(twoSided.lastName?.latin).toBe('ERIKSSON');

    const scanned = await engine.document({ first: page, second: back }, { multiSide: true, scanUnsupportedSecondSide: true });
    expect(scanned.barcodeData?.parsed).toBe(true);
    expect(scanned.lastName?.latin).toBe("O'NEIL-SMITH"); // a certain barcode gives names whole
    expect(scanned.documentNumber?.latin).toBe('L898902C3'); // the checked MRZ keeps its number
    expect(scanned.dataMatch).toMatchObject({ documentNumber: 'MISMATCH', dateOfBirth: 'MISMATCH', overall: 'MISMATCH' });
  });

  it('compares the MRZ and the barcode of a TD1 card: MATCH when built from the same data', async () => {
    const front = await renderLicenceBack({ ...holder, type: 'ID' }); // the barcode on the front, as on some ID cards
    const back = await renderTd1Back(td1Lines(holder));
    const data = await engine.document({ first: front, second: back }, { multiSide: true });
    expect(data.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'T64235789', verified: true });
    expect(data.barcodeData?.parsed).toBe(true);
    expect(data.dataMatch).toEqual({ dateOfBirth: 'MATCH', dateOfExpiry: 'MATCH', documentNumber: 'MATCH', overall: 'MATCH' });
    expect(data.recognitionStatus).toBe('VALID');
    // MRZ country and type, the barcode's jurisdiction as the region.
    expect(data.documentClassInfo).toEqual({ country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_ID' });
    expect(data.documentNumber?.latinLocation?.side).toBe('SECOND'); // from the MRZ
    expect(data.lastName?.latin).toBe("O'NEIL-SMITH"); // the MRZ spells it ONEIL<SMITH
    expect(data.address?.latinLocation?.side).toBe('FIRST');
    expect(data.dateOfIssue).toMatchObject({ year: 2022, month: 7, day: 1 });
  });

  it('reports MISMATCH when the barcode carries other data than the MRZ, keeping the checked MRZ values', async () => {
    const other: LicenceHolder = { ...holder, documentNumber: 'X99887766', dateOfBirth: '1979-11-02' };
    const front = await renderLicenceBack({ ...other, type: 'ID' });
    const back = await renderTd1Back(td1Lines(holder));
    const data = await engine.document({ first: front, second: back }, { multiSide: true });
    expect(data.dataMatch).toEqual({ dateOfBirth: 'MISMATCH', dateOfExpiry: 'MATCH', documentNumber: 'MISMATCH', overall: 'MISMATCH' });
    expect(data.documentNumber?.latin).toBe('T64235789');
    expect(data.dateOfBirth).toMatchObject({ year: 1988, month: 3, day: 14 });
    expect(data.barcodeData?.documentNumber).toBe('X99887766');

    // enableBarcodeScanOnly: the MRZ is not read; everything comes from the barcode.
    const barcodeOnly = await engine.document({ first: front, second: back }, { multiSide: true, enableBarcodeScanOnly: true });
    expect(barcodeOnly.mrzData).toBeNull();
    expect(barcodeOnly.dataMatch).toBeNull();
    expect(barcodeOnly.recognitionStatus).toBe('VALID');
    expect(barcodeOnly.documentNumber?.latin).toBe('X99887766');
    expect(barcodeOnly.dateOfBirth).toMatchObject({ year: 1979, month: 11, day: 2 });
    expect(barcodeOnly.documentClassInfo).toEqual({ country: 'COUNTRY_USA', region: 'REGION_VIRGINIA', type: 'TYPE_ID' });
  });

  it('applies allowUncertainFirstSideScan to a multi-side request with one image', async () => {
    const misprinted = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408125')];
    const page = await renderMrzPage(misprinted);
    const withheld = await engine.document({ first: page, second: null }, { multiSide: true });
    expect(withheld.recognitionStatus).toBe('UNCERTAIN');
    expect(withheld.mrzData?.documentNumber).toBe('L898902C3');
    expect(withheld.lastName).toBeNull();
    expect(withheld.documentNumber).toBeNull();

    const allowed = await engine.document({ first: page, second: null }, { multiSide: true, allowUncertainFirstSideScan: true });
    expect(allowed.recognitionStatus).toBe('UNCERTAIN');
    expect(allowed.lastName?.latin).toBe('ERIKSSON');
    expect(allowed.documentNumber?.latin).toBe('L898902C3');

    // Single side (the default with one image): the uncertain reading is the answer.
    const single = await engine.document({ first: page });
    expect(single.lastName?.latin).toBe('ERIKSSON');
  });

  it('keeps a PDF417 that is no AAMVA payload as raw barcodeData, UNCERTAIN; anonymizes barcode numbers', async () => {
    const foreign = await engine.document({ first: await renderLicenceBack(holder, { payload: 'BOARDING PASS M1DOE/JANE EABC123 LHRJFK' }) });
    expect(foreign.recognitionStatus).toBe('UNCERTAIN');
    expect(foreign.processingStatus).toBe('BARCODE_RECOGNITION_FAILED');
    expect(foreign.barcodeData).toMatchObject({ parsed: false, stringData: 'BOARDING PASS M1DOE/JANE EABC123 LHRJFK' });
    expect(foreign.lastName).toBeNull();

    const payload = buildAamvaPayload({
      subfiles: [
        {
          type: 'DL',
          elements: [
            ['DAQ', 'S12345678'],
            ['DCS', 'DOE'],
            ['DAC', 'JOHN'],
            ['DBB', '01311980'],
            ['DBA', '01312030'],
          ],
        },
      ],
    });
    const anonymized = await engine.document({ first: await renderLicenceBack(holder, { payload }) }, { anonymizationMode: 'RESULT_FIELDS_ONLY' });
    expect(anonymized.recognitionStatus).toBe('VALID');
    expect(anonymized.lastName?.latin).toBe('DOE');
    expect(anonymized.documentNumber).toBeNull();
    expect(anonymized.barcodeData?.documentNumber).toBeNull();
    expect(anonymized.barcodeData?.rawDataBase64).toBeNull();
    expect(anonymized.barcodeData?.stringData).not.toContain('S12345678');
    expect(JSON.stringify(anonymized)).not.toContain('S12345678');
  });
});
