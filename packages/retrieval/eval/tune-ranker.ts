/**
 * Learned reranking of the keyword list over lexical features, in process over dumps of the eval
 * stores (dump-postings.ts). Per query the store's ranking (BM25 with document context and title,
 * the defaults) is reproduced, its best 100 documents get lexical features (FEATURES: document and
 * title BM25, best and summed clause BM25, shares of the query's idf matched by the document, its
 * best clause, its best sentence (a proximity proxy) and its title, log document length, the document
 * BM25 of RM3 expansion lexemes, 1 / rank, three features times the query's lexeme count, and the
 * idf share of the last two sentences and the position of the best clause, added last), and a
 * linear model `score = base + sum w_j * feature_j` (base: the store's score over the list's best) is
 * fitted by coordinate ascent on nDCG@10 (Metzler and Croft; deterministic steps, a change kept when
 * it gains over 1e-4), by RankNet (pairwise logistic, Adam, L2 0.001) or by LambdaRank (RankNet pairs
 * weighed by their change of DCG). Figures are 5-fold cross-validated over the train queries: fold i
 * (query position mod 5) of every set held out, the model fitted on the other folds, the held-out
 * queries scored with it; the test queries are not read.
 * Run: pnpm --filter @cae/retrieval exec tsx eval/tune-ranker.ts SCIFACT_DUMP NEGCONSTRAINT_DUMP [single | all | f,f;f,...]
 * Env: LEARNER=ascent|ranknet|lambda, OBJECTIVE=min|mean (ascent: the smaller gain of the two sets,
 * or their mean nDCG@10), PAIRS=1 (ascent also moves two weights at once), ONLY=0|1 (one set alone),
 * SET_WEIGHTS=a,b (RankNet), L2, ROWS=FILE (caches the candidates' features), DEPTH (default 100).
 *
 * Train CV nDCG@10, SciFact / NegConstraint (the store's ranking: 0.7027 / 0.6525, reproduced here).
 * Nothing held on both sets, so nothing ships (the keyword ranking stays the store's BM25):
 * - Coordinate ascent, both sets, mean objective, one feature: doc 0.7007 / 0.6448, title 0.7027 /
 *   0.6525 (no step kept), clause 0.7013 / 0.6571, clauseSum 0.6839 / 0.6931, cover 0.6996 / 0.6517,
 *   clauseCover 0.7017 / 0.6538, sentenceCover 0.7014 / 0.6489, titleCover 0.7016 / 0.6505, length
 *   0.6904 / 0.6769, rm3 0.7020 / 0.6566, rank 0.7027 / 0.6525 (no step kept); the eleven together
 *   0.6810 / 0.6989.
 * - Coordinate ascent, min objective (a step must raise both sets): clauseSumQ, lengthQ, coverQ,
 *   clauseSum + clauseSumQ, length + lengthQ: no step raises both (0.7027 / 0.6525); clauseCover +
 *   rm3 + clauseSumQ + lengthQ 0.7006 / 0.6529.
 * - RankNet, both sets weighing the same: clauseCover 0.7027 / 0.6504; all fourteen 0.6881 / 0.6892.
 * - Coordinate ascent, min objective with moves of two weights at once (PAIRS=1), clauseSum,
 *   clauseSumQ, length, lengthQ, rm3, clauseCover, cover, doc: 0.7023 / 0.6541 (the fit raised both
 *   sets in sample; held out, SciFact fell).
 * - LambdaRank, all fourteen: 0.6803 / 0.6968.
 * - SciFact alone (coordinate ascent, mean): all fourteen 0.7018; clauseCover + rm3 + cover +
 *   sentenceCover 0.7024; doc + clause + title 0.7029 (+0.0002, under one query's worth); endCover
 *   0.7016; position 0.7023; endCover + position + sentenceCover + title 0.7004.
 * - NegConstraint alone: all fourteen 0.7035; clauseSum 0.7197 (weight 2, the bound; the same
 *   direction as tune-keyword.ts's clause sum); length 0.6939; rm3 0.6619; clauseCover 0.6465.
 * The two sets want opposite things: NegConstraint gains from a document's total evidence (summed
 * clause scores, longer documents, expansion), SciFact loses on every such feature and no lexical
 * feature here lifts it beyond noise even when it is fitted alone; a joint model trades one for the
 * other (LambdaRank: -0.022 / +0.044).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { mean, ndcgAt } from './eval-metrics';
import { type Index, loadDump } from './tune-keyword';

const K1 = 0.9;
const B = 0.4;
const DOCUMENT_K1 = 1.2;
const DOCUMENT_WEIGHT = 4;
const TITLE_WEIGHT = 0.75;
const CAP = 2000;
const TITLE_DOCUMENTS = 100;

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
const tfPart = (f: number, length: number, avgdl: number, k1: number) =>
  f / (f + k1 * (1 - B + (B * length) / avgdl));

export const FEATURES = [
  'doc', // document-field BM25 / the list's best
  'title', // title BM25 / the list's best
  'clause', // best clause-alone BM25 / the list's best
  'clauseSum', // sum of the document's clause BM25s / the list's best
  'cover', // share of the query's idf the document matches
  'clauseCover', // best share of the query's idf one clause matches
  'sentenceCover', // best share of the query's idf one sentence matches
  'titleCover', // share of the query's idf the title matches
  'length', // log(document length / average)
  'rm3', // document BM25 of RM3 expansion lexemes (10 documents, 20 lexemes) / the list's best
  'rank', // 1 / (rank in the base list + 1)
  'clauseSumQ', // clauseSum times the query's lexeme count / 10
  'lengthQ', // length times the query's lexeme count / 10
  'coverQ', // cover times the query's lexeme count / 10
  'endCover', // best share of the query's idf one of the document's last two sentences matches
  'position', // relative position of the best clause (alone) in the document, 0 first sentence, 1 last
] as const;
export type Feature = (typeof FEATURES)[number];

export interface QueryRows {
  id: string;
  /** Base score (best clause total / the list's best), then one column per feature, per candidate. */
  base: Float64Array;
  features: Float64Array[];
  /** Gain (2^grade - 1) of each candidate. */
  gains: Float64Array;
  ideal: number;
  /** Base nDCG@10 over the whole base list (the candidates are its prefix). */
  baseNdcg: number;
}

