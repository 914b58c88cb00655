import { describe, expect, it } from 'vitest';
import type { ParsedWord } from './english-parser';
import { loadParser } from './load-parser';

const parser = loadParser();

function expectWellFormedTree(parsed: ParsedWord[], length: number) {
  expect(parsed).toHaveLength(length);
  const heads = parsed.map((word) => word.head);
  expect(heads.filter((head) => head === 0)).toHaveLength(1);
  heads.forEach((head, i) => {
    expect(Number.isInteger(head) && head >= 0 && head <= length && head !== i + 1).toBe(true);
  });
  for (let start = 1; start <= length; start++) {
    const seen = new Set<number>();
    let word = start;
    while (word !== 0) {
      expect(seen.has(word)).toBe(false);
      seen.add(word);
      word = heads[word - 1]!;
    }
  }
  for (const word of parsed) {
    expect(word.deprel).toMatch(/^[a-z]+(:[a-z]+)?$/);
    expect(word.deprel === 'root').toBe(word.head === 0);
  }
}

const SENTENCES: string[][] = [
  ['The', 'dog', 'chased', 'the', 'cat', '.'],
  ['Hello'],
  ['.'],
  ['Zorp', 'glimbed', 'the', 'frumious', 'wuggets', 'xq7', '$$', ',', 'obviously', '!!'],
  ['Did', 'you', 'see', 'what', 'she', 'wrote', '?'],
  ['@@@', '###', '%%%'],
  Array.from({ length: 150 }, (_, i) => ['the', 'report', 'that', 'we', 'read', 'was', 'long', ','][i % 8]!),
];

