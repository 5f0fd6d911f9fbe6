"""Trains the printed-field assigner: gradient-boosted trees that score each candidate (a span of a
printed line read as one field's value, packages/sdk/src/engine/document/visual/field-candidates.ts)
by how likely its value is exactly that field's printed value: a first look at each candidate
alone, then a second look that also weighs what the first says of the page's other candidates
(the field's best elsewhere, rivals for the same span: packages/sdk/src/engine/document/visual/
candidate-context.ts), and a reading model (is the value read exactly?).

Data: candidate tables (test/support/procedural/candidate-table.ts) of procedurally generated
documents only (test/support/procedural/procedural-document.ts) — layouts drawn at random, never the
corpus templates, which stay the test set (`pnpm eval printed`).

  --train    tables of the training documents
  --calibrate tables of other generated documents: the acceptance threshold of each field is chosen
             on them, the lowest score at which accepted values are wrong at most --max-wrong of the time
             (after the engine's decoding: best candidates first, one value per field, one field per span)
  --out      the TypeScript module the engine imports (field-assigner-model.ts)

Usage (Debian 12: apt-get install -y python3-sklearn):
  /usr/bin/python3 models/training/train_field_assigner.py --train a.csv b.csv --calibrate c.csv \\
      --out packages/sdk/src/engine/document/visual/field-assigner-model.ts
"""
import argparse
import functools
import csv
import json

import numpy as np

print = functools.partial(print, flush=True)  # progress shows while it trains
from sklearn.ensemble import HistGradientBoostingClassifier

META = ['doc', 'layout', 'family', 'field', 'exact', 'near', 'line', 'start', 'end']
# The second look's inputs after the candidate's own features: as candidate-context.ts computes them
# in the engine (same names, same order, same definitions).
CONTEXT = ['aloneScore', 'rankInField', 'bestOtherOfField', 'marginInField', 'bestRivalOnSpan', 'marginOnSpan',
           'likelyOfField', 'rivalHomeMargin']

# What precedes the model's JSON in the exported module (train_reading_model.py splits on it).
MODEL_PREFIX = 'export const fieldAssignerModel: FieldAssignerModel = '


def load(paths, doc_offset=0):
    rows, names = [], None
    offset = doc_offset
    for path in paths:
        with open(path, newline='') as f:
            reader = csv.reader(f)
            header = next(reader)
            names = header[len(META):]
            last = 0
            for r in reader:
                doc = int(r[0]) + offset
                last = max(last, int(r[0]))
                rows.append((doc, r[1], r[2], r[3], int(r[4]), int(r[5]), int(r[6]), int(r[7]), int(r[8]), [float(v) for v in r[len(META):]]))
            offset += last + 1
    X = np.array([r[9] for r in rows], dtype=np.float32)
    meta = {
        'doc': np.array([r[0] for r in rows]),
        'layout': [r[1] for r in rows],
        'family': [r[2] for r in rows],
        'field': np.array([r[3] for r in rows]),
        'exact': np.array([r[4] for r in rows]),
        'near': np.array([r[5] for r in rows]),
        'line': np.array([r[6] for r in rows]),
        'start': np.array([r[7] for r in rows]),
        'end': np.array([r[8] for r in rows]),
    }
    return X, meta, names


def context(meta, alone):
    """candidate-context.ts's features of every candidate, per document, from the first look's scores."""
    out = np.zeros((len(alone), len(CONTEXT)), dtype=np.float64)
    doc = meta['doc']
    order = np.argsort(doc, kind='stable')
    for idx in np.split(order, np.flatnonzero(np.diff(doc[order])) + 1):
        f, ln, st, en, s = meta['field'][idx], meta['line'][idx], meta['start'][idx], meta['end'][idx], alone[idx]
        same = f[:, None] == f[None, :]
        overlap = (ln[:, None] == ln[None, :]) & (st[:, None] < en[None, :]) & (st[None, :] < en[:, None])
        rival = overlap & ~same
        S = np.broadcast_to(s[None, :], (len(idx), len(idx)))
        best_other = np.where(same & ~np.eye(len(idx), dtype=bool), S, 0).max(1)
        best_rival = np.where(rival, S, 0).max(1)
        out[idx, 0] = s
        out[idx, 1] = (same & (S > s[:, None])).sum(1)
        out[idx, 2] = best_other
        out[idx, 3] = s - best_other
        out[idx, 4] = best_rival
        out[idx, 5] = s - best_rival
        out[idx, 6] = (same & (S > 0.5)).sum(1)
        out[idx, 7] = np.where(rival, (s - best_other)[None, :], -1).max(1)
    return out


