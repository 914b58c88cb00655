/**
 * Training and in-memory measurement of the local embedder's learned linear map (used by
 * eval/tune-embedder-map.ts and eval/tune-embedder-map-fusion.ts). Settings in `mapSettings`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalEmbedder } from '../src/embedder-local';
import { type BeirSet, loadBeirSet } from './eval-data';
import { documentsByBestClause, mean, mulberry32, ndcgAt, recallAt } from './eval-metrics';

/** Training settings (the shipped map's are the defaults). */
export const mapSettings = {
  epochs: 8,
  lambda: 0.01,
  learningRate: 0.002,
  scale: 20,
  hardCount: 100,
  randomCount: 50,
  contextWeight: 0.5,
  seed: 1,
};

export const D = 100;

export interface Prepared {
  set: BeirSet;
  unitDoc: Int32Array;
  docIds: string[];
  units: Float32Array; // N x D raw
  docs: Float32Array; // M x D raw
  queries: Float32Array; // Q x D raw
  docUnits: Map<number, number[]>;
  docIndex: Map<string, number>;
}

// The unmapped embedder: the map is learned on its output.
const embedder = createLocalEmbedder({ cacheDir: join(tmpdir(), 'cae-retrieval-tune'), linearMap: false });

export async function prepare(name: 'scifact' | 'negconstraint'): Promise<Prepared> {
  const set = await loadBeirSet(name, 'train');
  const texts: string[] = [];
  const unitDocList: number[] = [];
  const docIds = set.corpus.map((d) => d.id);
  const docIndex = new Map(docIds.map((id, index) => [id, index]));
  set.corpus.forEach((document, index) => {
    if (document.title) {
      texts.push(document.title);
      unitDocList.push(index);
    }
    for (const sentence of document.text.split(/(?<=[.!?])\s+(?=[A-Z0-9])/)) {
      texts.push(sentence);
      unitDocList.push(index);
    }
  });
  const flat = (vectors: Float32Array[]) => {
    const out = new Float32Array(vectors.length * D);
    vectors.forEach((v, i) => {
      out.set(v, i * D);
    });
    return out;
  };
  const units = flat(await embedder.embed(texts));
  const docs = flat(await embedder.embed(set.corpus.map((d) => `${d.title}. ${d.text}`)));
  const queries = flat(await embedder.embed(set.queries.map((q) => q.text)));
  const unitDoc = Int32Array.from(unitDocList);
  const docUnits = new Map<number, number[]>();
  unitDoc.forEach((doc, unit) => {
    const list = docUnits.get(doc);
    if (list) list.push(unit);
    else docUnits.set(doc, [unit]);
  });
  console.log(`${name} train: ${set.queries.length} queries, ${unitDoc.length} units, ${docIds.length} docs`);
  return { set, unitDoc, docIds, units, docs, queries, docUnits, docIndex };
}

/** Rows of `matrix` mapped by W (row-major, out = W x) and normalised. */
function mapRows(W: Float32Array | undefined, matrix: Float32Array): Float32Array {
  const rows = matrix.length / D;
  const out = new Float32Array(matrix.length);
  for (let r = 0; r < rows; r++) {
    const o = r * D;
    let sum = 0;
    for (let i = 0; i < D; i++) {
      let value = 0;
      if (W) {
        const wo = i * D;
        for (let j = 0; j < D; j++) value += W[wo + j]! * matrix[o + j]!;
      } else value = matrix[o + i]!;
      out[o + i] = value;
      sum += value * value;
    }
    const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    for (let i = 0; i < D; i++) out[o + i]! *= inv;
  }
  return out;
}

function searchMatrix(p: Prepared, W: Float32Array | undefined): Float32Array {
  const units = mapRows(W, p.units);
  const docs = mapRows(W, p.docs);
  const rows = units.length / D;
  for (let r = 0; r < rows; r++) {
    const o = r * D;
    const d = p.unitDoc[r]! * D;
    let sum = 0;
    for (let i = 0; i < D; i++) {
      units[o + i]! += mapSettings.contextWeight * docs[d + i]!;
      sum += units[o + i]! ** 2;
    }
    const inv = 1 / Math.sqrt(sum || 1);
    for (let i = 0; i < D; i++) units[o + i]! *= inv;
  }
  return units;
}