describe('the shipped parser', () => {
  it.each(SENTENCES.map((words) => [words.slice(0, 6).join(' '), words]))(
    'gives "%s" one head per word, one root and no cycle',
    (_, words) => {
      expectWellFormedTree(parser.parse(words as string[]), (words as string[]).length);
    },
  );

  it('parses a batch exactly as sentence by sentence', () => {
    expect(parser.parseMany(SENTENCES)).toEqual(SENTENCES.map((words) => parser.parse(words)));
  });

  it('tags and parses the same after its kept score parts were emptied, and in a sentence longer than their store', () => {
    const words = [
      'Quietly',
      'the',
      'zorbled',
      'flimwhacks',
      'glinted',
      'over',
      'Mrs.',
      'Pelt',
      "'s",
      'fence',
      '.',
    ];
    const first = parser.parse(words);
    // Over 8,192 word types the tagger has not kept yet: its store of parts is emptied on the way.
    for (let batch = 0; batch < 20; batch++) {
      parser.tag(Array.from({ length: 500 }, (_, i) => `blorf${batch}x${i}`));
    }
    expect(parser.parse(words)).toEqual(first);
    // A 9,000-word sentence is scored key by key: its first words have the same context as above, hence
    // the same tags, up to the last two (whose next words differ).
    const long = [...words, ...Array.from({ length: 9000 - words.length }, (_, i) => `w${i % 700}`)];
    const tagged = parser.tag(long);
    expect(tagged).toHaveLength(9000);
    const alone = parser.tag(words);
    expect(tagged.slice(0, words.length - 2)).toEqual(alone.slice(0, words.length - 2));
  });

  it('returns nothing for an empty sentence', () => {
    expect(parser.parse([])).toEqual([]);
    expect(parser.tag([])).toEqual([]);
  });

  it('finds the subject and object of a simple clause', () => {
    const parsed = parser.parse(['The', 'dog', 'chased', 'the', 'cat', '.']);
    expect(parsed[1]).toMatchObject({ upos: 'NOUN', head: 3, deprel: 'nsubj' });
    expect(parsed[2]).toMatchObject({ upos: 'VERB', head: 0, deprel: 'root', lemma: 'chase' });
    expect(parsed[4]).toMatchObject({ head: 3, deprel: 'obj' });
  });

  it('gives verbs the features clause analysis needs', () => {
    const [, was, written] = parser.parse(['It', 'was', 'written', 'yesterday', '.']);
    expect(was).toMatchObject({ upos: 'AUX', lemma: 'be' });
    expect(was!.feats).toMatchObject({ Mood: 'Ind', Tense: 'Past', VerbForm: 'Fin', Person: '3' });
    expect(written!.feats).toMatchObject({ VerbForm: 'Part', Tense: 'Past' });
    const [open] = parser.tag(['Open', 'the', 'door', 'now', '.']);
    expect(open!.feats).toMatchObject({ Mood: 'Imp', VerbForm: 'Fin' });
  });

  /** The arcs (dependent → head, relation; 1-based) a sentence must get. */
  const arcs = (sentence: string, expected: [number, number, string][]) => {
    const parsed = parser.parse(sentence.split(' '));
    expectWellFormedTree(parsed, parsed.length);
    for (const [dependent, head, deprel] of expected) {
      expect(parsed[dependent - 1], `${sentence}: word ${dependent}`).toMatchObject({ head, deprel });
    }
  };

  it('attaches coordinated nouns and verbs to the first conjunct', () => {
    arcs('She bought apples and oranges and went home .', [
      [2, 0, 'root'],
      [4, 5, 'cc'],
      [5, 3, 'conj'],
      [7, 2, 'conj'],
    ]);
  });

  it('parses yes/no and wh-questions', () => {
    arcs('Did you see the movie ?', [
      [1, 3, 'aux'],
      [2, 3, 'nsubj'],
      [3, 0, 'root'],
      [5, 3, 'obj'],
    ]);
    arcs('What did they find in the garden ?', [
      [1, 4, 'obj'],
      [3, 4, 'nsubj'],
      [7, 4, 'obl'],
    ]);
  });

  it('makes the verb of an imperative the root, with an adverbial clause', () => {
    arcs('Close the window before you leave .', [
      [1, 0, 'root'],
      [3, 1, 'obj'],
      [4, 6, 'mark'],
      [6, 1, 'advcl'],
    ]);
  });

  it('labels the subject, auxiliary and agent of a passive', () => {
    arcs('The letter was written by my sister .', [
      [2, 4, 'nsubj:pass'],
      [3, 4, 'aux:pass'],
      [4, 0, 'root'],
      [7, 4, 'obl:agent'],
    ]);
  });

  it('attaches a relative clause to the noun it modifies', () => {
    arcs('The book that I read yesterday was long .', [
      [2, 8, 'nsubj'],
      [3, 5, 'obj'],
      [5, 2, 'acl:relcl'],
      [8, 0, 'root'],
    ]);
  });

  it('tags a gerund object as a verb', () => {
    arcs('We enjoyed meeting you .', [
      [2, 0, 'root'],
      [3, 2, 'xcomp'],
    ]);
  });
});

describe('tag dictionary learnt from training', () => {
  it('lets the model read a word it fixed as a noun as a verb after a modal or infinitival "to"', () => {
    // "store", "water", "process" were seen only as nouns in training, so the dictionary tags them NOUN.
    for (const sentence of ['Licensee shall store the samples .', 'You must water the plants .']) {
      const parsed = parser.parse(sentence.split(' '));
      expect(parsed[2]).toMatchObject({ upos: 'VERB', deprel: 'root' });
      expect(parsed[4]).toMatchObject({ upos: 'NOUN', deprel: 'obj', head: 3 });
    }
    expect(parser.parse('They plan to process the order .'.split(' '))[3]).toMatchObject({ upos: 'VERB' });
    expect(parser.parse('Tenant shall not store any goods .'.split(' '))[3]).toMatchObject({ upos: 'VERB' });
    expect(parser.parse('We store the files in a vault .'.split(' '))[1]).toMatchObject({ upos: 'VERB' });
    // Elsewhere the dictionary stands.
    expect(parser.parse('The store opens at nine .'.split(' '))[1]).toMatchObject({ upos: 'NOUN' });
  });
});

