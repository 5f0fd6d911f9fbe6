import type { StepLike } from './describe.ts';

/**
 * A workflow definition laid out as a structured flow for drawing: steps in sequence, and each
 * Condition as two branches (then, else) that run side by side until they join again at the
 * first step both reach. A jump to a step already drawn (a loop back, or a step two paths share
 * out of order) is an arrow to it, not a second copy.
 */
export type FlowItem =
  | { kind: 'step'; step: StepLike }
  | { kind: 'condition'; step: StepLike; then: FlowItem[]; else: FlowItem[] }
  | { kind: 'jump'; to: number; step: StepLike | null }
  | { kind: 'stop' };

export interface FlowLayout {
  items: FlowItem[];
  /** Steps no path from the first step reaches, laid out from each. */
  unreachable: FlowItem[];
}

export function layoutFlow(steps: StepLike[]): FlowLayout {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const successors = (step: StepLike): number[] => {
    if (step.type === 'End') return [];
    if (step.type === 'Condition') return [step.settings?.then, step.settings?.else].filter((id): id is number => typeof id === 'number');
    if (typeof step.next === 'number') return [step.next];
    const following = steps[steps.indexOf(step) + 1];
    return following ? [following.id] : [];
  };
  const distances = (from: number) => {
    const seen = new Map([[from, 0]]);
    const queue = [from];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const step = byId.get(id);
      for (const next of step ? successors(step) : []) {
        if (seen.has(next)) continue;
        seen.set(next, seen.get(id)! + 1);
        queue.push(next);
      }
    }
    return seen;
  };
  /** Where two branches meet again: the step both reach soonest; the enclosing join when both reach it first. */
  const joinOf = (a: number, b: number, outer: number | undefined): number | undefined => {
    const [fromA, fromB] = [distances(a), distances(b)];
    let best: number | undefined;
    let cost = Number.POSITIVE_INFINITY;
    for (const [id, da] of fromA) {
      const db = fromB.get(id);
      if (db === undefined) continue;
      const c = Math.max(da, db) * 1000 + da + db;
      if (c < cost) [best, cost] = [id, c];
    }
    if (best !== undefined && outer !== undefined && best !== outer && fromA.has(outer) && fromB.has(outer) && distances(outer).has(best)) return outer;
    return best;
  };

  const placed = new Set<number>();
  const chain = (from: number | undefined, stop: number | undefined): FlowItem[] => {
    const items: FlowItem[] = [];
    let current = from;
    while (current !== undefined && current !== stop) {
      const step = byId.get(current);
      if (!step || placed.has(current)) {
        items.push({ kind: 'jump', to: current, step: step ?? null });
        return items;
      }
      placed.add(current);
      if (step.type === 'Condition') {
        const [then, otherwise] = [step.settings?.then, step.settings?.else].map((id) => (typeof id === 'number' ? id : undefined));
        const join = then !== undefined && otherwise !== undefined ? joinOf(then, otherwise, stop) : undefined;
        items.push({ kind: 'condition', step, then: chain(then, join), else: chain(otherwise, join) });
        current = join;
      } else {
        items.push({ kind: 'step', step });
        current = successors(step)[0];
        if (current === undefined && step.type !== 'End') items.push({ kind: 'stop' });
      }
    }
    return items;
  };

  const items = steps.length ? chain(steps[0]!.id, undefined) : [];
  const unreachable = steps.filter((s) => !placed.has(s.id)).flatMap((s) => (placed.has(s.id) ? [] : chain(s.id, undefined)));
  return { items, unreachable };
}
