import type { Kernels } from './kernels.ts';
import type { FloatTensor } from './tensor.ts';

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
  /** Byte offsets of each group's packed weights, and of the bias (or 0). */
  groupWeights: number[];
  bias: number;
  relu: boolean;
}

/** weight [M, C/group, kh, kw] → `gemm`'s layout for each group (kernels.c). */
export function packConv(kernels: Kernels, weight: FloatTensor, bias: Float32Array | null, geometry: ConvGeometry, relu: boolean): PackedConv {
  const [outChannels, groupChannels] = weight.dims as [number, number];
  const kTotal = groupChannels * geometry.kernel[0] * geometry.kernel[1];
  const perGroup = outChannels / geometry.group;
  const groupWeights: number[] = [];
  for (let g = 0; g < geometry.group; g++) {
    const blocks = Math.ceil(perGroup / 4);
    const packed = new Float32Array(blocks * kTotal * 4);
    for (let m = 0; m < perGroup; m++) {
      const row = weight.data.subarray((g * perGroup + m) * kTotal, (g * perGroup + m + 1) * kTotal);
      const block = (m >> 2) * kTotal * 4;
      for (let k = 0; k < kTotal; k++) packed[block + k * 4 + (m & 3)] = row[k]!;
    }
    groupWeights.push(kernels.keep(packed));
  }
  return { geometry, outChannels, groupChannels, groupWeights, bias: bias ? kernels.keep(bias) : 0, relu };
}

export function convOutputSize(size: number, kernel: number, stride: number, padBefore: number, padAfter: number, dilation: number): number {
  return Math.floor((size + padBefore + padAfter - dilation * (kernel - 1) - 1) / stride) + 1;
}

/** Runs a packed convolution on x [N, C, H, W]. */
export function runConv(kernels: Kernels, conv: PackedConv, x: FloatTensor): FloatTensor {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const { kernel, stride, pads, dilation, group } = conv.geometry;
  if (channels !== conv.groupChannels * group) throw new Error(`Conv: input has ${channels} channels, the weights expect ${conv.groupChannels * group}`);
  const outH = convOutputSize(height, kernel[0], stride[0], pads[0], pads[2], dilation[0]);
  const outW = convOutputSize(width, kernel[1], stride[1], pads[1], pads[3], dilation[1]);
  const n = outH * outW;
  const kTotal = conv.groupChannels * kernel[0] * kernel[1];
  const perGroup = conv.outChannels / group;
  const groupInput = conv.groupChannels * height * width;
  const out = new Float32Array(batch * conv.outChannels * n);
  const [input, columns, output] = kernels.scratch(groupInput, Math.ceil(n / 8) * 8 * kTotal, perGroup * n);
  for (let b = 0; b < batch; b++) {
    for (let g = 0; g < group; g++) {
      const memory = kernels.floats();
      const from = (b * channels + g * conv.groupChannels) * height * width;
      memory.set(x.data.subarray(from, from + groupInput), input! / 4);
      kernels.im2col(
        input!,
        conv.groupChannels,
        height,
        width,
        kernel[0],
        kernel[1],
        stride[0],
        stride[1],
        pads[0],
        pads[1],
        dilation[0],
        dilation[1],
        outH,
        outW,
        columns!,
      );
      const bias = conv.bias ? conv.bias + g * perGroup * 4 : 0;
      kernels.gemm(conv.groupWeights[g]!, columns!, bias, output!, perGroup, n, kTotal, n, conv.relu ? 1 : 0);
      out.set(memory.subarray(output! / 4, output! / 4 + perGroup * n), (b * conv.outChannels + g * perGroup) * n);
    }
  }
  return { dims: [batch, conv.outChannels, outH, outW], data: out };
}

/**
 * A ConvTranspose whose kernel equals its stride (each output pixel comes from one input pixel and
 * one kernel tap, as in the detectors' 2× upsampling heads): one `gemm` per kernel tap.
 */
export interface PackedConvTranspose {
  kernel: [number, number];
  outChannels: number;
  inChannels: number;
  /** Byte offsets of the packed [Cout × Cin] weights of each tap (row-major taps). */
  taps: number[];
  bias: number;
  relu: boolean;
}

export function packConvTranspose(kernels: Kernels, weight: FloatTensor, bias: Float32Array | null, relu: boolean): PackedConvTranspose {
  const [inChannels, outChannels, kh, kw] = weight.dims as [number, number, number, number];
  const taps: number[] = [];
  for (let dy = 0; dy < kh; dy++) {
    for (let dx = 0; dx < kw; dx++) {
      const packed = new Float32Array(Math.ceil(outChannels / 4) * inChannels * 4);
      for (let co = 0; co < outChannels; co++) {
        for (let ci = 0; ci < inChannels; ci++)
          packed[(co >> 2) * inChannels * 4 + ci * 4 + (co & 3)] = weight.data[((ci * outChannels + co) * kh + dy) * kw + dx]!;
      }
      taps.push(kernels.keep(packed));
    }
  }
  return { kernel: [kh, kw], outChannels, inChannels, taps, bias: bias ? kernels.keep(bias) : 0, relu };
}

export function runConvTranspose(kernels: Kernels, conv: PackedConvTranspose, x: FloatTensor): FloatTensor {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  if (channels !== conv.inChannels) throw new Error(`ConvTranspose: input has ${channels} channels, the weights expect ${conv.inChannels}`);
  const [kh, kw] = conv.kernel;
  const n = height * width;
  const outH = height * kh;
  const outW = width * kw;
  const out = new Float32Array(batch * conv.outChannels * outH * outW);
  const [input, columns, output] = kernels.scratch(channels * n, Math.ceil(n / 8) * 8 * channels, conv.outChannels * n);
  for (let b = 0; b < batch; b++) {
    const memory = kernels.floats();
    memory.set(x.data.subarray(b * channels * n, (b + 1) * channels * n), input! / 4);
    kernels.im2col(input!, channels, height, width, 1, 1, 1, 1, 0, 0, 1, 1, height, width, columns!);
    for (let dy = 0; dy < kh; dy++) {
      for (let dx = 0; dx < kw; dx++) {
        kernels.gemm(conv.taps[dy * kw + dx]!, columns!, conv.bias, output!, conv.outChannels, n, channels, n, conv.relu ? 1 : 0);
        const result = memory.subarray(output! / 4, output! / 4 + conv.outChannels * n);
        for (let co = 0; co < conv.outChannels; co++) {
          const plane = (b * conv.outChannels + co) * outH * outW;
          for (let y = 0; y < height; y++) {
            const row = plane + (y * kh + dy) * outW + dx;
            const from = co * n + y * width;
            for (let xx = 0; xx < width; xx++) out[row + xx * kw] = result[from + xx]!;
          }
        }
      }
    }
  }
  return { dims: [batch, conv.outChannels, outH, outW], data: out };
}