describe('tag dictionary from an outside lexicon', () => {
  it('constrains words the tagger did not learn, and only those', () => {
    const words = ['In', 'a', 'small', 'bowl', ',', 'zorble', 'the', 'eggs', '.'];
    const free = parser.tag(words);
    // Whatever the tagger guesses for the unknown word, the lexicon's other tag wins.
    const wanted = free[5]!.upos === 'NOUN' ? 'VERB' : 'NOUN';
    const allowed = words.map((word) => (word === 'zorble' ? new Set([wanted]) : undefined));
    expect(parser.tag(words, { allowed })[5]!.upos).toBe(wanted);
    const parsed = parser.parse(words, { allowed });
    expect(parsed[5]!.upos).toBe(wanted);
    expectWellFormedTree(parsed, words.length);
    // A word the tagger learnt keeps its own tag whatever the lexicon says.
    const known = words.map((word) => (word === 'bowl' ? new Set(['VERB']) : undefined));
    expect(parser.tag(words, { allowed: known })[3]!.upos).toBe(free[3]!.upos);
    // A constraint no class satisfies is ignored.
    const impossible = words.map((word) => (word === 'zorble' ? new Set(['NOT-A-TAG']) : undefined));
    expect(parser.tag(words, { allowed: impossible })[5]!.upos).toBe(free[5]!.upos);
  });

  it('required tags hold for a word the tagger learnt, and leave the rest to it', () => {
    const words = ['Pour', 'the', 'batter', 'into', 'the', 'pan', '.'];
    const free = parser.tag(words);
    const wanted = free[0]!.upos === 'VERB' ? 'NOUN' : 'VERB';
    const required = { index: 0, tags: new Set([wanted]) };
    expect(parser.tag(words, { required })[0]!.upos).toBe(wanted);
    const parsed = parser.parse(words, { required });
    expect(parsed[0]!.upos).toBe(wanted);
    expectWellFormedTree(parsed, words.length);
    expect(parser.parseMany([words, words], [{ required }, undefined])).toEqual([
      parsed,
      parser.parse(words),
    ]);
    // A word the tagger always tags one way ("the") takes the required tag too.
    expect(parser.tag(words, { required: { index: 1, tags: new Set(['PRON']) } })[1]!.upos).toBe('PRON');
    // A requirement no class satisfies is ignored.
    expect(parser.tag(words, { required: { index: 0, tags: new Set(['NOT-A-TAG']) } })).toEqual(free);
    // Several words may be required to take the tags.
    const both = parser.tag(words, { required: { index: [1, 4], tags: new Set(['PRON']) } });
    expect([both[1]!.upos, both[4]!.upos]).toEqual(['PRON', 'PRON']);
    // Several groups, each with its own tags, hold at once; the last group naming a word decides.
    const groups = parser.tag(words, {
      required: [
        { index: 0, tags: new Set([wanted]) },
        { index: [1, 5], tags: new Set(['PRON']) },
        { index: 5, tags: new Set(['ADJ']) },
      ],
    });
    expect([groups[0]!.upos, groups[1]!.upos, groups[5]!.upos]).toEqual([wanted, 'PRON', 'ADJ']);
  });

  it('asks allowedAt only for the words it can constrain, with the same tags and trees as allowed', () => {
    const words = ['She', 'put', 'the', 'bowl', 'on', 'zorble', 'shelves', '.'];
    const free = parser.tag(words);
    const wanted = free[5]!.upos === 'NOUN' ? 'VERB' : 'NOUN';
    const sets = words.map((word) => (word === 'zorble' ? new Set([wanted]) : new Set(['VERB', 'NOUN'])));
    const asked: number[] = [];
    const allowedAt = (index: number): ReadonlySet<string> => {
      asked.push(index);
      return sets[index]!;
    };
    const lazy = parser.tag(words, { allowedAt });
    expect(lazy[5]!.upos).toBe(wanted);
    expect(lazy).toEqual(parser.tag(words, { allowed: sets }));
    // Words the tagger learnt ("the", "bowl", "on", ".") are never asked about.
    expect(asked).toContain(5);
    expect(asked).not.toContain(2);
    expect(asked).not.toContain(3);
    expect(asked).not.toContain(7);
    expect(parser.parse(words, { allowedAt })).toEqual(parser.parse(words, { allowed: sets }));
    expect(parser.parseMany([words, words.slice(2)], [{ allowedAt }, undefined])).toEqual([
      parser.parse(words, { allowed: sets }),
      parser.parse(words.slice(2)),
    ]);
  });
});
