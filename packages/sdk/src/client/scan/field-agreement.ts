/**
 * Accepts a field when `required` consecutive frames read the same value for it: a single
 * misread (a 0 read as O in one frame) never becomes the result, and a value seen once is kept
 * only as a candidate. A frame that reads nothing for a field does not break its streak (the
 * field may just have been out of focus in that frame); a different value restarts it.
 */
export class FieldAgreement {
  readonly #required: number;
  readonly #streaks = new Map<string, { value: string; count: number }>();
  readonly #accepted = new Map<string, string>();

  constructor(required = 2) {
    this.#required = Math.max(1, required);
  }

  /** Adds one frame's readings (null/empty = not read). Returns the fields accepted by this frame. */
  add(fields: Record<string, string | null | undefined>): string[] {
    const newlyAccepted: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (!value || this.#accepted.has(name)) continue;
      const streak = this.#streaks.get(name);
      const next = streak?.value === value ? { value, count: streak.count + 1 } : { value, count: 1 };
      this.#streaks.set(name, next);
      if (next.count >= this.#required) {
        this.#accepted.set(name, value);
        newlyAccepted.push(name);
      }
    }
    return newlyAccepted;
  }

  accepted(name: string): string | undefined {
    return this.#accepted.get(name);
  }

  /**
   * Whether a frame reading `fields` would complete the agreement on `names` (nothing is added):
   * every field accepted already or, with this frame, read the same `required` times in a row.
   */
  wouldComplete(fields: Record<string, string | null | undefined>, names: readonly string[]): boolean {
    return names.every((name) => {
      if (this.#accepted.has(name)) return true;
      const value = fields[name];
      const streak = this.#streaks.get(name);
      return !!value && (streak?.value === value ? streak.count : 0) + 1 >= this.#required;
    });
  }

  /** Whether `fields` reads every one of `names` as accepted (a frame confirming the agreement, not only not contradicting it). */
  confirms(fields: Record<string, string | null | undefined>, names: readonly string[]): boolean {
    return names.every((name) => !!fields[name] && fields[name] === this.#accepted.get(name));
  }

  hasAll(names: readonly string[]): boolean {
    return names.every((name) => this.#accepted.has(name));
  }

  reset(): void {
    this.#streaks.clear();
    this.#accepted.clear();
  }
}
