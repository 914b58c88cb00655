/**
 * Parses EWT test sentence by sentence ROUNDS times (default 8) and prints each round's wall and CPU time: a
 * small load for `node --cpu-prof` (bundle it first, e.g. with esbuild, to get line numbers in the profile).
 * MODEL_PATH chooses the model (default: the shipped one).
 */
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';
import { loadModel } from '../src/load-parser';

const sentences = readConllu(`${evalDataDir()}/ud-ewt/en_ewt-ud-test.conllu`).map((s) => s.words);
const parser = loadModel(process.env.MODEL_PATH);
const rounds = Number(process.env.ROUNDS ?? 8);
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const words of sentences) parser.parse(words);
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${round}: ${Math.round(performance.now() - started)} ms, ${Math.round((used.user + used.system) / 1000)} CPU ms`,
  );
}
