import { findElementSpec } from './aamva-elements.ts';
import type { AamvaHeader } from './aamva-header.ts';
import { isSeparator } from './aamva-text.ts';

/** Where one subfile lies in the payload text. */
export interface LocatedSubfile {
  /** `DL`, `ID`, `Z?`, or another two-letter type from the directory. */
  type: string;
  /** Start of the subfile (its type designator when it has one). */
  start: number;
  /** First character after the designator. */
  bodyStart: number;
  /** Exclusive end: the next subfile's start, or the end of the payload. */
  end: number;
}

/** Subfile types that carry the DL/ID data elements. */
export const documentSubfileTypes = ['DL', 'ID'] as const;

/**
 * Finds the subfiles. Directory offsets are tried first (as given, then moved by the header's shift),
 * but real payloads often have wrong offsets and lengths, so a subfile is also found by its designator
 * followed by one of its element IDs. Lengths are never trusted: a subfile ends where the next begins.
 */
export function locateSubfiles(text: string, header: AamvaHeader): LocatedSubfile[] {
  const found: Array<Omit<LocatedSubfile, 'end'>> = [];
  const isFree = (start: number) => !found.some((f) => f.start === start);

  for (const entry of header.directory) {
    const located =
      locateAtOffset(text, header, entry.type, entry.offset, found.length === 0) ??
      searchDesignator(text, entry.type, searchStartFor(entry.type, header, found));
    if (located && isFree(located.start) && !found.some((f) => f.type === entry.type)) found.push(located);
  }

  if (!found.some((f) => isDocumentType(f.type))) {
    const document = searchDocumentSubfile(text, header);
    if (document && isFree(document.start)) found.push(document);
  }

  if (header.directory.length === 0) {
    // No usable directory: pick up jurisdiction subfiles by their conventional `ZxZx?` opening.
    const from = found[0]?.bodyStart ?? header.end;
    for (const z of text.slice(from).matchAll(/Z([A-Z])Z\1/g)) {
      const start = from + (z.index ?? 0);
      if (isFree(start) && !found.some((f) => f.type === `Z${z[1]}`)) found.push({ type: `Z${z[1]}`, start, bodyStart: start + 2 });
    }
  }

  const sorted = [...found].sort((a, b) => a.start - b.start);
  return sorted.map((subfile, i) => ({ ...subfile, end: sorted[i + 1]?.start ?? text.length }));
}

function isDocumentType(type: string): boolean {
  return (documentSubfileTypes as readonly string[]).includes(type);
}

/** Jurisdiction subfiles follow the DL/ID subfile, so their search starts after it. */
function searchStartFor(type: string, header: AamvaHeader, found: Array<Omit<LocatedSubfile, 'end'>>): number {
  if (isDocumentType(type)) return header.end;
  const document = found.find((f) => isDocumentType(f.type));
  return document ? document.bodyStart : header.end;
}

/**
 * The subfile at its directory offset. Version 1 payloads may omit the designator and start with
 * the first element; that is believed only for the first subfile and only right after the directory,
 * since a wrong offset can land on any element.
 */
function locateAtOffset(text: string, header: AamvaHeader, type: string, offset: number, isFirst: boolean): Omit<LocatedSubfile, 'end'> | null {
  const positions = [...new Set([header.origin + offset, header.origin + offset + header.shift])];
  for (const start of positions) {
    if (start < header.end || start >= text.length) continue;
    if (text.startsWith(type, start) && bodyFits(text, type, start + 2)) return { type, start, bodyStart: start + 2 };
    if (isFirst && start === header.end && startsWithDocumentElement(text, start)) return { type, start, bodyStart: start };
  }
  return null;
}

function searchDesignator(text: string, type: string, from: number): Omit<LocatedSubfile, 'end'> | null {
  for (let start = text.indexOf(type, from); start >= 0; start = text.indexOf(type, start + 1)) {
    if (bodyFits(text, type, start + 2)) return { type, start, bodyStart: start + 2 };
  }
  return null;
}

/**
 * The DL/ID subfile when the directory does not lead to it: where the data should begin (with or
 * without its designator), else the first designator followed by an element further on.
 */
function searchDocumentSubfile(text: string, header: AamvaHeader): Omit<LocatedSubfile, 'end'> | null {
  for (const type of documentSubfileTypes) {
    if (text.startsWith(type, header.end) && bodyFits(text, type, header.end + 2)) return { type, start: header.end, bodyStart: header.end + 2 };
  }
  if (startsWithDocumentElement(text, header.end)) return { type: 'DL', start: header.end, bodyStart: header.end };
  const byDesignator = documentSubfileTypes
    .map((type) => searchDesignator(text, type, header.end))
    .filter((s) => s !== null)
    .sort((a, b) => a.start - b.start);
  return byDesignator[0] ?? null;
}

/** Whether what follows a designator looks like that subfile's first element (separators may come first). */
function bodyFits(text: string, type: string, bodyStart: number): boolean {
  let at = bodyStart;
  while (isSeparator(text[at], null)) at++;
  if (/^Z[A-Z]$/.test(type)) {
    // A jurisdiction subfile opens with its own elements (ZVA…), or is empty: then only a designator
    // standing alone between separators is believed.
    if (text.startsWith(type, at)) return true;
    const standsAlone = isSeparator(text[bodyStart - 3], null) && (at > bodyStart || at >= text.length);
    return standsAlone;
  }
  if (isDocumentType(type)) return startsWithDocumentElement(text, at);
  return /^[A-Z]{3}/.test(text.slice(at, at + 3));
}

function startsWithDocumentElement(text: string, at: number): boolean {
  const id = text.slice(at, at + 3);
  return id.length === 3 && findElementSpec(id, null) !== undefined;
}
