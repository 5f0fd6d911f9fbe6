"""Trains idlens's Latin line recognizer (digits, Latin letters with the accents of the EU, Nordic,
Baltic and Turkish alphabets, punctuation; CTC) on synthetic lines and exports it to ONNX with the
contract of the MRZ recognizer:

  input  `image`  float32 [N, 1, 32, W]  W a multiple of 4, padded right with white; grey levels
                                          stretched per line (2nd percentile -> 0, 98th -> 255),
                                          then (v/255 - 0.5) / 0.5
  output `logits` float32 [N, W/4, C+1]   class 0 = CTC blank, k = CHARSET[k-1] (latin_text.CHARSET)

Convolutional: a VGG-like backbone to one row at a quarter of the width, then dilated 1-D
convolutions along the line (a receptive field of about two glyphs each side), so the same weights
read a word or a 40-symbol line and every runtime (onnxruntime-node, onnxruntime-web's wasm) computes
it alike. No recurrence: no LSTM weights for quantize_weights.py to flatten across gates.

Training lines are rendered ahead into uint8 shards (one background process, niced), so the
training process (one thread) only trains. Held-out evaluation uses font families never trained on
(latin_render.HELD_OUT). Checkpoints every --checkpoint-every steps; --resume continues a run,
--export-only --resume exports any checkpoint.

    apt-get install -y python3-torch python3-pil python3-numpy python3-onnx python3-fonttools <the fonts in latin_render.py>
    /usr/bin/python3 models/training/train_latin_rec.py --steps 9000 --out models/weights/latin-rec.onnx
"""
import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
import unicodedata

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from latin_render import EVAL_STYLES, HEIGHT, HELD_OUT, Renderer, add_augmentation_flags, augmentation_rates, model_input  # noqa: E402
from latin_text import CHARSET  # noqa: E402

NUM_CLASSES = len(CHARSET) + 1
INDEX = {ch: i + 1 for i, ch in enumerate(CHARSET)}
MAX_WIDTH = 800  # training lines wider than this (at 32 px high) are rendered again


def conv(cin, cout, k=3, pad=1, folded=False):
    # folded: BatchNorm already folded into the convolution's bias, as in an exported model.
    norm = nn.Identity() if folded else nn.BatchNorm2d(cout)
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=pad, bias=folded), norm, nn.ReLU(inplace=True))


class Residual1d(nn.Module):
    def __init__(self, channels, dilation, folded=False):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation, bias=folded)
        self.norm = nn.Identity() if folded else nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + F.relu(self.norm(self.conv(x)))


class LatinRecognizer(nn.Module):
    """folded=True: the same network without BatchNorm layers (their scale and shift live in the
    convolutions' weights and biases) — what an exported model holds, so training can start from one."""

    def __init__(self, width=1.0, folded=False):
        super().__init__()
        c = [int(round(v * width)) for v in (32, 64, 128, 160, 256)]
        f = folded
        self.features = nn.Sequential(
            conv(1, c[0], folded=f), nn.MaxPool2d(2),                       # 16 x W/2
            conv(c[0], c[1], folded=f), nn.MaxPool2d(2),                    # 8 x W/4
            conv(c[1], c[2], folded=f), conv(c[2], c[2], folded=f), nn.MaxPool2d((2, 1)),   # 4 x W/4
            conv(c[2], c[3], folded=f), conv(c[3], c[3], folded=f), nn.MaxPool2d((2, 1)),   # 2 x W/4
            conv(c[3], c[4], k=(2, 1), pad=0, folded=f),                    # 1 x W/4
        )
        self.sequence = nn.Sequential(*(Residual1d(c[4], d, folded=f) for d in (1, 2, 4, 1)))
        self.head = nn.Conv1d(c[4], NUM_CLASSES, 1)

    def forward(self, image):
        x = self.features(image).squeeze(2)        # N, C, T
        return self.head(self.sequence(x)).permute(0, 2, 1)   # N, T, classes


