import { dequantized, scaleOf, type QuantizedWeight } from './quantized-weights.ts';
import { maxSlices, type KernelCall } from './kernel-threads.ts';
import type { ConvWindow, Kernels } from './kernels.ts';
import type { FloatTensor, MemoryTensor } from './tensor.ts';

/** A Conv node's geometry (1-D convolutions are 2-D ones of height 1). */
export interface ConvGeometry {
  group: number;
  kernel: [number, number];
  stride: [number, number];
  /** Top, left, bottom, right. */
  pads: [number, number, number, number];
  dilation: [number, number];
}

/** A convolution's weights packed once into the kernels' kept memory, 4 output channels at a time, per group. */
export interface PackedConv {
  geometry: ConvGeometry;
  outChannels: number;
  /** Input channels per group. */
  groupChannels: number;
  /** Byte offsets of each group's packed weights (one offset of the plain weights when `depthwise`), and of the bias (or 0). */
  groupWeights: number[];
  /** One input channel per output channel: run by the `depthwise` kernel, not im2col + gemm per group. */
  depthwise: boolean;
  bias: number;
  /** Byte offset of the kept `Epilogue`, or 0. */
  epilogue: number;
  /**
   * With a residual in the epilogue: the epilogue's steps before it (`preScale`, `preShift`), kept on
   * their own, for a residual whose shape turns out not to be the output's (`runConv`'s caller then
   * adds it, and the activation after it, as the nodes would).
   */
  beforeResidual: number;
}

/**
 * The element-wise nodes that followed a convolution in the graph (compile-graph.ts), done by its
 * kernels as each output is stored (kernels.c, `epilogue_t`): × preScale, + preShift, + a
 * residual (a tensor of the output's shape: `runConv`'s `residual`), the activation, × postScale,
 * + postShift — each absent step skipped, so the float operations are exactly the nodes'. A MobileNetV3-style detector spends as long in these as in its convolutions
 * when each is a pass of its own over the tensor.
 */
export interface Epilogue {
  preScale?: number;
  preShift?: number;
  /** A tensor the graph adds (an Add of two computed values), given at run time. */
  residual?: boolean;
  activation: 'none' | 'relu' | 'hardswish';
  postScale?: number;
  postShift?: number;
}

const activationCodes = { none: 0, relu: 1, hardswish: 2 } as const;

/** Keeps an epilogue in the kernels' memory for the kernels to read; 0 (none) when it does nothing. */
function keepEpilogue(kernels: Kernels, e: Epilogue | null): number {
  if (!e) return 0;
  const steps =
    (e.preScale !== undefined ? 1 : 0) |
    (e.preShift !== undefined ? 2 : 0) |
    (e.postScale !== undefined ? 4 : 0) |
    (e.postShift !== undefined ? 8 : 0) |
    (e.residual ? 16 : 0);
  if (steps === 0 && e.activation === 'none') return 0;
  // The last slot is the residual's distance from the output, an int the run writes (`runConv`).
  return kernels.keep(Float32Array.of(e.preScale ?? 1, e.preShift ?? 0, activationCodes[e.activation], e.postScale ?? 1, e.postShift ?? 0, steps, 0));
}

const residualSlot = 6;

/** A kept epilogue's and its pre-residual steps' offsets. */
function keepEpilogues(kernels: Kernels, e: Epilogue | null): { epilogue: number; beforeResidual: number } {
  const epilogue = keepEpilogue(kernels, e);
  const before = e?.residual ? keepEpilogue(kernels, { preScale: e.preScale, preShift: e.preShift, activation: 'none' }) : epilogue;
  return { epilogue, beforeResidual: before };
}

