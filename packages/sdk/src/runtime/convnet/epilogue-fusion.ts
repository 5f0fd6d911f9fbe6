import type { Epilogue } from './convolution.ts';
import type { OnnxNode } from './onnx-model.ts';

/** What the fusion needs of the graph: how many nodes (and outputs) read a value, and a constant's value when it is one number. */
export interface FusionContext {
  readers(name: string): number;
  scalar(name: string): number | undefined;
  /** Whether a value is computed in a run (not a constant): what a residual is. */
  computed(name: string): boolean;
  /** Whether the convolution's kernels may add a residual (Conv's do). */
  residuals?: boolean;
}

/**
 * The element-wise nodes right after the convolution `nodes[at]` (Constant nodes between them
 * aside) that its kernels can do as they store each output (`Epilogue`): a multiplication and an
 * addition by one number, an activation (Relu, or hardswish as exporters spell it out — Add 3, Clip
 * 0..6, Mul by the input, Div 6), then again a multiplication and an addition by one number; or a
 * residual — an Add of a value computed before the convolution — with at most a Relu after it.
 * MobileNetV3-style detectors (PP-OCR's) follow every convolution with the first kind, BlazeFace's
 * blocks end in the second. Each value
 * passed on must be read by the next node alone (hardswish's input by its Add and Mul alone), so no
 * other node misses one. Null when nothing follows that can be taken.
 */
export function fusedEpilogue(
  nodes: readonly OnnxNode[],
  at: number,
  output: string,
  graph: FusionContext,
): { epilogue: Epilogue; output: string; taken: number[]; residual?: string } | null {
  const epilogue: Epilogue = { activation: 'none' };
  let residual: string | undefined;
  const taken: number[] = [];
  let current = output;
  let j = at + 1;
  /** The next non-Constant nodes, `count` of them (fewer at the end of the graph). */
  const upcoming = (count: number): Array<{ node: OnnxNode; index: number }> => {
    const found: Array<{ node: OnnxNode; index: number }> = [];
    for (let k = j; k < nodes.length && found.length < count; k++) if (nodes[k]!.opType !== 'Constant') found.push({ node: nodes[k]!, index: k });
    return found;
  };
  const take = (steps: Array<{ node: OnnxNode; index: number }>) => {
    for (const { index } of steps) taken.push(index);
    current = steps.at(-1)!.node.outputs[0]!;
    j = steps.at(-1)!.index + 1;
  };
  for (;;) {
    const [next] = upcoming(1);
    if (!next) break;
    const { node } = next;
    const activated = epilogue.activation !== 'none';
    const hardswish = !activated ? hardswishAt(upcoming(4), current, graph) : false;
    if (hardswish) {
      epilogue.activation = 'hardswish';
      take(upcoming(4));
      continue;
    }
    if (graph.readers(current) !== 1 || !node.inputs.includes(current)) break;
    if (node.opType === 'Relu' && !activated) {
      epilogue.activation = 'relu';
      take([next]);
      // A residual's epilogue ends at its activation (what a run does itself when the residual must broadcast).
      if (residual) break;
      continue;
    }
    if (residual) break;
    const added = node.opType === 'Add' && node.inputs.length === 2 ? node.inputs.find((name) => name !== current) : undefined;
    if (added && graph.residuals && !activated && graph.computed(added)) {
      epilogue.residual = true;
      residual = added;
      take([next]);
      continue;
    }
    const value = node.inputs.length === 2 ? graph.scalar(node.inputs.find((name) => name !== current) ?? '') : undefined;
    if (value === undefined || (node.opType !== 'Mul' && node.opType !== 'Add')) break;
    // Before the activation the pre- steps, after it the post- ones; each at most once, a Mul before an Add.
    const [scale, shift] = activated ? (['postScale', 'postShift'] as const) : (['preScale', 'preShift'] as const);
    if (node.opType === 'Mul' && (epilogue[scale] !== undefined || epilogue[shift] !== undefined)) break;
    if (node.opType === 'Add' && epilogue[shift] !== undefined) break;
    epilogue[node.opType === 'Mul' ? scale : shift] = value;
    take([next]);
  }
  if (!taken.length) return null;
  return residual ? { epilogue, output: current, taken, residual } : { epilogue, output: current, taken };
}

/** Whether the four nodes are hardswish of `x` as exporters write it: Add(x, 3) → Clip(·, 0, 6) → Mul(x, ·) → Div(·, 6). */
function hardswishAt(steps: ReadonlyArray<{ node: OnnxNode }>, x: string, graph: FusionContext): boolean {
  if (steps.length !== 4) return false;
  const [add, clip, mul, div] = steps.map((s) => s.node) as [OnnxNode, OnnxNode, OnnxNode, OnnxNode];
  const other = (node: OnnxNode, name: string) => (node.inputs.length === 2 && node.inputs.includes(name) ? node.inputs.find((n) => n !== name) : undefined);
  const bound = (name: string | undefined, attribute: unknown) => (name ? graph.scalar(name) : typeof attribute === 'number' ? attribute : undefined);
  const single = (node: OnnxNode) => graph.readers(node.outputs[0]!) === 1;
  return (
    graph.readers(x) === 2 &&
    add.opType === 'Add' &&
    graph.scalar(other(add, x) ?? '') === 3 &&
    single(add) &&
    clip.opType === 'Clip' &&
    clip.inputs[0] === add.outputs[0] &&
    bound(clip.inputs[1], clip.attributes.min) === 0 &&
    bound(clip.inputs[2], clip.attributes.max) === 6 &&
    single(clip) &&
    mul.opType === 'Mul' &&
    other(mul, clip.outputs[0]!) === x &&
    single(mul) &&
    div.opType === 'Div' &&
    div.inputs[0] === mul.outputs[0] &&
    graph.scalar(div.inputs[1] ?? '') === 6
  );
}