def is_folded(model):
    return not any(isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)) for m in model.modules())


def load_onnx_weights(model, path):
    """Loads the convolutions of an exported recognizer (float, or int8-stored by quantize_weights.py:
    Cast + Mul by a per-channel scale) into a folded model, in graph order."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(path).graph
    values = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    for node in graph.node:
        if node.op_type == "Constant":
            values[node.output[0]] = numpy_helper.to_array(next(a.t for a in node.attribute if a.name == "value"))
        elif node.op_type == "Cast" and node.input[0] in values:
            values[node.output[0]] = values[node.input[0]].astype(np.float32)
        elif node.op_type == "Mul" and all(i in values for i in node.input):
            values[node.output[0]] = values[node.input[0]] * values[node.input[1]]
    convs = [n for n in graph.node if n.op_type == "Conv"]
    layers = [m for m in model.modules() if isinstance(m, (nn.Conv1d, nn.Conv2d))]
    if len(convs) != len(layers):
        raise SystemExit(f"{path}: {len(convs)} convolutions, the model has {len(layers)}")
    with torch.no_grad():
        for node, layer in zip(convs, layers):
            weight, bias = values[node.input[1]], values[node.input[2]]
            if tuple(weight.shape) != tuple(layer.weight.shape):
                raise SystemExit(f"{path}: weight {weight.shape} where the model has {tuple(layer.weight.shape)}")
            layer.weight.copy_(torch.from_numpy(np.array(weight, np.float32)))
            layer.bias.copy_(torch.from_numpy(np.array(bias, np.float32)))


def encode(text):
    return [INDEX[ch] for ch in text]


# ---- data ------------------------------------------------------------------------------------
def shard_path(data_dir, k):
    return os.path.join(data_dir, f"shard-{k:04d}.npz")


def render_shard(data_dir, k, size, seed, augment):
    """Shard k: `size` training lines (training font families only) as one uint8 strip 32 px high
    (lines side by side), their widths and texts. Written atomically. `augment`: the Renderer's
    augmentation rates (latin_render.AUGMENTATIONS)."""
    path = shard_path(data_dir, k)
    if os.path.exists(path):
        return
    renderer = Renderer(seed * 1000 + k, split="train", **augment)
    images, widths, texts = [], [], []
    while len(texts) < size:
        crop, text, _ = renderer.sample()
        line = model_input(crop)
        if line.shape[1] > MAX_WIDTH:
            continue
        images.append(np.round(line).astype(np.uint8))
        widths.append(line.shape[1])
        texts.append(text)
    tmp = path + ".tmp.npz"
    np.savez(tmp, strip=np.concatenate(images, axis=1), widths=np.array(widths, np.int32), texts=np.array(texts))
    os.replace(tmp, path)


def load_shard(data_dir, k, wait=True):
    path = shard_path(data_dir, k)
    while not os.path.exists(path):
        if not wait:
            raise FileNotFoundError(path)
        time.sleep(2)
    with np.load(path) as z:
        strip, widths, texts = z["strip"], z["widths"], [str(t) for t in z["texts"]]
    offsets = np.concatenate([[0], np.cumsum(widths)])
    return [(strip[:, offsets[i]:offsets[i + 1]], texts[i]) for i in range(len(texts))]


def load_document_lines(prefixes, style="document"):
    """Line crops cut from generated documents by test/support/procedural/dump-document-lines.ts: each
    PREFIX.tsv row (width, truth, what the shipped reader read) names the next 32 x width grey levels
    of PREFIX.bin. Lines wider than MAX_WIDTH or holding symbols outside CHARSET are left out.
    Returns (levels, truth, style) triples."""
    lines = []
    for prefix in prefixes:
        raw = np.fromfile(prefix + ".bin", np.uint8)
        offset = 0
        with open(prefix + ".tsv", encoding="utf-8") as rows:
            for row in rows:
                width, truth = row.rstrip("\n").split("\t")[:2]
                size = HEIGHT * int(width)
                if offset + size > raw.size:
                    break
                levels = raw[offset:offset + size].reshape(HEIGHT, int(width))
                offset += size
                if int(width) <= MAX_WIDTH and truth and all(ch in INDEX for ch in truth):
                    lines.append((levels, truth, style))
    return lines


def mrz_lines(count, seed, whole=False):
    """OCR-B machine-readable-zone lines as a phone camera sees them (mrz_render.py): cut to windows of
    5 symbols up to the whole line, or `whole`. The Latin reader is the zone's second reader
    (packages/sdk/src/engine/mrz/mrz-stages/zone-readers.ts) and reads whole zone lines, whose filler
    runs (`<<<<<<<<`) neither its rendered lines nor the document lines show: without them it read a
    run of 19 as two. Returns (levels, truth, "mrz") triples no wider than MAX_WIDTH unless `whole`."""
    from mrz_render import Renderer as MrzRenderer

    renderer = MrzRenderer(seed)
    lines = []
    while len(lines) < count:
        levels, text = renderer.sample(window=not whole, window_lengths=(5, 44))
        if text and (whole or levels.shape[1] <= MAX_WIDTH):
            lines.append((levels, text, "mrz"))
    return lines


class SampleStream:
    """Batches of in-memory samples, cut anew in width-sorted shuffled batches on every pass."""

    def __init__(self, samples, batch, seed):
        self.samples, self.batch, self.seed = samples, batch, seed
        self.pass_index, self.queue = 0, []

    def __iter__(self):
        return self

    def __next__(self):
        while not self.queue:
            self.queue = batches_of(self.samples, self.batch, random.Random(self.seed * 104729 + self.pass_index))
            self.pass_index += 1
        return self.queue.pop(0)


def batches_of(samples, batch, rng):
    """Batches of similar width (less padding), in random order."""
    order = sorted(range(len(samples)), key=lambda i: (samples[i][0].shape[1], rng.random()))
    groups = [order[i:i + batch] for i in range(0, len(order) - batch + 1, batch)]
    rng.shuffle(groups)
    return [[samples[i] for i in g] for g in groups]


def to_tensor(samples):
    width = max(int(math.ceil(a.shape[1] / 4)) * 4 for a, _ in samples)
    batch = np.full((len(samples), 1, HEIGHT, width), 255, np.float32)
    for i, (a, _) in enumerate(samples):
        batch[i, 0, :, : a.shape[1]] = a
    return torch.from_numpy((batch / 255.0 - 0.5) / 0.5)


class ShardStream:
    """Training batches in a fixed order: shard k = 0, 1, … (cycling over --shards), each cut into
    width-sorted batches shuffled by a seeded generator. `skip` batches are passed over on resume."""

    def __init__(self, data_dir, shards, batch, seed, skip=0):
        self.data_dir, self.shards, self.batch, self.seed = data_dir, shards, batch, seed
        self.pass_index, self.queue, self.skip = 0, [], skip

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            while not self.queue:
                k = self.pass_index % self.shards
                rng = random.Random(self.seed * 7919 + self.pass_index)
                self.queue = batches_of(load_shard(self.data_dir, k), self.batch, rng)
                self.pass_index += 1
            b = self.queue.pop(0)
            if not self.skip:
                return b
            # Iterative, not recursive: a resume may skip thousands of batches.
            self.skip -= 1


# ---- evaluation ------------------------------------------------------------------------------
def greedy_decode(logits):
    best = logits.argmax(-1).tolist()
    texts = []
    for row in best:
        out, prev = [], 0
        for k in row:
            if k != prev and k != 0:
                out.append(CHARSET[k - 1])
            prev = k
        texts.append("".join(out))
    return texts


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


FOLD = str.maketrans({"Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "ð": "d", "Þ": "T", "þ": "t", "ı": "i", "Æ": "A",
                      "æ": "a", "Œ": "O", "œ": "o", "ß": "s"})


def fold(text):
    """Without accents (for 'right but for accents')."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.translate(FOLD)) if not unicodedata.combining(ch))


