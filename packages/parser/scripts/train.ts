import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConllu } from '../src/conllu';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { serializeModel } from '../src/model-format';
import { trainModel } from '../src/model-training';

const DATA_DIR = process.env.UD_EWT_DIR ?? '/work/shared/data/ud-ewt';
const OUTPUT = process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH;
const options = {
  taggerIterations: Number(process.env.TAGGER_ITERATIONS ?? 8),
  parserIterations: Number(process.env.PARSER_ITERATIONS ?? 12),
  folds: Number(process.env.JACKKNIFE_FOLDS ?? 5),
  seed: 20_131,
};

const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

const train = readConllu(`${DATA_DIR}/en_ewt-ud-train.conllu`);
log(`read ${train.length} training sentences from ${DATA_DIR}`);
const bundle = trainModel(train, {
  ...options,
  log,
  about: { data: 'UD English EWT train (CC BY-SA 4.0)', ...options },
});
const bytes = serializeModel(bundle);
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, bytes);
log(
  `wrote ${OUTPUT}: ${(bytes.length / 1e6).toFixed(2)} MB (tagger rows ${bundle.tagger.weights.keys.length}, transition rows ${bundle.parser.transitions.keys.length}, label rows ${bundle.parser.labeler.keys.length})`,
);
