import { elementCount } from './tensor.ts';
import { float, forEachStrided, offsetsIn, type Operator } from './operator.ts';

/** The output dims of NumPy-style broadcasting. */
export function broadcastDims(op: string, a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  const pad = (d: readonly number[]) => [...Array(rank - d.length).fill(1), ...d];
  const db = pad(b);
  return pad(a).map((n, i) => {
    const m = db[i]!;
    if (n !== m && n !== 1 && m !== 1) throw new Error(`${op}: shapes ${a} and ${b} do not broadcast`);
    return Math.max(n, m);
  });
}

/**
 * When b, broadcast to `dims`, is constant over runs of `inner` elements and cycles through its
 * `count` values (b's dims are 1 but for one span of axes, where they are `dims`' — [C, 1, 1] against
 * [N, C, H, W]), those two numbers; else null.
 */
function blockRun(dims: readonly number[], bDims: readonly number[]): { inner: number; count: number } | null {
  const padded = [...Array(dims.length - bDims.length).fill(1), ...bDims];
  const spanned = padded.flatMap((d, i) => (d === 1 && dims[i] !== 1 ? [] : [i])).filter((i) => padded[i] !== 1);
  if (spanned.length === 0) return { inner: elementCount(dims), count: 1 };
  const first = spanned[0]!;
  const last = spanned.at(-1)!;
  for (let i = first; i <= last; i++) if (padded[i] !== dims[i]) return null;
  return { inner: elementCount(dims.slice(last + 1)), count: elementCount(dims.slice(first, last + 1)) };
}

type Arithmetic = 'Add' | 'Mul' | 'Div';

/** The kernels' operation codes (kernels.c, `binary`). */
const codes: Record<Arithmetic, number> = { Add: 0, Mul: 1, Div: 2 };

const arithmetic: Record<Arithmetic, (a: number, b: number) => number> = {
  Add: (a, b) => a + b,
  Mul: (a, b) => a * b,
  Div: (a, b) => a / b,
};

/**
 * out[j] = a[j] ∘ b[j], or with one side the same value `v` over j in [from, to) (`vFirst`: v ∘ b[j]).
 * One loop per operation: a shared loop calling a function per element is several times slower.
 */
function arithmeticRun(op: Arithmetic, full: Float32Array, v: number, vFirst: boolean, out: Float32Array, from: number, to: number): void {
  if (op === 'Add') for (let j = from; j < to; j++) out[j] = full[j]! + v;
  else if (op === 'Mul') for (let j = from; j < to; j++) out[j] = full[j]! * v;
  else if (vFirst) for (let j = from; j < to; j++) out[j] = v / full[j]!;
  else for (let j = from; j < to; j++) out[j] = full[j]! / v;
}

function arithmeticSame(op: Arithmetic, a: Float32Array, b: Float32Array, out: Float32Array): void {
  if (op === 'Add') for (let i = 0; i < out.length; i++) out[i] = a[i]! + b[i]!;
  else if (op === 'Mul') for (let i = 0; i < out.length; i++) out[i] = a[i]! * b[i]!;
  else for (let i = 0; i < out.length; i++) out[i] = a[i]! / b[i]!;
}

/** NumPy-style broadcasting of two tensors, with fast loops for equal shapes and per-channel or scalar operands. */
export function broadcast(op: Arithmetic): Operator {
  const f = arithmetic[op];
  return {
    dims: ([x, y]) => broadcastDims(op, float(x, op).dims, float(y, op).dims),
    // An operand of the output's size has its dims (broadcasting only repeats), so element i of the
    // output reads element i of it.
    inPlace: 'elementwise',
    compute([x, y], out, _attributes, kernels) {
      const a = float(x, op);
      const b = float(y, op);
      // In the session's memory (a run), the wasm loops: the same float operations, four at a time.
      if (a.data.length === out.length && b.data.length === out.length) {
        const offsets = offsetsIn(kernels, a.data, b.data, out);
        if (offsets) kernels!.binary(codes[op], offsets[0]!, offsets[1]!, offsets[2]!, out.length);
        else arithmeticSame(op, a.data, b.data, out);
        return;
      }
      const dims = broadcastDims(op, a.dims, b.dims);
      // One side repeats each of its values over `inner` elements of the other (a per-channel scale, a constant).
      const aFull = a.data.length === out.length;
      const run = aFull ? blockRun(dims, b.dims) : b.data.length === out.length ? blockRun(dims, a.dims) : null;
      if (run) {
        const [full, small] = aFull ? [a.data, b.data] : [b.data, a.data];
        // The small operand (a constant, most often) is read here, one value per run.
        const offsets = offsetsIn(kernels, full, out);
        for (let i = 0, block = 0; i < out.length; i += run.inner, block = (block + 1) % run.count) {
          if (offsets) kernels!.binaryScalar(codes[op], offsets[0]! + i * 4, small[block]!, aFull ? 0 : 1, offsets[1]! + i * 4, run.inner);
          else arithmeticRun(op, full, small[block]!, !aFull, out, i, i + run.inner);
        }
        return;
      }
      const rank = dims.length;
      const strides = (d: readonly number[]) => {
        const padded = [...Array(rank - d.length).fill(1), ...d];
        const s = new Array<number>(rank).fill(0);
        let step = 1;
        for (let i = rank - 1; i >= 0; i--) {
          s[i] = padded[i] === 1 ? 0 : step;
          step *= padded[i]!;
        }
        return s;
      };
      forEachStrided(dims, [strides(a.dims), strides(b.dims)], (i, [ia, ib]) => {
        out[i] = f(a.data[ia!]!, b.data[ib!]!);
      });
    },
  };
}
