/**
 * Keyword ranking experiments in process over a dump of an eval store (dump-postings.ts): BM25 with
 * document context and title as the store ranks it, and variants (parameters, RM3, Bo1, BM25+ and
 * BM25L, idf exponent, common-lexeme damping, query term frequencies, true BM25F title, a sum over
 * the document's clauses, coordination, document idf for clauses).
 * Run: pnpm --filter @cae/retrieval exec tsx eval/tune-keyword.ts FILE[,FILE] [split] [GRID | JSON list of Params]
 * (`prox` needs a dump of dump-positions.ts; the others read any dump.)
 * (QTF=FILE[,FILE] replaces each query's lexemes with its lexemes repeated as often as they occur.)
 *
 * Train nDCG@10 of the variants on top of the defaults (SciFact / NegConstraint; defaults 0.7027 / 0.6525,
 * the store ranks the same: its test figures 0.6908 / 0.6359 are reproduced here as 0.6908 / 0.6357).
 * None held on both sets by more than one query's worth, so none is in the store:
 * - BM25+ delta on clauses 0.25 / 0.5 / 1: 0.6999 / 0.6984 / 0.6924 and 0.6502 / 0.6467 / 0.6424;
 *   on the document field 0.1 / 0.25 / 0.5 / 1: 0.7007 / 0.7001 / 0.6972 / 0.6919 and 0.6501 / 0.6539 / 0.6603 / 0.6589.
 * - BM25L delta on clauses 0.25 / 0.5: 0.7005 / 0.6995 and 0.6550 / 0.6524; on the document field:
 *   0.6985 / 0.6973 and 0.6556 / 0.6583.
 * - idf to the power 1.2 / 0.8: 0.7024 / 0.6956 and 0.6515 / 0.6505.
 * - Lexemes in over 5% / 10% / 20% of documents at weight 0.5: 0.6942 / 0.6960 / 0.7009 and
 *   0.6419 / 0.6475 / 0.6525 (10% at 0.75: 0.7005 / 0.6526).
 * - Query term frequencies (repeats weigh 0.25 / 0.5 / 1 more each; 20% of SciFact and 60% of
 *   NegConstraint train queries repeat a lexeme): 0.7024 / 0.7013 / 0.6997 and 0.6514 / 0.6495 / 0.6467.
 * - True BM25F title (the 100 best documents rescored with title tf times 1 / 2 / 3 / 5 added before
 *   saturation, instead of the title's own BM25): 0.6988 / 0.6978 / 0.6952 / 0.6953 and
 *   0.6494 / 0.6562 / 0.6592 / 0.6601.
 * - Document score plus 0.05 / 0.1 / 0.25 / 0.5 / 1 times the sum of its clauses' scores:
 *   0.7004 / 0.6989 / 0.6926 / 0.6836 / 0.6584 and 0.6514 / 0.6594 / 0.6598 / 0.6762 / 0.6955.
 * - Coordination (document score times the matched share of query lexemes to the power 0.25 / 0.5 / 1):
 *   0.6965 / 0.6904 / 0.6810 and 0.6484 / 0.6412 / 0.6381.
 * - Clause idf from document frequencies: 0.7035 / 0.6531 (+0.0008 / +0.0006, under one query's
 *   change; with the title's idf too 0.7033 / 0.6494). Not kept: a gain that small is noise, and
 *   on contracts, where many legal words are in most documents but few clauses, a document idf would
 *   likely take the weight off the words a clause search is for (not measured).
 * - Title scored for the best 50 / 200 / 1000 documents instead of 100: unchanged.
 * - Analysers (NegConstraint re-ingested with the clause lexemes under another text search configuration,
 *   by a script of commit e1b7f24 that the stored-lexeme change of 0009 retired; defaults as above): the original
 *   Porter stemmer 0.6506, the English stemmer without stop words (keeps "not", "no") 0.6500, against
 *   0.6525 today (the control, today's configuration re-ingested the same way, gives 0.6525 too);
 *   SciFact not re-ingested since neither held on NegConstraint.
 * - documentWeight 8 (titleWeight 1.5): 0.7026 / 0.6507; 100 (document score alone, in effect): 0.7020 / 0.6575.
 * - Issue 19 (kw7, 2026-11-26; SciFact needed +0.01 on test): pseudo-relevance feedback lowers SciFact
 *   at every setting tried. Grids `rm3` (docs 3/5/10, terms 10/20/40, weight 0.1/0.2/0.4) best
 *   10/40/0.1 0.7017 / 0.6494 and 3/20/0.1 0.6991 / 0.6572; weight 0.05 (10/40, 3/40) 0.7042 / 0.6510,
 *   0.7021 / 0.6502. Grid `bo1` (docs 3/5/10, terms 5/10/20, weight 0.1/0.25/0.5): SciFact 0.6425-0.6985,
 *   NegConstraint up to 0.6757 (3/20/0.5, SciFact 0.6621). Bo1 over the top documents' titles only
 *   (bo1.titles; 3/10 at 0.05 / 0.1, 5/10 and 10/10 at 0.1): 0.6998 / 0.6529, 0.6928 / 0.6547,
 *   0.6906 / 0.6458, 0.6962 / 0.6488. Expansion weights in the document field only, clauses and title
 *   keeping the query's (expandDocOnly): Bo1 3/10/0.1 0.6924 / 0.6620, 3/10/0.25 0.6839 / 0.6675,
 *   10/10/0.1 0.6969 / 0.6544, titles 3/10/0.1 0.6973 / 0.6570; RM3 3/20/0.1 0.7007 / 0.6639, 10/40/0.1
 *   0.7038 / 0.6518. Grids `params` and `field` (k1 0.6-1.5 x b 0.3-0.75; dk1 0.9-2 x db 0.4-0.9) peak at
 *   0.7029 / 0.6406 (k1 0.6, b 0.5) on SciFact; clause b apart from the document field's (b 0.3 / 0.5 /
 *   0.6 with db 0.4): 0.7021 / 0.6530, 0.7016 / 0.6507, 0.7024 / 0.6500; db 0.3: 0.7002 / 0.6646;
 *   titleWeight 0.6 / 1: 0.7012 / 0.6462, 0.6981 / 0.6459. Sentence context (a proximity field: each
 *   lexeme's best clause score in the clause's sentence, times sentenceWeight 0.25 / 0.5 / 1 / 3, added
 *   to the clause's): 0.7025 / 0.6489, 0.6994 / 0.6493, 0.6945 / 0.6456, 0.6850 / 0.6370. None gains more than +0.0015 on SciFact train,
 *   so none can lift test from 0.6908 to 0.70; nothing was changed in the store.
 * - Issue 19 (kw8, 2026-11-27): analysers and a length prior. Lexemes recomputed from the stored clause
 *   text by dump-analyser.ts (its `control` variant, today's analyser, gives 0.7022 / 0.6525: the
 *   postings are read in clause order, not impact order, so SciFact's capped lists differ slightly
 *   from the store's 0.7027). Train nDCG@10, SciFact / NegConstraint, against 0.7022 / 0.6525:
 *   Greek letters spelled out (greek) 0.7026 / 0.6525; British spellings to American (amspell)
 *   0.7027 / 0.6525; both (greekamspell) 0.7030 / 0.6525 (2 of 809 SciFact queries up, none down,
 *   no NegConstraint query changed); joined forms of hyphenated and slashed compounds added (joined)
 *   0.6922 / 0.6537; letter-number compounds joined only (numjoin, IL-6 -> il6) 0.7014 / 0.6525;
 *   slashed compounds split (slash) 0.7008 / 0.6525, with greek 0.7017 / 0.6525; stem and surface
 *   form both indexed (surface) 0.6746 / 0.6497; no stemming (simple) 0.6714 / 0.6641; Harman
 *   s-stemmer (sstem) 0.6889 / 0.6568. Document length prior (lengthPrior x ln(length / average)
 *   added to the score) -4 / -2 / -1 / -0.5 / -0.25: 0.7025 / 0.6390, 0.7025 / 0.6490,
 *   0.7028 / 0.6504, 0.7027 / 0.6525, 0.7023 / 0.6525; 0.25 / 0.5 / 1 / 2 / 4 / 8: 0.7018 / 0.6527,
 *   0.7017 / 0.6527, 0.7016 / 0.6527, 0.7016 / 0.6549, 0.6970 / 0.6596, 0.6972 / 0.6662.
 *   The best, greekamspell, is +0.0008 (two queries): far from the +0.0092 test needs, and it would
 *   change the GIN index expression and every stored posting (a migration re-indexing all clauses on
 *   PGlite and the server), so the store was not changed.
 * - Issue 19 (kw9, 2026-11-27): proximity, query likelihood, corpus expansion, query lexeme weights.
 *   Dumps of dump-positions.ts (impact order as the store; base 0.7027 / 0.6525). Train nDCG@10,
 *   SciFact / NegConstraint:
 *   term proximity over the best 100 documents (`prox`, positions from the clauses' tsvectors laid
 *   end to end): BM25TP (Buettcher et al.) tp 0.1 / 0.3 / 1: 0.7027 / 0.6531, 0.6999 / 0.6503,
 *   0.6906 / 0.6444; SDM-style ordered pairs of query-adjacent lexemes within 2 positions od 0.03 /
 *   0.1 / 0.3: 0.7023 / 0.6525, 0.6998 / 0.6471, 0.6962 / 0.6447, with the pair's own document
 *   frequency as idf (od 0.1; 0.05 within 3): 0.7010 / 0.6442, 0.7025 / 0.6514; unordered within 8
 *   uw 0.03 / 0.1 / 0.3: 0.7023 / 0.6529, 0.7006 / 0.6495, 0.6955 / 0.6454.
 *   Dirichlet query likelihood added to the document score (`ql`, mu 1000 weight 0.5; mu 2000 weight
 *   1): 0.7000 / 0.6486, 0.6966 / 0.6522.
 *   Axiomatic expansion from document co-occurrence over the whole collection (`ax`, no feedback):
 *   mutual information, 5 lexemes at 0.1: 0.7006 / 0.6471; pointwise MI, 5 / 10 lexemes at 0.1,
 *   5 at 0.05, 3 at 0.1 (co-occurring in 3+ documents): 0.7031 / 0.6574, 0.7002 / 0.6570,
 *   0.7014 / 0.6577, 0.7018 / 0.6590.
 *   Query lexeme weights (`qfilter`): hyphenated compounds 0 / 0.5: 0.7033 / 0.6477, 0.7043 /
 *   0.6510; numbers 0 / 0.5: 0.6985 / 0.6463, 0.7003 / 0.6482; alphanumeric lexemes (p53, il-6,
 *   b12) 0.5 / 1.5 / 2 / 3 / 4: 0.6866, 0.7040, 0.7065, 0.7057, 0.7026 (no NegConstraint query has
 *   one: 0.6525).
 *   Morphological siblings (`prefix`: stored letters-only lexemes sharing a query lexeme's first n
 *   characters): n 6 weight 0.3: 0.7013 / 0.6497; n 7 weight 0.3 / 0.4 / 0.5 / 0.7: 0.7044 / 0.6545,
 *   0.7050 / 0.6568, 0.7041 / 0.6552, 0.6989 / 0.6572; n 7 weight 0.4, 2 siblings at most: 0.7057 /
 *   0.6568 (18 SciFact queries up, 18 down; 4 / 2 on NegConstraint); n 8 / 9: 0.7035 / 0.6534,
 *   0.7042 / 0.6571.
 *   Together, siblings (7, 2, 0.4) and alphanumeric weight 1.5 / 2 / 3: 0.7074 / 0.6568, 0.7106 /
 *   0.6568 (42 SciFact queries up, 33 down), 0.7096 / 0.6568; on top of 2: PMI expansion 0.7115 /
 *   0.6600, BM25TP 0.1 0.7095 / 0.6581, documentWeight 3.5 / 4.5 0.7108 / 0.6544, 0.7099 / 0.6553,
 *   titleWeight 0.5 / 1 0.7069 / 0.6530, 0.7070 / 0.6544, clause idf from documents 0.7113 / 0.6577.
 *   Kept in the store (KeywordSearchOptions.alphanumericWeight 2 and prefixExpansion { characters 7,
 *   terms 2, weight 0.4 }): through the store's own path (eval/keyword-check.ts) train SciFact
 *   0.7024 -> 0.7102, NegConstraint 0.6524 -> 0.6566; test, read once after the choice: SciFact
 *   0.6908 -> 0.6995 with lists 100 clauses deep, 0.6908 -> 0.7006 1000 deep as eval/run.ts reads
 *   them; NegConstraint 0.6359 -> 0.6375. The defaults
 *   below (`base`) stay the store's ranking before kw9. Not kept: PMI expansion (+0.0009 on SciFact
 *   over the kept pair, and a co-occurrence scan per query lexeme at query time).
 */
