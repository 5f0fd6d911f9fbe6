/**
 * Reads the parts of an ONNX file (a protobuf `ModelProto`) that the convnet runtime executes: the
 * graph's nodes in order, their attributes, the initializers and the graph's inputs and outputs.
 * Field numbers are those of onnx.proto3; anything else in the file is skipped.
 */

/** A tensor given in the file (initializer, or a Constant node's value): float32, or int64/int32/int8 as numbers. */
export interface OnnxTensor {
  name: string;
  dims: number[];
  /** onnx.TensorProto.DataType: 1 float, 3 int8, 6 int32, 7 int64. */
  dataType: number;
  data: Float32Array | Int8Array | number[];
}

export type OnnxAttribute = number | string | number[] | OnnxTensor;

export interface OnnxNode {
  opType: string;
  name: string;
  inputs: string[];
  outputs: string[];
  attributes: Record<string, OnnxAttribute>;
}

export interface OnnxModel {
  opset: number;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  /** The graph's inputs that are not initializers, then its outputs, by name. */
  inputs: string[];
  outputs: string[];
}

export const onnxDataType = { float: 1, uint8: 2, int8: 3, int32: 6, int64: 7 } as const;

/** A protobuf wire-format reader over one message's bytes. */
class Reader {
  offset = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  /**
   * A varint as a number: int64 values (dims, attributes, shapes) are small, but a negative one (an
   * axis of −1, a shape's −1) comes as 2^64 − n in ten bytes, past what a double holds exactly, so
   * a long varint is summed as a BigInt and read back as a signed 64-bit integer.
   */
  varint(): number {
    let result = 0;
    let scale = 1;
    const start = this.offset;
    for (;;) {
      if (this.offset >= this.bytes.length) throw new Error('truncated varint');
      const byte = this.bytes[this.offset++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 128;
    }
    if (this.offset - start < 8) return result;
    let big = 0n;
    for (let i = this.offset - 1; i >= start; i--) big = (big << 7n) | BigInt(this.bytes[i]! & 0x7f);
    return Number(BigInt.asIntN(64, big));
  }

  /** Field number and wire type of the next field. */
  tag(): { field: number; wire: number } {
    const tag = this.varint();
    return { field: Math.floor(tag / 8), wire: tag & 7 };
  }

  lengthDelimited(): Uint8Array {
    const length = this.varint();
    const end = this.offset + length;
    if (end > this.bytes.length) throw new Error('truncated field');
    const slice = this.bytes.subarray(this.offset, end);
    this.offset = end;
    return slice;
  }

  float32(): number {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 4);
    this.offset += 4;
    return view.getFloat32(0, true);
  }

  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.offset += 8;
    else if (wire === 2) this.lengthDelimited();
    else if (wire === 5) this.offset += 4;
    else throw new Error(`unsupported protobuf wire type ${wire}`);
  }

  /** A repeated varint field, packed (wire 2) or not. */
  varints(wire: number, into: number[]): void {
    this.repeated(wire, into, (r) => r.varint());
  }

  /** A repeated float field, packed (wire 2) or not. */
  floats(wire: number, into: number[]): void {
    this.repeated(wire, into, (r) => r.float32());
  }

  private repeated(wire: number, into: number[], read: (reader: Reader) => number): void {
    if (wire !== 2) {
      into.push(read(this));
      return;
    }
    const inner = new Reader(this.lengthDelimited());
    while (!inner.done) into.push(read(inner));
  }
}

const text = new TextDecoder();

function readTensor(bytes: Uint8Array): OnnxTensor {
  const r = new Reader(bytes);
  const dims: number[] = [];
  const floatData: number[] = [];
  const intData: number[] = [];
  let dataType = 0;
  let name = '';
  let raw: Uint8Array | null = null;
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 1) r.varints(wire, dims);
    else if (field === 2) dataType = r.varint();
    else if (field === 4) r.floats(wire, floatData);
    else if (field === 5 || field === 7) r.varints(wire, intData);
    else if (field === 8) name = text.decode(r.lengthDelimited());
    else if (field === 9) raw = r.lengthDelimited();
    else if (field === 14 && r.varint() !== 0) throw new Error(`tensor ${name}: external data is not supported`);
    else r.skip(wire);
  }
  return { name, dims, dataType, data: tensorData(name, dataType, raw, floatData, intData) };
}

