import type { Syntactic, Token } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { viewClause } from './clause-view';
import { MINOR_EXPRESSIONS } from './lexicons/mood-lexicon';
import { INFORMAL_WORDS } from './lexicons/tenor-lexicon';
import { countSyllables, syllablesOf } from './readability-scorer';
import { runSyntaxPass } from './syntax-pass';
import { isLowerAscii, mayBeUdWords, punctuationRunEnd, tagText, udWordParts } from './syntax-tagger';
import { INFORMAL_PREFIXES } from './tenor-scorer';
import {
  childBy,
  copulaOrAuxiliaryHeads,
  MINOR_EXPRESSION_MAX_WORDS,
  type SentenceTree,
  sameWords,
} from './tree-segments';

// The shortcuts taken for speed must answer exactly what the slow paths they skip would.

const SAMPLE = `I'm gonna call you at 5pm, thats all. Lets go! Its not over... Wait -- who's there?!
"Yes," she said. He was told the 80's were over; it has been raining *** since Monday ====.
The Tenant shall pay $1,000.00 (one thousand) on www.example.com by 7:30PM, ain't it? Dunno, alot of folks wanna know.`;

/** Deterministic pseudo-random numbers (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('mayBeUdWords', () => {
  const words = [
    ...SAMPLE.split(/\s+/),
    ...tagText(SAMPLE).values,
    'gonna',
    'GONNA',
    'Wanna',
    'gotta',
    'outta',
    'dunno',
    'alot',
    'im',
    'Im',
    'IM',
    'thats',
    'Theres',
    'whats',
    'its',
    'ITS',
    'Lets',
    '5pm',
    '12AM',
    '7:30pm',
    '10:15Am',
    'a',
    '',
    'constructor',
    'valueOf',
  ];
  it('is true for every word udWordParts splits, whatever comes next', () => {
    for (const word of words)
      for (const first of [true, false])
        for (const next of ['not', 'go', 'you', 'the', ''])
          if (udWordParts(word, first, next) !== undefined) expect(mayBeUdWords(word), word).toBe(true);
  });
  it('is false for most words', () => {
    expect(mayBeUdWords('Landlord')).toBe(false);
    expect(mayBeUdWords('shall')).toBe(false);
    expect(mayBeUdWords('gonna')).toBe(true);
  });
});

/** punctuationRunEnd as it was before the first-character shortcut. */
function punctuationRunEndByRegex(
  values: readonly string[],
  touching: (i: number) => boolean,
  from: number,
  end: number,
): number {
  const first = values[from] ?? '';
  const family = /^[.!?…]+$/.test(first) ? /^[.!?…]+$/ : /^[-–—]+$/.test(first) ? /^[-–—]+$/ : undefined;
  const repeated = family === undefined ? /^([*=~#+_<>'’`^])\1*$/.exec(first)?.[1] : undefined;
  if (family === undefined && repeated === undefined) return from;
  let at = from + 1;
  while (at < end && touching(at)) {
    const value = values[at] ?? '';
    if (
      family !== undefined
        ? !family.test(value)
        : !(value.length > 0 && [...value].every((c) => c === repeated))
    )
      break;
    at += 1;
  }
  return at > from + 1 ? at : from;
}

describe('punctuationRunEnd', () => {
  it('ends the same runs as the regexes alone, on every start of real and random token rows', () => {
    const marks = [...'.!?…-–—*=~#+_<>\'’`^,;:()"aZ9 '];
    const next = random(7);
    const rows: string[][] = [SAMPLE.split(/(?=[^\w\s])|\s+/).filter((value) => value.length > 0)];
    for (let row = 0; row < 200; row += 1)
      rows.push(
        Array.from({ length: 12 }, () =>
          Array.from(
            { length: 1 + Math.floor(next() * 3) },
            () => marks[Math.floor(next() * marks.length)],
          ).join(''),
        ),
      );
    let runs = 0;
    for (const values of rows) {
      const touching = (i: number) => i % 5 !== 0;
      for (let from = 0; from < values.length; from += 1) {
        const expected = punctuationRunEndByRegex(values, touching, from, values.length);
        if (expected > from) runs += 1;
        expect(punctuationRunEnd(values, touching, from, values.length)).toBe(expected);
      }
    }
    expect(runs).toBeGreaterThan(10);
  });
});

describe('INFORMAL_PREFIXES', () => {
  it('holds every prefix of every informal word, and no other string', () => {
    for (const word of INFORMAL_WORDS)
      for (let end = 0; end <= word.length; end += 1)
        expect(INFORMAL_PREFIXES.has(word.slice(0, end))).toBe(true);
    for (const prefix of INFORMAL_PREFIXES)
      expect(
        [...INFORMAL_WORDS].some((word) => word.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });
});

describe('copulaOrAuxiliaryHeads', () => {
  it('flags exactly the tokens childBy finds a cop or aux dependent for, on real parses and random trees', () => {
    const tagged = tagText(SAMPLE);
    const trees: Array<{ tree: SentenceTree; from: number; to: number }> = tagged.sentences.map(
      ([from, to]) => ({ tree: tagged, from, to }),
    );
    const next = random(11);
    const relations = ['cop', 'aux', 'aux:pass', 'copula', 'auxiliary', 'nsubj', 'obj', 'mark', 'root'];
    for (let round = 0; round < 100; round += 1) {
      const length = 2 + Math.floor(next() * 20);
      const offset = Math.floor(next() * 4);
      const size = offset + length + 2;
      const heads = Array.from({ length: size }, () => Math.floor(next() * (size + 2)) - 2);
      const deprels = Array.from(
        { length: size },
        () => relations[Math.floor(next() * relations.length)] ?? '',
      );
      const blank = Array.from({ length: size }, () => '');
      const tree: SentenceTree = { heads, deprels, lower: blank, lemmas: blank, pos: blank as never };
      trees.push({ tree, from: offset, to: offset + length });
    }
    let flagged = 0;
    for (const { tree, from, to } of trees) {
      const flags = copulaOrAuxiliaryHeads(tree, from, to);
      for (let index = from; index < to; index += 1) {
        const expected =
          childBy(tree, index, 'cop', from, to) >= 0 || childBy(tree, index, 'aux', from, to) >= 0 ? 1 : 0;
        flagged += expected;
        expect(flags[index - from], `token ${index} of [${from}, ${to})`).toBe(expected);
      }
    }
    expect(flagged).toBeGreaterThan(20);
  });
});

describe('MINOR_EXPRESSION_MAX_WORDS', () => {
  it('is the most pieces any minor expression has, so a longer segment joins into none of them', () => {
    const pieces = [...MINOR_EXPRESSIONS].map((expression) => expression.split('_').length);
    expect(pieces.length).toBeGreaterThan(0);
    expect(MINOR_EXPRESSION_MAX_WORDS).toBe(Math.max(...pieces));
    const longer = Array.from({ length: MINOR_EXPRESSION_MAX_WORDS + 1 }, () => 'thanks').join('_');
    expect(MINOR_EXPRESSIONS.has(longer)).toBe(false);
  });
});

describe('sameWords', () => {
  it('agrees with comparing the lists as strings of their non-punctuation tokens', () => {
    const next = random(5);
    const pos = Array.from({ length: 40 }, () => (next() < 0.3 ? 'PUNCT' : 'NOUN'));
    const tree: SentenceTree = { heads: [], deprels: [], lower: [], lemmas: [], pos: pos as never };
    const key = (tokens: readonly number[]) => tokens.filter((index) => pos[index] !== 'PUNCT').join(',');
    const list = () => {
      const out: number[] = [];
      for (let index = Math.floor(next() * 4); index < 12 && out.length < 6; index += 1)
        if (next() < 0.6) out.push(index);
      return out;
    };
    let same = 0;
    for (let round = 0; round < 3000; round += 1) {
      const a = list();
      const b = next() < 0.3 ? a.filter((index) => pos[index] !== 'PUNCT' || next() < 0.5) : list();
      const expected = key(a) === key(b);
      if (expected) same += 1;
      expect(sameWords(tree, a, b), `${a} | ${b}`).toBe(expected);
    }
    expect(same).toBeGreaterThan(100);
    expect(sameWords(tree, [], [])).toBe(true);
  });
});

describe('isLowerAscii', () => {
  it('holds only for words toLowerCase leaves as they are', () => {
    const next = random(11);
    const alphabet = "abzAZ09 .'’-_éÉßİıΣ";
    const words = [...SAMPLE.split(/\s+/), ...tagText(SAMPLE).values, '', 'ǅ', 'ﬀ'];
    for (let count = 0; count < 2000; count += 1) {
      let word = '';
      const length = Math.floor(next() * 6);
      for (let at = 0; at < length; at += 1) word += alphabet[Math.floor(next() * alphabet.length)];
      words.push(word);
    }
    for (const word of words) if (isLowerAscii(word)) expect(word.toLowerCase()).toBe(word);
    expect(isLowerAscii('gonna')).toBe(true);
    expect(isLowerAscii('Gonna')).toBe(false);
    expect(isLowerAscii('café')).toBe(false);
  });
});

/** Each token's head as a map from start offsets finds it: the last token starting there, -1 for none. */
function headsByMap(tokens: readonly Token[]): number[] {
  const local = new Map<number, number>();
  tokens.forEach((token, index) => {
    local.set(token.start, index);
  });
  return tokens.map((token) => (token.headStart === null ? -1 : (local.get(token.headStart) ?? -1)));
}

describe('ClauseView.heads', () => {
  it('finds the head a map from start offsets finds, for every clause of a text', () => {
    for (const { syntactic, arrays } of runSyntaxPass(SAMPLE, 'sample')) {
      expect(viewClause(syntactic, undefined, arrays).heads).toEqual(headsByMap(syntactic.tokens));
      expect(viewClause(syntactic).heads).toEqual(headsByMap(syntactic.tokens));
    }
  });

  it('finds it when token starts repeat or do not ascend', () => {
    const token = (start: number, headStart: number | null): Token =>
      ({ start, end: start + 1, headStart, text: 'x', lemma: 'x', pos: 'NOUN', deprel: 'dep' }) as Token;
    const shapes: Token[][] = [
      [token(0, 4), token(2, 0), token(2, null), token(4, 2), token(6, 9)],
      [token(5, 1), token(1, null), token(3, 5), token(1, 3)],
      [token(0, null)],
      [],
    ];
    for (const tokens of shapes) {
      const syntactic = { tokens, groups: [], rootIndex: 0 } as unknown as Syntactic;
      expect(viewClause(syntactic, '').heads).toEqual(headsByMap(tokens));
    }
  });
});

describe('syllablesOf', () => {
  it('counts tokens as the regexes do', () => {
    const next = random(23);
    const alphabet = "aeyzAEYZ019 .,'’-_éΣ";
    const words = [...SAMPLE.split(/\s+/), ...tagText(SAMPLE).values, ''];
    for (let count = 0; count < 3000; count += 1) {
      let word = '';
      const length = Math.floor(next() * 5);
      for (let at = 0; at < length; at += 1) word += alphabet[Math.floor(next() * alphabet.length)];
      words.push(word);
    }
    // Longer ones, with the letters of the suffix and opening-"y" steps ("Lies", "yeses", "tabled", "rhythm").
    const letters = "aeiouylsdbtrhYESDL9-'’é";
    for (let count = 0; count < 20000; count += 1) {
      let word = '';
      const length = 4 + Math.floor(next() * 8);
      for (let at = 0; at < length; at += 1) word += letters[Math.floor(next() * letters.length)];
      words.push(word);
    }
    words.push('yes', 'Yeses', 'lies', 'tabled', 'rhythm', 'syzygy', 'queue', 'smiled', 'e-mailed', "don't");
    for (const word of words) expect(syllablesOf(word)).toBe(/\p{L}/u.test(word) ? countSyllables(word) : -1);
  });
});