def held_out_set(seed, per_style, split="heldout", **rates):
    """Lines of the held-out (or training) typefaces, per_style of each EVAL_STYLES; `rates`: Renderer
    keywords for a check set drawn as some augmentation draws its lines (compare_latin_weights.py)."""
    renderer = Renderer(seed, split=split, **rates)
    lines = []
    for style in EVAL_STYLES:
        n = 0
        while n < per_style:
            crop, text, _ = renderer.sample(style=style)
            if text:
                lines.append((model_input(crop), text, style))
                n += 1
    return lines


def evaluate(model, lines, batch=32):
    model.eval()
    stats = {}
    order = sorted(range(len(lines)), key=lambda i: lines[i][0].shape[1])
    with torch.no_grad():
        for s in range(0, len(order), batch):
            chunk = [lines[i] for i in order[s:s + batch]]
            preds = greedy_decode(model(to_tensor([(a, t) for a, t, _ in chunk])))
            for pred, (_, truth, style) in zip(preds, chunk):
                for key in (style, "all"):
                    st = stats.setdefault(key, [0, 0, 0, 0, 0])
                    st[0] += edit_distance(pred, truth)
                    st[1] += len(truth)
                    st[2] += pred == truth
                    st[3] += fold(pred) == fold(truth)
                    st[4] += 1
    model.train()
    return {k: {"cer": e / max(1, c), "line": ok / n, "folded": f / n, "lines": n} for k, (e, c, ok, f, n) in stats.items()}