def decode(meta, p, thresholds):
    """The engine's decoding: per document, best first; a field once; no two values overlapping on a line."""
    accepted = []
    order = np.lexsort((-p, meta['doc']))
    by_doc = {}
    for i in order:
        by_doc.setdefault(meta['doc'][i], []).append(i)
    for doc, idx in by_doc.items():
        filled, used = set(), []
        for i in idx:
            f = meta['field'][i]
            if f in filled or p[i] < thresholds.get(f, 1.0):
                continue
            span = (meta['line'][i], meta['start'][i], meta['end'][i])
            if any(u[0] == span[0] and u[1] < span[2] and span[1] < u[2] for u in used):
                continue
            filled.add(f)
            used.append(span)
            accepted.append(i)
    return np.array(accepted, dtype=int)


def truth_counts(meta):
    """Per field, the documents whose page prints it (some candidate of it is exactly right, or nearly)."""
    have = {}
    for d, f, n in zip(meta['doc'], meta['field'], meta['near']):
        if n:
            have.setdefault(f, set()).add(d)
    return {f: len(s) for f, s in have.items()}


def lowest_safe_score(scores, bad, max_bad, floor):
    """The lowest score down to which the share of bad ones among those at or above it stays within max_bad."""
    order = np.argsort(-scores)
    rate = np.cumsum(bad[order]) / np.arange(1, len(order) + 1)
    ok = np.nonzero(rate <= max_bad)[0]
    return float(round(max(floor, scores[order[ok[-1]]]), 4)) if len(ok) else 0.999


def choose_assign_thresholds(meta, p, fields, max_wrong, floor=0.2):
    """Per field, the lowest assignment score at which the values decoding accepts are another
    field's text (not even nearly this field's value) at most max_wrong of the time. Decoding once
    with a low threshold gives each field's winner per document; a higher threshold of one field only
    drops its winners (the span a dropped winner frees is rarely another field's), so each field's
    threshold is read off its winners' scores."""
    acc = decode(meta, p, {f: floor for f in fields})
    out = {}
    for f in fields:
        mine = acc[meta['field'][acc] == f]
        out[f] = lowest_safe_score(p[mine], 1 - meta['near'][mine], max_wrong, floor)
    return out


def choose_read_thresholds(meta, p_assign, p_read, assign_thresholds, fields, max_wrong, floor=0.05):
    """Per field, the lowest reading score at which accepted values of the right span are misread at
    most max_wrong of the time; values under it are returned marked uncertain."""
    acc = decode(meta, p_assign, assign_thresholds)
    out = {}
    for f in fields:
        mine = acc[(meta['field'][acc] == f) & (meta['near'][acc] == 1)]
        out[f] = lowest_safe_score(p_read[mine], 1 - meta['exact'][mine], max_wrong, floor)
    return out


def report(name, meta, p_assign, p_read, thresholds, fields):
    """Per field as the evaluation counts it: exact and certain, uncertain (returned, marked in doubt),
    wrong (certain and not exactly the printed value), missing."""
    acc = decode(meta, p_assign, thresholds['assign'])
    have = truth_counts(meta)
    print(f'\n{name}: field, printed, exact, uncertain, wrong, missing')
    total = np.zeros(4, dtype=int)
    for f in fields:
        mine = acc[meta['field'][acc] == f]
        certain = mine[p_read[mine] >= thresholds['read'][f]]
        exact = int(meta['exact'][certain].sum())
        wrong = len(certain) - exact
        uncertain = len(mine) - len(certain)
        printed = have.get(f, 0)
        row = np.array([printed, exact, uncertain, wrong])
        total += row
        print(f'  {f:26s} {printed:5d} {exact:5d} {uncertain:5d} {wrong:4d} {max(0, printed - exact - uncertain):5d}')
    printed, exact, uncertain, wrong = (int(v) for v in total)
    print(f'  {"all":26s} {printed:5d} {exact:5d} {uncertain:5d} {wrong:4d}   exact {exact / max(1, printed):.3f} '
          f'uncertain {uncertain / max(1, printed):.3f} wrong {wrong / max(1, printed):.4f}')


def new_model(a):
    return HistGradientBoostingClassifier(max_iter=a.trees, max_leaf_nodes=a.leaves, learning_rate=0.1, l2_regularization=1.0,
                                          min_samples_leaf=40, early_stopping=False, random_state=a.seed)


