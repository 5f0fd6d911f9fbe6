"""BlazeFace (MediaPipe's back-camera face detector) as an ONNX model, from the TensorFlow.js graph
model that npm `@vladmandic/human` ships (models/blazeface.json + .bin, MIT; weights from MediaPipe,
Apache-2.0). The graph is re-declared node by node from the tfjs topology — no TensorFlow needed —
so the engine keeps a single runtime (ONNX Runtime). `test/engine/face-detector-parity.test.ts` runs
the original in TensorFlow.js and this file in ONNX Runtime on the same pixels and compares them.

Contract of the result (also in `../manifest.json`):
  input  `image`       float32 [1, 3, 256, 256], RGB, v / 127.5 - 1
  output `detections`  float32 [1, 896, 17]: per anchor the face logit, then the box centre offset
                        (x, y) and size (w, h) and six keypoints (x, y), in input pixels relative to
                        the anchor; anchors 0..511 on the 16 px grid (2 per cell), 512..895 on the
                        32 px grid (6 per cell), row-major, as MediaPipe's SSD anchors.

    apt-get install -y python3-onnx python3-numpy
    pnpm install   # provides test/node_modules/@vladmandic/human
    /usr/bin/python3 models/training/convert_blazeface.py --out models/weights/blazeface-back.onnx
"""
import argparse
import base64
import json
import math
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HUMAN_MODELS = os.path.join(os.path.dirname(__file__), '../../test/node_modules/@vladmandic/human/models')
INPUT_SIZE = 256


def read_tfjs(folder: str):
    with open(os.path.join(folder, 'blazeface.json')) as f:
        model = json.load(f)
    weights = {}
    for group in model['weightsManifest']:
        data = b''.join(open(os.path.join(folder, p), 'rb').read() for p in group['paths'])
        offset = 0
        for spec in group['weights']:
            dtype = {'float32': np.float32, 'int32': np.int32}[spec['dtype']]
            count = int(np.prod(spec['shape'])) if spec['shape'] else 1
            weights[short(spec['name'])] = np.frombuffer(data, dtype, count, offset).reshape(spec['shape'])
            offset += count * 4
    return model, weights


def short(name: str) -> str:
    """`StatefulPartitionedCall/functional_1/conv2d_3/BiasAdd` -> `conv2d_3/BiasAdd` (smaller file)."""
    return name.replace('StatefulPartitionedCall/functional_1/', '')


def shorten_names(node):
    return {**node, 'name': short(node['name']), 'input': [short(i) for i in node.get('input', [])]}


def attr_ints(node, key):
    return [int(i) for i in node['attr'][key]['list']['i']]


def attr_str(node, key):
    return base64.b64decode(node['attr'][key]['s']).decode()