function topRows(matrix: Float32Array, q: Float32Array, qo: number, count: number): number[] {
  const rows = matrix.length / D;
  const scores = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    const o = r * D;
    for (let i = 0; i < D; i++) sum += matrix[o + i]! * q[qo + i]!;
    scores[r] = sum;
  }
  const order = [...scores.keys()].sort((a, b) => scores[b]! - scores[a]!);
  return order.slice(0, count);
}

export function evaluate(p: Prepared, W: Float32Array | undefined, queryIndexes: number[]) {
  const matrix = searchMatrix(p, W);
  const queries = mapRows(W, p.queries);
  const ndcg: number[] = [];
  const recall: number[] = [];
  for (const qi of queryIndexes) {
    const order = topRows(matrix, queries, qi * D, 2000);
    const documents = documentsByBestClause(order.map((row) => p.docIds[p.unitDoc[row]!]!));
    const relevant = p.set.qrels.get(p.set.queries[qi]!.id)!;
    ndcg.push(ndcgAt(documents, relevant, 10));
    recall.push(recallAt(documents, relevant, 100));
  }
  return { ndcg: mean(ndcg), recall: mean(recall), values: ndcg };
}

export interface Example {
  set: Prepared;
  query: number;
  positives: number[];
  hard: number[];
}

export function examplesOf(p: Prepared, queryIndexes: number[]): Example[] {
  const base = searchMatrix(p, undefined);
  return queryIndexes.map((qi) => {
    const relevant = p.set.qrels.get(p.set.queries[qi]!.id)!;
    const relevantDocs = new Set(
      [...relevant].filter(([, g]) => g > 0).map(([id]) => p.docIndex.get(id) ?? -1),
    );
    const positives = [...relevantDocs].flatMap((doc) => p.docUnits.get(doc) ?? []);
    const hard = topRows(base, p.queries, qi * D, mapSettings.hardCount * 4)
      .filter((row) => !relevantDocs.has(p.unitDoc[row]!))
      .slice(0, mapSettings.hardCount);
    return { set: p, query: qi, positives, hard };
  });
}