def trees_of(model):
    """The trees as parallel arrays; scikit-learn's leaf values already carry the learning rate."""
    trees = []
    for [predictor] in model._predictors:
        n = predictor.nodes
        leaf = n['is_leaf'].astype(bool)
        trees.append({
            'f': [-2 if leaf[i] else int(n['feature_idx'][i]) for i in range(len(n))],
            't': [0 if leaf[i] else round(float(n['num_threshold'][i]), 5) for i in range(len(n))],
            'l': [-1 if leaf[i] else int(n['left'][i]) for i in range(len(n))],
            'r': [-1 if leaf[i] else int(n['right'][i]) for i in range(len(n))],
            'v': [round(float(n['value'][i]), 5) if leaf[i] else 0 for i in range(len(n))],
        })
    return {'base': round(float(np.ravel(model._baseline_prediction)[0]), 6), 'trees': trees}


def export(models, names, thresholds, path, note):
    body = {'features': names + CONTEXT,
            'assignAlone': {**trees_of(models['alone']), 'thresholds': {}},
            'assign': {**trees_of(models['assign']), 'thresholds': thresholds['assign']},
            'read': {**trees_of(models['read']), 'thresholds': thresholds['read']}}
    with open(path, 'w') as f:
        f.write('// Generated by models/training/train_field_assigner.py; do not edit. ' + note + '\n')
        f.write('import type { FieldAssignerModel } from \'./field-assigner.ts\';\n\n')
        f.write(MODEL_PREFIX + json.dumps(body, separators=(',', ':')) + ';\n')


def fit_two(a, X, meta, rows):
    """The assignment model on every candidate (is this span this field's value?) and the reading
    model on the right spans only (is the value read exactly?)."""
    assign = new_model(a).fit(X[rows], meta['near'][rows])
    right = rows & (meta['near'] == 1)
    read = new_model(a).fit(X[right], meta['exact'][right])
    return assign, read


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--train', nargs='+', required=True)
    ap.add_argument('--calibrate', nargs='+', required=True)
    ap.add_argument('--out')
    ap.add_argument('--trees', type=int, default=300)
    ap.add_argument('--leaves', type=int, default=15)
    ap.add_argument('--folds', type=int, default=3)
    ap.add_argument('--max-wrong', type=float, default=0.005)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()

    X, meta, names = load(a.train)
    Xc, metac, _ = load(a.calibrate)
    fields = sorted(set(meta['field']))
    print(f'train: {X.shape[0]} candidates of {len(set(meta["doc"]))} documents; calibrate: {Xc.shape[0]} of {len(set(metac["doc"]))}')
    # Scores of the training documents from models that did not see them (folds by document), so
    # that thresholds are chosen on many documents, all of them unseen by the model that scored them.
    docs = np.array(sorted(set(meta['doc'])))
    rng = np.random.default_rng(a.seed)
    fold_of = dict(zip(docs, rng.integers(0, a.folds, len(docs))))
    folds = np.array([fold_of[d] for d in meta['doc']])
    oof_assign, oof_read = np.zeros(len(X)), np.zeros(len(X))
    for k in range(a.folds):
        assign, read = fit_two(a, X, meta, folds != k)
        oof_assign[folds == k] = assign.predict_proba(X[folds == k])[:, 1]
        oof_read[folds == k] = read.predict_proba(X[folds == k])[:, 1]
    alone, read = fit_two(a, X, meta, np.ones(len(X), dtype=bool))
    # The second look learns from the first look's out-of-fold scores: scores of documents the first
    # look saw would be surer than any it gives a new page.
    second = new_model(a).fit(np.hstack([X, context(meta, oof_assign)]), meta['near'])
    pc_alone = alone.predict_proba(Xc)[:, 1]
    pc_assign = second.predict_proba(np.hstack([Xc, context(metac, pc_alone)]))[:, 1]
    pc_read = read.predict_proba(Xc)[:, 1]
    # Thresholds on the calibration documents only: the second look has no out-of-fold scores of
    # the training documents (calibrate-field-assigner.ts chooses the engine's thresholds anyway).
    thresholds = {'assign': choose_assign_thresholds(metac, pc_assign, fields, a.max_wrong)}
    thresholds['read'] = choose_read_thresholds(metac, pc_assign, pc_read, thresholds['assign'], fields, a.max_wrong)
    print('thresholds', thresholds)
    alone_thresholds = {'assign': choose_assign_thresholds(meta, oof_assign, fields, a.max_wrong)}
    alone_thresholds['read'] = choose_read_thresholds(meta, oof_assign, oof_read, alone_thresholds['assign'], fields, a.max_wrong)
    report('training documents, first look alone, scored out of fold', meta, oof_assign, oof_read, alone_thresholds, fields)
    report('calibration documents, second look', metac, pc_assign, pc_read, thresholds, fields)
    if a.out:
        export({'alone': alone, 'assign': second, 'read': read}, names, thresholds, a.out,
               f'Three models of {a.trees} trees of {a.leaves} leaves (first look, second look, reading), '
               f'trained on {len(docs)} generated documents.')

if __name__ == '__main__':
    main()
