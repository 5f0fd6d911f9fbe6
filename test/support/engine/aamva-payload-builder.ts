/** One subfile of a payload to build: its type and its elements in order. */
export interface PayloadSubfile {
  type: string;
  elements: ReadonlyArray<readonly [id: string, value: string]>;
}

/** A payload to build; defaults: `ANSI `, Virginia (636000), version 10, jurisdiction version 0. */
export interface AamvaPayloadOptions {
  /** `ANSI ` (the standard) or `AAMVA` (some version 1 issuers). */
  fileType?: 'ANSI ' | 'AAMVA';
  iin?: string;
  aamvaVersion?: number;
  /** Written for versions 2+ only, as the standard says. */
  jurisdictionVersion?: number;
  subfiles: readonly PayloadSubfile[];
  /** Leave out the designator at the start of the first subfile (seen in version 1 payloads). */
  omitFirstDesignator?: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');
const four = (n: number) => String(n).padStart(4, '0');

/**
 * Builds a standard-conforming AAMVA payload (`@`, LF, RS, CR, file type, IIN, versions, directory
 * with correct offsets and lengths, subfiles with LF after each element and CR at the end). Tests
 * and fixtures start from it and then damage it the way real scanners do.
 */
export function buildAamvaPayload(options: AamvaPayloadOptions): string {
  const { fileType = 'ANSI ', iin = '636000', aamvaVersion = 10, jurisdictionVersion = 0, subfiles, omitFirstDesignator = false } = options;
  const bodies = subfiles.map(({ type, elements }, i) => {
    const designator = i === 0 && omitFirstDesignator ? '' : type;
    const lines = elements.map(([id, value]) => `${id}${value}`);
    return `${designator}${lines.join('\n')}\r`;
  });
  const fields = `${iin}${two(aamvaVersion)}${aamvaVersion >= 2 ? two(jurisdictionVersion) : ''}${two(subfiles.length)}`;
  const headerLength = `@\n\u001e\r${fileType}${fields}`.length + subfiles.length * 10;
  let offset = headerLength;
  const directory = subfiles.map(({ type }, i) => {
    const length = bodies[i]?.length ?? 0;
    const entry = `${type}${four(offset)}${four(length)}`;
    offset += length;
    return entry;
  });
  return `@\n\u001e\r${fileType}${fields}${directory.join('')}${bodies.join('')}`;
}

/** The payload as the bytes a PDF417 carries (one byte per character, ISO 8859-1). */
export function payloadBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}