/** weight [M, C/group, kh, kw] (floats, or int8 with their scales) → `gemm`'s layout for each group (kernels.c). */
export function packConv(
  kernels: Kernels,
  weight: FloatTensor | QuantizedWeight,
  bias: Float32Array | null,
  geometry: ConvGeometry,
  epilogue: Epilogue | null,
): PackedConv {
  const [outChannels, groupChannels] = weight.dims as [number, number];
  const kTotal = groupChannels * geometry.kernel[0] * geometry.kernel[1];
  const perGroup = outChannels / geometry.group;
  const biasOffset = bias ? kernels.keep(bias) : 0;
  const finish = keepEpilogues(kernels, epilogue);
  if (groupChannels === 1 && perGroup === 1) {
    const floats = 'int8' in weight ? dequantized(weight).data : weight.data;
    return { geometry, outChannels, groupChannels, groupWeights: [kernels.keep(floats)], depthwise: true, bias: biasOffset, ...finish };
  }
  // Float weights are written times 1, which leaves every float as it is.
  const values = 'int8' in weight ? weight.int8 : weight.data;
  const scale = (m: number) => ('int8' in weight ? scaleOf(weight, m) : 1);
  const groupWeights: number[] = [];
  for (let g = 0; g < geometry.group; g++) {
    const blocks = Math.ceil(perGroup / 4);
    groupWeights.push(
      kernels.keepFilled(blocks * kTotal * 4, (packed) => {
        packed.fill(0); // the kept region may hold an earlier run's values
        for (let m = 0; m < perGroup; m++) {
          const from = (g * perGroup + m) * kTotal;
          const block = (m >> 2) * kTotal * 4 + (m & 3);
          const s = scale(g * perGroup + m);
          for (let k = 0; k < kTotal; k++) packed[block + k * 4] = values[from + k]! * s;
        }
      }),
    );
  }
  return { geometry, outChannels, groupChannels, groupWeights, depthwise: false, bias: biasOffset, ...finish };
}

export function convOutputSize(size: number, kernel: number, stride: number, padBefore: number, padAfter: number, dilation: number): number {
  return Math.floor((size + padBefore + padAfter - dilation * (kernel - 1) - 1) / stride) + 1;
}

/** [N, M, outH, outW] for x [N, C, H, W]. */
export function convOutputDims(conv: PackedConv, dims: readonly number[]): number[] {
  const [batch, channels, height, width] = dims as [number, number, number, number];
  const { kernel, stride, pads, dilation, group } = conv.geometry;
  if (channels !== conv.groupChannels * group) throw new Error(`Conv: input has ${channels} channels, the weights expect ${conv.groupChannels * group}`);
  const outH = convOutputSize(height, kernel[0], stride[0], pads[0], pads[2], dilation[0]);
  const outW = convOutputSize(width, kernel[1], stride[1], pads[1], pads[3], dilation[1]);
  return [batch, conv.outChannels, outH, outW];
}

const windowArgs = ({ kernel, stride, pads, dilation }: ConvGeometry): ConvWindow => [
  kernel[0],
  kernel[1],
  stride[0],
  stride[1],
  pads[0],
  pads[1],
  dilation[0],
  dilation[1],
];

/** Below this many multiply-adds a slice costs more to hand to another thread (a wake-up, ~10–50 µs) than it saves. */
const minSliceWork = 1 << 18;
/** Slices per thread: a thread the system left waiting then holds up the others by a quarter of its share at most. */
const slicesPerThread = 4;

/** How many slices `units` (panels, or a depthwise layer's rows) of `work` multiply-adds each are cut into: 1 on one thread. */
function sliceCount(kernels: Kernels, units: number, work: number): number {
  const threads = kernels.threads();
  if (threads === 1) return 1;
  return Math.max(1, Math.min(threads * slicesPerThread, maxSlices, units, Math.floor((units * work) / minSliceWork)));
}

/** `units` cut into `parts` even slices, run by the threads (kernel-threads.ts). */
function sliced(kernels: Kernels, units: number, parts: number, slice: (first: number, count: number, index: number) => KernelCall[]): void {
  if (units <= 0) return;
  const slices: KernelCall[][] = [];
  for (let i = 0; i < parts; i++) {
    const first = Math.floor((units * i) / parts);
    const end = Math.floor((units * (i + 1)) / parts);
    slices.push(slice(first, end - first, i));
  }
  kernels.runSlices(slices);
}

/**
 * Runs a packed convolution of x [N, C, H, W] into `out` (its dims from `convOutputDims`), adding
 * `residual` (of `out`'s shape) where its epilogue has one; without it, only the steps before.
 */