/** The base ranking and the features of its best `depth` documents for one query. */
export function queryRows(
  index: Index,
  terms: string[],
  qrels: Map<string, number>,
  id: string,
  depth: number,
): QueryRows {
  const { stats } = index;
  const clauseScore = new Map<number, number>();
  const clauseCover = new Map<number, number>();
  const sentenceCover = new Map<string, number>();
  const docScore = new Map<number, number>();
  const docCover = new Map<number, number>();
  let totalIdf = 0;
  let queryLength = 0;
  for (const term of terms) {
    const t = index.terms.get(term);
    if (!t || t.df <= 0) continue;
    const wc = idf(stats.n, t.df) * (K1 + 1);
    const wd = idf(stats.documents, t.ddf);
    totalIdf += wd;
    queryLength++;
    const seenSentence = new Set<string>();
    for (let i = 0; i < Math.min(CAP, t.clauses.length); i++) {
      const at = t.clauses[i]!;
      if (at < 0) continue;
      clauseScore.set(at, (clauseScore.get(at) ?? 0) + wc * tfPart(t.cfreq[i]!, t.clen[i]!, stats.avgdl, K1));
      clauseCover.set(at, (clauseCover.get(at) ?? 0) + wd);
      const key = `${index.clauseDoc[at]} ${index.dump.clauses[at]!.s}`;
      if (!seenSentence.has(key)) {
        seenSentence.add(key);
        sentenceCover.set(key, (sentenceCover.get(key) ?? 0) + wd);
      }
    }
    for (let i = 0; i < Math.min(CAP, t.docs.length); i++) {
      const d = t.docs[i]!;
      if (d < 0) continue;
      docScore.set(
        d,
        (docScore.get(d) ?? 0) +
          wd * (DOCUMENT_K1 + 1) * tfPart(t.dfreq[i]!, t.dlen[i]!, stats.document_avgdl, DOCUMENT_K1),
      );
      docCover.set(d, (docCover.get(d) ?? 0) + wd);
    }
  }
  const byScore = (scores: Map<number, number>) => (l: number, r: number) =>
    scores.get(r)! - scores.get(l)! || (index.docIds[l]! < index.docIds[r]! ? -1 : 1);
  const titleSet = new Set([...docScore.keys()].sort(byScore(docScore)).slice(0, TITLE_DOCUMENTS));
  const titleScore = new Map<number, number>();
  const titleCover = new Map<number, number>();
  for (const term of terms) {
    const t = index.terms.get(term);
    if (!t || t.df <= 0) continue;
    const wc = idf(stats.n, t.df) * (K1 + 1);
    const wd = idf(stats.documents, t.ddf);
    const covered = new Set<number>();
    for (let i = 0; i < t.clauses.length; i++) {
      const at = t.clauses[i]!;
      if (at < 0 || !index.isTitle[at]) continue;
      const d = index.clauseDoc[at]!;
      if (!titleSet.has(d)) continue;
      titleScore.set(d, (titleScore.get(d) ?? 0) + wc * tfPart(t.cfreq[i]!, t.clen[i]!, stats.avgdl, K1));
      if (!covered.has(d)) {
        covered.add(d);
        titleCover.set(d, (titleCover.get(d) ?? 0) + wd);
      }
    }
  }
  const best = new Map<number, number>();
  const bestClause = new Map<number, number>();
  const clauseSum = new Map<number, number>();
  const bestClauseCover = new Map<number, number>();
  for (const [at, s] of clauseScore) {
    const d = index.clauseDoc[at]!;
    const total = s + DOCUMENT_WEIGHT * (docScore.get(d) ?? 0) + TITLE_WEIGHT * (titleScore.get(d) ?? 0);
    if (total > (best.get(d) ?? Number.NEGATIVE_INFINITY)) best.set(d, total);
    bestClause.set(d, Math.max(bestClause.get(d) ?? 0, s));
    clauseSum.set(d, (clauseSum.get(d) ?? 0) + s);
    bestClauseCover.set(d, Math.max(bestClauseCover.get(d) ?? 0, clauseCover.get(at)!));
  }
  const bestSentenceCover = new Map<number, number>();
  const endCover = new Map<number, number>();
  const lastSentence = lastSentences(index);
  for (const [key, c] of sentenceCover) {
    const [d, sentence] = key.split(' ').map(Number) as [number, number];
    bestSentenceCover.set(d, Math.max(bestSentenceCover.get(d) ?? 0, c));
    if (sentence >= lastSentence[d]! - 1) endCover.set(d, Math.max(endCover.get(d) ?? 0, c));
  }
  const position = new Map<number, number>();
  {
    const bestAlone = new Map<number, number>();
    for (const [at, s] of clauseScore) {
      const d = index.clauseDoc[at]!;
      if (s > (bestAlone.get(d) ?? -1)) {
        bestAlone.set(d, s);
        position.set(d, index.dump.clauses[at]!.s / Math.max(lastSentence[d]!, 1));
      }
    }
  }
  const ranked = [...best.keys()].sort(byScore(best));
  const baseNdcg = ndcgAt(
    ranked.slice(0, 10).map((d) => index.docIds[d]!),
    qrels,
    10,
  );
  const candidates = ranked.slice(0, depth);
  // RM3: lexemes of the 10 best documents by document score, each document's share of the score
  // times the lexeme's relative frequency, times idf; the 20 heaviest, weights summing to 1.
  const rm3 = new Map<number, number>();
  {
    const first = [...docScore.keys()].sort(byScore(docScore)).slice(0, 10);
    const mass = new Map<string, number>();
    for (const d of first) {
      const length = Math.max(index.docLength[d]!, 1);
      for (const { term, f } of index.forward[d]!)
        mass.set(term, (mass.get(term) ?? 0) + (docScore.get(d)! * f) / length);
    }
    const top = [...mass.entries()]
      .map(([term, m]) => [term, m * idf(stats.documents, index.terms.get(term)!.ddf)] as const)
      .sort((l, r) => r[1] - l[1] || (l[0] < r[0] ? -1 : 1))
      .slice(0, 20);
    const total = top.reduce((sum, [, m]) => sum + m, 0) || 1;
    const wanted = new Set(candidates);
    for (const [term, m] of top) {
      const t = index.terms.get(term)!;
      const w = (m / total) * idf(stats.documents, t.ddf) * (DOCUMENT_K1 + 1);
      for (let i = 0; i < t.docs.length; i++) {
        const d = t.docs[i]!;
        if (!wanted.has(d)) continue;
        rm3.set(
          d,
          (rm3.get(d) ?? 0) + w * tfPart(t.dfreq[i]!, t.dlen[i]!, stats.document_avgdl, DOCUMENT_K1),
        );
      }
    }
  }
  const norm = (values: Map<number, number>) => {
    let max = 0;
    for (const d of candidates) max = Math.max(max, values.get(d) ?? 0);
    return (d: number) => (max > 0 ? (values.get(d) ?? 0) / max : 0);
  };
  const share = (values: Map<number, number>) => (d: number) =>
    totalIdf > 0 ? (values.get(d) ?? 0) / totalIdf : 0;
  const clauseSumNorm = norm(clauseSum);
  const columns: Record<Feature, (d: number, rank: number) => number> = {
    doc: norm(docScore),
    title: norm(titleScore),
    clause: norm(bestClause),
    clauseSum: norm(clauseSum),
    cover: share(docCover),
    clauseCover: share(bestClauseCover),
    sentenceCover: share(bestSentenceCover),
    titleCover: share(titleCover),
    length: (d) => Math.log(Math.max(index.docLength[d]!, 1) / stats.document_avgdl),
    rm3: norm(rm3),
    rank: (_d, rank) => 1 / (rank + 1),
    clauseSumQ: (d) => (clauseSumNorm(d) * queryLength) / 10,
    lengthQ: (d) => (Math.log(Math.max(index.docLength[d]!, 1) / stats.document_avgdl) * queryLength) / 10,
    coverQ: (d) => (share(docCover)(d) * queryLength) / 10,
    endCover: share(endCover),
    position: (d) => position.get(d) ?? 0,
  };
  const baseNorm = norm(best);
  const gains = Float64Array.from(candidates, (d) => 2 ** (qrels.get(index.docIds[d]!) ?? 0) - 1);
  const ideal = [...qrels.values()]
    .filter((grade) => grade > 0)
    .sort((l, r) => r - l)
    .slice(0, 10)
    .reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
  return {
    id,
    base: Float64Array.from(candidates, baseNorm),
    features: FEATURES.map((name) => Float64Array.from(candidates, (d, rank) => columns[name](d, rank))),
    gains,
    ideal,
    baseNdcg,
  };
}

