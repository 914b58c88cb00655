import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { type ConlluSentence, readConllu } from '../src/conllu';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { serializeModel } from '../src/model-format';
import { type TaggerStage, trainModel } from '../src/model-training';
import { ccByGumSentences, GUM_CC_BY_GENRES } from '../src/training-data';

const DATA_DIR = process.env.UD_EWT_DIR ?? `${evalDataDir()}/ud-ewt`;
const GUM_DIR = process.env.UD_GUM_DIR ?? `${evalDataDir()}/ud-gum`;
const OUTPUT = process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH;
const useGum = (process.env.GUM_TRAIN ?? '1') !== '0';
const options = {
  taggerIterations: Number(process.env.TAGGER_ITERATIONS ?? 8),
  parserIterations: Number(process.env.PARSER_ITERATIONS ?? 10),
  folds: Number(process.env.JACKKNIFE_FOLDS ?? 5),
  seed: 20_131,
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
/**
 * `TAGGER_CACHE=file` keeps the tagger and the jackknifed tags (the same for the same data and options) in
 * that file, to try parser settings without training them again; unset, everything is trained.
 */
const cache = process.env.TAGGER_CACHE;
const checkpoints = new Set((process.env.CHECKPOINTS ?? '').split(',').filter(Boolean).map(Number));
const taggerStage =
  cache && existsSync(cache) ? (deserialize(readFileSync(cache)) as TaggerStage) : undefined;
if (taggerStage) log(`tagger and jackknifed tags read from ${cache}`);
const bundle = trainModel([...ewt, ...gum], {
  ...options,
  log,
  about: { data, ...options },
  ...(taggerStage ? { taggerStage } : {}),
  onTaggerStage: (stage) => {
    if (cache) writeFileSync(cache, serialize(stage));
  },
  // `CHECKPOINTS=10,12` also writes the model as it stands after those parser iterations (MODEL_PATH.10, …).
  onParserIteration: (iteration, model) => {
    if (!checkpoints.has(iteration)) return;
    // The same bytes as a run with PARSER_ITERATIONS=iteration: the first iterations do not depend on the count.
    const checkpoint = model();
    const about = { ...checkpoint.about, parserIterations: iteration };
    writeFileSync(`${OUTPUT}.${iteration}`, serializeModel({ ...checkpoint, about }));
  },
});
const bytes = serializeModel(bundle);
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, bytes);
log(
  `wrote ${OUTPUT}: ${(bytes.length / 1e6).toFixed(2)} MB (tagger rows ${bundle.tagger.weights.keys.length}, transition rows ${bundle.parser.transitions.keys.length}, label rows ${bundle.parser.labeler.keys.length})`,
);