export function runConv(kernels: Kernels, conv: PackedConv, x: MemoryTensor, out: MemoryTensor, residual?: MemoryTensor): void {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const [, , outH, outW] = out.dims as [number, number, number, number];
  const { kernel, group } = conv.geometry;
  const n = outH * outW;
  const epilogue = epilogueFor(kernels, conv, out, residual);
  if (conv.depthwise) {
    const [kh, kw] = kernel;
    for (let b = 0; b < batch; b++) {
      const input = x.offset + b * channels * height * width * 4;
      const output = out.offset + b * channels * n * 4;
      // Sliced by output rows, all channels each (as the pointwise convolution that follows is by pixels).
      sliced(kernels, outH, sliceCount(kernels, outH, channels * outW * kh * kw), (first, count) => [
        {
          kernel: 'depthwise',
          args: [input, conv.groupWeights[0]!, conv.bias, output, channels, height, width, ...windowArgs(conv.geometry), outH, outW, first, count, epilogue],
        },
      ]);
    }
    return;
  }
  const kTotal = conv.groupChannels * kernel[0] * kernel[1];
  const perGroup = conv.outChannels / group;
  const pointwiseOnly = readsInputAsIs(conv.geometry);
  const panels = Math.ceil(n / 8);
  const slices = pointwiseOnly ? 0 : sliceCount(kernels, panels, 8 * perGroup * kTotal);
  // Each slice packs the columns of its panels outside the padding into a scratch of its own.
  const scratch = slices ? kernels.allocate(slices * 8 * kTotal) : 0;
  const inside = pointwiseOnly ? null : panelsInside(conv, height, width, outH, outW);
  const offsets = inside ? kernels.allocate(kTotal) : 0;
  if (inside) new Int32Array(kernels.view(offsets, kTotal).buffer, offsets, kTotal).set(inside.offsets);
  const bounds = inside?.bounds ?? [1, 0, 1, 0];
  for (let b = 0; b < batch; b++) {
    for (let g = 0; g < group; g++) {
      const input = x.offset + (b * channels + g * conv.groupChannels) * height * width * 4;
      const output = out.offset + (b * conv.outChannels + g * perGroup) * n * 4;
      const bias = conv.bias ? conv.bias + g * perGroup * 4 : 0;
      const weights = conv.groupWeights[g]!;
      if (pointwiseOnly) {
        pointwise(kernels, weights, bias, input, output, perGroup, n, kTotal, epilogue);
        continue;
      }
      const shape = [conv.groupChannels, height, width, ...windowArgs(conv.geometry), outH, outW] as const;
      sliced(kernels, panels, slices, (first, count, slice) => [
        {
          kernel: 'convPanels',
          args: [weights, input, offsets, bias, output, perGroup, ...shape, ...bounds, first, count, scratch + slice * 8 * kTotal * 4, epilogue],
        },
      ]);
    }
  }
  if (inside) kernels.release(offsets);
  if (scratch) kernels.release(scratch);
}

/** A 1×1 convolution of stride 1 without padding: each group's product reads its input as it is (`pointwise`). */
function readsInputAsIs({ kernel, stride, pads }: ConvGeometry): boolean {
  return kernel[0] === 1 && kernel[1] === 1 && stride[0] === 1 && stride[1] === 1 && pads.every((p) => p === 0);
}

/** Whether a packed convolution is such a 1×1 convolution in one group, as a separable block's second half is. */
export function isPointwise(conv: PackedConv): boolean {
  return readsInputAsIs(conv.geometry) && conv.geometry.group === 1;
}

/**
 * The epilogue a run of `conv` into `out` uses: with `residual`, the whole one, told where the
 * residual is (the kernels find each output's residual this many bytes on, the same for every
 * slice, batch and group); without, only the steps before it.
 */
function epilogueFor(kernels: Kernels, conv: PackedConv, out: MemoryTensor, residual: MemoryTensor | undefined): number {
  if (!residual) return conv.beforeResidual;
  new Int32Array(kernels.view(conv.epilogue, residualSlot + 1).buffer, conv.epilogue + residualSlot * 4, 1)[0] = residual.offset - out.offset;
  return conv.epilogue;
}