const lastSentenceCache = new WeakMap<Index, Int32Array>();
/** Each document's last sentence index. */
function lastSentences(index: Index): Int32Array {
  let last = lastSentenceCache.get(index);
  if (!last) {
    last = new Int32Array(index.docIds.length);
    index.dump.clauses.forEach((clause, at) => {
      const d = index.clauseDoc[at]!;
      last![d] = Math.max(last![d]!, Number(clause.s));
    });
    lastSentenceCache.set(index, last);
  }
  return last;
}

/** nDCG@10 of one query's candidates reranked by base + w . features (ties: base order). */
export function rerankedNdcg(rows: QueryRows, weights: readonly number[], scratch: Float64Array): number {
  if (rows.ideal === 0) return 0;
  const n = rows.base.length;
  for (let i = 0; i < n; i++) {
    let s = rows.base[i]!;
    for (let j = 0; j < weights.length; j++) if (weights[j] !== 0) s += weights[j]! * rows.features[j]![i]!;
    scratch[i] = s;
  }
  // Top 10 by selection (n is small).
  const taken = new Uint8Array(n);
  let dcg = 0;
  for (let r = 0; r < Math.min(10, n); r++) {
    let bestAt = -1;
    for (let i = 0; i < n; i++) if (!taken[i] && (bestAt < 0 || scratch[i]! > scratch[bestAt]!)) bestAt = i;
    taken[bestAt] = 1;
    dcg += rows.gains[bestAt]! / Math.log2(r + 2);
  }
  return dcg / rows.ideal;
}

