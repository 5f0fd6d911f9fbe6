/**
 * Results of pure computations, kept beside the object they were computed from (a frame, an
 * outline, a straightened page) for as long as that object lives. A document's front, read on its
 * own when it is captured, is read again with its back: its outline, straightened page, text lines
 * and MRZ search are then not computed twice. The browser worker hands the engine the same frame
 * object for the same image bytes (`RecentImages`); elsewhere every frame is new, so nothing is
 * ever found again and the entries go with their frames (a `WeakMap`).
 *
 * A result is found again only under the same anchor object and the same key, which names the
 * computation and every input besides the anchor (`keyOf`: objects by identity). Frames are never
 * written to, so a kept result stays true of its anchor. A computation that fails (a cancelled
 * reading) is forgotten, not kept as a failure.
 */
export class FrameMemo {
  readonly #kept = new WeakMap<object, Map<string, unknown>>();
  readonly #ids = new WeakMap<object, number>();
  #nextId = 0;

  /** The result of `compute` for `anchor` and `key`: computed now, or kept from an earlier call. */
  get<T>(anchor: object, key: readonly KeyPart[], compute: () => T): T {
    let results = this.#kept.get(anchor);
    if (!results) {
      results = new Map();
      this.#kept.set(anchor, results);
    }
    const name = this.#keyOf(key);
    if (results.has(name)) return results.get(name) as T;
    const value = compute();
    results.set(name, value);
    if (value instanceof Promise) {
      const kept = results;
      value.catch(() => {
        if (kept.get(name) === value) kept.delete(name);
      });
    }
    return value;
  }

  /** The key as a string: objects by an id of their identity, values as they print. */
  #keyOf(parts: readonly KeyPart[]): string {
    return parts.map((part) => (part !== null && typeof part === 'object' ? `#${this.#idOf(part)}` : JSON.stringify(part))).join('|');
  }

  #idOf(object: object): number {
    let id = this.#ids.get(object);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(object, id);
    }
    return id;
  }
}

/** One input a kept result depends on: a setting's value, or an object (a detector, a page) by identity. */
export type KeyPart = string | number | boolean | null | object;
