import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CandidateSource, ClauseCandidate, RetrievalFilters } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import {
  DEFAULT_BM25,
  DEFAULT_DOCUMENT_K1,
  DEFAULT_DOCUMENT_WEIGHT,
  DEFAULT_TITLE_WEIGHT,
  type KeywordSearchOptions,
  type Store,
} from '@cae/store-drizzle';
import { DEFAULT_VOCABULARY_SIZE } from '../src/embedder-cache';
import { createLocalEmbedder, LOCAL_EMBEDDER_MINMAX_WEIGHTS } from '../src/embedder-local';
import { DEFAULT_RRF_K, type FusionMethod } from '../src/rank-fusion';
import {
  createRetriever,
  DEFAULT_FEEDBACK,
  LOCAL_EMBEDDER_FUSION,
  type RetrievalMode,
} from '../src/retriever';
import { type BeirSet, loadBeirSet, loadNegConstraintGraded, type Split } from './eval-data';
import { openCorpusStore } from './eval-ingest';
import { documentsByBestClause, mean, ndcgAt, recallAt } from './eval-metrics';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const sets = (option('sets') ?? 'scifact,negconstraint').split(',') as ('scifact' | 'negconstraint')[];
const write = !args.includes('--no-write');
const REPORT = resolve(import.meta.dirname, '../../../docs/RETRIEVAL.md');
/** Deepest candidate list fetched; smaller list sizes are its prefixes. */
const POOL = 1000;
const CANDIDATE_SIZES = [100];
const K_VALUES = [60];
/** Vector list depths tried below the keyword list's (undefined: the same depth). */
const VECTOR_DEPTHS = [undefined];
/** Pseudo-relevance feedback settings tried (undefined: none). */
const FEEDBACK = [undefined, { ...DEFAULT_FEEDBACK }];
/** Weights of the vector list tried (the keyword list's is 1). */
const VECTOR_WEIGHTS = [1, 0.5, 0.2, 0.1, 0.05, 0.03, 0.02, 0.0175, 0.015, 0.01];
/** Weights of the vector list shown for min-max score fusion (the keyword list's is 1). */
const MINMAX_VECTOR_WEIGHTS = [1, 0.5, 0.2, 0.1, 0.07, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01];
/** Document contexts of the fusion tried (undefined: none). */
const DOCUMENT_CONTEXTS: ({ weight: number; k: number } | undefined)[] = [undefined];
/** Keyword rankings reported on test only (not needed for tuning; saves store queries). */
const TEST_ONLY = new Set<string>(['ts_rank_cd', 'bm25_rm3']);
/** The row of the store's default keyword ranking. */
const KEYWORD_LABEL = 'keyword (BM25, the defaults)';
/** Clauses kept after fusion: enough to fill 100 documents for recall@100. */
const CLAUSE_DEPTH = 1000;

/**
 * Keyword rankings compared: the store's default BM25 (document context, title), the same BM25 on
 * the clause alone, the previous defaults (documentWeight 3, titleWeight 0.5), the default
 * with pseudo-relevance feedback (RM3), and ts_rank_cd.
 */
const RANKINGS = {
  bm25: {},
  bm25_clause: { ranking: 'bm25', documentWeight: 0 },
  bm25_previous: { ranking: 'bm25', documentWeight: 3, titleWeight: 0.5 },
  bm25_rm3: { ranking: 'bm25', expansion: { documents: 10, terms: 20, weight: 0.1 } },
  ts_rank_cd: { ranking: 'ts_rank_cd' },
} as const satisfies Record<string, KeywordSearchOptions>;
type Ranking = keyof typeof RANKINGS;

type Variant = {
  label: string;
  mode: RetrievalMode;
  ranking: Ranking;
  k: number;
  candidates: number;
  /** Depth of the vector list when it differs from the keyword list's. */
  vectorCandidates?: number;
  /** Pseudo-relevance feedback of the vector query from the best keyword clauses. */
  feedback?: { clauses: number; weight: number };
  /** Weight of the vector list in the fusion (default 1: plain RRF). */
  vectorWeight?: number;
  /** Fusion method (default rrf). */
  fusion?: FusionMethod;
  /** Document context of the fusion (default none). */
  documentContext?: { weight: number; k: number };
  /** The query searched as written (`negativeConstraints: false`; default: its negative constraints read). */
  asWritten?: boolean;
};

