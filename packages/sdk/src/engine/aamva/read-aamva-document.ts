import { parseHeader, type AamvaHeader } from './aamva-header.ts';
import { documentSubfileTypes, locateSubfiles } from './locate-subfiles.ts';
import { salvageHeader, scanDocumentElements } from './scan-elements.ts';
import { splitElements, type AamvaElement } from './split-elements.ts';

/** A subfile and the elements read from it. */
export interface AamvaSubfile {
  type: string;
  elements: AamvaElement[];
}

/** The structure of an AAMVA payload: header, directory, subfiles and their elements. */
export interface AamvaDocument {
  header: AamvaHeader;
  subfiles: AamvaSubfile[];
  /** The DL/ID subfile(s) with at least one element: the data the result is built from. */
  documentElements: AamvaElement[];
}

/**
 * Reads the AAMVA structure of a decoded payload; null when it is not AAMVA (no header and too few
 * data elements to scan for). When the header or the subfile structure cannot be followed, the data
 * elements are scanned for instead (scan-elements.ts). Truncated payloads give whatever could be
 * read (possibly no elements). Never throws.
 */
export function readAamvaDocument(text: string): AamvaDocument | null {
  const header = parseHeader(text);
  if (!header) {
    const salvaged = salvageHeader(text);
    return salvaged && { header: salvaged.header, subfiles: [{ type: 'DL', elements: salvaged.elements }], documentElements: salvaged.elements };
  }
  const subfiles = locateSubfiles(text, header).map(({ type, bodyStart, end }) => ({
    type,
    elements: splitElements(text.slice(bodyStart, end), type, {
      aamvaVersion: header.aamvaVersion,
      declaredSeparator: header.declaredSeparator,
    }),
  }));
  const documentElements = subfiles.filter((s) => (documentSubfileTypes as readonly string[]).includes(s.type)).flatMap((s) => s.elements);
  if (documentElements.length === 0) {
    // The DL/ID subfile could not be located (its designator corrupted): scan for its elements.
    const scanned = scanDocumentElements(text, header.end, header.aamvaVersion);
    if (scanned.length) return { header, subfiles: [...subfiles, { type: 'DL', elements: scanned }], documentElements: scanned };
  }
  return { header, subfiles, documentElements };
}
