"""Trains the MRZ line recognizer (OCR-B, 37 symbols, CTC) on synthetic lines and exports it to
ONNX with the contract the engine expects:

  input  `image`  float32 [N, 1, 32, W]  W a multiple of 4; grey, (v/255 - 0.5) / 0.5, white = +1
  output `logits` float32 [N, W/4, 38]   class 0 = CTC blank, 1..37 = "<0-9A-Z" in that order

Fully convolutional (no recurrence): the same weights read a 6-character window in training and a
44-character line in use, and every runtime (onnxruntime-node, onnxruntime-web) computes it the same.

Reproduce: apt-get install python3-torch python3-pil python3-numpy fonts-ocr-b
           python3 models/training/train_mrz_rec.py --steps 6000 --out models/weights/mrz-rec.onnx
"""
import argparse
import math
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from mrz_render import HEIGHT, Renderer
from mrz_text import CHARSET

NUM_CLASSES = len(CHARSET) + 1


def conv(cin, cout, k=3, pad=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=pad, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class MrzRecognizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv(1, 16), nn.MaxPool2d(2),                 # 16 x W/2
            conv(16, 32), nn.MaxPool2d(2),                # 8 x W/4
            conv(32, 64), conv(64, 64), nn.MaxPool2d((2, 1)),   # 4 x W/4
            conv(64, 96), nn.MaxPool2d((2, 1)),           # 2 x W/4
            conv(96, 128, k=(2, 1), pad=0),               # 1 x W/4
        )
        self.sequence = nn.Sequential(
            nn.Conv1d(128, 128, 5, padding=2, bias=False), nn.BatchNorm1d(128), nn.ReLU(inplace=True),
            nn.Conv1d(128, 128, 5, padding=2, bias=False), nn.BatchNorm1d(128), nn.ReLU(inplace=True),
            nn.Conv1d(128, NUM_CLASSES, 1),
        )

    def forward(self, image):
        x = self.features(image).squeeze(2)        # N, C, T
        return self.sequence(x).permute(0, 2, 1)   # N, T, classes


def encode(text):
    return [CHARSET.index(ch) + 1 for ch in text]


def make_batch(renderer, size, window=True, texts=None):
    samples = [renderer.sample(text=texts[i] if texts else None, window=window) for i in range(size)]
    width = max(int(math.ceil(a.shape[1] / 4)) * 4 for a, _ in samples)
    batch = np.full((size, 1, HEIGHT, width), 255, np.float32)
    for i, (a, _) in enumerate(samples):
        batch[i, 0, :, : a.shape[1]] = a
    batch = (batch / 255.0 - 0.5) / 0.5
    labels = [encode(t) for _, t in samples]
    return torch.from_numpy(batch), labels, [t for _, t in samples]


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


def evaluate(model, batches):
    model.eval()
    errors = chars = lines_ok = lines = 0
    with torch.no_grad():
        for images, _, texts in batches:
            for pred, truth in zip(greedy_decode(model(images)), texts):
                errors += edit_distance(pred, truth)
                chars += len(truth)
                lines_ok += pred == truth
                lines += 1
    model.train()
    return errors / max(1, chars), lines_ok / max(1, lines)


def export(model, path):
    model.eval()
    dummy = torch.zeros(1, 1, HEIGHT, 128)
    torch.onnx.export(
        model, dummy, path, input_names=["image"], output_names=["logits"], opset_version=13,
        dynamic_axes={"image": {0: "batch", 3: "width"}, "logits": {0: "batch", 1: "steps"}},
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--out", default="models/weights/mrz-rec.onnx")
    parser.add_argument("--checkpoint", default="/tmp/mrz-rec.pt")
    parser.add_argument("--resume", action="store_true", help="start from --checkpoint (fine-tuning runs)")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    torch.set_num_threads(args.threads)
    model = MrzRecognizer()
    if args.resume:
        model.load_state_dict(torch.load(args.checkpoint))
    print(f"parameters: {sum(p.numel() for p in model.parameters()):,}")
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    train = Renderer(args.seed)
    # Held-out set: whole lines (as the engine reads them), from a renderer seeded apart from training.
    held_out_renderer = Renderer(args.seed + 1)
    held_out = [make_batch(held_out_renderer, 32, window=False) for _ in range(8)]

    started = time.time()
    for step in range(1, args.steps + 1):
        images, labels, _ = make_batch(train, args.batch)
        logits = model(images)  # N, T, C
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
        if step % 100 == 0 or step == args.steps:
            msg = f"step {step} loss {loss.item():.4f} lr {schedule.get_last_lr()[0]:.5f} {time.time() - started:.0f}s"
            if step % 500 == 0 or step == args.steps:
                cer, line_acc = evaluate(model, held_out)
                msg += f" held-out CER {cer:.4f} line accuracy {line_acc:.3f}"
                torch.save(model.state_dict(), args.checkpoint)
            print(msg, flush=True)
    export(model, args.out)
    cer, line_acc = evaluate(model, held_out)
    print(f"final held-out CER {cer:.4f} line accuracy {line_acc:.3f}; exported {args.out}")


if __name__ == "__main__":
    main()