import { readFileSync } from 'node:fs';
import { mean, ndcgAt } from './eval-metrics';

interface Dump {
  clauses: { id: string; d: string; s: number; c: number }[];
  stats: { n: number; avgdl: number; documents: number; document_avgdl: number };
  termStats: { term: string; df: number; ddf: number }[];
  clausePostings: Record<string, string>;
  documentPostings: Record<string, string>;
  queries: Record<string, { id: string; terms: string[]; ordered?: string[]; qrels: [string, number][] }[]>;
  /** dump-positions.ts: per document, 'lexeme position clauseIndex' triples of the queries' lexemes. */
  positions?: Record<string, string>;
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
  // Title lengths and per-document tf lookups (for true BM25F).
  const titleLength = new Int32Array(docIds.length);
  const seenClause = new Uint8Array(dump.clauses.length);
  const docTfMap = new Map<string, Map<number, number>>();
  const titleTfMap = new Map<string, Map<number, number>>();
  for (const [term, t] of terms) {
    const dm = new Map<number, number>();
    for (let i = 0; i < t.docs.length; i++) if (t.docs[i]! >= 0) dm.set(t.docs[i]!, t.dfreq[i]!);
    docTfMap.set(term, dm);
    const tm = new Map<number, number>();
    for (let i = 0; i < t.clauses.length; i++) {
      const at = t.clauses[i]!;
      if (at < 0 || !isTitle[at]) continue;
      const d = clauseDoc[at]!;
      tm.set(d, (tm.get(d) ?? 0) + t.cfreq[i]!);
      if (!seenClause[at]) {
        seenClause[at] = 1;
        titleLength[d] = titleLength[d]! + t.clen[i]!;
      }
    }
    titleTfMap.set(term, tm);
  }
  const titleForward: { term: string; f: number }[][] = docIds.map(() => []);
  for (const [term, tm] of titleTfMap) for (const [d, f] of tm) titleForward[d]!.push({ term, f });
  let titleTotal = 0;
  for (const l of titleLength) titleTotal += l;
  const titleAvg = titleTotal / Math.max(docIds.length, 1);
  const docTf = (term: string, d: number) => docTfMap.get(term)?.get(d) ?? 0;
  const titleTf = (term: string, d: number) => titleTfMap.get(term)?.get(d) ?? 0;
  let collectionLength = 0;
  for (const length of docLength) collectionLength += length;
  // Query lexeme positions per document (dump-positions.ts), parsed on first use.
  const positionCache = new Map<number, Map<string, { pos: number[]; clause: number[] }>>();
  const positionsOf = (d: number) => {
    let m = positionCache.get(d);
    if (m) return m;
    m = new Map();
    const raw = (dump.positions?.[docIds[d]!] ?? '').split(' ').filter(Boolean);
    for (let i = 0; i < raw.length; i += 3) {
      let e = m.get(raw[i]!);
      if (!e) {
        e = { pos: [], clause: [] };
        m.set(raw[i]!, e);
      }
      e.pos.push(Number(raw[i + 1]));
      e.clause.push(Number(raw[i + 2]));
    }
    positionCache.set(d, m);
    return m;
  };
  const clauseAtMap = new Map<string, number>();
  dump.clauses.forEach((clause, at) => {
    clauseAtMap.set(`${clauseDoc[at]} ${clause.c}`, at);
  });
  const clauseAt = (d: number, c: number) => clauseAtMap.get(`${d} ${c}`) ?? -1;
  return {
    clauseAt,
    positionsOf,
    dump,
    terms,
    clauseDoc,
    isTitle,
    docIds,
    forward,
    docLength,
    collectionLength,
    stats: dump.stats,
    titleLength,
    titleAvg,
    titleForward,
    docTf,
    titleTf,
  };
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
  /** BM25+ lower bound added to each matching lexeme's tf part (clause, document field). */
  delta?: number;
  ddelta?: number;
  /** BM25L shift of the length-normalised tf (clause, document field). */
  lDelta?: number;
  dlDelta?: number;
  /** idf floor as a share of the largest idf, or idf exponent. */
  idfPower?: number;
  /** Document-level sum over clauses: clause score += clauseSum * sum of its document's clause scores. */
  clauseSum?: number;
  /** Weight of lexemes in more than commonShare of the documents. */
  commonShare?: number;
  commonWeight?: number;
  /** Clause idf from document frequencies of documents (instead of clauses). */
  clauseDocIdf?: boolean;
  titleDocIdf?: boolean;
  /** Coordination: document score times (matched lexemes / query lexemes) ^ coord. */
  coord?: number;
  /** Query tf weighting: weight = 1 + qtfWeight * (qtf - 1). */
  qtfWeight?: number;
  /** True BM25F for the top title docs: doc tf += bm25fTitle * title tf before saturation. */
  bm25fTitle?: number;
  /** Expansion. */
  rm3?: { docs: number; terms: number; weight: number; idfPower: number };
  /** Bo1 over the best documents (titles: over their title clauses only). */
  bo1?: { docs: number; terms: number; weight: number; titles?: boolean };
  /** Sentence context: clause score += sentenceWeight * the sentence's (each lexeme by its best clause in it). */
  sentenceWeight?: number;
  /** Expansion weights used by the document field only (clauses and title keep the query's). */
  expandDocOnly?: boolean;
  /** Document length prior: score += lengthPrior * ln(document length / average document length). */
  lengthPrior?: number;
  /**
   * Term proximity over the best proxDocs documents (dump-positions.ts), added to the document score:
   * tp: Buettcher et al.'s BM25TP (each query lexeme's accumulator of idf(other) / distance^2 over
   * neighbouring occurrences of other query lexemes, BM25-saturated, times min(1, idf));
   * od / uw: SDM-style pairs of query-adjacent lexemes, ordered within odWindow and unordered within
   * uwWindow, BM25-saturated, times the pair's idf (pairIdf 'min' of the two lexemes' idf, 'df' the
   * pair's own document frequency over the collection).
   */
  prox?: {
    tp?: number;
    od?: number;
    uw?: number;
    odWindow?: number;
    uwWindow?: number;
    docs?: number;
    pairIdf?: 'min' | 'df' | 'one';
    k1?: number;
    /** Also score pairs within each clause and add it to the clause score. */
    clause?: number;
  };
  query?: string[];
  /** Dirichlet-smoothed query likelihood of the document, times ql.weight, added to the document score. */
  ql?: { mu: number; weight: number };
  /** Query lexemes reweighted: hyphenated compounds (whole form), numbers, lexemes with digits. */
  qfilter?: { hyphen?: number; number?: number; digit?: number };
  /**
   * Axiomatic expansion from corpus co-occurrence (no feedback): lexemes s scored by the sum over
   * query lexemes t of the mutual information of X_t and X_s (document occurrence) over the collection,
   * query lexemes in at most maxShare of the documents; the best `terms` join with weight * score / best.
   */
  ax?: { terms: number; weight: number; maxShare?: number; minCo?: number; pmi?: boolean };
  /** Lexemes sharing the first `chars` characters with a query lexeme (of at least `chars`) join at `weight`. */
  prefix?: { chars: number; weight: number; max?: number; minDdf?: number };
}