/** Trains W (identity start) with Adam on a softmax over positives + negatives (multi-positive). */
export function train(examples: Example[], random: () => number): Float32Array {
  const W = new Float32Array(D * D);
  for (let i = 0; i < D; i++) W[i * D + i] = 1;
  const m = new Float32Array(D * D);
  const v = new Float32Array(D * D);
  const grad = new Float32Array(D * D);
  let step = 0;
  const batch = 16;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const order = examples.map((_, i) => i);
  const z = new Float32Array(D);
  const forward = (x: Float32Array, xo: number, out: Float32Array, oo: number) => {
    let sum = 0;
    for (let i = 0; i < D; i++) {
      let value = 0;
      const wo = i * D;
      for (let j = 0; j < D; j++) value += W[wo + j]! * x[xo + j]!;
      z[i] = value;
      sum += value * value;
    }
    const norm = Math.sqrt(sum) || 1;
    for (let i = 0; i < D; i++) out[oo + i] = z[i]! / norm;
    return norm;
  };
  /** Adds to grad the gradient through n = Wx/|Wx| of upstream g (dL/dn). */
  const backward = (
    x: Float32Array,
    xo: number,
    n: Float32Array,
    no: number,
    norm: number,
    g: Float32Array,
  ) => {
    let dot = 0;
    for (let i = 0; i < D; i++) dot += g[i]! * n[no + i]!;
    for (let i = 0; i < D; i++) {
      const dz = (g[i]! - dot * n[no + i]!) / norm;
      if (dz === 0) continue;
      const wo = i * D;
      for (let j = 0; j < D; j++) grad[wo + j]! += dz * x[xo + j]!;
    }
  };
  let totalLoss = 0;
  for (let epoch = 0; epoch < mapSettings.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    totalLoss = 0;
    for (let start = 0; start < order.length; start += batch) {
      grad.fill(0);
      const slice = order.slice(start, start + batch);
      for (const index of slice) {
        const example = examples[index]!;
        const p = example.set;
        const positives = example.positives.length > 40 ? example.positives.slice(0, 40) : example.positives;
        if (positives.length === 0) continue;
        const negatives = [...example.hard];
        const relevantDocs = new Set(positives.map((u) => p.unitDoc[u]!));
        const totalUnits = p.unitDoc.length;
        for (let r = 0; r < mapSettings.randomCount; r++) {
          const unit = Math.floor(random() * totalUnits);
          if (!relevantDocs.has(p.unitDoc[unit]!)) negatives.push(unit);
        }
        const candidates = [...positives, ...negatives];
        const count = candidates.length;
        const nq = new Float32Array(D);
        const normQ = forward(p.queries, example.query * D, nq, 0);
        const nc = new Float32Array(count * D);
        const norms = new Float32Array(count);
        const logits = new Float64Array(count);
        for (let c = 0; c < count; c++) {
          norms[c] = forward(p.units, candidates[c]! * D, nc, c * D);
          let dot = 0;
          for (let i = 0; i < D; i++) dot += nq[i]! * nc[c * D + i]!;
          logits[c] = mapSettings.scale * dot;
        }
        let max = -Infinity;
        for (const l of logits) max = Math.max(max, l);
        let all = 0;
        let pos = 0;
        const e = new Float64Array(count);
        for (let c = 0; c < count; c++) {
          e[c] = Math.exp(logits[c]! - max);
          all += e[c]!;
          if (c < positives.length) pos += e[c]!;
        }
        totalLoss += -Math.log(pos / all);
        // dL/dlogit_c = p_c - (c positive ? e_c / pos : 0)
        const gq = new Float32Array(D);
        const gc = new Float32Array(D);
        for (let c = 0; c < count; c++) {
          const coefficient = e[c]! / all - (c < positives.length ? e[c]! / pos : 0);
          if (Math.abs(coefficient) < 1e-7) continue;
          const s = (mapSettings.scale * coefficient) / slice.length;
          for (let i = 0; i < D; i++) {
            gq[i]! += s * nc[c * D + i]!;
            gc[i] = s * nq[i]!;
          }
          backward(p.units, candidates[c]! * D, nc, c * D, norms[c]!, gc);
        }
        backward(p.queries, example.query * D, nq, 0, normQ, gq);
      }
      // L2 pull toward the identity.
      for (let i = 0; i < D; i++)
        for (let j = 0; j < D; j++)
          grad[i * D + j]! += mapSettings.lambda * (W[i * D + j]! - (i === j ? 1 : 0));
      step++;
      for (let k = 0; k < D * D; k++) {
        m[k] = beta1 * m[k]! + (1 - beta1) * grad[k]!;
        v[k] = beta2 * v[k]! + (1 - beta2) * grad[k]! ** 2;
        const mh = m[k]! / (1 - beta1 ** step);
        const vh = v[k]! / (1 - beta2 ** step);
        W[k]! -= (mapSettings.learningRate * mh) / (Math.sqrt(vh) + 1e-8);
      }
    }
    console.log(`  epoch ${epoch + 1} loss ${(totalLoss / order.length).toFixed(4)}`);
  }
  return W;
}

/** Fold of each query of each set: one seeded shuffle per set (in the order given), then round robin. */
export function foldsOf(prepared: readonly Prepared[], folds: number, seed: number): Int32Array[] {
  const random = mulberry32(seed);
  return prepared.map((p) => {
    const order = p.set.queries.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const fold = new Int32Array(order.length);
    order.forEach((query, position) => {
      fold[query] = position % folds;
    });
    return fold;
  });
}
