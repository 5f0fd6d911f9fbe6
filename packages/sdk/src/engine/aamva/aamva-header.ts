import { usableDeclaredSeparator } from './aamva-text.ts';

/** One entry of the subfile directory: where the header says a subfile is. */
export interface SubfileDirectoryEntry {
  /** `DL`, `ID`, or a jurisdiction-specific `Z?`. */
  type: string;
  offset: number;
  length: number;
}

/** The AAMVA header and subfile directory, as far as they could be read. */
export interface AamvaHeader {
  /** Where directory offsets count from: the compliance indicator `@`, or where it should have been. */
  origin: number;
  hasComplianceIndicator: boolean;
  /** The declared data element separator when it is a printable substitute for LF (else null). */
  declaredSeparator: string | null;
  fileType: 'ANSI' | 'AAMVA';
  /** Issuer Identification Number (6 digits). */
  iin: string;
  /** Null when the header was too damaged to read it (see scan-elements.ts). */
  aamvaVersion: number | null;
  /** Absent in version 1 headers. */
  jurisdictionVersion: number | null;
  entryCount: number | null;
  directory: SubfileDirectoryEntry[];
  /** Index just past the header and directory: subfiles start here or later. */
  end: number;
  /**
   * How far the directory sits from where the standard puts it. Scanners drop or add characters
   * before it (missing LF/RS/CR, a BOM), which moves every subfile by the same amount.
   */
  shift: number;
}

/**
 * File type, IIN and AAMVA version. Searched for rather than read at a fixed position because real
 * payloads put 2–8 characters (or none) between `@` and the file type.
 */
const headerPattern = /(ANSI ?|AAMVA)(\d{6})(\d{2})/;
/** How far into the payload the header may start (BOMs, stray whitespace, mangled separators). */
const headerSearchWindow = 48;
const directoryEntryPattern = /^([A-Z]{2})(\d{4})(\d{4})/;
const directoryEntryLength = 10;
/** More entries than any real card has; bounds the loop when the entry count is unreadable. */
const maxDirectoryEntries = 16;

/**
 * Header layouts: version 1 has no jurisdiction version. `directoryOffset` is where the standard puts
 * the directory, counted from `@` (`@` + 3 separators + `ANSI ` + IIN + version [+ jurisdiction version] + count).
 */
const headerLayouts = {
  withJurisdictionVersion: { hasJurisdictionVersion: true, directoryOffset: 21 },
  withoutJurisdictionVersion: { hasJurisdictionVersion: false, directoryOffset: 19 },
} as const;
type HeaderLayout = (typeof headerLayouts)[keyof typeof headerLayouts];

/** Reads the header; null when the payload has no AAMVA header. Never throws. */
export function parseHeader(text: string): AamvaHeader | null {
  const window = text.slice(0, headerSearchWindow);
  const match = headerPattern.exec(window);
  if (!match) return null;
  const [, fileTypeText = '', iin = '', versionText = ''] = match;
  const at = window.lastIndexOf('@', match.index);
  const hasComplianceIndicator = at >= 0;
  const origin = hasComplianceIndicator ? at : Math.max(0, match.index - 4);
  const aamvaVersion = Number(versionText);
  const fieldsEnd = match.index + match[0].length;

  // The version says which layout to expect, but a directory that only reads under the other one wins.
  const preferred = aamvaVersion <= 1 ? headerLayouts.withoutJurisdictionVersion : headerLayouts.withJurisdictionVersion;
  const other = preferred === headerLayouts.withJurisdictionVersion ? headerLayouts.withoutJurisdictionVersion : headerLayouts.withJurisdictionVersion;
  const preferredRead = readLayout(text, fieldsEnd, preferred);
  const read = preferredRead.directory.length > 0 ? preferredRead : pickNonEmpty(readLayout(text, fieldsEnd, other), preferredRead);

  return {
    origin,
    hasComplianceIndicator,
    declaredSeparator: hasComplianceIndicator ? usableDeclaredSeparator(text[at + 1]) : null,
    fileType: fileTypeText.startsWith('ANSI') ? 'ANSI' : 'AAMVA',
    iin,
    aamvaVersion,
    jurisdictionVersion: read.jurisdictionVersion,
    entryCount: read.entryCount,
    directory: read.directory,
    end: read.directoryStart + read.directory.length * directoryEntryLength,
    shift: read.directoryStart - origin - read.layout.directoryOffset,
  };
}

interface LayoutRead {
  layout: HeaderLayout;
  jurisdictionVersion: number | null;
  entryCount: number | null;
  directoryStart: number;
  directory: SubfileDirectoryEntry[];
}

function pickNonEmpty(candidate: LayoutRead, fallback: LayoutRead): LayoutRead {
  return candidate.directory.length > 0 ? candidate : fallback;
}

function readLayout(text: string, fieldsEnd: number, layout: HeaderLayout): LayoutRead {
  let cursor = fieldsEnd;
  let jurisdictionVersion: number | null = null;
  if (layout.hasJurisdictionVersion) {
    jurisdictionVersion = readNumber(text, cursor, 2);
    cursor += 2;
  }
  const entryCount = readNumber(text, cursor, 2);
  cursor += 2;
  return { layout, jurisdictionVersion, entryCount, directoryStart: cursor, directory: readDirectory(text, cursor, entryCount) };
}

/** Reads directory entries until the count is reached or an entry does not look like one. */
function readDirectory(text: string, start: number, entryCount: number | null): SubfileDirectoryEntry[] {
  const wanted = entryCount !== null && entryCount > 0 ? Math.min(entryCount, maxDirectoryEntries) : maxDirectoryEntries;
  const entries: SubfileDirectoryEntry[] = [];
  for (let i = 0; i < wanted; i++) {
    const at = start + i * directoryEntryLength;
    const entry = directoryEntryPattern.exec(text.slice(at, at + directoryEntryLength));
    if (!entry) break;
    entries.push({ type: entry[1] ?? '', offset: Number(entry[2]), length: Number(entry[3]) });
  }
  return entries;
}

function readNumber(text: string, at: number, length: number): number | null {
  const digits = text.slice(at, at + length);
  return digits.length === length && /^\d+$/.test(digits) ? Number(digits) : null;
}