/**
 * Mean over the sets of each set's mean nDCG@10 (OBJECTIVE=mean), or the smallest gain of a set over
 * its base ranking (OBJECTIVE=min, the default: a model must hold on every set).
 */
function objective(sets: QueryRows[][], weights: readonly number[], scratch: Float64Array): number {
  const figures = sets.map((rows) => mean(rows.map((row) => rerankedNdcg(row, weights, scratch))));
  if (process.env.OBJECTIVE === 'mean') return mean(figures);
  return Math.min(...figures.map((figure, s) => figure - mean(sets[s]!.map((row) => baseOf(row, scratch)))));
}

const baseCache = new WeakMap<QueryRows, number>();
function baseOf(row: QueryRows, scratch: Float64Array): number {
  let value = baseCache.get(row);
  if (value === undefined) {
    value = rerankedNdcg(row, [], scratch);
    baseCache.set(row, value);
  }
  return value;
}

const PAIR_STEPS = [-0.25, -0.1, -0.05, 0.05, 0.1, 0.25];
const STEPS = [-1, -0.5, -0.25, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.25, 0.5, 1];

/**
 * Coordinate ascent on the objective from all-zero weights over the `active` features: each round
 * tries every step on every feature and keeps a change only when it gains more than `minGain`.
 */
export function coordinateAscent(
  sets: QueryRows[][],
  active: readonly number[],
  options: { rounds?: number; minGain?: number; bound?: number } = {},
): number[] {
  const scratch = new Float64Array(10_000);
  const weights = new Array<number>(FEATURES.length).fill(0);
  let current = objective(sets, weights, scratch);
  const bound = options.bound ?? 2;
  for (let round = 0; round < (options.rounds ?? 6); round++) {
    let changed = false;
    for (const j of active) {
      let bestValue = weights[j]!;
      let bestScore = current;
      for (const step of STEPS) {
        const value = Math.round((weights[j]! + step) * 1000) / 1000;
        if (Math.abs(value) > bound) continue;
        const trial = weights.slice();
        trial[j] = value;
        const score = objective(sets, trial, scratch);
        if (score > bestScore + (options.minGain ?? 1e-4)) {
          bestScore = score;
          bestValue = value;
        }
      }
      if (bestValue !== weights[j]) {
        weights[j] = bestValue;
        current = bestScore;
        changed = true;
      }
    }
    // PAIRS=1: also moves of two weights at once (a gain on one set may need a second feature to
    // give back what the first costs the other set).
    if (process.env.PAIRS)
      for (const [x, j] of active.entries())
        for (const k of active.slice(x + 1)) {
          let best: [number, number] | null = null;
          let bestScore = current;
          for (const sj of PAIR_STEPS)
            for (const sk of PAIR_STEPS) {
              const trial = weights.slice();
              trial[j] = Math.round((weights[j]! + sj) * 1000) / 1000;
              trial[k] = Math.round((weights[k]! + sk) * 1000) / 1000;
              if (Math.abs(trial[j]!) > bound || Math.abs(trial[k]!) > bound) continue;
              const score = objective(sets, trial, scratch);
              if (score > bestScore + (options.minGain ?? 1e-4)) {
                bestScore = score;
                best = [trial[j]!, trial[k]!];
              }
            }
          if (best) {
            [weights[j], weights[k]] = best;
            current = bestScore;
            changed = true;
          }
        }
    if (!changed) break;
  }
  return weights;
}

