"""Trains only the printed-field assigner's reading model (is a rightly placed value read exactly?)
again, on candidate tables of pages read by another Latin reader, keeping the model's placing trees
and all its thresholds. The reading model learns the reader's confidences, so a new reader moves its
scores; choose the thresholds for the result with
test/support/procedural/calibrate-field-assigner.ts (its `--keep-assign` keeps the placing ones).

Usage (Debian 12: apt-get install -y python3-sklearn):
  /usr/bin/python3 models/training/train_reading_model.py --train a.csv b.csv \\
      --model packages/sdk/src/engine/document/visual/field-assigner-model.ts --out /tmp/model.ts
"""
import argparse
import json

from train_field_assigner import MODEL_PREFIX, load, new_model, trees_of


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--train', nargs='+', required=True, help='candidate tables (candidate-table.ts)')
    ap.add_argument('--model', required=True, help='the field-assigner-model.ts to start from')
    ap.add_argument('--out', required=True)
    ap.add_argument('--trees', type=int, default=400)
    ap.add_argument('--leaves', type=int, default=31)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    X, meta, names = load(a.train)
    head, body = open(a.model).read().split(MODEL_PREFIX, 1)
    model = json.loads(body.rstrip().rstrip(';'))
    if model['features'][:len(names)] != names:
        raise SystemExit('the tables were made with other features than the model was trained on')
    placed = meta['near'] == 1
    print(f'{X.shape[0]} candidates, {placed.sum()} rightly placed, {meta["exact"][placed].mean():.3f} of those exact')
    read = new_model(a).fit(X[placed], meta['exact'][placed])
    model['read'] = {**trees_of(read), 'thresholds': model['read']['thresholds']}
    lines = head.split('\n')
    lines[0] += f' Reading model trained again on {len(set(meta["doc"]))} documents (train_reading_model.py).'
    with open(a.out, 'w') as out:
        out.write('\n'.join(lines) + MODEL_PREFIX + json.dumps(model, separators=(',', ':')) + ';\n')
    print('wrote', a.out)


if __name__ == '__main__':
    main()
