import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  EnglishParser,
  type ParsedWord,
  type Parser,
  type TaggedWord,
  type TagOptions,
} from './english-parser';
import { deserializeModel } from './model-format';

/** The model shipped with the package (trained on UD English EWT by scripts/train.ts). */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('../model/en-ewt.bin', import.meta.url));

const loaded = new Map<string, EnglishParser>();

/** Reads a model file; each path is read once per process. */
export function loadModel(path = DEFAULT_MODEL_PATH): EnglishParser {
  let parser = loaded.get(path);
  if (!parser) {
    parser = new EnglishParser(deserializeModel(readFileSync(path)));
    loaded.set(path, parser);
  }
  return parser;
}

/** A parser whose model is read on its first use, so importing the package costs nothing. */
export function loadParser(path = DEFAULT_MODEL_PATH): Parser {
  return {
    tag: (words: readonly string[], options?: TagOptions): TaggedWord[] =>
      loadModel(path).tag(words, options),
    parse: (words: readonly string[], options?: TagOptions): ParsedWord[] =>
      loadModel(path).parse(words, options),
    parseMany: (
      sentences: readonly (readonly string[])[],
      options?: readonly (TagOptions | undefined)[],
    ): ParsedWord[][] => loadModel(path).parseMany(sentences, options),
  };
}
