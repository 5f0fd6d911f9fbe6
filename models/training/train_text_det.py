"""Distils PP-OCRv4's text detector into a network about 3x faster (`weights/text-det.onnx`).

The teacher is the float PP-OCRv4 mobile detector the engine shipped before; its per-pixel text
probabilities on generated pages (`dump_text_det_data.mts`) are the targets. Knowledge
distillation, not training from labels: the student learns the teacher's maps, including where the
engine's box extraction (threshold 0.3, unclip) expects text to end, so the engine's post-processing
is unchanged. No corpus photo is used.

The student is a DB-style segmenter: a stride-2 stem, four stages of depthwise-separable
convolutions (strides 4..32), a top-down feature pyramid summed at stride 4, and a head that
upsamples x4 to one sigmoid map the size of the input. Depthwise convolutions are what make it
cheap in onnxruntime-web's wasm backend (measured: 198 ms against PP-OCRv4's 627 ms on 1x3x736x1024,
one thread; docs/documents.md).

Loss: binary cross-entropy on the teacher's map (text pixels, teacher > 0.3, weighted x3, since a
missed stroke splits a line while a faint halo costs nothing) plus a soft dice term. Crops are taken
at a random scale (0.7-1.4x) so that the student sees text sizes the pages alone do not have. Half
the crops are degraded (blur, noise, low light, low contrast) while the target stays the teacher's
map of the clean crop: the student learns to find text where a photo is worse than the teacher
could cope with, instead of copying the teacher's misses.

    apt-get install -y python3-torch python3-onnx python3-numpy
    /usr/bin/python3 models/training/train_text_det.py --data DIR --steps 5000 --out PREFIX [--init CKPT.pt]
"""
import argparse
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MEAN = np.array([0.485, 0.456, 0.406], np.float32)
STD = np.array([0.229, 0.224, 0.225], np.float32)
CHANNELS, FPN = [16, 32, 64, 128, 192], 64


