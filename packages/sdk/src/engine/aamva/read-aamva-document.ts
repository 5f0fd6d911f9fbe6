import { parseHeader, type AamvaHeader } from './aamva-header.ts';
import { documentSubfileTypes, locateSubfiles } from './locate-subfiles.ts';
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
 * Reads the AAMVA structure of a decoded payload; null when it has no AAMVA header. Malformed or
 * truncated payloads give whatever could be read (possibly no elements). Never throws.
 */
export function readAamvaDocument(text: string): AamvaDocument | null {
  const header = parseHeader(text);
  if (!header) return null;
  const subfiles = locateSubfiles(text, header).map(({ type, bodyStart, end }) => ({
    type,
    elements: splitElements(text.slice(bodyStart, end), type, {
      aamvaVersion: header.aamvaVersion,
      declaredSeparator: header.declaredSeparator,
    }),
  }));
  const documentElements = subfiles
    .filter((s) => (documentSubfileTypes as readonly string[]).includes(s.type))
    .flatMap((s) => s.elements);
  return { header, subfiles, documentElements };
}
