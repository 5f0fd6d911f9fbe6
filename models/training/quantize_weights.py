"""Weight-only int8 copies of float ONNX models, for a smaller browser download.

Every large float weight (a Constant node or an initializer with at least --min-elements values)
becomes an int8 tensor plus one float scale per output channel (symmetric: scale = max|w| / 127),
turned back into float inside the graph by Cast(int8 -> float) and Mul(scale). Only ops that every
opset has are used, so the model keeps its opset (PP-OCR's recognizer is opset 9, older than
DequantizeLinear's per-axis form). ONNX Runtime folds the Cast and Mul into a float weight when the
session is created: inference runs in float at the same speed; only the file shrinks, about 4x.

    apt-get install -y python3-onnx python3-numpy
    /usr/bin/python3 models/training/quantize_weights.py IN.onnx OUT.onnx
"""
import argparse

import numpy as np
import onnx
from onnx import helper, numpy_helper


def quantize(array: np.ndarray):
    """Symmetric per-output-channel int8 (axis 0), or one scale for 1-D tensors."""
    flat = array.reshape(array.shape[0], -1) if array.ndim > 1 else array.reshape(1, -1)
    peak = np.abs(flat).max(axis=1)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    q = np.clip(np.round(flat / scale[:, None]), -127, 127).astype(np.int8).reshape(array.shape)
    scale_shape = (array.shape[0],) + (1,) * (array.ndim - 1) if array.ndim > 1 else (1,)
    return q, scale.reshape(scale_shape)


def dequantize_nodes(name: str, array: np.ndarray, output: str):
    q, scale = quantize(array)
    q_name, s_name, f_name = f'{name}__int8', f'{name}__scale', f'{name}__int8_as_float'
    return [
        helper.make_node('Constant', [], [q_name], value=numpy_helper.from_array(q, q_name)),
        helper.make_node('Constant', [], [s_name], value=numpy_helper.from_array(scale, s_name)),
        helper.make_node('Cast', [q_name], [f_name], to=onnx.TensorProto.FLOAT),
        helper.make_node('Mul', [f_name, s_name], [output]),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('source')
    parser.add_argument('target')
    parser.add_argument('--min-elements', type=int, default=1024, help='smaller tensors (biases, norms) stay float')
    args = parser.parse_args()

    model = onnx.load(args.source)
    graph = model.graph
    nodes, converted, kept = [], 0, 0
    for node in graph.node:
        value = next((a.t for a in node.attribute if a.name == 'value'), None) if node.op_type == 'Constant' else None
        if value is not None and value.data_type == onnx.TensorProto.FLOAT:
            array = numpy_helper.to_array(value)
            if array.size >= args.min_elements:
                nodes.extend(dequantize_nodes(node.output[0], array, node.output[0]))
                converted += array.size
                continue
            kept += array.size
        nodes.append(node)
    initializers = []
    for init in graph.initializer:
        array = numpy_helper.to_array(init)
        if init.data_type == onnx.TensorProto.FLOAT and array.size >= args.min_elements:
            nodes[:0] = dequantize_nodes(init.name, array, init.name)
            converted += array.size
        else:
            initializers.append(init)
            kept += array.size
    # Graph inputs that named the initializers (IR < 4 style) must go with them.
    moved = {i.name for i in graph.initializer} - {i.name for i in initializers}
    inputs = [i for i in graph.input if i.name not in moved]
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(initializers)
    del graph.input[:]
    graph.input.extend(inputs)
    onnx.checker.check_model(model)
    onnx.save(model, args.target)
    print(f'{args.source} -> {args.target}: {converted} weights as int8, {kept} kept as float')


if __name__ == '__main__':
    main()
