/**
 * Writes small ONNX models (protobuf `ModelProto`, field numbers of onnx.proto3) for tests that run
 * one operator with chosen attributes on two runtimes: float32 tensors, int64 tensors for shapes,
 * pads and axes, and attributes of every kind the convnet runtime reads.
 */

export type AttributeValue = number | string | number[] | { float: number } | { tensor: TensorSpec };

export interface NodeSpec {
  opType: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, AttributeValue>;
  name?: string;
}

export interface TensorSpec {
  name: string;
  dims: number[];
  /** Float32Array: float32; number[]: int64. */
  data: Float32Array | number[];
}

export interface ModelSpec {
  opset: number;
  nodes: NodeSpec[];
  initializers?: TensorSpec[];
  /** Graph inputs (float32) with their shapes. */
  inputs: Array<{ name: string; dims: number[] }>;
  outputs: string[];
}

class Writer {
  private readonly parts: number[] = [];

  varint(value: number): this {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      this.parts.push(byte);
    } while (v > 0n);
    return this;
  }

  tag(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }

  int(field: number, value: number): this {
    return this.tag(field, 0).varint(value);
  }

  bytes(field: number, bytes: Uint8Array): this {
    this.tag(field, 2).varint(bytes.length);
    for (const b of bytes) this.parts.push(b);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, inner: Writer): this {
    return this.bytes(field, inner.finish());
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    for (const x of b) this.parts.push(x);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

const dataType = { float: 1, int64: 7 } as const;
/** onnx.AttributeProto.AttributeType. */
const attributeType = { float: 1, int: 2, string: 3, tensor: 4, floats: 6, ints: 7 } as const;

function tensor(t: TensorSpec): Writer {
  const w = new Writer();
  for (const d of t.dims) w.int(1, d);
  if (t.data instanceof Float32Array) {
    w.int(2, dataType.float);
    w.string(8, t.name);
    w.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
  } else {
    w.int(2, dataType.int64);
    for (const v of t.data) w.int(7, v);
    w.string(8, t.name);
  }
  return w;
}

function attribute(name: string, value: AttributeValue): Writer {
  const w = new Writer().string(1, name);
  if (typeof value === 'string') return w.string(4, value).int(20, attributeType.string);
  if (typeof value === 'object' && 'tensor' in value) return w.message(5, tensor(value.tensor)).int(20, attributeType.tensor);
  if (typeof value === 'object' && 'float' in value) return w.float(2, value.float).int(20, attributeType.float);
  if (Array.isArray(value)) {
    for (const v of value) w.int(8, v);
    return w.int(20, attributeType.ints);
  }
  return w.int(3, value).int(20, attributeType.int);
}

function valueInfo(name: string, dims?: number[]): Writer {
  const w = new Writer().string(1, name);
  const shape = new Writer();
  for (const d of dims ?? []) shape.message(1, new Writer().int(1, d));
  const tensorType = new Writer().int(1, dataType.float);
  if (dims) tensorType.message(2, shape);
  return w.message(2, new Writer().message(1, tensorType));
}

/** The model's bytes, as an ONNX runtime reads them. */
export function onnxModel(spec: ModelSpec): Uint8Array {
  const graph = new Writer();
  spec.nodes.forEach((node, i) => {
    const n = new Writer();
    for (const input of node.inputs) n.string(1, input);
    for (const output of node.outputs) n.string(2, output);
    n.string(3, node.name ?? `${node.opType.toLowerCase()}_${i}`);
    n.string(4, node.opType);
    for (const [name, value] of Object.entries(node.attributes ?? {})) n.message(5, attribute(name, value));
    graph.message(1, n);
  });
  graph.string(2, 'conformance');
  for (const t of spec.initializers ?? []) graph.message(5, tensor(t));
  for (const input of spec.inputs) graph.message(11, valueInfo(input.name, input.dims));
  for (const output of spec.outputs) graph.message(12, valueInfo(output));
  return new Writer()
    .int(1, 8) // ir_version
    .message(8, new Writer().string(1, '').int(2, spec.opset))
    .message(7, graph)
    .finish();
}
