import { describe, expect, it } from 'vitest';
import { loadParser } from './load-parser';
import { attachPunctuation } from './punctuation';

/** Runs the pass on a hand-made tree; returns the new heads and relations. */
function attach(
  words: string[],
  upos: string[],
  heads: number[],
  deprels: string[] = heads.map((head, i) => (head === 0 ? 'root' : upos[i] === 'PUNCT' ? 'punct' : 'dep')),
) {
  const newHeads = [...heads];
  const newDeprels = [...deprels];
  const changed = attachPunctuation(words, upos, newHeads, newDeprels);
  return { heads: newHeads, deprels: newDeprels, changed };
}

describe('attachPunctuation', () => {
  it('hangs a sentence-final full stop on the root, not on a word inside the sentence', () => {
    // The(1) dog(2) barked(3) loudly(4) .(5): the parser put "." on "dog".
    const { heads, changed } = attach(
      ['The', 'dog', 'barked', 'loudly', '.'],
      ['DET', 'NOUN', 'VERB', 'ADV', 'PUNCT'],
      [2, 3, 0, 3, 2],
    );
    expect(changed).toBe(true);
    expect(heads).toEqual([2, 3, 0, 3, 3]);
  });

  it('hangs a comma before a conjunct on that conjunct (the lower unit), not on the first conjunct', () => {
    // apples(1) ,(2) pears(3) and(4) plums(5): pears and plums are conjuncts of apples.
    const { heads } = attach(
      ['apples', ',', 'pears', 'and', 'plums'],
      ['NOUN', 'PUNCT', 'NOUN', 'CCONJ', 'NOUN'],
      [0, 1, 1, 5, 1],
    );
    expect(heads[1]).toBe(3);
  });

  it('hangs brackets on the head of what they enclose', () => {
    // the(1) ((2) old(3) )(4) house(5): the parser put both brackets on "house".
    const { heads, deprels } = attach(
      ['the', '(', 'old', ')', 'house'],
      ['DET', 'PUNCT', 'ADJ', 'PUNCT', 'NOUN'],
      [5, 5, 5, 5, 0],
      ['det', 'dep', 'amod', 'dep', 'root'],
    );
    expect(heads).toEqual([5, 3, 5, 3, 0]);
    // A mark that moves is `punct`, whatever the parser called it.
    expect(deprels[1]).toBe('punct');
    expect(deprels[3]).toBe('punct');
  });

  it('moves a word that hangs on a mark up to the mark’s own head', () => {
    // Stop(1) ,(2) please(3) .(4): "please" was attached to the comma.
    const { heads } = attach(['Stop', ',', 'please', '.'], ['VERB', 'PUNCT', 'INTJ', 'PUNCT'], [0, 1, 2, 1]);
    expect(heads[2]).toBe(1);
    expect(heads.filter((head) => head === 0)).toHaveLength(1);
  });

  it('leaves two commas that enclose their head’s whole subtree, and an abbreviation’s full stop', () => {
    // results(1) ,(2) as(3) shown(4) ,(5) hold(6): the commas enclose "as shown" and hang on "shown".
    const paired = attach(
      ['results', ',', 'as', 'shown', ',', 'hold'],
      ['NOUN', 'PUNCT', 'SCONJ', 'VERB', 'PUNCT', 'VERB'],
      [6, 4, 4, 1, 4, 0],
    );
    expect(paired.changed).toBe(false);
    // See(1) Smith(2) et(3) al(4) .(5): the full stop on "al" ends the abbreviation.
    const abbreviation = attach(
      ['See', 'Smith', 'et', 'al', '.'],
      ['VERB', 'PROPN', 'X', 'X', 'PUNCT'],
      [0, 1, 2, 3, 4],
    );
    expect(abbreviation.heads[4]).toBe(4);
  });

  it('keeps the parse of a sentence it would leave with two roots', () => {
    // All marks, the first the root: lifting the children of a mark would make three roots.
    const { heads, changed } = attach(['@@', '##', '%%'], ['PUNCT', 'PUNCT', 'PUNCT'], [0, 1, 2]);
    expect(changed).toBe(false);
    expect(heads).toEqual([0, 1, 2]);
  });

  it('never leaves a punctuation edge non-projective', () => {
    // He(1) said(2) “(3) go(4) ”(5) .(6): the parser hung the closing quote and the stop on "He", across "said".
    const { heads } = attach(
      ['He', 'said', '“', 'go', '”', '.'],
      ['PRON', 'VERB', 'PUNCT', 'VERB', 'PUNCT', 'PUNCT'],
      [2, 0, 2, 2, 1, 1],
    );
    expect(heads).toEqual([2, 0, 4, 2, 4, 2]);
    const descends = (word: number, ancestor: number) => {
      for (let up = word; up !== 0; up = heads[up - 1]!) if (up === ancestor) return true;
      return false;
    };
    heads.forEach((head, i) => {
      if (head === 0) return;
      const [from, to] = head < i + 1 ? [head, i + 1] : [i + 1, head];
      for (let between = from + 1; between < to; between++) expect(descends(between, head)).toBe(true);
    });
  });
});

describe('attachPunctuation on bad input', () => {
  it('names the argument that does not fit and changes nothing', () => {
    const heads = [2, 0, 2];
    const deprels = ['nsubj', 'root', 'punct'];
    expect(() => attachPunctuation(['We', 'won', '.'], ['PRON', 'VERB'], heads, deprels)).toThrow(
      /upos, heads and deprels must have one entry per word \(3\)/,
    );
    expect(() =>
      attachPunctuation(['We', 'won', '.'], ['PRON', 'VERB', 'PUNCT'], [2, 0, 7], deprels),
    ).toThrow(/heads\[2\] is 7/);
    expect(() =>
      attachPunctuation(['We', 'won', '.'], ['PRON', 'VERB', 'PUNCT'], [2, 2, 2], deprels),
    ).toThrow(/heads\[1\] is 2/);
    expect(heads).toEqual([2, 0, 2]);
    expect(deprels).toEqual(['nsubj', 'root', 'punct']);
  });
});

describe('the parser with and without the punctuation pass', () => {
  const parser = loadParser();
  const words = ['When', 'it', 'rains', ',', 'we', 'stay', 'home', '.'];

  it('hangs the final full stop on the root either way, and the options reach the pass', () => {
    const guided = parser.parse(words);
    const root = guided.findIndex((word) => word.head === 0) + 1;
    expect(guided[7]!.head).toBe(root);
    expect(guided[7]!.deprel).toBe('punct');
    const raw = parser.parse(words, { punctuation: 'as-parsed' });
    const copy = raw.map((word) => word.head);
    const deprels = raw.map((word) => word.deprel);
    attachPunctuation(
      words,
      raw.map((word) => word.upos),
      copy,
      deprels,
    );
    // The default is the raw parse with the pass applied.
    expect(guided.map((word) => word.head)).toEqual(copy);
    expect(parser.parseMany([words], [{ punctuation: 'as-parsed' }])[0]!.map((word) => word.head)).toEqual(
      raw.map((word) => word.head),
    );
  });
});
