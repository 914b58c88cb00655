import { statSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';
import { DEFAULT_MODEL_PATH, loadModel } from '../src/load-parser';

const MODEL_PATH = process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH;
const DATA = process.env.BENCH_CONLLU ?? `${evalDataDir()}/ud-ewt/en_ewt-ud-test.conllu`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const gc = (globalThis as { gc?: () => void }).gc;
// The test set is read before the memory is first measured, so that the deltas count the model alone.
const sentences = readConllu(DATA).map((sentence) => sentence.words);
gc?.();
const before = process.memoryUsage();
const loadStarted = performance.now();
const parser = loadModel(MODEL_PATH);
const loadMs = performance.now() - loadStarted;
gc?.();
const after = process.memoryUsage();

const words = sentences.reduce((sum, sentence) => sum + sentence.length, 0);

/**
 * Best of ROUNDS runs after a warm-up, by wall-clock time and by the process's CPU time (user + system):
 * on a machine shared with other jobs the second is the steadier measure of one core's throughput.
 */
function wordsPerSecond(run: () => void): { wall: number; cpu: number } {
  run();
  let wall = 0;
  let cpu = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    run();
    wall = Math.max(wall, words / ((performance.now() - started) / 1000));
    const used = process.cpuUsage(cpuBefore);
    cpu = Math.max(cpu, words / ((used.user + used.system) / 1e6));
  }
  return { wall, cpu };
}

const tagging = wordsPerSecond(() => {
  for (const sentence of sentences) parser.tag(sentence);
});
const parsing = wordsPerSecond(() => {
  for (const sentence of sentences) parser.parse(sentence);
});
const batchParsing = wordsPerSecond(() => {
  parser.parseMany(sentences);
});
// The score parts the tagger, labeler and parser keep per word type fill up while text is parsed: the
// memory after parsing the whole set counts them too.
gc?.();
const afterParsing = process.memoryUsage();
const heapDelta = after.heapUsed - before.heapUsed;
const rssDelta = after.rss - before.rss;
const arrayDelta = after.arrayBuffers - before.arrayBuffers;

console.log(
  `@cae/parser bench (${sentences.length} sentences, ${words} words of ${DATA}; best of ${ROUNDS} rounds, one thread)`,
);
console.table({
  'tagging (words/s)': Math.round(tagging.wall),
  'tagging + parsing (words/s)': Math.round(parsing.wall),
  'tagging + parsing, parseMany (words/s)': Math.round(batchParsing.wall),
  'tagging (words per CPU second)': Math.round(tagging.cpu),
  'tagging + parsing (words per CPU second)': Math.round(parsing.cpu),
  'tagging + parsing, parseMany (words per CPU second)': Math.round(batchParsing.cpu),
  'model load (ms)': Math.round(loadMs),
  'heap delta after load': megabytes(heapDelta),
  'rss delta after load': megabytes(rssDelta),
  'heap + rss delta': megabytes(heapDelta + rssDelta),
  'array buffers after load': megabytes(arrayDelta),
  'heap delta after parsing': megabytes(afterParsing.heapUsed - before.heapUsed),
  'rss delta after parsing': megabytes(afterParsing.rss - before.rss),
  'model file': megabytes(statSync(MODEL_PATH).size),
});
