/**
 * Builds the local embedder's compact word-vector cache ahead of first use.
 * Run: pnpm --filter @cae/retrieval embeddings:prepare [--vocabulary 120000] [--dir <cache directory>/embeddings]
 */
import { DEFAULT_VOCABULARY_SIZE, prepareWordVectors } from '../src/embedder-cache';
import { defaultEmbeddingCacheDir } from '../src/embedder-local';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const cacheDir = option('dir') ?? defaultEmbeddingCacheDir();
const vocabularySize = Number(option('vocabulary') ?? DEFAULT_VOCABULARY_SIZE);
const started = performance.now();
const paths = await prepareWordVectors({ cacheDir, vocabularySize });
console.log(
  `wrote ${paths.matrix} and ${paths.words} in ${Math.round(performance.now() - started)} ms (peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
);