const FOLDS = 5;

/** Cross-validated nDCG@10 per set: fold i of every set held out, the model fitted on the rest of all sets. */
export function crossValidate(
  sets: QueryRows[][],
  active: readonly number[],
  options?: Parameters<typeof coordinateAscent>[2],
): { cv: number[]; folds: number[][] } {
  return crossValidateWith(sets, (train) => coordinateAscent(train, active, options));
}

/** Folds as crossValidate, with `fit` turning the training rows of every set into weights. */
function crossValidateWith(
  sets: QueryRows[][],
  fit: (train: QueryRows[][]) => number[],
): { cv: number[]; folds: number[][] } {
  const scratch = new Float64Array(10_000);
  const held = sets.map(() => [] as number[]);
  const folds: number[][] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = sets.map((rows) => rows.filter((_, at) => at % FOLDS !== fold));
    const weights = fit(train);
    folds.push(weights);
    sets.forEach((rows, s) => {
      rows.forEach((row, at) => {
        if (at % FOLDS === fold) held[s]!.push(rerankedNdcg(row, weights, scratch));
      });
    });
  }
  return { cv: held.map(mean), folds };
}

if (process.argv[1]?.endsWith('tune-ranker.ts')) {
  const files = process.argv.slice(2, 4);
  const depth = Number(process.env.DEPTH ?? 100);
  // ROWS=FILE keeps the features of the candidates (computing them from the dumps takes minutes).
  const cache = process.env.ROWS;
  const sets: QueryRows[][] =
    cache && existsSync(cache)
      ? (deserialize(readFileSync(cache)) as QueryRows[][])
      : files.map((file) => {
          const index = loadDump(file);
          return index.dump.queries.train!.map((query) =>
            queryRows(index, query.terms, new Map(query.qrels), query.id, depth),
          );
        });
  if (cache && !existsSync(cache)) writeFileSync(cache, serialize(sets));
  // ONLY=0 or 1: fit and score one set alone (its figures only).
  if (process.env.ONLY !== undefined) sets.splice(0, sets.length, sets[Number(process.env.ONLY)]!);
  const fmt = (values: number[]) => values.map((value) => value.toFixed(4)).join(' / ');
  console.log(
    `base (the store's ranking, train): ${fmt(sets.map((rows) => mean(rows.map((r) => r.baseNdcg))))}`,
  );
  const scratch = new Float64Array(10_000);
  const zero = new Array<number>(FEATURES.length).fill(0);
  console.log(
    `base reranked within the top ${depth} (must equal): ${fmt(sets.map((rows) => mean(rows.map((r) => rerankedNdcg(r, zero, scratch)))))}`,
  );
  const spec = process.argv[4] ?? 'single';
  const variants: [string, number[]][] =
    spec === 'single'
      ? [...FEATURES.map((name, j) => [name, [j]] as [string, number[]]), ['all', FEATURES.map((_, j) => j)]]
      : spec.split(';').map((group) => {
          const names = group === 'all' ? [...FEATURES] : group.split(',');
          return [group, names.map((name) => FEATURES.indexOf(name as Feature))];
        });
  const learner = process.env.LEARNER ?? 'ascent';
  const l2 = Number(process.env.L2 ?? 0.001);
  const setWeights = process.env.SET_WEIGHTS?.split(',').map(Number);
  const fit = (train: QueryRows[][], active: number[]) =>
    learner === 'ascent'
      ? coordinateAscent(train, active)
      : rankNet(train, active, { l2, lambda: learner === 'lambda', ...(setWeights ? { setWeights } : {}) });
  for (const [label, active] of variants) {
    const { cv, folds } =
      learner === 'ascent'
        ? crossValidate(sets, active)
        : crossValidateRankNet(sets, active, {
            l2,
            lambda: learner === 'lambda',
            ...(setWeights ? { setWeights } : {}),
          });
    const full = fit(sets, active);
    const weights = active.map((j) => `${FEATURES[j]} ${full[j]!.toFixed(3)}`).join(', ');
    const spread = active
      .map((j) => `${FEATURES[j]} ${folds.map((w) => w[j]!.toFixed(3)).join('|')}`)
      .join('; ');
    console.log(`${label}\tCV ${fmt(cv)}\tall-train fit: ${weights}\tfolds: ${spread}`);
  }
}