/** Document ranking (best clause), as the store's BM25 with document context and title. */
export function rank(
  index: Index,
  queryTerms: string[],
  p: Params,
): { docs: number[]; scores: Float64Array } {
  IDF_POWER = p.idfPower ?? 1;
  let weights = new Map<string, number>();
  for (const term of queryTerms)
    weights.set(term, weights.has(term) ? weights.get(term)! + (p.qtfWeight ?? 0) : 1);
  if (p.qfilter)
    for (const [term, w] of weights) {
      const f = p.qfilter;
      if (f.hyphen !== undefined && /[-/]/.test(term)) weights.set(term, w * f.hyphen);
      else if (f.number !== undefined && /^[-+]?[0-9.,]+$/.test(term)) weights.set(term, w * f.number);
      else if (f.digit !== undefined && /[0-9]/.test(term) && !/^[-+]?[0-9.,]+$/.test(term))
        weights.set(term, w * f.digit);
    }
  if (p.prefix) weights = prefixExpand(index, weights, p);
  const original = weights;
  if (p.ax && p.ax.terms > 0 && p.ax.weight > 0) weights = axiomatic(index, weights, p);
  if (p.rm3 && p.rm3.terms > 0 && p.rm3.weight > 0) weights = rm3(index, weights, p);
  if (p.bo1 && p.bo1.terms > 0 && p.bo1.weight > 0) weights = bo1(index, weights, p);
  if (p.commonShare !== undefined)
    for (const [term, w] of weights) {
      const t = index.terms.get(term);
      if (t && t.ddf / index.stats.documents > p.commonShare) weights.set(term, w * (p.commonWeight ?? 0));
    }
  return p.expandDocOnly ? scoreWith(index, original, p, weights) : scoreWith(index, weights, p);
}

