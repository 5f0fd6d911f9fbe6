/**
 * Where `pattern` occurs in `text` with at most `k` edits (Sellers' approximate matching), the end
 * of the best occurrence and its start; null if none.
 */
export function approximateSubstring(text: string, pattern: string, k: number): { start: number; end: number } | null {
  const m = pattern.length;
  // cost[i]: edits to match pattern[0..i) ending at the current text position; from[i]: where that match starts.
  let cost = Array.from({ length: m + 1 }, (_, i) => i);
  let from = new Array<number>(m + 1).fill(0);
  let best: { start: number; end: number; cost: number } | null = null;
  for (let j = 1; j <= text.length; j++) {
    const next = [0];
    const nextFrom = [j];
    for (let i = 1; i <= m; i++) {
      const substitute = cost[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1);
      const insert = cost[i]! + 1;
      const remove = next[i - 1]! + 1;
      const c = Math.min(substitute, insert, remove);
      next.push(c);
      nextFrom.push(c === substitute ? from[i - 1]! : c === insert ? from[i]! : nextFrom[i - 1]!);
    }
    cost = next;
    from = nextFrom;
    if (cost[m]! <= k && (!best || cost[m]! < best.cost)) best = { start: from[m]!, end: j, cost: cost[m]! };
  }
  return best ? { start: best.start, end: best.end } : null;
}
