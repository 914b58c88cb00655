/**
 * Keyword ranking experiments in process over a dump of an eval store (dump-postings.ts): BM25 with
 * document context and title as the store ranks it, and variants (parameters, RM3, Bo1).
 * Run: pnpm --filter @cae/retrieval exec tsx eval/tune-keyword.ts FILE [split]
 */
import { readFileSync } from 'node:fs';
import { mean, ndcgAt } from './eval-metrics';

interface Dump {
  clauses: { id: string; d: string; s: number; c: number }[];
  stats: { n: number; avgdl: number; documents: number; document_avgdl: number };
  termStats: { term: string; df: number; ddf: number }[];
  clausePostings: Record<string, string>;
  documentPostings: Record<string, string>;
  queries: Record<string, { id: string; terms: string[]; qrels: [string, number][] }[]>;
}

export interface Term {
  df: number;
  ddf: number;
  cf: number;
  clauses: Int32Array;
  cfreq: Int32Array;
  clen: Int32Array;
  docs: Int32Array;
  dfreq: Int32Array;
  dlen: Int32Array;
}

export function loadDump(file: string) {
  const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
  const clauseIndex = new Map<string, number>();
  const docIndex = new Map<string, number>();
  const docIds: string[] = [];
  const clauseDoc = new Int32Array(dump.clauses.length);
  const isTitle = new Uint8Array(dump.clauses.length);
  dump.clauses.forEach((clause, at) => {
    clauseIndex.set(clause.id, at);
    let d = docIndex.get(clause.d);
    if (d === undefined) {
      d = docIds.length;
      docIds.push(clause.d);
      docIndex.set(clause.d, d);
    }
    clauseDoc[at] = d;
    if (Number(clause.s) === 0 && Number(clause.c) < 8) isTitle[at] = 1;
  });
  const terms = new Map<string, Term>();
  const docLength = new Int32Array(docIds.length);
  // Forward index of documents: term names and frequencies.
  const forward: { term: string; f: number }[][] = docIds.map(() => []);
  for (const { term, df, ddf } of dump.termStats) {
    const cp = (dump.clausePostings[term] ?? '').split(' ').filter(Boolean);
    const dp = (dump.documentPostings[term] ?? '').split(' ').filter(Boolean);
    const nc = cp.length / 3;
    const nd = dp.length / 3;
    const t: Term = {
      df: Number(df),
      ddf: Number(ddf),
      cf: 0,
      clauses: new Int32Array(nc),
      cfreq: new Int32Array(nc),
      clen: new Int32Array(nc),
      docs: new Int32Array(nd),
      dfreq: new Int32Array(nd),
      dlen: new Int32Array(nd),
    };
    for (let i = 0; i < nc; i++) {
      t.clauses[i] = clauseIndex.get(cp[3 * i]!) ?? -1;
      t.cfreq[i] = Number(cp[3 * i + 1]);
      t.clen[i] = Number(cp[3 * i + 2]);
    }
    for (let i = 0; i < nd; i++) {
      const d = docIndex.get(dp[3 * i]!) ?? -1;
      t.docs[i] = d;
      t.dfreq[i] = Number(dp[3 * i + 1]);
      t.dlen[i] = Number(dp[3 * i + 2]);
      t.cf += t.dfreq[i]!;
      if (d >= 0) {
        docLength[d] = t.dlen[i]!;
        forward[d]!.push({ term, f: t.dfreq[i]! });
      }
    }
    terms.set(term, t);
  }
  let collectionLength = 0;
  for (const length of docLength) collectionLength += length;
  return { dump, terms, clauseDoc, isTitle, docIds, forward, docLength, collectionLength, stats: dump.stats };
}
export type Index = ReturnType<typeof loadDump>;

export interface Params {
  k1: number;
  b: number;
  /** Document-level k1 and b (default: the clause ones). */
  dk1?: number;
  db?: number;
  dw: number;
  tw: number;
  cap: number;
  titleDocs?: number;
  /** Expansion. */
  rm3?: { docs: number; terms: number; weight: number; idfPower: number };
  bo1?: { docs: number; terms: number; weight: number };
}

