import { evalDataDir } from '../../scripts/eval-data-dir';
import { readConllu } from './src/conllu';
import { loadModel } from './src/load-parser';
import { DependencyParser } from './src/dependency-parser';
const parser = loadModel(process.env.MODEL_PATH);
const sentences = readConllu(`${evalDataDir()}/ud-ewt/en_ewt-ud-test.conllu`);
const tagger = (parser as any).tagger;
const tags = sentences.map((s) => tagger.tagClasses(s.words));
const dep: DependencyParser = (parser as any).dependencies;
let words = 0; for (const s of sentences) words += s.words.length;
for (let r = 0; r < 8; r++) {
  const c = process.cpuUsage(); const t0 = performance.now();
  sentences.forEach((s, i) => dep.parse(s.words, tags[i]!));
  const u = process.cpuUsage(c);
  console.log(`parse only: ${Math.round(words / ((performance.now() - t0) / 1000))} w/s wall, ${Math.round(words / ((u.user + u.system) / 1e6))} w/cpu-s`);
}