/** Caches each list at POOL depth per query so many fusion settings cost one store query each. */
function cachedSource(store: Store, ranking: Ranking, vectorCache: Map<string, ClauseCandidate[]>) {
  const keywordCache = new Map<string, ClauseCandidate[]>();
  const embeddingKey = (embedding: Float32Array) =>
    Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');
  const source: CandidateSource = {
    async keywordCandidates(query: string, filters: RetrievalFilters, limit: number) {
      let rows = keywordCache.get(query);
      if (!rows) {
        rows = await store.keywordCandidates(query, filters, POOL, RANKINGS[ranking]);
        keywordCache.set(query, rows);
      }
      return rows.slice(0, limit);
    },
    async vectorCandidates(embedding: Float32Array, filters: RetrievalFilters, limit: number) {
      const key = embeddingKey(embedding);
      let rows = vectorCache.get(key);
      if (!rows) {
        rows = await store.vectorCandidates(embedding, filters, POOL);
        vectorCache.set(key, rows);
      }
      return rows.slice(0, limit);
    },
    candidatesByIds: (ids) => store.candidatesByIds(ids),
  };
  return source;
}

interface Scores {
  ndcg: number;
  recall: number;
  /** NegConstraint: share of queries whose violating passage ranks above the satisfying one. */
  violationAbove?: number;
}

async function evaluate(
  set: BeirSet,
  sources: Record<Ranking, CandidateSource>,
  embedder: ReturnType<typeof createLocalEmbedder>,
  variant: Variant,
  graded?: Map<string, Map<string, number>>,
): Promise<Scores> {
  const retriever = createRetriever({
    source: sources[variant.ranking],
    embedder,
    k: variant.k,
    candidateLimit: () => variant.candidates,
    ...(variant.vectorCandidates ? { vectorCandidateLimit: () => variant.vectorCandidates! } : {}),
    feedback: variant.feedback ?? false,
    weights: { vector: variant.vectorWeight ?? 1, keyword: 1 },
    fusion: variant.fusion ?? 'rrf',
    ...(variant.documentContext ? { documentContext: variant.documentContext } : {}),
    ...(variant.asWritten ? { negativeConstraints: false } : {}),
    maxLimit: CLAUSE_DEPTH,
  });
  const ndcg: number[] = [];
  const recall: number[] = [];
  let violated = 0;
  for (const query of set.queries) {
    const results = await retriever.retrieve({
      query: query.text,
      limit: Math.min(CLAUSE_DEPTH, variant.mode === 'hybrid' ? 2 * variant.candidates : variant.candidates),
      mode: variant.mode,
    });
    const documents = documentsByBestClause(results.map((result) => result.documentId));
    const relevant = set.qrels.get(query.id)!;
    ndcg.push(ndcgAt(documents, relevant, 10));
    recall.push(recallAt(documents, relevant, 100));
    const grades = graded?.get(query.id);
    if (grades) {
      const rankOf = (grade: number) => {
        const id = [...grades.entries()].find(([, value]) => value === grade)?.[0];
        const rank = id === undefined ? -1 : documents.indexOf(id);
        return rank < 0 ? Number.POSITIVE_INFINITY : rank;
      };
      if (rankOf(0) < rankOf(2)) violated++;
    }
  }
  return {
    ndcg: mean(ndcg),
    recall: mean(recall),
    ...(graded ? { violationAbove: violated / set.queries.length } : {}),
  };
}

const pipeline = createPipeline();
const embedder = createLocalEmbedder({
  cacheDir: process.env.CAE_EMBEDDINGS_DIR ?? join(tmpdir(), 'cae-retrieval-eval-embeddings'),
});
await embedder.load();
const report: string[] = [];
const fmt = (value: number) => value.toFixed(4);

