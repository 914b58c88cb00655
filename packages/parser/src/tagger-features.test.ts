import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';
import {
  contextAmbiguity,
  contextWordHashes,
  LOWER_HASH,
  lexicalEntry,
  SUFFIX3_HASH,
  TAGGER_FEATURE_COUNT,
  taggerContext,
  taggerContextFeatures,
  taggerFeatures,
  taggerFlagFeatures,
  taggerFlagKey,
  taggerNextWordFeatures,
  taggerOwnWordFeatures,
  taggerPreviousClassFeatures,
  taggerPreviousWordFeatures,
  taggerSecondNextWordFeatures,
} from './tagger-features';

describe('tagger features split into word, previous-class and context parts', () => {
  it('give exactly the keys of taggerFeatures, and the word parts depend on the word alone (the own-word part after the first token)', () => {
    const random = seededRandom(5);
    const vocabulary = ['The', 'dog', 'chased', 'a', 'cat', 'in', '1999', 'Park', '.', "n't", 'e-mail'];
    const lexicon = new Map([
      ['the', 11],
      ['dog', 12],
      ['1999', 13],
    ]);
    const own = new Map<string, string>();
    const next = new Map<string, string>();
    const previousParts = new Map<string, string>();
    const secondNext = new Map<string, string>();
    const flagParts = new Map<number, string>();
    const all = new Uint32Array(TAGGER_FEATURE_COUNT);
    const split = new Uint32Array(TAGGER_FEATURE_COUNT);
    let checked = 0;
    for (let sentence = 0; sentence < 40; sentence++) {
      const length = 1 + Math.floor(random() * 10);
      const words = Array.from({ length }, () => vocabulary[Math.floor(random() * vocabulary.length)]!);
      const context = taggerContext(words, lexicon);
      for (let i = 0; i < length; i++) {
        const previous = i > 0 ? Math.floor(random() * 5) : -1;
        const previous2 = i > 1 ? Math.floor(random() * 5) : -2;
        const count = taggerFeatures(context, i, previous, previous2, all);
        let n = taggerContextFeatures(context, i, previous, previous2, split);
        n = taggerNextWordFeatures(context, i, split, n);
        n = taggerPreviousWordFeatures(context, i, split, n);
        n = taggerSecondNextWordFeatures(context, i, split, n);
        n = taggerPreviousClassFeatures(previous, previous2, split, n);
        const ownStart = n;
        n = taggerOwnWordFeatures(context, i, split, n);
        expect(n).toBe(count);
        expect([...split].sort()).toEqual([...all].sort());
        if (i > 0) {
          const ownKeys = [...split.subarray(ownStart, n)].join(',');
          expect(own.get(words[i]!) ?? ownKeys).toBe(ownKeys);
          own.set(words[i]!, ownKeys);
        }
        if (i + 1 < length) {
          const keys = new Uint32Array(TAGGER_FEATURE_COUNT);
          const nextKeys = [...keys.subarray(0, taggerNextWordFeatures(context, i, keys))].join(',');
          expect(next.get(words[i + 1]!) ?? nextKeys).toBe(nextKeys);
          next.set(words[i + 1]!, nextKeys);
        }
        if (i + 2 < length) {
          const keys = new Uint32Array(TAGGER_FEATURE_COUNT);
          const secondKeys = [...keys.subarray(0, taggerSecondNextWordFeatures(context, i, keys))].join(',');
          expect(secondNext.get(words[i + 2]!) ?? secondKeys).toBe(secondKeys);
          secondNext.set(words[i + 2]!, secondKeys);
        }
        if (i > 0) {
          const keys = new Uint32Array(TAGGER_FEATURE_COUNT);
          const previousKeys = [...keys.subarray(0, taggerPreviousWordFeatures(context, i, keys))].join(',');
          expect(previousParts.get(words[i - 1]!) ?? previousKeys).toBe(previousKeys);
          previousParts.set(words[i - 1]!, previousKeys);
        }
        // The flag template kept apart, per flag triple.
        const flagKey = taggerFlagKey(context, i);
        expect(flagKey).toBeGreaterThanOrEqual(0);
        let kept = taggerContextFeatures(context, i, previous, previous2, split, true);
        kept = taggerFlagFeatures(context, i, split, kept);
        const whole = new Uint32Array(TAGGER_FEATURE_COUNT);
        const contextKeys = [
          ...whole.subarray(0, taggerContextFeatures(context, i, previous, previous2, whole)),
        ];
        expect([...split.subarray(0, kept)].sort()).toEqual(contextKeys.sort());
        const flagKeys = String(split.subarray(0, taggerFlagFeatures(context, i, split))[0]);
        expect(flagParts.get(flagKey) ?? flagKeys).toBe(flagKeys);
        flagParts.set(flagKey, flagKeys);
        checked++;
      }
      // What the parser and the allowed tags read of the context: the words' hashes and whether the lexicon has them.
      const hashes = contextWordHashes(context);
      words.forEach((word, i) => {
        const entry = lexicalEntry(word);
        expect(hashes.lower[i]).toBe(entry.hashes[LOWER_HASH]);
        expect(hashes.suffix3[i]).toBe(entry.hashes[SUFFIX3_HASH]);
        expect(contextAmbiguity(context, i) !== 0).toBe(lexicon.has(entry.normalized));
      });
    }
    expect(checked).toBeGreaterThan(100);
    expect(flagParts.size).toBeGreaterThan(3);
    expect(own.size).toBe(vocabulary.length);
    expect(secondNext.size).toBe(vocabulary.length);
  });
});
