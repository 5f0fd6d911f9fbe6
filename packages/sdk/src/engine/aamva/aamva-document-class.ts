import { jurisdictionByCode, jurisdictionByIin, type AamvaJurisdiction } from './aamva-jurisdictions.ts';
import { documentSubfileTypes } from './locate-subfiles.ts';
import { readAamvaDocument } from './read-aamva-document.ts';

/** What an AAMVA payload says about the document that carries it. */
export interface AamvaDocumentClass {
  /** The issuer: by the header's IIN, else by the address jurisdiction (DAJ). */
  jurisdiction: AamvaJurisdiction | null;
  /** `DL` (driver licence) or `ID` (identification card): the first DL/ID subfile with elements. */
  subfileType: (typeof documentSubfileTypes)[number] | null;
}

/**
 * Classifies the document an AAMVA payload (its decoded text) belongs to: the issuing jurisdiction and
 * whether it is a driver licence or an ID card. Null when the text has no AAMVA header.
 */
export function aamvaDocumentClass(text: string): AamvaDocumentClass | null {
  const document = readAamvaDocument(text);
  if (!document) return null;
  const subfile = document.subfiles.find((s) => (documentSubfileTypes as readonly string[]).includes(s.type) && s.elements.length > 0);
  const daj = document.documentElements.find((e) => e.id === 'DAJ')?.value ?? null;
  return {
    jurisdiction: jurisdictionByIin(document.header.iin) ?? jurisdictionByCode(daj) ?? null,
    subfileType: (subfile?.type as AamvaDocumentClass['subfileType'] | undefined) ?? null,
  };
}

/**
 * `documentClassInfo.region` of a jurisdiction: `REGION_` and its name in capitals, words joined by `_`
 * (`REGION_NEW_YORK`, `REGION_BRITISH_COLUMBIA`). Issuers that are no region (the U.S. Department of
 * State, which has no postal code) give `REGION_NONE`.
 */
export function regionOf(jurisdiction: AamvaJurisdiction | null): string {
  if (!jurisdiction?.code) return 'REGION_NONE';
  const name = jurisdiction.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `REGION_${name}`;
}