function tensorData(name: string, dataType: number, raw: Uint8Array | null, floatData: number[], intData: number[]): OnnxTensor['data'] {
  if (dataType === onnxDataType.float) {
    if (!raw) return Float32Array.from(floatData);
    // Copied: the file's bytes need not be 4-byte aligned.
    const out = new Float32Array(raw.byteLength / 4);
    new Uint8Array(out.buffer).set(raw);
    return out;
  }
  if (dataType === onnxDataType.int8) return raw ? new Int8Array(raw.slice().buffer) : Int8Array.from(intData);
  if (dataType === onnxDataType.int64 || dataType === onnxDataType.int32) {
    if (!raw) return intData;
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const size = dataType === onnxDataType.int64 ? 8 : 4;
    return Array.from({ length: raw.byteLength / size }, (_, i) => (size === 8 ? Number(view.getBigInt64(i * 8, true)) : view.getInt32(i * 4, true)));
  }
  throw new Error(`tensor ${name}: data type ${dataType} is not supported`);
}

function readAttribute(bytes: Uint8Array): [string, OnnxAttribute] {
  const r = new Reader(bytes);
  let name = '';
  let value: OnnxAttribute | undefined;
  const ints: number[] = [];
  const floats: number[] = [];
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 1) name = text.decode(r.lengthDelimited());
    else if (field === 2) value = r.float32();
    else if (field === 3) value = r.varint();
    else if (field === 4) value = text.decode(r.lengthDelimited());
    else if (field === 5) value = readTensor(r.lengthDelimited());
    else if (field === 7) r.floats(wire, floats);
    else if (field === 8) r.varints(wire, ints);
    else r.skip(wire);
  }
  return [name, value ?? (floats.length > 0 ? floats : ints)];
}

function readNode(bytes: Uint8Array): OnnxNode {
  const r = new Reader(bytes);
  const node: OnnxNode = { opType: '', name: '', inputs: [], outputs: [], attributes: {} };
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 1) node.inputs.push(text.decode(r.lengthDelimited()));
    else if (field === 2) node.outputs.push(text.decode(r.lengthDelimited()));
    else if (field === 3) node.name = text.decode(r.lengthDelimited());
    else if (field === 4) node.opType = text.decode(r.lengthDelimited());
    else if (field === 5) {
      const [name, value] = readAttribute(r.lengthDelimited());
      node.attributes[name] = value;
    } else if (field === 7) {
      const domain = text.decode(r.lengthDelimited());
      if (domain !== '' && domain !== 'ai.onnx') throw new Error(`node ${node.name}: operator domain ${domain} is not supported`);
    } else r.skip(wire);
  }
  return node;
}

/** The name of a ValueInfoProto. */
function valueName(bytes: Uint8Array): string {
  const r = new Reader(bytes);
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 1) return text.decode(r.lengthDelimited());
    r.skip(wire);
  }
  return '';
}

function readGraph(bytes: Uint8Array): Omit<OnnxModel, 'opset'> {
  const r = new Reader(bytes);
  const graph: Omit<OnnxModel, 'opset'> = { nodes: [], initializers: [], inputs: [], outputs: [] };
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 1) graph.nodes.push(readNode(r.lengthDelimited()));
    else if (field === 5) graph.initializers.push(readTensor(r.lengthDelimited()));
    else if (field === 11) graph.inputs.push(valueName(r.lengthDelimited()));
    else if (field === 12) graph.outputs.push(valueName(r.lengthDelimited()));
    else r.skip(wire);
  }
  const initialized = new Set(graph.initializers.map((t) => t.name));
  graph.inputs = graph.inputs.filter((name) => !initialized.has(name));
  return graph;
}

/** Parses an ONNX model; throws an Error naming what it cannot read. */
export function readOnnxModel(bytes: Uint8Array): OnnxModel {
  const r = new Reader(bytes);
  let graph: Omit<OnnxModel, 'opset'> | null = null;
  let opset = 0;
  while (!r.done) {
    const { field, wire } = r.tag();
    if (field === 7) graph = readGraph(r.lengthDelimited());
    else if (field === 8) {
      const op = new Reader(r.lengthDelimited());
      let domain = '';
      let version = 0;
      while (!op.done) {
        const t = op.tag();
        if (t.field === 1) domain = text.decode(op.lengthDelimited());
        else if (t.field === 2) version = op.varint();
        else op.skip(t.wire);
      }
      if (domain === '' || domain === 'ai.onnx') opset = version;
    } else r.skip(wire);
  }
  if (!graph) throw new Error('not an ONNX model: no graph');
  return { opset, ...graph };
}