let IDF_POWER = 1;
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5)) ** IDF_POWER;
/** Saturated tf part without (k1 + 1) and idf: BM25, BM25+ (delta) or BM25L (lDelta). */
function tfPart(f: number, length: number, avgdl: number, k1: number, b: number, delta = 0, lDelta = 0) {
  if (lDelta > 0) {
    const c = f / (1 - b + (b * length) / avgdl) + lDelta;
    return c / (k1 + c);
  }
  return f / (f + k1 * (1 - b + (b * length) / avgdl)) + delta / (k1 + 1);
}

function documentScores(index: Index, weights: Map<string, number>, p: Params, cap: number) {
  const { stats } = index;
  const k1 = p.dk1 ?? p.k1;
  const b = p.db ?? p.b;
  const scores = new Map<number, number>();
  const matched = new Map<number, number>();
  for (const [term, qweight] of weights) {
    const t = index.terms.get(term);
    if (!t || t.ddf <= 0) continue;
    if (p.coord)
      for (let i = 0; i < Math.min(cap, t.docs.length); i++)
        matched.set(t.docs[i]!, (matched.get(t.docs[i]!) ?? 0) + 1);
    const w = qweight * idf(stats.documents, t.ddf) * (k1 + 1);
    const end = Math.min(cap, t.docs.length);
    for (let i = 0; i < end; i++) {
      const f = t.dfreq[i]!;
      const d = t.docs[i]!;
      scores.set(
        d,
        (scores.get(d) ?? 0) + w * tfPart(f, t.dlen[i]!, stats.document_avgdl, k1, b, p.ddelta, p.dlDelta),
      );
    }
  }
  if (p.coord) {
    let total = 0;
    for (const term of weights.keys()) if ((index.terms.get(term)?.ddf ?? 0) > 0) total++;
    for (const [d, s] of scores) scores.set(d, s * (matched.get(d)! / total) ** p.coord);
  }
  return scores;
}

