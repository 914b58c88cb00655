import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';
import { loadModel } from '../src/load-parser';
const sentences = readConllu(`${evalDataDir()}/ud-ewt/en_ewt-ud-test.conllu`).map((s) => s.words);
const parser = loadModel(process.env.MODEL_PATH);
const rounds = Number(process.env.ROUNDS ?? 8);
for (let r = 0; r < rounds; r++) {
  const t = performance.now();
  const c = process.cpuUsage();
  for (const s of sentences) parser.parse(s);
  const u = process.cpuUsage(c);
  console.log(r, Math.round(performance.now() - t), 'ms', Math.round(u.user / 1000), 'cpu ms');
}