def conv_bn_relu(ci, co, k=3, stride=1, groups=1):
    return nn.Sequential(nn.Conv2d(ci, co, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(co), nn.ReLU(inplace=True))


def separable(ci, co, stride):
    return nn.Sequential(conv_bn_relu(ci, ci, 3, stride, ci), conv_bn_relu(ci, co, 1))


class TextDetector(nn.Module):
    def __init__(self, chans=CHANNELS, fpn=FPN):
        super().__init__()
        self.stem = conv_bn_relu(3, chans[0], 3, 2)
        stages, ci = [], chans[0]
        for co in chans[1:]:
            stages.append(nn.Sequential(separable(ci, co, 2), separable(co, co, 1)))
            ci = co
        self.stages = nn.ModuleList(stages)
        self.lateral = nn.ModuleList([nn.Conv2d(c, fpn, 1) for c in chans[1:]])
        self.head = nn.Sequential(
            conv_bn_relu(fpn, fpn // 2),
            nn.ConvTranspose2d(fpn // 2, fpn // 4, 2, 2), nn.ReLU(),
            nn.ConvTranspose2d(fpn // 4, 1, 2, 2), nn.Sigmoid())

    def forward(self, x):
        x = self.stem(x)
        features = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        y = self.lateral[-1](features[-1])
        for i in range(len(features) - 2, -1, -1):
            y = F.interpolate(y, scale_factor=2, mode='nearest') + self.lateral[i](features[i])
        return self.head(y)  # features[0] is at stride 4; the head upsamples x4


class Pages:
    """Dumped pages: `<id>.rgb` (H x W x 3 uint8), `<id>.map` (teacher probability x255), `<id>.json` {W, H}."""

    def __init__(self, folder):
        self.folder = folder
        ids = sorted(int(f.split('.')[0]) for f in os.listdir(folder) if f.endswith('.json'))
        self.held_out = [i for i in ids if i % 10 == 9]
        self.train = [i for i in ids if i % 10 != 9]
        self.cache = {}

    def load(self, i):
        if i not in self.cache:  # uint8 in memory (~4 MB a page); normalised per crop
            size = json.load(open(f'{self.folder}/{i}.json'))
            w, h = size['W'], size['H']
            rgb = np.fromfile(f'{self.folder}/{i}.rgb', np.uint8).reshape(h, w, 3)
            teacher = np.fromfile(f'{self.folder}/{i}.map', np.uint8).reshape(h, w)
            self.cache[i] = (rgb, teacher)
        return self.cache[i]


def to_input(rgb):
    """The engine's detector input: BGR, ImageNet mean/std, CHW."""
    bgr = rgb[..., ::-1].astype(np.float32) / 255
    return ((bgr - MEAN) / STD).transpose(2, 0, 1).copy()


def normalise(rgb01):
    """`to_input` for a (1, 3, H, W) RGB tensor in 0..1."""
    bgr = rgb01.flip(1)
    return (bgr - torch.from_numpy(MEAN)[None, :, None, None]) / torch.from_numpy(STD)[None, :, None, None]


def degrade(x, rng):
    """A worse photo of the same crop: out of focus, noisy, dark or flat (0..1 RGB in, 0..1 out)."""
    if rng.random() < 0.5:
        sigma = rng.uniform(0.6, 2.5)
        radius = int(math.ceil(3 * sigma))
        taps = torch.exp(-torch.arange(-radius, radius + 1, dtype=torch.float32) ** 2 / (2 * sigma * sigma))
        taps = (taps / taps.sum()).repeat(3, 1, 1, 1)
        x = F.conv2d(F.pad(x, (radius, radius, 0, 0), mode='replicate'), taps.view(3, 1, 1, -1), groups=3)
        x = F.conv2d(F.pad(x, (0, 0, radius, radius), mode='replicate'), taps.view(3, 1, -1, 1), groups=3)
    if rng.random() < 0.5:
        contrast, light = rng.uniform(0.4, 1.0), rng.uniform(0.3, 1.1)
        x = ((x - 0.5) * contrast + 0.5) * light
    if rng.random() < 0.5:
        x = x + torch.randn_like(x) * rng.uniform(0.01, 0.06)
    return x.clamp(0, 1)


def batch(pages, rng, n, crop, weights=None, zoom_out=1.4, turns=0.0):
    """`n` crops of `crop` px cut at 0.7 to `zoom_out` times that size (smaller or larger text than
    on the page) and, with probability `turns`, turned by a quarter, half or three-quarter turn
    (image and target alike: cards photographed sideways have vertical text)."""
    xs, ms = [], []
    for _ in range(n):
        rgb, teacher = pages.load(rng.choices(pages.train, weights)[0] if weights is not None else rng.choice(pages.train))
        h, w = teacher.shape
        side = min(int(crop * rng.uniform(0.7, zoom_out)), h, w)
        y0, x0 = rng.randint(0, h - side), rng.randint(0, w - side)
        x = torch.from_numpy(rgb[y0:y0 + side, x0:x0 + side].astype(np.float32) / 255).permute(2, 0, 1)[None]
        m = torch.from_numpy(teacher[y0:y0 + side, x0:x0 + side].astype(np.float32) / 255)[None, None]
        if side != crop:
            x = F.interpolate(x, size=(crop, crop), mode='bilinear', align_corners=False)
            m = F.interpolate(m, size=(crop, crop), mode='bilinear', align_corners=False)
        if rng.random() < turns:
            k = rng.randint(1, 3)
            x, m = torch.rot90(x, k, (2, 3)), torch.rot90(m, k, (2, 3))
        if rng.random() < 0.5:
            x = degrade(x, rng)
        xs.append(normalise(x))
        ms.append(m.clamp(0, 1))  # bilinear rounding may leave 1 + 1e-7
    return torch.cat(xs), torch.cat(ms)


def loss_of(p, m, text_weight):
    weight = 1 + (text_weight - 1) * (m > 0.3).float()
    bce = F.binary_cross_entropy(p, m, weight=weight)
    dice = 1 - (2 * (p * m).sum() + 1) / (p.sum() + m.sum() + 1)
    return bce + dice


def overlaps(model, pages, ids):
    """Per whole page: intersection and union of the text regions (p > 0.3) of student and teacher."""
    model.eval()
    inter, union = [], []
    with torch.no_grad():
        for i in ids:
            rgb, teacher = pages.load(i)
            p = model(torch.from_numpy(to_input(rgb))[None])[0, 0].numpy()
            a, b = p > 0.3, teacher > 76
            inter.append((a & b).sum())
            union.append((a | b).sum())
    model.train()
    return np.array(inter), np.array(union)


def held_out_iou(model, pages):
    """The text regions' IoU of student and teacher pooled over the held-out pages."""
    inter, union = overlaps(model, pages, pages.held_out)
    return inter.sum() / max(union.sum(), 1)


def export(model, path):
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 3, 736, 1024), path, input_names=['x'], output_names=['text_probability'],
                      opset_version=13, dynamic_axes={'x': {2: 'h', 3: 'w'}, 'text_probability': {2: 'h', 3: 'w'}})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True, help='folder written by test/support/dump-text-det-data.ts')
    ap.add_argument('--out', required=True, help='output prefix: PREFIX.pt and PREFIX.onnx')
    ap.add_argument('--steps', type=int, default=5000)
    ap.add_argument('--lr', type=float, default=2e-3, help='Adam, cosine decay to 1%% of it over --steps')
    ap.add_argument('--batch', type=int, default=8)
    ap.add_argument('--crop', type=int, default=384)
    ap.add_argument('--text-weight', type=float, default=3.0)
    ap.add_argument('--zoom-out', type=float, default=1.4, help='crops cut at 0.7 to this many times --crop, then resized to it')
    ap.add_argument('--turns', type=float, default=0.0, help='share of crops turned by a multiple of 90 degrees')
    ap.add_argument('--init', help='a .pt state dict to continue from')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--hard-pages', type=float, default=0,
                    help='with --init: draw training pages in proportion to 1 + K x (1 - the initial student\'s IoU with the teacher on them)')
    args = ap.parse_args()

    torch.set_num_threads(2)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    pages = Pages(args.data)
    model = TextDetector()
    if args.init:
        model.load_state_dict(torch.load(args.init))
    print(f'{len(pages.train)} training pages, {len(pages.held_out)} held out; {sum(p.numel() for p in model.parameters())} parameters', flush=True)
    weights = None
    if args.init and args.hard_pages:
        inter, union = overlaps(model, pages, pages.train)
        ious = inter / np.maximum(union, 1)
        weights = 1 + args.hard_pages * (1 - ious)
        print(f'training pages by IoU: median {np.median(ious):.3f}, lowest {ious.min():.3f}; weights up to {weights.max():.1f}', flush=True)
    opt = torch.optim.Adam(model.parameters(), args.lr)
    schedule = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.01 + 0.99 * 0.5 * (1 + math.cos(math.pi * min(s, args.steps) / args.steps)))
    t0 = time.time()
    for step in range(1, args.steps + 1):
        x, m = batch(pages, rng, args.batch, args.crop, weights, args.zoom_out, args.turns)
        loss = loss_of(model(x), m, args.text_weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        schedule.step()
        if step % 100 == 0:
            print(step, f'{time.time() - t0:.0f}s', f'loss {loss.item():.3f}', f'lr {schedule.get_last_lr()[0]:.2e}', flush=True)
        if step % 1000 == 0:
            torch.save(model.state_dict(), f'{args.out}.pt')
            print('held-out IoU', f'{held_out_iou(model, pages):.3f}', flush=True)
    torch.save(model.state_dict(), f'{args.out}.pt')
    print('final held-out IoU', f'{held_out_iou(model, pages):.3f}', f'{time.time() - t0:.0f}s', flush=True)
    export(model, f'{args.out}.onnx')


if __name__ == '__main__':
    main()