function scoreWith(index: Index, weights: Map<string, number>, p: Params, docWeights = weights) {
  const { stats } = index;
  const cap = p.cap;
  const clauseBest = new Map<number, number>();
  const clauseScores = new Map<number, number>();
  for (const [term, qweight] of weights) {
    const t = index.terms.get(term);
    if (!t || t.df <= 0) continue;
    const w = qweight * (p.clauseDocIdf ? idf(stats.documents, t.ddf) : idf(stats.n, t.df)) * (p.k1 + 1);
    const end = Math.min(cap, t.clauses.length);
    for (let i = 0; i < end; i++) {
      const at = t.clauses[i]!;
      if (at < 0) continue;
      const f = t.cfreq[i]!;
      clauseScores.set(
        at,
        (clauseScores.get(at) ?? 0) + w * tfPart(f, t.clen[i]!, stats.avgdl, p.k1, p.b, p.delta, p.lDelta),
      );
    }
  }
  const docScores = p.dw > 0 ? documentScores(index, docWeights, p, cap) : new Map<number, number>();
  if (p.dw > 0 && p.tw > 0) {
    const top = [...docScores.entries()]
      .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
      .slice(0, p.titleDocs ?? 100);
    const topSet = new Set(top.map(([d]) => d));
    const titleScores = new Map<number, number>();
    for (const [term, qweight] of weights) {
      const t = index.terms.get(term);
      if (!t || t.df <= 0) continue;
      const w = qweight * (p.titleDocIdf ? idf(stats.documents, t.ddf) : idf(stats.n, t.df)) * (p.k1 + 1);
      for (let i = 0; i < t.clauses.length; i++) {
        const at = t.clauses[i]!;
        if (at < 0 || !index.isTitle[at]) continue;
        const d = index.clauseDoc[at]!;
        if (!topSet.has(d)) continue;
        const f = t.cfreq[i]!;
        titleScores.set(
          d,
          (titleScores.get(d) ?? 0) + w * tfPart(f, t.clen[i]!, stats.avgdl, p.k1, p.b, p.delta, p.lDelta),
        );
      }
    }
    for (const [d, s] of titleScores) docScores.set(d, docScores.get(d)! + (p.tw / p.dw) * s);
  }
  if (p.dw > 0 && p.bm25fTitle) bm25fTitle(index, weights, p, docScores);
  if (p.prox) proximity(index, weights, p, docScores, clauseScores);
  if (p.ql && p.dw > 0) {
    const { mu, weight } = p.ql;
    for (const [d, s] of docScores) {
      const dl = index.docLength[d]!;
      let ql = 0;
      for (const [term, qweight] of weights) {
        const t = index.terms.get(term);
        if (!t || t.cf <= 0) continue;
        const f = index.docTf(term, d);
        ql += qweight * (Math.log(1 + f / ((mu * t.cf) / index.collectionLength)) + Math.log(mu / (dl + mu)));
      }
      docScores.set(d, s + weight * ql);
    }
  }
  if (p.clauseSum) {
    const sums = new Map<number, number>();
    for (const [at, s] of clauseScores) {
      const d = index.clauseDoc[at]!;
      sums.set(d, (sums.get(d) ?? 0) + s);
    }
    for (const [d, s] of sums)
      docScores.set(d, (docScores.get(d) ?? 0) + (p.clauseSum / Math.max(p.dw, 1e-9)) * s);
  }
  if (p.sentenceWeight) {
    // Per lexeme, its best clause score within each sentence, summed over the lexemes.
    const sentenceOf = (at: number) => `${index.clauseDoc[at]} ${index.dump.clauses[at]!.s}`;
    const sentences = new Map<string, number>();
    for (const [term, qweight] of weights) {
      const t = index.terms.get(term);
      if (!t || t.df <= 0) continue;
      const w = qweight * idf(stats.n, t.df) * (p.k1 + 1);
      const best = new Map<string, number>();
      for (let i = 0; i < Math.min(cap, t.clauses.length); i++) {
        const at = t.clauses[i]!;
        if (at < 0) continue;
        const v = w * tfPart(t.cfreq[i]!, t.clen[i]!, stats.avgdl, p.k1, p.b);
        const key = sentenceOf(at);
        if (v > (best.get(key) ?? 0)) best.set(key, v);
      }
      for (const [key, v] of best) sentences.set(key, (sentences.get(key) ?? 0) + v);
    }
    for (const [at, s] of clauseScores)
      clauseScores.set(at, s + p.sentenceWeight * sentences.get(sentenceOf(at))!);
  }
  for (const [at, s] of clauseScores) {
    const d = index.clauseDoc[at]!;
    const prior = p.lengthPrior
      ? p.lengthPrior * Math.log(Math.max(index.docLength[d]!, 1) / stats.document_avgdl)
      : 0;
    const total = s + p.dw * (docScores.get(d) ?? 0) + prior;
    if (total > (clauseBest.get(d) ?? Number.NEGATIVE_INFINITY)) clauseBest.set(d, total);
  }
  const docs = [...clauseBest.entries()]
    .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
    .map(([d]) => d);
  const scores = new Float64Array(0);
  return { docs, scores, best: clauseBest };
}

