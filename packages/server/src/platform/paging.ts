import { ApiError } from '../errors.ts';

/**
 * Keyset paging of newest-first listings (transactions, verification links): the cursor is the
 * Base64url of the last item's [createdOn, id], so paging stays stable while new rows arrive.
 */
export interface PageKey {
  createdOn: string;
  id: string;
}

export function decodePageCursor(cursor: string): PageKey {
  try {
    const [createdOn, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof createdOn === 'string' && typeof id === 'string') return { createdOn, id };
  } catch {
    // fall through
  }
  throw new ApiError('INVALID_REQUEST', 'cursor: not a cursor returned by this API');
}

/** The page of `rows` (read with `limit + 1`, newest first) and the cursor of the next one, if any. */
export function pageOf<Row extends PageKey>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify([last.createdOn, last.id])).toString('base64url') : null };
}