def describe(result):
    return " | ".join(f"{k} CER {v['cer']:.4f} line {v['line']:.3f} (folded {v['folded']:.3f})" for k, v in result.items())


# ---- export ----------------------------------------------------------------------------------
def manifest_entry(path):
    return {
        "name": "latin-rec", "kind": "onnx", "task": "text-recognition", "file": os.path.basename(path),
        "input": {"name": "image", "shape": ["N", 1, 32, "W"], "channels": "GRAY", "height": 32, "widthMultipleOf": 4, "padValue": 1,
                  "stretchContrast": True},
        "normalisation": {"scale": 1 / 255, "mean": [0.5], "std": [0.5]},
        "output": {"name": "logits", "shape": ["N", "W/4", NUM_CLASSES], "meaning": "CTC logits (pre-softmax), class 0 = blank"},
        "charset": {"symbols": CHARSET, "blank": 0},
        "source": "trained by models/training/train_latin_rec.py on synthetic lines (Debian font packages)", "licence": "Apache-2.0",
    }


def export(model, path):
    model.eval()
    dummy = torch.zeros(1, 1, HEIGHT, 128)
    torch.onnx.export(
        model, dummy, path, input_names=["image"], output_names=["logits"], opset_version=13,
        dynamic_axes={"image": {0: "batch", 3: "width"}, "logits": {0: "batch", 1: "steps"}},
    )
    try:  # the charset travels inside the file too
        import onnx
        m = onnx.load(path)
        entry = m.metadata_props.add()
        entry.key, entry.value = "charset", CHARSET
        onnx.save(m, path)
    except ImportError:
        pass
    print("manifest entry (add sha256 and bytes):")
    print(json.dumps(manifest_entry(path), ensure_ascii=False))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=9000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--width", type=float, default=1.0, help="channel multiplier of the model")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--out", default="models/weights/latin-rec.onnx")
    parser.add_argument("--workdir", default="/tmp/latin-rec", help="checkpoint, shards")
    parser.add_argument("--checkpoint", default=None, help="default: WORKDIR/ckpt.pt")
    parser.add_argument("--checkpoint-every", type=int, default=500)
    parser.add_argument("--shards", type=int, default=64, help="training shards (cycled over)")
    parser.add_argument("--shard-size", type=int, default=4096)
    parser.add_argument("--render-workers", type=int, default=1, help="background processes rendering shards")
    parser.add_argument("--eval-per-style", type=int, default=128)
    parser.add_argument("--document-lines", nargs="*", default=[],
                        help="PREFIX of line crops cut from generated documents (dump-document-lines.ts), trained on beside the rendered lines")
    parser.add_argument("--document-rate", type=float, default=0.3, help="share of batches drawn from --document-lines")
    parser.add_argument("--document-accent-copies", type=int, default=1, help="times each --document-lines line with an accented letter is drawn")
    parser.add_argument("--document-check", nargs="*", default=[], help="PREFIX of document line crops reported at each checkpoint (never trained on)")
    add_augmentation_flags(parser)
    parser.add_argument("--mrz-rate", type=float, default=0.0, help="share of batches of OCR-B zone lines (mrz_lines)")
    parser.add_argument("--mrz-lines", type=int, default=4096, help="zone lines rendered at start for --mrz-rate")
    parser.add_argument("--mrz-check", type=int, default=0, help="whole zone lines (never trained on) reported at each checkpoint")
    parser.add_argument("--resume", action="store_true", help="continue from --checkpoint")
    parser.add_argument("--init-onnx", default=None, help="start from an exported model's weights (float or int8-stored), fine-tuned without BatchNorm")
    parser.add_argument("--export-only", action="store_true", help="with --resume: export the checkpoint to --out and stop")
    parser.add_argument("--time-steps", type=int, default=0, help="measure seconds per step over this many steps and stop")
    args = parser.parse_args()
    checkpoint = args.checkpoint or os.path.join(args.workdir, "ckpt.pt")
    data_dir = os.path.join(args.workdir, "shards")
    os.makedirs(data_dir, exist_ok=True)

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed % 2**32)
    torch.set_num_threads(args.threads)
    model = LatinRecognizer(args.width, folded=bool(args.init_onnx))
    if args.init_onnx:
        load_onnx_weights(model, args.init_onnx)
        print(f"starting from the weights of {args.init_onnx}")
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.lr, total_steps=args.steps, pct_start=0.06)
    start = 0
    if args.resume:
        state = torch.load(checkpoint, map_location="cpu")
        model = LatinRecognizer(state.get("width", args.width), folded=state.get("folded", False))
        model.load_state_dict(state["model"])
        if args.export_only:
            export(model, args.out)
            print(f"exported step {state['step']} of {checkpoint} to {args.out}")
            return
        optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
        schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.lr, total_steps=args.steps, pct_start=0.06)
        if state.get("steps") == args.steps:
            optimizer.load_state_dict(state["optimizer"])
            schedule.load_state_dict(state["schedule"])
            start = state["step"]
        else:
            print(f"fine-tuning from step {state['step']} of a {state.get('steps')}-step run with a fresh {args.steps}-step schedule")
    params = sum(p.numel() for p in model.parameters())
    print(f"parameters: {params:,}; classes {NUM_CLASSES}; held-out families: {', '.join(HELD_OUT)}", flush=True)

    # Shards are rendered ahead by background processes; training waits for a shard only when it
    # runs ahead of them.
    renderers = []
    needed = min(args.shards, int(math.ceil(args.steps * args.batch / args.shard_size)) + 1)
    for w in range(args.render_workers):
        ks = list(range(w, needed, args.render_workers))
        p = multiprocessing.Process(target=_render_list, args=(data_dir, ks, args.shard_size, args.seed, 10, augmentation_rates(args)), daemon=True)
        p.start()
        renderers.append(p)

    held_out = held_out_set(args.seed + 1, args.eval_per_style)
    seen_fonts = held_out_set(args.seed + 2, args.eval_per_style // 4, split="train")
    document_check = load_document_lines(args.document_check)
    # Lines with accented letters drawn --document-accent-copies times as often: a lost accent
    # (ANTÓNIO read ANTONIO) is a wrong name, and lines holding one are a minority of the dump.
    documents = [(a, t) for a, t, _ in load_document_lines(args.document_lines)
                 for _ in range(args.document_accent_copies if any(ord(ch) > 127 for ch in t) else 1)]
    document_stream = SampleStream(documents, args.batch, args.seed) if documents else None
    document_draw = random.Random(args.seed * 31 + start)
    if documents:
        print(f"document lines: {len(documents)} trained on at {args.document_rate:.0%} of batches; {len(document_check)} checked", flush=True)
    if document_check:
        print(f"  document lines before training: {describe(evaluate(model, document_check))}", flush=True)
    mrz_stream = SampleStream([(a, t) for a, t, _ in mrz_lines(args.mrz_lines, args.seed * 13 + 5)], args.batch, args.seed) if args.mrz_rate > 0 else None
    mrz_check = mrz_lines(args.mrz_check, args.seed + 3, whole=True) if args.mrz_check else []
    if mrz_stream:
        print(f"zone lines: {args.mrz_lines} trained on at {args.mrz_rate:.0%} of batches", flush=True)
    if mrz_check:
        print(f"  whole zone lines before training: {describe(evaluate(model, mrz_check))}", flush=True)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    stream = ShardStream(data_dir, args.shards, args.batch, args.seed, skip=start)
    started, losses = time.time(), []
    model.train()
    for step in range(start + 1, args.steps + 1):
        # One draw picks the batch's source, so a run without zone lines draws as it did before them.
        draw = document_draw.random()
        if document_stream and draw < args.document_rate:
            samples = next(document_stream)
        elif mrz_stream and draw < (args.document_rate if document_stream else 0) + args.mrz_rate:
            samples = next(mrz_stream)
        else:
            samples = next(stream)
        images = to_tensor(samples)
        labels = [encode(t) for _, t in samples]
        logits = model(images)
        log_probs = F.log_softmax(logits, -1).permute(1, 0, 2)  # T, N, C
        targets = torch.tensor([k for label in labels for k in label], dtype=torch.long)
        input_lengths = torch.full((len(labels),), log_probs.shape[0], dtype=torch.long)
        target_lengths = torch.tensor([len(label) for label in labels], dtype=torch.long)
        loss = ctc(log_probs, targets, input_lengths, target_lengths)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        optimizer.step()
        schedule.step()
        losses.append(loss.item())
        if args.time_steps and step - start == args.time_steps:
            print(f"{(time.time() - started) / args.time_steps:.3f} s/step (batch {args.batch}, mean width {np.mean([a.shape[1] for a, _ in samples]):.0f})")
            return
        if step % 100 == 0 or step == args.steps:
            msg = f"step {step} loss {np.mean(losses[-100:]):.4f} lr {schedule.get_last_lr()[0]:.5f} {time.time() - started:.0f}s"
            if step % args.checkpoint_every == 0 or step == args.steps:
                msg += f"\n  held-out fonts: {describe(evaluate(model, held_out))}"
                msg += f"\n  training fonts: {describe({'all': evaluate(model, seen_fonts)['all']})}"
                if document_check:
                    msg += f"\n  document lines: {describe(evaluate(model, document_check))}"
                if mrz_check:
                    msg += f"\n  whole zone lines: {describe(evaluate(model, mrz_check))}"
                state = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "schedule": schedule.state_dict(),
                         "step": step, "steps": args.steps, "width": args.width, "folded": is_folded(model), "seed": args.seed, "charset": CHARSET}
                torch.save(state, checkpoint + ".tmp")
                os.replace(checkpoint + ".tmp", checkpoint)
            print(msg, flush=True)
    export(model, args.out)
    print(f"final held-out: {describe(evaluate(model, held_out))}; exported {args.out}", flush=True)


def _render_list(data_dir, ks, size, seed, nice, augment):
    os.nice(nice)
    torch.set_num_threads(1)
    for k in ks:
        render_shard(data_dir, k, size, seed, augment)


if __name__ == "__main__":
    main()