const pairDfs = new WeakMap<Index, Map<string, number>>();
/** Term proximity (Params.prox) added to the best documents' scores. */
function proximity(
  index: Index,
  weights: Map<string, number>,
  p: Params,
  docScores: Map<number, number>,
  clauseScores: Map<number, number>,
) {
  const x = p.prox!;
  const { stats } = index;
  const N = stats.documents;
  const k1 = x.k1 ?? 1.2;
  const b = p.db ?? p.b;
  const odWindow = x.odWindow ?? 2;
  const uwWindow = x.uwWindow ?? 8;
  const idfOf = (term: string) => {
    const t = index.terms.get(term);
    return t && t.ddf > 0 ? idf(N, t.ddf) : 0;
  };
  const top = [...docScores.entries()]
    .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
    .slice(0, x.docs ?? 100)
    .map(([d]) => d);
  // Adjacent lexeme pairs of the query (in query order, repeats and unknown lexemes skipped).
  const ordered = (p.query ?? [...weights.keys()]).filter((t) => idfOf(t) > 0 && weights.has(t));
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < ordered.length; i++)
    if (ordered[i] !== ordered[i + 1]) pairs.push([ordered[i]!, ordered[i + 1]!]);
  const count = (
    d: number,
    a: string,
    c: string,
    window: number,
    inOrder: boolean,
    clauseOf?: Map<number, number>,
  ) => {
    const m = index.positionsOf(d);
    const pa = m.get(a);
    const pc = m.get(c);
    if (!pa || !pc) return 0;
    let n = 0;
    for (let i = 0; i < pa.pos.length; i++)
      for (let j = 0; j < pc.pos.length; j++) {
        const delta = pc.pos[j]! - pa.pos[i]!;
        const ok = inOrder ? delta > 0 && delta <= window : delta !== 0 && Math.abs(delta) < window;
        if (ok) {
          n++;
          if (clauseOf && pa.clause[i] === pc.clause[j])
            clauseOf.set(pa.clause[i]!, (clauseOf.get(pa.clause[i]!) ?? 0) + 1);
        }
      }
    return n;
  };
  const pairIdf = (a: string, c: string, window: number, inOrder: boolean) => {
    if (x.pairIdf === 'one') return 1;
    if (x.pairIdf !== 'df') return Math.min(idfOf(a), idfOf(c));
    const key = `${a} ${c} ${window} ${inOrder}`;
    let pairDf = pairDfs.get(index);
    if (!pairDf) {
      pairDf = new Map();
      pairDfs.set(index, pairDf);
    }
    let df = pairDf.get(key);
    if (df === undefined) {
      const ta = index.terms.get(a)!;
      const tc = new Set(index.terms.get(c)!.docs);
      df = 0;
      for (const d of ta.docs) if (d >= 0 && tc.has(d) && count(d, a, c, window, inOrder) > 0) df++;
      pairDf.set(key, df);
    }
    return df > 0 ? idf(N, df) : 0;
  };
  for (const d of top) {
    const norm = k1 * (1 - b + (b * index.docLength[d]!) / stats.document_avgdl);
    let extra = 0;
    if (x.tp) {
      const m = index.positionsOf(d);
      const occ: { pos: number; term: string }[] = [];
      for (const term of weights.keys()) for (const pos of m.get(term)?.pos ?? []) occ.push({ pos, term });
      occ.sort((l, r) => l.pos - r.pos);
      const acc = new Map<string, number>();
      for (let i = 0; i + 1 < occ.length; i++) {
        const l = occ[i]!;
        const r = occ[i + 1]!;
        if (l.term === r.term) continue;
        const dist = r.pos - l.pos;
        acc.set(l.term, (acc.get(l.term) ?? 0) + idfOf(r.term) / dist ** 2);
        acc.set(r.term, (acc.get(r.term) ?? 0) + idfOf(l.term) / dist ** 2);
      }
      let tp = 0;
      for (const [term, a] of acc) tp += (Math.min(1, idfOf(term)) * ((k1 + 1) * a)) / (a + norm);
      extra += x.tp * tp;
    }
    for (const [a, c] of pairs) {
      for (const [w, window, inOrder] of [
        [x.od ?? 0, odWindow, true],
        [x.uw ?? 0, uwWindow, false],
      ] as const) {
        if (!w) continue;
        const clauseOf = x.clause ? new Map<number, number>() : undefined;
        const f = count(d, a, c, window, inOrder, clauseOf);
        if (f === 0) continue;
        const pi = pairIdf(a, c, window, inOrder);
        extra += (w * pi * ((k1 + 1) * f)) / (f + norm);
        if (clauseOf)
          for (const [ci, cf] of clauseOf) {
            // The clause of this document with clause index ci, if it scored.
            const at = index.clauseAt(d, ci);
            if (at >= 0 && clauseScores.has(at))
              clauseScores.set(
                at,
                clauseScores.get(at)! + (x.clause! * w * pi * ((p.k1 + 1) * cf)) / (cf + p.k1),
              );
          }
      }
    }
    if (extra) docScores.set(d, docScores.get(d)! + extra);
  }
}

