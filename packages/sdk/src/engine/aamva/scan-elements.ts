import { findElementSpec } from './aamva-elements.ts';
import type { AamvaHeader } from './aamva-header.ts';
import { jurisdictionByIin } from './aamva-jurisdictions.ts';
import { splitElements, type AamvaElement } from './split-elements.ts';

/**
 * Element scanning: the last resort for payloads whose header or subfile structure is too damaged
 * to follow (a mangled file type or version, a corrupted `DL`/`ID` designator). The text after the
 * header is read as one DL subfile and only elements the AAMVA table defines are kept, so a payload
 * that still carries its data elements never parses to nothing.
 */
export function scanDocumentElements(text: string, from: number, aamvaVersion: number | null): AamvaElement[] {
  const body = startAtFirstElement(text.slice(from), aamvaVersion);
  return splitElements(body, 'DL', { aamvaVersion, declaredSeparator: null }).filter(
    (element) => findElementSpec(element.id, aamvaVersion) !== undefined && element.value !== '',
  );
}

const separators = /([\n\r\u001c-\u001e|\t])/;

/**
 * In a delimited payload the first element is glued to whatever came before it (header, directory,
 * a damaged designator): each token that does not open with a known element ID is cut to the last
 * known ID in it. Undelimited text is left to the splitter, which finds elements by their IDs itself.
 */
function startAtFirstElement(body: string, aamvaVersion: number | null): string {
  const isKnownId = (id: string) => /^D[A-Z]{2}$/.test(id) && findElementSpec(id, aamvaVersion) !== undefined;
  const parts = body.split(separators);
  if (parts.length === 1) return body;
  return parts
    .map((part, i) => {
      if (i % 2 === 1 || isKnownId(part.slice(0, 3))) return part; // odd parts are the separators themselves
      for (let at = part.length - 3; at > 0; at--) if (isKnownId(part.slice(at, at + 3))) return part.slice(at);
      return part;
    })
    .join('');
}

/** Fewer known elements than this in a payload without a readable header is not taken for AAMVA. */
const minElementsWithoutHeader = 4;
/** Where a damaged header's IIN is looked for: `@`, separators, file type, then the six digits. */
const iinSearchWindow = 48;

/**
 * A header for a payload whose own header did not parse, when element scanning finds enough DL/ID
 * elements to call it AAMVA. The IIN is taken when a known issuer's number stands near the start;
 * the version is unknown (null: the element table's current layout is used).
 */
export function salvageHeader(text: string): { header: AamvaHeader; elements: AamvaElement[] } | null {
  const elements = scanDocumentElements(text, 0, null);
  if (new Set(elements.map((element) => element.id)).size < minElementsWithoutHeader) return null;
  const window = text.slice(0, iinSearchWindow);
  const iin = [...window.matchAll(/\d{6}/g)].map((m) => m[0]).find((digits) => jurisdictionByIin(digits) !== undefined) ?? '';
  const at = window.indexOf('@');
  const header: AamvaHeader = {
    origin: Math.max(0, at),
    hasComplianceIndicator: at >= 0,
    declaredSeparator: null,
    fileType: 'ANSI',
    iin,
    aamvaVersion: null,
    jurisdictionVersion: null,
    entryCount: null,
    directory: [],
    end: 0,
    shift: 0,
  };
  return { header, elements };
}