for (const name of sets) {
  const [train, test] = await Promise.all([loadBeirSet(name, 'train'), loadBeirSet(name, 'test')]);
  const opened = await openCorpusStore({ name, corpus: train.corpus, pipeline, embedder });
  const { store, storeDir } = opened;
  const ingest = opened.figures;
  if (opened.reused) console.log(`  reusing the store in ${storeDir} (${ingest.clauses} clauses)`);
  else
    console.log(
      `\n  ${ingest.clauses} clauses in ${(ingest.totalMs / 1000).toFixed(1)} s (compile ${(ingest.compileMs / 1000).toFixed(1)} s, embed ${(ingest.embedMs / 1000).toFixed(1)} s, store ${(ingest.storeMs / 1000).toFixed(1)} s)`,
    );
  if (ingest.failedDocuments.length > 0) {
    console.log(
      `  the pipeline failed on ${ingest.failedDocuments.length} documents, e.g. ${ingest.failedDocuments.slice(0, 3).join(' | ')}`,
    );
  }
  const vectorCache = new Map<string, ClauseCandidate[]>();
  const sources = Object.fromEntries(
    Object.keys(RANKINGS).map((ranking) => [ranking, cachedSource(store, ranking as Ranking, vectorCache)]),
  ) as Record<Ranking, CandidateSource>;
  const graded = name === 'negconstraint' ? await loadNegConstraintGraded() : undefined;
  const run = (split: Split, variant: Variant) =>
    evaluate(split === 'train' ? train : test, sources, embedder, variant, graded);

  // Tune on train: candidate list size for each single list and for hybrid, then RRF k for hybrid.
  const tuned: Record<string, Variant> = {};
  const trainLines: string[] = [];
  for (const [label, mode, ranking] of [
    [KEYWORD_LABEL, 'keyword', 'bm25'],
    [
      `keyword (BM25, the previous defaults: documentWeight ${RANKINGS.bm25_previous.documentWeight}, titleWeight ${RANKINGS.bm25_previous.titleWeight})`,
      'keyword',
      'bm25_previous',
    ],
    ['keyword (BM25, clause alone: documentWeight 0)', 'keyword', 'bm25_clause'],
    [
      `keyword (BM25 + RM3 expansion: ${RANKINGS.bm25_rm3.expansion.terms} lexemes of the best ${RANKINGS.bm25_rm3.expansion.documents} documents, weight ${RANKINGS.bm25_rm3.expansion.weight})`,
      'keyword',
      'bm25_rm3',
    ],
    ['keyword (ts_rank_cd)', 'keyword', 'ts_rank_cd'],
    ['vector (local embedder)', 'vector', 'bm25'],
  ] as const) {
    // A single list's ranking does not depend on its depth beyond recall; fetch the deepest.
    tuned[label] = { label, mode, ranking, k: DEFAULT_RRF_K, candidates: POOL };
  }
  let best: { variant: Variant; ndcg: number } | undefined;
  for (const candidates of CANDIDATE_SIZES) {
    for (const k of K_VALUES) {
      for (const vectorCandidates of VECTOR_DEPTHS) {
        if (vectorCandidates !== undefined && vectorCandidates >= candidates) continue;
        for (const feedback of FEEDBACK) {
          for (const vectorWeight of VECTOR_WEIGHTS) {
            for (const documentContext of DOCUMENT_CONTEXTS) {
              const variant: Variant = {
                label: 'hybrid',
                mode: 'hybrid',
                ranking: 'bm25',
                k,
                candidates,
                vectorWeight,
                ...(vectorCandidates ? { vectorCandidates } : {}),
                ...(feedback ? { feedback } : {}),
                ...(documentContext ? { documentContext } : {}),
              };
              const scores = await run('train', variant);
              trainLines.push(
                `| ${k} | ${candidates} | ${vectorCandidates ?? candidates} | ${feedback ? `${feedback.clauses} clauses, weight ${feedback.weight}` : 'none'} | ${vectorWeight} | ${documentContext ? `weight ${documentContext.weight}, k ${documentContext.k}` : 'none'} | ${fmt(scores.ndcg)} | ${fmt(scores.recall)} |`,
              );
              if (!best || scores.ndcg > best.ndcg + 1e-9) best = { variant, ndcg: scores.ndcg };
            }
          }
        }
      }
    }
    process.stdout.write(`\r  tuned hybrid up to ${candidates} candidates`);
  }
  const chosen = best!.variant;
  const tunedSettings = [
    `k=${chosen.k}`,
    `${chosen.candidates} keyword / ${chosen.vectorCandidates ?? chosen.candidates} vector candidates`,
    chosen.feedback
      ? `feedback ${chosen.feedback.clauses} clauses, weight ${chosen.feedback.weight}`
      : 'no feedback',
    `vector weight ${chosen.vectorWeight ?? 1}`,
    chosen.documentContext
      ? `document context weight ${chosen.documentContext.weight}, k ${chosen.documentContext.k}`
      : 'no document context',
  ].join(', ');
  console.log(`\n  best on train: ${tunedSettings} (nDCG@10 ${fmt(best!.ndcg)})`);
  // The retriever's defaults (plain RRF, k 60, max(limit, 100) candidates per list, feedback) and its
  // opt-in preset for the local embedder (weighted lists, document context, its own feedback).
  const defaultCandidates = 100;
  const declared = embedder.fusionWeights ?? { vector: 1, keyword: 1 };
  const declaredFusion = embedder.fusionMethod ?? 'rrf';
  const methodName = (fusion: FusionMethod) =>
    fusion === 'minmax' ? 'weighted min-max score fusion' : 'weighted RRF';
  const defaults: Variant = {
    label: `hybrid, retriever defaults: ${methodName(declaredFusion)} with the embedder's weights (vector ${declared.vector}, keyword ${declared.keyword}; ${declaredFusion === 'rrf' ? `k=${DEFAULT_RRF_K}, ` : ''}${defaultCandidates} per list, feedback ${DEFAULT_FEEDBACK.clauses} clauses weight ${DEFAULT_FEEDBACK.weight})`,
    mode: 'hybrid',
    ranking: 'bm25',
    k: DEFAULT_RRF_K,
    candidates: defaultCandidates,
    feedback: { ...DEFAULT_FEEDBACK },
    vectorWeight: declared.vector / declared.keyword,
    fusion: declaredFusion,
  };
  const minmax: Variant = {
    ...defaults,
    label: `hybrid, opt-in min-max score fusion, createLocalEmbedder({ fusionMethod: 'minmax' }) (vector ${LOCAL_EMBEDDER_MINMAX_WEIGHTS.vector}, keyword ${LOCAL_EMBEDDER_MINMAX_WEIGHTS.keyword}; ${defaultCandidates} per list, feedback ${DEFAULT_FEEDBACK.clauses} clauses weight ${DEFAULT_FEEDBACK.weight})`,
    vectorWeight: LOCAL_EMBEDDER_MINMAX_WEIGHTS.vector / LOCAL_EMBEDDER_MINMAX_WEIGHTS.keyword,
    fusion: 'minmax',
  };
  const preset = LOCAL_EMBEDDER_FUSION;
  const local: Variant = {
    label: `hybrid, LOCAL_EMBEDDER_FUSION (vector weight ${preset.weights.vector}, document context weight ${preset.documentContext.weight} k ${preset.documentContext.k}, feedback ${preset.feedback.clauses} clauses weight ${preset.feedback.weight}; k=${DEFAULT_RRF_K}, ${defaultCandidates} per list)`,
    mode: 'hybrid',
    ranking: 'bm25',
    k: DEFAULT_RRF_K,
    candidates: defaultCandidates,
    feedback: { ...preset.feedback },
    vectorWeight: preset.weights.vector,
    documentContext: { ...preset.documentContext },
  };
  const variants: Variant[] = [
    ...Object.values(tuned),
    {
      ...defaults,
      fusion: 'rrf',
      label: `hybrid, plain RRF of BM25 + vector (equal weights; k=${DEFAULT_RRF_K}, ${defaultCandidates} per list, feedback ${DEFAULT_FEEDBACK.clauses} clauses weight ${DEFAULT_FEEDBACK.weight})`,
      vectorWeight: 1,
    },
    {
      label: `hybrid, plain RRF of BM25 + vector (k=${DEFAULT_RRF_K}, ${defaultCandidates} per list, no feedback)`,
      mode: 'hybrid',
      ranking: 'bm25',
      k: DEFAULT_RRF_K,
      candidates: defaultCandidates,
    },
    defaults,
    // Negative constraints ("... without Denmark") read or not (src/query-constraints.ts).
    ...(tuned[KEYWORD_LABEL]
      ? [
          {
            ...tuned[KEYWORD_LABEL],
            label: `${KEYWORD_LABEL}, the query as written (negativeConstraints: false)`,
            asWritten: true,
          },
        ]
      : []),
    {
      ...defaults,
      label: 'hybrid, retriever defaults, the query as written (negativeConstraints: false)',
      asWritten: true,
    },
    ...(declaredFusion === 'minmax' ? [] : [minmax]),
    local,
    {
      ...best!.variant,
      label: `hybrid, BM25 + vector, tuned on train (${tunedSettings})`,
    },
    { ...defaults, label: 'hybrid, ts_rank_cd + vector (retriever defaults)', ranking: 'ts_rank_cd' },
  ];
  const rows: string[] = [];
  for (const variant of variants) {
    // ts_rank_cd and RM3 lists are not needed for tuning; skip them on train to save store queries.
    const trainScores = TEST_ONLY.has(variant.ranking) ? undefined : await run('train', variant);
    const testScores = await run('test', variant);
    const trainNdcg = trainScores ? fmt(trainScores.ndcg) : '-';
    const violation = testScores.violationAbove === undefined ? '' : ` ${fmt(testScores.violationAbove)} |`;
    rows.push(
      `| ${variant.label} | ${fmt(testScores.ndcg)} | ${fmt(testScores.recall)} | ${trainNdcg} |${violation}`,
    );
    console.log(
      `  ${variant.label}: test nDCG@10 ${fmt(testScores.ndcg)} recall@100 ${fmt(testScores.recall)} (train nDCG@10 ${trainNdcg})${testScores.violationAbove === undefined ? '' : `, violating passage first ${fmt(testScores.violationAbove)}`}`,
    );
  }
  // The vector weight of the default fusion (the embedder's; keyword 1, the default feedback), train and test.
  const weightLines: string[] = [];
  for (const [label, variant] of [
    ['keyword only', tuned[KEYWORD_LABEL]!],
    ['vector only', tuned['vector (local embedder)']!],
    ...[
      ...new Set([
        ...(declaredFusion === 'minmax' ? MINMAX_VECTOR_WEIGHTS : VECTOR_WEIGHTS),
        declared.vector / declared.keyword,
      ]),
    ]
      .sort((left, right) => right - left)
      .map((vectorWeight) => [
        vectorWeight === declared.vector / declared.keyword
          ? `**${vectorWeight} (the default)**`
          : String(vectorWeight),
        { ...defaults, vectorWeight },
      ]),
  ] as [string, Variant][]) {
    const [trainScores, testScores] = [await run('train', variant), await run('test', variant)];
    weightLines.push(`| ${label} | ${fmt(trainScores.ndcg)} | ${fmt(testScores.ndcg)} |`);
  }
  await store.close();
  const splitNote =
    name === 'scifact'
      ? `tuned on \`queries_train.jsonl\` (${train.queries.length} queries), reported on \`queries.jsonl\` + \`qrels.tsv\` (${test.queries.length} queries)`
      : `tuned on even query ids (${train.queries.length}), reported on odd ones (${test.queries.length}); qrels.tsv (the constraint-satisfying passage)`;
  report.push(
    `## ${name === 'scifact' ? 'SciFact' : 'NegConstraint'}`,
    '',
    `${train.corpus.length} documents compiled into ${ingest.clauses} clauses${ingest.failedDocuments.length > 0 ? ` (the pipeline failed on ${ingest.failedDocuments.length} documents, left out)` : ''}; ${splitNote}.`,
    '',
    `| retrieval | test nDCG@10 | test recall@100 | train nDCG@10 |${graded ? ' violating passage ranked first (test) |' : ''}`,
    `|---|---|---|---|${graded ? '---|' : ''}`,
    ...rows,
    '',
    `Vector weight of the default hybrid (the local embedder declares ${methodName(declaredFusion)}, vector ${declared.vector}, keyword ${declared.keyword}; ${declaredFusion === 'rrf' ? `k=${DEFAULT_RRF_K}, ` : ''}${defaultCandidates} per list, feedback ${DEFAULT_FEEDBACK.clauses} clauses weight ${DEFAULT_FEEDBACK.weight}), nDCG@10:`,
    '',
    '| vector weight (keyword 1) | train | test |',
    '|---|---|---|',
    ...weightLines,
    '',
    '<details><summary>Hybrid tuning grid on train (RRF k, candidates per list, feedback, vector weight, document context)</summary>',
    '',
    '| k | keyword candidates | vector candidates | feedback | vector weight | document context | nDCG@10 | recall@100 |',
    '|---|---|---|---|---|---|---|---|',
    ...trainLines,
    '',
    '</details>',
    '',
  );
}

