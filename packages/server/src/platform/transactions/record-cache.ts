/**
 * Serialized transaction records of this process, each with the row_version it was read at.
 *
 * Agents poll a transaction until it finishes, so most reads find it unchanged. Every write to a
 * transaction or to its children (state entries, status log) bumps the row's row_version in the
 * same database transaction, so "same row_version" proves "same record": a read that finds the
 * version it cached answers the bytes it serialized then, from one small statement instead of
 * reading and serializing the history again. The check runs against the database on every read,
 * so a change made by another process (a replica, the CLI) is seen at once.
 *
 * Bounded in size (characters; least recently used go first): records of a few KiB, so a few thousand.
 */
export interface RecordCache {
  /** Whether a record of the transaction is kept, at whatever version (worth checking the version for). */
  holds(id: string): boolean;
  get(id: string, rowVersion: number): string | undefined;
  set(id: string, rowVersion: number, json: string): void;
}

export function createRecordCache(maxChars = 8 * 2 ** 20): RecordCache {
  const entries = new Map<string, { rowVersion: number; json: string }>();
  let chars = 0;
  const remove = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    chars -= entry.json.length;
    entries.delete(id);
  };
  return {
    holds: (id) => entries.has(id),
    get(id, rowVersion) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.rowVersion !== rowVersion) {
        remove(id);
        return undefined;
      }
      // Most recently used last: the first key is the one to evict.
      entries.delete(id);
      entries.set(id, entry);
      return entry.json;
    },
    set(id, rowVersion, json) {
      remove(id);
      if (json.length > maxChars / 4) return;
      entries.set(id, { rowVersion, json });
      chars += json.length;
      while (chars > maxChars) remove(entries.keys().next().value!);
    },
  };
}
