/**
 * Throughput of `compile` on ~1 MB of real text (UD EWT + SciFact), with wink-nlp's bare readDoc + POS pass
 * and compromise's nlp(text) in the same run (figures also given as a ratio to wink's, which is steadier
 * on a shared machine); then, in a plain Node process of its own (`peak-rss.mjs`: the built package and the
 * text alone, so neither compromise's heap, the treebank read here nor the TypeScript loader counts), the
 * time ratio when doubling the input from 2.5 MB to 5 MB and the peak RSS of the 5 MB run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The built package, as users import it (the bench script builds it first).
import { createPipeline } from '@cae/pipeline';
import nlp from 'compromise';
import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { evalDataDir } from '../../../scripts/eval-data-dir';

const DATA = process.env.CAE_DATA ?? evalDataDir();
const ud = readFileSync(`${DATA}/ud-ewt/en_ewt-ud-test.conllu`, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('# text = '))
  .map((line) => line.slice(9));
const sci = readFileSync(`${DATA}/retrieval/scifact/corpus.jsonl`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text);
const corpus = `${ud.join(' ')}\n\n${sci.join('\n\n')}`;
const pipeline = createPipeline({ maxLength: 20_000_000 });

function time(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

function mib(kib: number): string {
  return (kib / 1024).toFixed(0);
}

const text = corpus.slice(0, 1_000_000);
const words = text.split(/\s+/).filter(Boolean).length;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Median seconds of `RUNS` timed runs after one untimed warm-up run on the same input. */
function steady(run: () => void): number {
  run();
  const times = Array.from({ length: RUNS }, () => time(run)).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const ours = steady(() => pipeline.compile(text, { documentId: 'bench' }));
const wink = winkNLP(model, ['sbd', 'pos']);
const bare = steady(() => {
  const doc = wink.readDoc(text);
  doc.tokens().out(wink.its.pos);
});
const compromise = steady(() => nlp(text));
console.log(
  `input: ${(text.length / 1e6).toFixed(2)} MB, ${words} words; median of ${RUNS} runs after a warm-up run, one core`,
);
console.log(
  `@cae/pipeline compile: ${Math.round(words / ours)} words/s (${ours.toFixed(2)} s), ${(bare / ours).toFixed(2)} of wink bare`,
);
console.log(`wink-nlp readDoc + POS: ${Math.round(words / bare)} words/s (${bare.toFixed(2)} s)`);
console.log(
  `compromise nlp(text): ${Math.round(words / compromise)} words/s (${compromise.toFixed(2)} s), ${(bare / compromise).toFixed(2)} of wink bare`,
);
console.log(`speed-up over compromise: ${(compromise / ours).toFixed(2)}x`);

// Doubling and peak RSS: a plain Node process that holds the built pipeline and the 5 MB text alone.
const workDir = mkdtempSync(join(tmpdir(), 'cae-bench-'));
const bigFile = join(workDir, 'five-mb.txt');
writeFileSync(bigFile, corpus.repeat(Math.ceil(5_000_000 / corpus.length)).slice(0, 5_000_000));
const child = spawnSync(
  process.execPath,
  ['--expose-gc', fileURLToPath(new URL('./peak-rss.mjs', import.meta.url)), bigFile],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
rmSync(workDir, { recursive: true, force: true });
const line = child.stdout.trim().split('\n').pop() ?? '';
if (child.status !== 0 || !line.startsWith('{')) {
  console.log(`child run failed (status ${child.status})`);
} else {
  const result = JSON.parse(line) as { halfTime: number; fullTime: number; halfRss: number; peakRss: number };
  console.log(
    `2.5 MB: ${result.halfTime.toFixed(2)} s, 5 MB: ${result.fullTime.toFixed(2)} s, ratio ${(result.fullTime / result.halfTime).toFixed(2)}x (own process)`,
  );
  console.log(
    `peak RSS, 5 MB compile in a plain Node process of its own: ${mib(result.peakRss)} MiB (after 2.5 MB: ${mib(result.halfRss)} MiB)`,
  );
}
console.log(`peak RSS, this process (with compromise): ${mib(process.resourceUsage().maxRSS)} MiB`);