/**
 * RankNet (pairwise logistic) over the `active` features plus the base score, full-batch gradient
 * descent from the base ranking (base weight 1, others 0), each set's pairs weighing the same in
 * total, L2 penalty `l2` on the feature weights; `lambda` weighs each pair by its change of DCG at
 * the current ranks (LambdaRank). Returns weights relative to the base weight.
 */
export function rankNet(
  sets: QueryRows[][],
  active: readonly number[],
  options: { l2: number; iterations?: number; rate?: number; lambda?: boolean; setWeights?: number[] },
): number[] {
  const dims = active.length + 1;
  const w = new Float64Array(dims);
  w[0] = 10;
  const value = (row: QueryRows, i: number, k: number) =>
    k === 0 ? row.base[i]! : row.features[active[k - 1]!]![i]!;
  const m = new Float64Array(dims);
  const v = new Float64Array(dims);
  const rate = options.rate ?? 0.05;
  for (let it = 1; it <= (options.iterations ?? 300); it++) {
    const grad = new Float64Array(dims);
    for (const [at, rows] of sets.entries()) {
      const perSet = (options.setWeights?.[at] ?? 1) / rows.length;
      for (const row of rows) {
        const n = row.base.length;
        const s = new Float64Array(n);
        for (let i = 0; i < n; i++) for (let k = 0; k < dims; k++) s[i]! += w[k]! * value(row, i, k);
        let rank: Int32Array | null = null;
        if (options.lambda) {
          const order = Array.from(s.keys()).sort((l, r) => s[r]! - s[l]! || l - r);
          rank = new Int32Array(n);
          order.forEach((i, r) => {
            rank![i] = r;
          });
        }
        let pairs = 0;
        for (let i = 0; i < n; i++)
          if (row.gains[i]! > 0) for (let j = 0; j < n; j++) if (row.gains[j]! < row.gains[i]!) pairs++;
        if (pairs === 0) continue;
        for (let i = 0; i < n; i++) {
          if (row.gains[i]! <= 0) continue;
          for (let j = 0; j < n; j++) {
            if (row.gains[j]! >= row.gains[i]!) continue;
            let weight = perSet / pairs;
            if (rank)
              weight *=
                (row.gains[i]! - row.gains[j]!) *
                Math.abs(1 / Math.log2(rank[i]! + 2) - 1 / Math.log2(rank[j]! + 2)) *
                pairs;
            const g = -weight / (1 + Math.exp(s[i]! - s[j]!));
            for (let k = 0; k < dims; k++) grad[k]! += g * (value(row, i, k) - value(row, j, k));
          }
        }
      }
    }
    for (let k = 1; k < dims; k++) grad[k]! += 2 * options.l2 * w[k]!;
    // Adam.
    for (let k = 0; k < dims; k++) {
      m[k] = 0.9 * m[k]! + 0.1 * grad[k]!;
      v[k] = 0.999 * v[k]! + 0.001 * grad[k]! ** 2;
      const mh = m[k]! / (1 - 0.9 ** it);
      const vh = v[k]! / (1 - 0.999 ** it);
      w[k]! -= (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  const out = new Array<number>(FEATURES.length).fill(0);
  active.forEach((j, k) => {
    out[j] = w[k + 1]! / w[0]!;
  });
  return out;
}

/** Cross-validated nDCG@10 per set of RankNet (folds as crossValidate). */
export function crossValidateRankNet(
  sets: QueryRows[][],
  active: readonly number[],
  options: Parameters<typeof rankNet>[2],
): { cv: number[]; folds: number[][] } {
  return crossValidateWith(sets, (train) => rankNet(train, active, options));
}