def same_pads(size: int, kernel: int, stride: int):
    """TensorFlow's SAME padding: the odd pixel goes at the end."""
    out = math.ceil(size / stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


class Converter:
    def __init__(self, model, weights):
        self.weights = weights
        self.nodes = []
        self.initializers = []
        self.shapes = {}  # tfjs tensor name -> NCHW shape of its ONNX counterpart
        self.model = model

    def const(self, name, array):
        self.initializers.append(numpy_helper.from_array(array, name))
        return name

    def conv(self, node, depthwise: bool):
        x = node['input'][0]
        n, c, h, w = self.shapes[x]
        kernel = self.weights[node['input'][1]]  # HWIO, or HW(in)(multiplier) for depthwise
        kh, kw = kernel.shape[:2]
        sh, sw = attr_ints(node, 'strides')[1:3]
        if depthwise:
            assert kernel.shape[3] == 1, 'depth multiplier 1 only'
            onnx_kernel = kernel.transpose(2, 3, 0, 1)  # (in, 1, kh, kw)
            out_channels, group = c, c
        else:
            onnx_kernel = kernel.transpose(3, 2, 0, 1)  # (out, in, kh, kw)
            out_channels, group = kernel.shape[3], 1
        if attr_str(node, 'padding') == 'SAME':
            top, bottom = same_pads(h, kh, sh)
            left, right = same_pads(w, kw, sw)
        else:
            top = bottom = left = right = 0
        inputs = [x, self.const(node['name'] + '/W', np.ascontiguousarray(onnx_kernel, dtype=np.float32))]
        fused = [base64.b64decode(s).decode() for s in node['attr'].get('fused_ops', {}).get('list', {}).get('s', [])]
        if 'BiasAdd' in fused:
            inputs.append(self.const(node['name'] + '/B', self.weights[node['input'][2]].astype(np.float32)))
        relu = 'Relu' in fused
        conv_out = node['name'] + ('/conv' if relu else '')
        self.nodes.append(
            helper.make_node('Conv', inputs, [conv_out], kernel_shape=[kh, kw], strides=[sh, sw], pads=[top, left, bottom, right], group=group)
        )
        if relu:
            self.nodes.append(helper.make_node('Relu', [conv_out], [node['name']]))
        out_h = (h + top + bottom - kh) // sh + 1
        out_w = (w + left + right - kw) // sw + 1
        self.shapes[node['name']] = (n, out_channels, out_h, out_w)

    def convert(self):
        for node in self.model['modelTopology']['node']:
            node = shorten_names(node)
            op, name = node['op'], node['name']
            if op == 'Const':
                continue
            if op == 'Placeholder':
                self.shapes[name] = (1, 3, INPUT_SIZE, INPUT_SIZE)
                self.image = name
            elif op == '_FusedConv2D':
                self.conv(node, depthwise=False)
            elif op == 'DepthwiseConv2dNative':
                self.conv(node, depthwise=True)
            elif op in ('AddV2', 'Relu', 'Identity'):
                onnx_op = {'AddV2': 'Add', 'Relu': 'Relu', 'Identity': 'Identity'}[op]
                self.nodes.append(helper.make_node(onnx_op, node['input'], [name]))
                self.shapes[name] = self.shapes[node['input'][0]]
            elif op == 'MaxPool':
                n, c, h, w = self.shapes[node['input'][0]]
                kh, kw = attr_ints(node, 'ksize')[1:3]
                sh, sw = attr_ints(node, 'strides')[1:3]
                top = bottom = left = right = 0
                if attr_str(node, 'padding') == 'SAME':
                    top, bottom = same_pads(h, kh, sh)
                    left, right = same_pads(w, kw, sw)
                pads = [top, left, bottom, right]
                self.nodes.append(helper.make_node('MaxPool', [node['input'][0]], [name], kernel_shape=[kh, kw], strides=[sh, sw], pads=pads))
                self.shapes[name] = (n, c, (h + top + bottom - kh) // sh + 1, (w + left + right - kw) // sw + 1)
            elif op == 'Pad':
                nhwc = self.weights[node['input'][1]].astype(np.int64)  # [[n0,n1],[h0,h1],[w0,w1],[c0,c1]]
                nchw = nhwc[[0, 3, 1, 2]]
                pads = self.const(name + '/pads', np.concatenate([nchw[:, 0], nchw[:, 1]]))
                self.nodes.append(helper.make_node('Pad', [node['input'][0], pads], [name]))
                shape = self.shapes[node['input'][0]]
                self.shapes[name] = tuple(int(s + a + b) for s, (a, b) in zip(shape, nchw))
            elif op == 'Reshape':
                # tfjs reshapes an NHWC tensor: go back to NHWC so the flattening order matches.
                nhwc = name + '/nhwc'
                self.nodes.append(helper.make_node('Transpose', [node['input'][0]], [nhwc], perm=[0, 2, 3, 1]))
                shape = self.const(name + '/shape', self.weights[node['input'][1]].astype(np.int64))
                self.nodes.append(helper.make_node('Reshape', [nhwc, shape], [name]))
                self.shapes[name] = tuple(int(s) for s in self.weights[node['input'][1]])
            else:
                raise ValueError(f'unsupported op {op} ({name})')
        return self.finish()

    def finish(self):
        """Concatenates the four heads into one [1, 896, 17] tensor: (logit, 16 regressors) per anchor."""
        outputs = self.model['userDefinedMetadata']['signature']['outputs']
        by_shape = {}
        for key in outputs:
            name = short(key.split(':')[0])
            dims = tuple(int(d['size']) for d in outputs[key]['tensorShape']['dim'])
            by_shape[dims] = name
        head = lambda anchors, width: by_shape[(1, anchors, width)]
        self.nodes.append(helper.make_node('Concat', [head(512, 1), head(512, 16)], ['grid16'], axis=2))
        self.nodes.append(helper.make_node('Concat', [head(384, 1), head(384, 16)], ['grid32'], axis=2))
        self.nodes.append(helper.make_node('Concat', ['grid16', 'grid32'], ['detections'], axis=1))
        # The tfjs placeholder is NHWC; the ONNX input is NCHW like every other model of the engine.
        self.nodes = [helper.make_node('Identity', ['image'], [self.image])] + self.nodes
        graph = helper.make_graph(
            self.nodes,
            'blazeface-back',
            [helper.make_tensor_value_info('image', TensorProto.FLOAT, [1, 3, INPUT_SIZE, INPUT_SIZE])],
            [helper.make_tensor_value_info('detections', TensorProto.FLOAT, [1, 896, 17])],
            self.initializers,
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 13)], producer_name='idlens convert_blazeface.py')
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--human-models', default=HUMAN_MODELS, help='folder holding blazeface.json and blazeface.bin')
    parser.add_argument('--out', required=True)
    args = parser.parse_args()
    model, weights = read_tfjs(args.human_models)
    onnx.save(Converter(model, weights).convert(), args.out)
    print(f'wrote {args.out} ({os.path.getsize(args.out)} bytes)')


if __name__ == '__main__':
    main()
