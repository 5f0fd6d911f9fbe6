"""Reads the held-out typefaces' lines and document check lines with each Latin recognizer given.

    /usr/bin/python3 models/training/compare_latin_weights.py A.onnx [B.onnx ...] --check /tmp/lines8/check /tmp/lines8/checkr [--mrz-check 300] [--look-alike-check 100] [--small-check 100]

For each model (float or int8-stored, as --init-onnx takes them): greedy CTC on the held-out
typefaces' lines (seed 20261126, 128 a style: the lines train_latin_rec.py reports) and, per check
PREFIX (dump-document-lines.ts), on its values and its labels apart — a line is a label when it holds
a lower-case letter or ends in a colon (values are printed in capitals and digits); with
--mrz-check N, on N whole OCR-B zone lines (train_latin_rec.mrz_lines, never trained on); with
--look-alike-check N and --small-check N, on N held-out typeface lines a style that are codes mixing
look-alike letters and digits, or photographed 7-12 px high (the Renderer's look_alike_rate and
small_rate at 1). The eighth
run's table in models/training/README.md is this script's output (the earlier runs' tables were
measured before it, with other columns).
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_latin_rec import LatinRecognizer, describe, evaluate, held_out_set, load_document_lines, load_onnx_weights, mrz_lines  # noqa: E402


def is_label(truth):
    return any(ch.islower() for ch in truth) or truth.endswith(":")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="+")
    parser.add_argument("--check", nargs="*", default=[], help="PREFIX of document line crops (dump-document-lines.ts)")
    parser.add_argument("--seed", type=int, default=20261125, help="the training seed: held-out lines are drawn from seed + 1")
    parser.add_argument("--mrz-check", type=int, default=0, help="this many whole OCR-B zone lines (train_latin_rec.py's --mrz-check set)")
    parser.add_argument("--look-alike-check", type=int, default=0,
                        help="this many held-out typeface lines a style that are codes mixing look-alike letters and digits (look_alike_code)")
    parser.add_argument("--small-check", type=int, default=0, help="this many held-out typeface lines a style photographed 7-12 px high")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    held_out = held_out_set(args.seed + 1, 128)
    checks = {os.path.basename(prefix): load_document_lines([prefix]) for prefix in args.check}
    # Line sets drawn for one question each, read whole.
    drawn = {}
    if args.look_alike_check:
        drawn["look-alike codes (held-out typefaces)"] = held_out_set(args.seed + 4, args.look_alike_check, look_alike_rate=1.0)
    if args.small_check:
        drawn["small print (held-out typefaces)"] = held_out_set(args.seed + 5, args.small_check, small_rate=1.0)
    if args.mrz_check:
        drawn["whole zone lines"] = mrz_lines(args.mrz_check, args.seed + 3, whole=True)
    for path in args.models:
        model = LatinRecognizer(1.0, folded=True)
        load_onnx_weights(model, path)
        print(path)
        print("  held-out typefaces: " + describe({"all": evaluate(model, held_out)["all"]}))
        for name, lines in checks.items():
            for part, chosen in (("values", [x for x in lines if not is_label(x[1])]), ("labels", [x for x in lines if is_label(x[1])])):
                if chosen:
                    print(f"  {name} {part} ({len(chosen)} lines): " + describe({"all": evaluate(model, chosen)["all"]}))
        for name, lines in drawn.items():
            print(f"  {name}, {len(lines)} lines: " + describe({"all": evaluate(model, lines)["all"]}))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
