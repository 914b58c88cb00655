/**
 * Throughput of `compile` on ~1 MB of real text (UD EWT + SciFact), with wink-nlp's bare readDoc + POS pass
 * and compromise's nlp(text) in the same run; peak RSS for a 5 MB input and the time ratio when doubling input.
 */
import { readFileSync } from 'node:fs';
import nlp from 'compromise';
import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import { createPipeline } from '../src/pipeline';

const DATA = process.env.CAE_DATA ?? '/work/shared/data';
const ud = readFileSync(`${DATA}/ud-ewt/en_ewt-ud-test.conllu`, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('# text = '))
  .map((line) => line.slice(9));
const sci = readFileSync(`${DATA}/retrieval/scifact/corpus.jsonl`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { text: string }).text);
const corpus = `${ud.join(' ')}\n\n${sci.join('\n\n')}`;
const text = corpus.slice(0, 1_000_000);
const words = text.split(/\s+/).filter(Boolean).length;
const pipeline = createPipeline({ maxLength: 20_000_000 });

function time(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

pipeline.compile(text.slice(0, 50_000), { documentId: 'warm' });
const ours = time(() => pipeline.compile(text, { documentId: 'bench' }));
const wink = winkNLP(model, ['sbd', 'pos']);
wink.readDoc(text.slice(0, 50_000));
const bare = time(() => {
  const doc = wink.readDoc(text);
  doc.tokens().out(wink.its.pos);
});
nlp(text.slice(0, 50_000));
const compromise = time(() => nlp(text));
console.log(`input: ${(text.length / 1e6).toFixed(2)} MB, ${words} words`);
console.log(`@cae/pipeline compile: ${Math.round(words / ours)} words/s (${ours.toFixed(2)} s)`);
console.log(`wink-nlp readDoc + POS: ${Math.round(words / bare)} words/s (${bare.toFixed(2)} s)`);
console.log(`compromise nlp(text): ${Math.round(words / compromise)} words/s (${compromise.toFixed(2)} s)`);
console.log(`speed-up over compromise: ${(compromise / ours).toFixed(2)}x`);

const big = corpus.repeat(Math.ceil(5_000_000 / corpus.length)).slice(0, 5_000_000);
const half = big.slice(0, 2_500_000);
const halfTime = time(() => pipeline.compile(half, { documentId: 'half' }));
const fullTime = time(() => pipeline.compile(big, { documentId: 'full' }));
console.log(
  `2.5 MB: ${halfTime.toFixed(2)} s, 5 MB: ${fullTime.toFixed(2)} s, ratio ${(fullTime / halfTime).toFixed(2)}x`,
);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