/** True BM25F title: the top documents' document scores recomputed with title tf boosted before saturation. */
function bm25fTitle(index: Index, weights: Map<string, number>, p: Params, docScores: Map<number, number>) {
  const { stats } = index;
  const alpha = p.bm25fTitle!;
  const k1 = p.dk1 ?? p.k1;
  const b = p.db ?? p.b;
  const top = [...docScores.entries()]
    .sort((l, r) => r[1] - l[1] || (index.docIds[l[0]]! < index.docIds[r[0]]! ? -1 : 1))
    .slice(0, p.titleDocs ?? 100)
    .map(([d]) => d);
  const avg = stats.document_avgdl + alpha * index.titleAvg;
  for (const d of top) {
    let score = 0;
    const tl = index.titleLength[d]!;
    for (const [term, qweight] of weights) {
      const t = index.terms.get(term);
      if (!t || t.ddf <= 0) continue;
      const fd = index.docTf(term, d);
      const ft = index.titleTf(term, d);
      if (fd === 0) continue;
      const w = qweight * idf(stats.documents, t.ddf) * (k1 + 1);
      score += w * tfPart(fd + alpha * ft, index.docLength[d]! + alpha * tl, avg, k1, b, p.ddelta, p.dlDelta);
    }
    docScores.set(d, score);
  }
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

const prefixIndexes = new WeakMap<Index, Map<string, string[]>>();
function prefixExpand(index: Index, weights: Map<string, number>, p: Params) {
  const e = p.prefix!;
  let byPrefix = prefixIndexes.get(index);
  if (!byPrefix?.has(`built:${e.chars}`)) {
    byPrefix ??= new Map();
    byPrefix.set(`built:${e.chars}`, []);
    for (const term of index.terms.keys())
      if (term.length >= e.chars && /^[a-z]+$/.test(term)) {
        const key = `${e.chars}:${term.slice(0, e.chars)}`;
        const list = byPrefix.get(key) ?? [];
        list.push(term);
        byPrefix.set(key, list);
      }
    prefixIndexes.set(index, byPrefix);
  }
  const out = new Map(weights);
  for (const [term, w] of weights) {
    if (term.length < e.chars || !/^[a-z]+$/.test(term)) continue;
    const siblings = (byPrefix.get(`${e.chars}:${term.slice(0, e.chars)}`) ?? [])
      .filter((s) => s !== term && !weights.has(s) && index.terms.get(s)!.ddf >= (e.minDdf ?? 1))
      .sort((l, r) => index.terms.get(r)!.ddf - index.terms.get(l)!.ddf || (l < r ? -1 : 1))
      .slice(0, e.max ?? 5);
    for (const s of siblings) out.set(s, Math.max(out.get(s) ?? 0, w * e.weight));
  }
  return out;
}

const coCaches = new WeakMap<Index, Map<string, Map<string, number>>>();
function axiomatic(index: Index, weights: Map<string, number>, p: Params) {
  let coCache = coCaches.get(index);
  if (!coCache) {
    coCache = new Map();
    coCaches.set(index, coCache);
  }
  const e = p.ax!;
  const N = index.stats.documents;
  const total = new Map<string, number>();
  for (const term of weights.keys()) {
    const t = index.terms.get(term);
    if (!t || t.ddf <= 0 || t.ddf / N > (e.maxShare ?? 0.1)) continue;
    let co = coCache.get(term);
    if (!co) {
      co = new Map();
      for (const d of t.docs)
        if (d >= 0) for (const { term: s } of index.forward[d]!) co.set(s, (co.get(s) ?? 0) + 1);
      coCache.set(term, co);
    }
    const pt = t.ddf / N;
    for (const [s, c] of co) {
      if (weights.has(s) || c < (e.minCo ?? 2)) continue;
      const ps = index.terms.get(s)!.ddf / N;
      let mi: number;
      if (e.pmi) mi = (c / t.ddf) * Math.log(c / N / (pt * ps));
      else {
        const cell = (pxy: number, px: number, py: number) => (pxy > 0 ? pxy * Math.log(pxy / (px * py)) : 0);
        const p11 = c / N;
        const p10 = pt - p11;
        const p01 = ps - p11;
        const p00 = 1 - pt - ps + p11;
        mi = cell(p11, pt, ps) + cell(p10, pt, 1 - ps) + cell(p01, 1 - pt, ps) + cell(p00, 1 - pt, 1 - ps);
      }
      if (mi > 0) total.set(s, (total.get(s) ?? 0) + mi);
    }
  }
  const best = [...total.entries()].sort((l, r) => r[1] - l[1] || (l[0] < r[0] ? -1 : 1)).slice(0, e.terms);
  const max = best[0]?.[1] ?? 1;
  const out = new Map(weights);
  for (const [s, m] of best) out.set(s, (out.get(s) ?? 0) + (e.weight * m) / max);
  return out;
}

function bo1(index: Index, weights: Map<string, number>, p: Params) {
  const e = p.bo1!;
  const first = scoreWith(index, weights, { ...p, bo1: undefined }).docs.slice(0, e.docs);
  const tfx = new Map<string, number>();
  const forward = e.titles ? index.titleForward : index.forward;
  for (const d of first) for (const { term, f } of forward[d]!) tfx.set(term, (tfx.get(term) ?? 0) + f);
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
    const { docs } = rank(index, query.terms, p.prox ? { ...p, query: query.ordered } : p);
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
  // QTF=FILE,FILE: each query's lexemes with repeats (query term frequencies), one file per dump.
  if (process.env.QTF)
    process.env.QTF.split(',').forEach((file, at) => {
      const repeated = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string[]>>;
      for (const [name, queries] of Object.entries(indexes[at]!.index.dump.queries))
        for (const query of queries) query.terms = repeated[name]![query.id] ?? query.terms;
    });
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
  if (grid === 'prior') {
    for (const lengthPrior of [-1, -0.5, -0.25, 0.25, 0.5, 1, 2])
      show(`lengthPrior ${lengthPrior}`, { ...base, lengthPrior });
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
