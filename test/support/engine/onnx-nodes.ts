import type { OnnxNode } from '../../../packages/sdk/src/runtime/convnet/onnx-model.ts';

/** An ONNX node for hand-built graphs of the convnet runtime's tests, named after its one output. */
export const onnxNode = (opType: string, inputs: string[], output: string, attributes: OnnxNode['attributes'] = {}): OnnxNode => ({
  opType,
  name: output,
  inputs,
  outputs: [output],
  attributes,
});
