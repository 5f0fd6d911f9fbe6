/**
 * Columns of Sellers' programme, shared by `approximateSubstring` and `substringEditCost` and reused
 * across calls (they run for every label on every line read); `growColumns` makes room for a pattern.
 */
let costs = new Int32Array(64);
let nextCosts = new Int32Array(64);
let starts = new Int32Array(64);
let nextStarts = new Int32Array(64);

function growColumns(patternLength: number): void {
  if (costs.length > patternLength) return;
  const size = 2 * (patternLength + 1);
  [costs, nextCosts, starts, nextStarts] = [new Int32Array(size), new Int32Array(size), new Int32Array(size), new Int32Array(size)];
}
/** Per ASCII code, how often the last text counted holds it (-1 at 0: text beyond ASCII), and that text. */
const textCounts = new Int32Array(128);
let countedText: string | null = null;
/** Per ASCII code, how many of the pattern's were matched so far (cleared after each pattern). */
const matched = new Int32Array(128);

/**
 * Where `pattern` occurs in `text` with at most `k` edits (Sellers' approximate matching), the end
 * of the best occurrence and its start; null if none.
 */
export function approximateSubstring(text: string, pattern: string, k: number): { start: number; end: number } | null {
  const m = pattern.length;
  if (sharedCharacters(text, pattern) < m - k) return null;
  growColumns(m);
  // cost[i]: edits to match pattern[0..i) ending at the current text position; from[i]: where that match starts.
  let cost = costs;
  let from = starts;
  let next = nextCosts;
  let nextFrom = nextStarts;
  for (let i = 0; i <= m; i++) {
    cost[i] = i;
    from[i] = 0;
  }
  let best: { start: number; end: number; cost: number } | null = null;
  for (let j = 1; j <= text.length; j++) {
    const ch = text.charCodeAt(j - 1);
    next[0] = 0;
    nextFrom[0] = j;
    for (let i = 1; i <= m; i++) {
      const substitute = cost[i - 1]! + (pattern.charCodeAt(i - 1) === ch ? 0 : 1);
      const insert = cost[i]! + 1;
      const remove = next[i - 1]! + 1;
      const c = Math.min(substitute, insert, remove);
      next[i] = c;
      nextFrom[i] = c === substitute ? from[i - 1]! : c === insert ? from[i]! : nextFrom[i - 1]!;
    }
    const spareCost = cost;
    cost = next;
    next = spareCost;
    const spareFrom = from;
    from = nextFrom;
    nextFrom = spareFrom;
    if (cost[m]! <= k && (!best || cost[m]! < best.cost)) best = { start: from[m]!, end: j, cost: cost[m]! };
  }
  return best ? { start: best.start, end: best.end } : null;
}

/**
 * How many of `pattern`'s characters `text` holds (counted with repeats): an occurrence with e edits
 * matches at least m − e of them letter for letter, so m minus this bounds the edits from below —
 * most labels against most lines are ruled out without the programme. Text or pattern beyond ASCII
 * is not counted: all of `pattern` is taken as held (nothing ruled out).
 */
export function sharedCharacters(text: string, pattern: string): number {
  // The callers seek many labels in one line in turn: its letters are counted once.
  if (text !== countedText) countText(text);
  if (textCounts[0] === -1) return pattern.length;
  let shared = 0;
  let ascii = true;
  for (let i = 0; i < pattern.length && ascii; i++) {
    const ch = pattern.charCodeAt(i);
    ascii = ch < 128;
    if (ascii && matched[ch]!++ < textCounts[ch]!) shared++;
  }
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charCodeAt(i);
    if (ch < 128) matched[ch] = 0;
  }
  return ascii ? shared : pattern.length;
}

function countText(text: string): void {
  countedText = text;
  textCounts.fill(0);
  for (let j = 0; j < text.length; j++) {
    const ch = text.charCodeAt(j);
    if (ch >= 128 || ch === 0) {
      textCounts[0] = -1;
      return;
    }
    textCounts[ch]!++;
  }
}

/**
 * The fewest edits (substitutions, insertions, deletions) that make `pattern` occur somewhere in
 * `text`: Sellers' programme as above, without the bound and the occurrence's place (its columns
 * are the shared ones).
 */
export function substringEditCost(text: string, pattern: string): number {
  const m = pattern.length;
  growColumns(m);
  let a = costs;
  let b = nextCosts;
  for (let i = 0; i <= m; i++) a[i] = i;
  let best = m;
  for (let j = 0; j < text.length; j++) {
    const ch = text.charCodeAt(j);
    b[0] = 0;
    for (let i = 1; i <= m; i++) {
      const substitute = a[i - 1]! + (pattern.charCodeAt(i - 1) === ch ? 0 : 1);
      b[i] = Math.min(substitute, a[i]! + 1, b[i - 1]! + 1);
    }
    if (b[m]! < best) best = b[m]!;
    const t = a;
    a = b;
    b = t;
  }
  return best;
}

/**
 * The fewest edits that turn all of `text` into all of `pattern` (Levenshtein): the programme above
 * anchored at both ends, for a label part that must be the label, not hold it.
 */
export function editDistance(text: string, pattern: string): number {
  let row = Array.from({ length: pattern.length + 1 }, (_, j) => j);
  for (let i = 1; i <= text.length; i++) {
    const next = [i];
    for (let j = 1; j <= pattern.length; j++) next.push(Math.min(row[j - 1]! + (text[i - 1] === pattern[j - 1] ? 0 : 1), row[j]! + 1, next[j - 1]! + 1));
    row = next;
  }
  return row[pattern.length]!;
}
