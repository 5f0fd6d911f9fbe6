import type { OnnxAttribute, OnnxModel } from './onnx-model.ts';

/** One attribute an operator accepts: which values, said in words for the refusal. */
interface Accepted {
  accepts(value: OnnxAttribute): boolean;
  expected: string;
  /** ONNX's default, where the runtime does not execute it: a node must then give the attribute. */
  refusedDefault?: OnnxAttribute;
}

const list = (value: OnnxAttribute): number[] | null => (Array.isArray(value) ? value : null);
const anyNumber: Accepted = { accepts: (v) => typeof v === 'number', expected: 'a number' };
const positives: Accepted = { accepts: (v) => !!list(v)?.every((n) => Number.isInteger(n) && n >= 1), expected: 'positive integers' };
const nonNegatives: Accepted = { accepts: (v) => !!list(v)?.every((n) => Number.isInteger(n) && n >= 0), expected: 'non-negative integers' };
const integers: Accepted = { accepts: (v) => !!list(v)?.every(Number.isInteger), expected: 'integers' };
const allOnes: Accepted = { accepts: (v) => !!list(v)?.every((n) => n === 1), expected: 'all 1' };
const allZeros: Accepted = { accepts: (v) => !!list(v)?.every((n) => n === 0), expected: 'all 0' };
const only = (...values: Array<number | string>): Accepted => ({
  accepts: (v) => values.includes(v as number | string),
  expected: values.map((x) => JSON.stringify(x)).join(' or '),
});
const integer: Accepted = { accepts: (v) => typeof v === 'number' && Number.isInteger(v), expected: 'an integer' };
const atLeastOne: Accepted = { accepts: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1, expected: 'a positive integer' };
const shape: Accepted = {
  accepts: (v) => !!list(v) && list(v)!.length >= 1 && list(v)!.length <= 2 && positives.accepts(v),
  expected: '1 or 2 positive integers',
};

const convolution = { auto_pad: only('NOTSET'), dilations: positives, group: atLeastOne, kernel_shape: shape, pads: nonNegatives, strides: positives };

/**
 * Every attribute, and every value of it, that the convnet runtime executes as ONNX defines it — by
 * operator. A node with an attribute not listed, or a value outside it, is refused when the session
 * is created (`unsupportedSettings`), naming the node, instead of failing or computing something
 * else at its first run. `test/engine/convnet-conformance.test.ts` runs each accepted setting
 * against onnxruntime-node. ConvTranspose's kernel must also equal its stride (checked with its
 * weights, at creation as well).
 */
export const acceptedAttributes: Readonly<Record<string, Readonly<Record<string, Accepted>>>> = {
  Conv: convolution,
  ConvTranspose: { ...convolution, group: only(1), pads: allZeros, dilations: allOnes, output_padding: allZeros },
  MaxPool: {
    auto_pad: only('NOTSET'),
    kernel_shape: shape,
    strides: positives,
    pads: allZeros,
    dilations: allOnes,
    ceil_mode: only(0),
    storage_order: only(0),
  },
  Resize: {
    mode: only('nearest'),
    coordinate_transformation_mode: { ...only('asymmetric'), refusedDefault: 'half_pixel' },
    nearest_mode: { ...only('floor'), refusedDefault: 'round_prefer_floor' },
    exclude_outside: only(0),
    antialias: only(0),
    // Used by modes the runtime does not accept: any value computes the same.
    cubic_coeff_a: anyNumber,
    extrapolation_value: anyNumber,
    keep_aspect_ratio_policy: only('stretch'),
  },
  HardSigmoid: { alpha: anyNumber, beta: anyNumber },
  Clip: { min: anyNumber, max: anyNumber },
  Cast: { to: only(1), saturate: integer },
  // `momentum` only matters in training, `spatial` (opset < 9) only when 0.
  BatchNormalization: { epsilon: anyNumber, momentum: anyNumber, training_mode: only(0), spatial: only(1) },
  Squeeze: { axes: integers },
  Unsqueeze: { axes: integers },
  Transpose: { perm: nonNegatives },
  Concat: { axis: integer },
  Pad: { mode: only('constant'), pads: nonNegatives, value: anyNumber },
  Reshape: { allowzero: only(0) },
  Constant: { value: { accepts: (v) => typeof v === 'object' && !Array.isArray(v), expected: 'a tensor' } },
  Identity: {},
  Relu: {},
  Sigmoid: {},
  Add: {},
  Mul: {},
  Div: {},
  GlobalAveragePool: {},
};

/**
 * The settings of a model's nodes that the convnet runtime does not execute, one line each
 * (`node "name" (Op): attribute=value — expected …`); empty when it runs them all. Operators it
 * lacks altogether are `unsupportedOperators`'.
 */
export function unsupportedSettings(model: OnnxModel): string[] {
  const refused: string[] = [];
  for (const node of model.nodes) {
    const accepted = acceptedAttributes[node.opType];
    if (!accepted) continue;
    for (const [name, rule] of Object.entries(accepted)) {
      if (rule.refusedDefault !== undefined && !(name in node.attributes)) {
        refused.push(
          `node "${node.name}" (${node.opType}): ${name} is not given, and its default ${JSON.stringify(rule.refusedDefault)} is not supported (expected ${rule.expected})`,
        );
      }
    }
    for (const [name, value] of Object.entries(node.attributes)) {
      const rule = accepted[name];
      const shown = typeof value === 'object' && !Array.isArray(value) ? 'a tensor' : JSON.stringify(value);
      if (!rule) refused.push(`node "${node.name}" (${node.opType}): attribute ${name} is not supported`);
      else if (!rule.accepts(value)) refused.push(`node "${node.name}" (${node.opType}): ${name}=${shown} is not supported (expected ${rule.expected})`);
    }
  }
  return refused;
}