/**
 * A depthwise convolution and the pointwise one that alone reads it (a MobileNet or BlazeFace
 * block), run band of rows by band of rows: a slice computes its rows of the depthwise output into
 * `middle`, then the pointwise outputs of those pixels, which need nothing another slice computes —
 * so the threads meet once a block instead of twice (the face detector's layers are small enough
 * that the meeting costs as much as the work), and a band is still in cache when it is read. Each
 * output is the same sum in the same order as the two run apart. Rows not a whole number of 8-column
 * panels are run apart.
 */
export function runSeparable(
  kernels: Kernels,
  depthwise: PackedConv,
  pointwiseConv: PackedConv,
  x: MemoryTensor,
  middle: MemoryTensor,
  out: MemoryTensor,
  residual?: MemoryTensor,
): void {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const [, , outH, outW] = middle.dims as [number, number, number, number];
  if (outW % 8 !== 0) {
    runConv(kernels, depthwise, x, middle);
    runConv(kernels, pointwiseConv, middle, out, residual);
    return;
  }
  const n = outH * outW;
  const m = pointwiseConv.outChannels;
  const epilogue = epilogueFor(kernels, pointwiseConv, out, residual);
  const [kh, kw] = depthwise.geometry.kernel;
  const slices = sliceCount(kernels, outH, outW * channels * (kh * kw + m));
  const scratch = kernels.allocate(slices * 8 * channels);
  for (let b = 0; b < batch; b++) {
    const input = x.offset + b * channels * height * width * 4;
    const mid = middle.offset + b * channels * n * 4;
    const output = out.offset + b * m * n * 4;
    sliced(kernels, outH, slices, (first, count, slice) => [
      {
        kernel: 'depthwise',
        args: [
          input,
          depthwise.groupWeights[0]!,
          depthwise.bias,
          mid,
          channels,
          height,
          width,
          ...windowArgs(depthwise.geometry),
          outH,
          outW,
          first,
          count,
          depthwise.epilogue,
        ],
      },
      {
        kernel: 'gemmRows',
        args: [
          pointwiseConv.groupWeights[0]!,
          mid + first * outW * 4,
          pointwiseConv.bias,
          output + first * outW * 4,
          m,
          count * outW,
          channels,
          n,
          n,
          epilogue,
          scratch + slice * 8 * channels * 4,
        ],
      },
    ]);
  }
  kernels.release(scratch);
}

/**
 * out[m][j] = bias[m] + Σ_k weights[m][k] · x[k][j] for j < n, x read as the [k][n] matrix it is (a
 * 1×1 convolution of stride 1 without padding, a ConvTranspose tap): `gemmRows` on the whole panels
 * of 8 columns, im2col only for a last partial one.
 */
function pointwise(kernels: Kernels, weights: number, bias: number, x: number, out: number, m: number, n: number, k: number, epilogue: number): void {
  const whole = n - (n % 8);
  const slices = sliceCount(kernels, whole / 8, 8 * m * k);
  // A slice may copy a panel of its columns at a time into a scratch of its own (kernels.c, gemm_rows).
  const scratch = kernels.allocate(slices * 8 * k);
  sliced(kernels, whole / 8, slices, (first, count, slice) => [
    { kernel: 'gemmRows', args: [weights, x + first * 8 * 4, bias, out + first * 8 * 4, m, count * 8, k, n, n, epilogue, scratch + slice * 8 * k * 4] },
  ]);
  kernels.release(scratch);
  if (whole === n) return;
  const columns = kernels.allocate(8 * k);
  kernels.im2col(x, k, 1, n, 1, 1, 1, 1, 0, 0, 1, 1, 1, n, whole / 8, 1, columns);
  kernels.gemm(weights, columns, bias, out + whole * 4, m, n - whole, k, n, epilogue);
  kernels.release(columns);
}

/**
 * For a convolution of column stride 1 or 2, undilated, whose output rows are whole 8-column panels:
 * the rows and columns of the corners of the panels that have every tap inside the input
 * (`convPanels` reads their columns from the input itself — im2col's copy of a 3×3 layer's columns
 * cost half as much as its gemm — or, for stride 2, takes every other float of 16 read at once), and
 * the offset of each of the weights' rows (channel, kernel row, kernel column) from a panel's corner.
 * Else null.
 */