const header = [
  '# Retrieval quality',
  '',
  'Written by `pnpm eval:retrieval` (packages/retrieval/eval/run.ts); do not edit by hand.',
  '',
  `Each corpus document (title + text) is compiled by @cae/pipeline into clauses, stored in a PGlite`,
  `store, and embedded with the local embedder (\`${embedder.id}\`, ${DEFAULT_VOCABULARY_SIZE.toLocaleString('en')} words).`,
  'Scores are document-level: the clause ranking is turned into a document ranking by each',
  "document's best clause. Keyword lists are Postgres full text (OR over the query's stemmed",
  `lexemes) ranked by BM25 (by default k1 ${DEFAULT_BM25.k1}, b ${DEFAULT_BM25.b}; k1 ${DEFAULT_DOCUMENT_K1} for the document field) or \`ts_rank_cd\`. BM25 by default scores a clause in its`,
  `document's context: its own BM25 plus ${DEFAULT_DOCUMENT_WEIGHT} times its document's BM25 (documentWeight), plus ${DEFAULT_TITLE_WEIGHT} times the`,
  "BM25 of its document's title, the document's first sentence (titleWeight; here the corpus title); the clause-alone row",
  'is the same ranking with documentWeight 0. The vector list is pgvector HNSW',
  'cosine; hybrid is weighted reciprocal rank fusion of the vector list and the BM25 list, optionally',
  "with document context (a clause also gets its document's RRF score, the document ranked in each",
  "list by its best clause), or weighted min-max score fusion (each list's scores scaled to 0-1 over its",
  'candidates, `w_vector × vector + w_keyword × keyword`; an opt-in). Single lists are',
  `${POOL} clauses deep. Clause vectors carry their document's context (\`embedClauses\`, context weight 0.5).`,
  'Every row but the two marked "as written" reads the negative constraints of a query (src/query-constraints.ts): in a request ("Provide an introduction to X without Y", "..., excluding Z") the lists search the query without "without Y", and clauses that name Y rank after the others. The markers were written from English usage and checked on the train queries; SciFact claims have none the reading takes (its one "without" is in a statement).',
  'Published SciFact reference: BM25 0.665-0.679 nDCG@10, RRF of BM25 and a dense model 0.742.',
  '',
];
if (write) {
  // Keep the sections of sets this run did not evaluate.
  const previous = await readFile(REPORT, 'utf8').catch(() => '');
  const sections = new Map<string, string>();
  const setHeadings = new Set(['## SciFact', '## NegConstraint']);
  for (const part of previous.split(/^(?=## )/m).slice(1)) {
    const heading = part.split('\n')[0]!;
    if (setHeadings.has(heading)) sections.set(heading, part.trimEnd());
  }
  for (const part of report.join('\n').split(/^(?=## )/m)) {
    if (part.startsWith('## ')) sections.set(part.split('\n')[0]!, part.trimEnd());
  }
  const ordered = [...sections.entries()]
    .sort(([left], [right]) => (left < right ? 1 : -1))
    .map(([, part]) => part);
  await writeFile(REPORT, `${header.join('\n')}\n${ordered.join('\n\n')}\n`);
  console.log(`\nwrote ${REPORT}`);
}
