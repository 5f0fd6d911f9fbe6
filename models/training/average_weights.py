"""Averages the float weights of two exported ONNX models of the same graph ("model soup").

Two fine-tuning runs that start from the same weights stay in one basin of the loss, so their
average is a model too: it keeps much of what each run learned and often generalises better than
either (Wortsman et al., 2022, "Model soups"). Used for the Latin recognizer: the third, fourth
and fifth runs (each fine-tuned from the one before) averaged in equal shares, in two steps
(models/training/README.md).

    /usr/bin/python3 models/training/average_weights.py A.onnx B.onnx OUT.onnx [--weight 0.5]

OUT = (1 - weight) * A + weight * B for every float initializer; every other initializer must be
equal in both (the graphs must be the same). Float models only: quantize the result afterwards
(quantize_weights.py).
"""
import argparse
import sys

import onnx
from onnx import numpy_helper


def average(a, b, weight):
    theirs = {t.name: numpy_helper.to_array(t) for t in b.graph.initializer}
    if set(theirs) != {t.name for t in a.graph.initializer}:
        sys.exit("the models do not have the same initializers: not the same graph")
    averaged = 0
    for tensor in a.graph.initializer:
        mine = numpy_helper.to_array(tensor)
        other = theirs[tensor.name]
        if mine.shape != other.shape:
            sys.exit(f"{tensor.name}: shapes differ {mine.shape} vs {other.shape}")
        if mine.dtype.kind == "f":
            mixed = ((1 - weight) * mine + weight * other).astype(mine.dtype)
            tensor.CopyFrom(numpy_helper.from_array(mixed, tensor.name))
            averaged += 1
        elif not (mine == other).all():
            sys.exit(f"{tensor.name}: a non-float initializer differs (int8-stored weights? average the float exports)")
    return averaged


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("out")
    parser.add_argument("--weight", type=float, default=0.5, help="share of B (0..1)")
    args = parser.parse_args()
    if not 0 <= args.weight <= 1:
        sys.exit("--weight must be between 0 and 1")
    a = onnx.load(args.a)
    n = average(a, onnx.load(args.b), args.weight)
    onnx.save(a, args.out)
    print(f"{args.out}: {n} float tensors averaged ({1 - args.weight:g} A + {args.weight:g} B)")


if __name__ == "__main__":
    main()