/** Document ranking (best clause), as the store's BM25 with document context and title. */
export function rank(
  index: Index,
  queryTerms: string[],
  p: Params,
): { docs: number[]; scores: Float64Array } {
  let weights = new Map<string, number>(queryTerms.map((term) => [term, 1]));
  if (p.rm3 && p.rm3.terms > 0 && p.rm3.weight > 0) weights = rm3(index, weights, p);
  if (p.bo1 && p.bo1.terms > 0 && p.bo1.weight > 0) weights = bo1(index, weights, p);
  return scoreWith(index, weights, p);
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

function documentScores(index: Index, weights: Map<string, number>, p: Params, cap: number) {
  const { stats } = index;
  const k1 = p.dk1 ?? p.k1;
  const b = p.db ?? p.b;
  const scores = new Map<number, number>();
  for (const [term, qweight] of weights) {
    const t = index.terms.get(term);
    if (!t || t.ddf <= 0) continue;
    const w = qweight * idf(stats.documents, t.ddf) * (k1 + 1);
    const end = Math.min(cap, t.docs.length);
    for (let i = 0; i < end; i++) {
      const f = t.dfreq[i]!;
      const d = t.docs[i]!;
      scores.set(
        d,
        (scores.get(d) ?? 0) + (w * f) / (f + k1 * (1 - b) + ((k1 * b) / stats.document_avgdl) * t.dlen[i]!),
      );
    }
  }
  return scores;
}

function scoreWith(index: Index, weights: Map<string, number>, p: Params) {
  const { stats } = index;
  const cap = p.cap;
  const clauseBest = new Map<number, number>();
  const clauseScores = new Map<number, number>();
  const base = p.k1 * (1 - p.b);
  const perLength = (p.k1 * p.b) / stats.avgdl;
  for (const [term, qweight] of weights) {
    const t = index.terms.get(term);
    if (!t || t.df <= 0) continue;
    const w = qweight * idf(stats.n, t.df) * (p.k1 + 1);
    const end = Math.min(cap, t.clauses.length);
    for (let i = 0; i < end; i++) {
      const at = t.clauses[i]!;
      if (at < 0) continue;
      const f = t.cfreq[i]!;
      clauseScores.set(at, (clauseScores.get(at) ?? 0) + (w * f) / (f + base + perLength * t.clen[i]!));
    }
  }
  const docScores = p.dw > 0 ? documentScores(index, weights, p, cap) : new Map<number, number>();
  if (p.dw > 0 && p.tw > 0) {
    const top = [...docScores.entries()]
      .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
      .slice(0, p.titleDocs ?? 100);
    const topSet = new Set(top.map(([d]) => d));
    const titleScores = new Map<number, number>();
    for (const [term, qweight] of weights) {
      const t = index.terms.get(term);
      if (!t || t.df <= 0) continue;
      const w = qweight * idf(stats.n, t.df) * (p.k1 + 1);
      for (let i = 0; i < t.clauses.length; i++) {
        const at = t.clauses[i]!;
        if (at < 0 || !index.isTitle[at]) continue;
        const d = index.clauseDoc[at]!;
        if (!topSet.has(d)) continue;
        const f = t.cfreq[i]!;
        titleScores.set(d, (titleScores.get(d) ?? 0) + (w * f) / (f + base + perLength * t.clen[i]!));
      }
    }
    for (const [d, s] of titleScores) docScores.set(d, docScores.get(d)! + (p.tw / p.dw) * s);
  }
  for (const [at, s] of clauseScores) {
    const d = index.clauseDoc[at]!;
    const total = s + p.dw * (docScores.get(d) ?? 0);
    if (total > (clauseBest.get(d) ?? Number.NEGATIVE_INFINITY)) clauseBest.set(d, total);
  }
  const docs = [...clauseBest.entries()]
    .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
    .map(([d]) => d);
  const scores = new Float64Array(0);
  return { docs, scores, best: clauseBest };
}

function rm3(index: Index, weights: Map<string, number>, p: Params) {
  const { stats } = index;
  const e = p.rm3!;
  const first = [...documentScores(index, weights, p, p.cap).entries()]
    .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
    .slice(0, e.docs);
  const mass = new Map<string, number>();
  for (const [d, score] of first) {
    const length = Math.max(index.docLength[d]!, 1);
    for (const { term, f } of index.forward[d]!) mass.set(term, (mass.get(term) ?? 0) + (score * f) / length);
  }
  const weighted = [...mass.entries()]
    .map(([term, m]) => [term, m * idf(stats.documents, index.terms.get(term)!.ddf) ** e.idfPower] as const)
    .filter(([, m]) => m > 0)
    .sort((l, r) => r[1] - l[1] || (l[0] < r[0] ? -1 : 1))
    .slice(0, e.terms);
  const total = weighted.reduce((sum, [, m]) => sum + m, 0);
  const out = new Map(weights);
  for (const [term, m] of weighted)
    out.set(term, (out.get(term) ?? 0) + (e.weight * weights.size * m) / total);
  return out;
}

function bo1(index: Index, weights: Map<string, number>, p: Params) {
  const e = p.bo1!;
  const first = scoreWith(index, weights, { ...p, bo1: undefined }).docs.slice(0, e.docs);
  const tfx = new Map<string, number>();
  for (const d of first) for (const { term, f } of index.forward[d]!) tfx.set(term, (tfx.get(term) ?? 0) + f);
  const N = index.stats.documents;
  const scored = [...tfx.entries()]
    .map(([term, x]) => {
      const pn = index.terms.get(term)!.cf / N;
      return [term, x * Math.log2((1 + pn) / pn) + Math.log2(1 + pn)] as const;
    })
    .sort((l, r) => r[1] - l[1] || (l[0] < r[0] ? -1 : 1))
    .slice(0, e.terms);
  const max = scored[0]?.[1] ?? 1;
  const out = new Map(weights);
  for (const [term, w] of scored) out.set(term, (out.get(term) ?? 0) + (e.weight * w) / max);
  return out;
}

export function evaluate(index: Index, split: string, p: Params): number {
  const scores: number[] = [];
  for (const query of index.dump.queries[split]!) {
    const { docs } = rank(index, query.terms, p);
    scores.push(
      ndcgAt(
        docs.slice(0, 10).map((d) => index.docIds[d]!),
        new Map(query.qrels),
        10,
      ),
    );
  }
  return mean(scores);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('tune-keyword.ts')) {
  const files = process.argv[2]!.split(',');
  const split = process.argv[3] ?? 'train';
  const grid = process.argv[4] ?? 'base';
  const indexes = files.map((file) => ({ file, index: loadDump(file) }));
  const base: Params = { k1: 0.9, b: 0.4, dk1: 1.2, dw: 4, tw: 0.75, cap: 2000 };
  const show = (label: string, p: Params) => {
    const figures = indexes.map(({ index }) => evaluate(index, split, p).toFixed(4));
    console.log(`${label}\t${figures.join('\t')}`);
  };
  show('base', base);
  if (grid.startsWith('[')) {
    for (const extra of JSON.parse(grid) as Partial<Params>[])
      show(JSON.stringify(extra), { ...base, ...extra });
  }
  if (grid === 'params') {
    for (const k1 of [0.6, 0.9, 1.2, 1.5])
      for (const b of [0.3, 0.4, 0.5, 0.75]) show(`k1 ${k1} b ${b}`, { ...base, k1, b });
  }
  if (grid === 'field') {
    for (const dk1 of [0.9, 1.2, 1.5, 2])
      for (const db of [0.4, 0.6, 0.75, 0.9]) show(`dk1 ${dk1} db ${db}`, { ...base, dk1, db });
  }
  if (grid === 'weights') {
    for (const dw of [2, 3, 4, 6])
      for (const tw of [0.25, 0.5, 1, 2]) show(`dw ${dw} tw ${tw}`, { ...base, dw, tw });
  }
  if (grid === 'rm3') {
    for (const docs of [3, 5, 10])
      for (const terms of [10, 20, 40])
        for (const weight of [0.1, 0.2, 0.4])
          show(`rm3 ${docs}/${terms}/${weight}`, { ...base, rm3: { docs, terms, weight, idfPower: 1 } });
  }
  if (grid === 'bo1') {
    for (const docs of [3, 5, 10])
      for (const terms of [5, 10, 20])
        for (const weight of [0.1, 0.25, 0.5])
          show(`bo1 ${docs}/${terms}/${weight}`, { ...base, bo1: { docs, terms, weight } });
  }
}
