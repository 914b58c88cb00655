import { describe, expect, it } from 'vitest';
import { sentences } from './__fixtures__/sentences';
import { SENTENCE_TAIL_RULE_IDS, SENTENCE_TAIL_RULES } from './sentence-tails';
import { tagText } from './syntax-tagger';
import { TOKEN_SPLIT_RULE_IDS, TOKEN_SPLIT_RULES } from './token-splits';

/** The tokens pass 1 makes of `text`, with a space between two. */
function tokens(text: string, disabled: readonly string[] = []): string {
  return tagText(text, { disabledRules: new Set(disabled) }).values.join(' ');
}

describe('TOKEN_SPLIT_RULES: each row cuts its examples into the words UD writes, and switched off does not', () => {
  for (const rule of TOKEN_SPLIT_RULES) {
    it.each(rule.examples.map((example) => [example.text, example.expect]))(
      `${rule.id}: %s`,
      (text, expected) => {
        expect(tokens(text)).toContain(expected);
        expect(tokens(text, [rule.id])).not.toContain(expected);
      },
    );
  }

  it('keeps the ids unique, in the TOKEN family, and gives every row two examples', () => {
    expect(new Set(TOKEN_SPLIT_RULE_IDS).size).toBe(TOKEN_SPLIT_RULE_IDS.length);
    for (const rule of TOKEN_SPLIT_RULES) {
      expect(rule.id).toMatch(/^TOKEN\./);
      expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('TOKEN_SPLIT_RULES: what they leave whole', () => {
  it('TOKEN.NUMBER_RANGE keeps telephone numbers, extensions and labels whole', () => {
    const text = 'Call Joan (3-5213) or 555-1234 about the COVID-19 rules and Sector-37 by mid-2004.';
    const values = tagText(text).values;
    for (const word of ['3-5213', '555-1234', 'COVID-19', 'Sector-37', 'mid-2004'])
      expect(values).toContain(word);
  });

  it('TOKEN.NUMBER_RANGE splits a range of years', () => {
    expect(tokens('The war lasted from 1939-1945 in Europe.')).toContain('1939 - 1945');
  });

  it('TOKEN.QUOTE_LETTER leaves a clitic written in capitals against its word', () => {
    expect(tagText("JOHN'S CAR IS RED AND WE'D LIKE IT.").values).toEqual(
      expect.arrayContaining(["'S", "'D"]),
    );
  });

  it('TOKEN.ADDRESS_TRAIL leaves the dots of an address cut short', () => {
    expect(tagText('READ IT AT : http://blog.example.com/2005/10/some-tips-to-...').values).toContain(
      'http://blog.example.com/2005/10/some-tips-to-...',
    );
  });

  it('TOKEN.BRACKET_COLON leaves a frown with no bracket open before it', () => {
    expect(tagText('That is so sad ): I cried').values).toContain('):');
  });

  it('the spans of the pieces are those of their characters', () => {
    const text = 'Ages 13-17 pay -2 at http://a.example.com/x.';
    const tagged = tagText(text);
    tagged.values.forEach((value, index) => {
      expect(text.slice(tagged.starts[index], tagged.ends[index])).toBe(value);
    });
  });
});

describe('SENTENCE_TAIL_RULES: each row keeps its examples one sentence, and switched off does not', () => {
  for (const rule of SENTENCE_TAIL_RULES) {
    it.each(rule.examples.map((example) => [example.text, example.expect]))(
      `${rule.id}: %s`,
      (text, expected) => {
        expect(sentences(text)).toContain(expected);
        expect(sentences(text, [rule.id])).not.toContain(expected);
      },
    );
  }

  it('keeps the ids unique, in the SPLIT family, and gives every row two examples', () => {
    expect(new Set(SENTENCE_TAIL_RULE_IDS).size).toBe(SENTENCE_TAIL_RULE_IDS.length);
    for (const rule of SENTENCE_TAIL_RULES) {
      expect(rule.id).toMatch(/^SPLIT\./);
      expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('SPLIT.CITATION_MARK leaves a reference on a line of its own, and the sentence after it', () => {
    expect(sentences('He went to Dulwich.\n[17] Then he left.')).toEqual([
      'He went to Dulwich.',
      '[17] Then he left.',
    ]);
    expect(sentences('He went to Dulwich. [17] Then he left.')).toEqual([
      'He went to Dulwich. [17]',
      'Then he left.',
    ]);
  });

  it('SPLIT.FOOTNOTE_NUMBER leaves a number that opens a sentence', () => {
    expect(sentences('We met at noon. 12 people came.')).toEqual(['We met at noon.', '12 people came.']);
  });
});