function panelsInside(
  conv: PackedConv,
  height: number,
  width: number,
  outH: number,
  outW: number,
): { bounds: [top: number, bottom: number, left: number, right: number]; offsets: Int32Array } | null {
  const { kernel, stride, dilation, pads } = conv.geometry;
  const [sh, sw] = stride;
  if ((sw !== 1 && sw !== 2) || dilation[0] !== 1 || dilation[1] !== 1 || outW % 8 !== 0) return null;
  const [kh, kw] = kernel;
  const [ph, pw] = pads;
  // Rows whose kernel rows all fall in the input; panels whose input columns do — for stride 2 up to
  // the 16th float read from each tap's first (kernels.c, copy_panel).
  const [top, bottom] = [Math.ceil(ph / sh), Math.min(outH - 1, Math.floor((height - kh + ph) / sh))];
  const lastRead = sw === 1 ? 7 + kw - 1 : 15 + kw - 1;
  const [left, right] = [Math.ceil(pw / sw), Math.floor((width - 1 - lastRead + pw) / sw)];
  if (top > bottom || left > right) return null;
  const offsets = new Int32Array(conv.groupChannels * kh * kw);
  for (let c = 0, k = 0; c < conv.groupChannels; c++) {
    for (let ky = 0; ky < kh; ky++) for (let kx = 0; kx < kw; kx++) offsets[k++] = (c * height + ky) * width + kx;
  }
  return { bounds: [top, bottom, left, right], offsets };
}

/**
 * A ConvTranspose whose kernel equals its stride (each output pixel comes from one input pixel and
 * one kernel tap, as in the detectors' 2× upsampling heads): one `pointwise` product per kernel tap, scattered.
 */
export interface PackedConvTranspose {
  kernel: [number, number];
  outChannels: number;
  inChannels: number;
  /** Byte offsets of the packed [Cout × Cin] weights of each tap (row-major taps). */
  taps: number[];
  bias: number;
  /** Byte offset of the kept `Epilogue`, or 0. */
  epilogue: number;
}

export function packConvTranspose(kernels: Kernels, weight: FloatTensor, bias: Float32Array | null, epilogue: Epilogue | null): PackedConvTranspose {
  const [inChannels, outChannels, kh, kw] = weight.dims as [number, number, number, number];
  const taps: number[] = [];
  for (let dy = 0; dy < kh; dy++) {
    for (let dx = 0; dx < kw; dx++) {
      taps.push(
        kernels.keepFilled(Math.ceil(outChannels / 4) * inChannels * 4, (packed) => {
          packed.fill(0); // the kept region may hold an earlier run's values
          for (let co = 0; co < outChannels; co++) {
            for (let ci = 0; ci < inChannels; ci++)
              packed[(co >> 2) * inChannels * 4 + ci * 4 + (co & 3)] = weight.data[((ci * outChannels + co) * kh + dy) * kw + dx]!;
          }
        }),
      );
    }
  }
  return { kernel: [kh, kw], outChannels, inChannels, taps, bias: bias ? kernels.keep(bias) : 0, epilogue: keepEpilogue(kernels, epilogue) };
}

export function convTransposeOutputDims(conv: PackedConvTranspose, dims: readonly number[]): number[] {
  const [batch, channels, height, width] = dims as [number, number, number, number];
  if (channels !== conv.inChannels) throw new Error(`ConvTranspose: input has ${channels} channels, the weights expect ${conv.inChannels}`);
  return [batch, conv.outChannels, height * conv.kernel[0], width * conv.kernel[1]];
}

export function runConvTranspose(kernels: Kernels, conv: PackedConvTranspose, x: MemoryTensor, out: MemoryTensor): void {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const [kh, kw] = conv.kernel;
  const n = height * width;
  const outH = height * kh;
  const outW = width * kw;
  const tap = kernels.allocate(conv.outChannels * n);
  for (let b = 0; b < batch; b++) {
    const input = x.offset + b * channels * n * 4;
    for (let dy = 0; dy < kh; dy++) {
      for (let dx = 0; dx < kw; dx++) {
        pointwise(kernels, conv.taps[dy * kw + dx]!, conv.bias, input, tap, conv.outChannels, n, channels, conv.epilogue);
        kernels.scatterTap(tap, out.offset + b * conv.outChannels * outH * outW * 4, conv.outChannels, height, width, kh, kw, dy, dx);
      }
    }
  }
  kernels.release(tap);
}
