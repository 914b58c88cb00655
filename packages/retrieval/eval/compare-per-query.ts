/**
 * Paired comparison of per-query nDCG@10 rows written by eval/train-check.ts --per-query (or
 * eval/tune-embedder-map-fusion.ts --per-query): for each row against a baseline row (keyword by
 * default), the mean difference, the queries won / lost / tied, a two-sided sign test over the queries
 * that differ, and a 95% paired bootstrap interval of the mean difference (10,000 resamples, seeded).
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/compare-per-query.ts FILE [--baseline LABEL]
 */
import { readFile } from 'node:fs/promises';
import { mean, mulberry32 } from './eval-metrics';

const args = process.argv.slice(2);
const file = args[0];
if (!file) throw new Error('usage: compare-per-query.ts FILE [--baseline LABEL]');
const baselineIndex = args.indexOf('--baseline');
const data = JSON.parse(await readFile(file, 'utf8')) as {
  queries: string[];
  rows: Record<string, number[]>;
};
const labels = Object.keys(data.rows);
const baselineLabel =
  baselineIndex >= 0 ? args[baselineIndex + 1]! : labels.find((label) => label.startsWith('keyword'))!;
const baseline = data.rows[baselineLabel];
if (!baseline) throw new Error(`no row ${baselineLabel} in ${file}`);

/** Two-sided exact binomial sign test: P(at least as extreme as `wins` of `n` at p 0.5). */
function signTest(wins: number, n: number): number {
  if (n === 0) return 1;
  const k = Math.min(wins, n - wins);
  let tail = 0;
  let term = 0.5 ** n; // C(n, 0) / 2^n
  for (let i = 0; i <= k; i++) {
    tail += term;
    term = (term * (n - i)) / (i + 1);
  }
  return Math.min(1, 2 * tail);
}

function bootstrap(differences: readonly number[], resamples = 10_000): [number, number] {
  const random = mulberry32(19);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < differences.length; i++)
      sum += differences[Math.floor(random() * differences.length)]!;
    means.push(sum / differences.length);
  }
  means.sort((a, b) => a - b);
  return [means[Math.floor(0.025 * resamples)]!, means[Math.floor(0.975 * resamples)]!];
}

console.log(
  `${file}: ${data.queries.length} queries, baseline ${baselineLabel} ${mean(baseline).toFixed(4)}`,
);
console.log('| row | nDCG@10 | diff | won / lost / tied | sign test p | bootstrap 95% of diff |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const label of labels) {
  if (label === baselineLabel) continue;
  const values = data.rows[label]!;
  const differences = values.map((value, i) => value - baseline[i]!);
  const won = differences.filter((d) => d > 1e-9).length;
  const lost = differences.filter((d) => d < -1e-9).length;
  const [low, high] = bootstrap(differences);
  console.log(
    `| ${label} | ${mean(values).toFixed(4)} | ${(mean(values) - mean(baseline)).toFixed(4)} | ${won} / ${lost} / ${differences.length - won - lost} | ${signTest(won, won + lost).toFixed(3)} | ${low.toFixed(4)} .. ${high.toFixed(4)} |`,
  );
}
