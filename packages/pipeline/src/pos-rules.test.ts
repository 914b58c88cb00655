import { describe, expect, it } from 'vitest';
import { POS_FIRST_RULES, POS_RULE_IDS, POS_RULES } from './pos-corrector';
import { tagText } from './syntax-tagger';

/** The tag the default pass 1 gives the first token `word` (lower case) of `text`, with `disabled` off. */
function tagOf(text: string, word: string, disabled: readonly string[] = []): string {
  const tagged = tagText(text, { disabledRules: new Set(disabled) });
  const index = tagged.lower.indexOf(word);
  if (index < 0) throw new Error(`"${word}" is no token of "${text}"`);
  return tagged.pos[index] ?? 'X';
}

const TREE_RULES = ['POS.TREE_PREDICATOR', 'POS.TREE_CLITIC_AUX'];

describe('POS rules: each rule runs its examples as tests', () => {
  it('writes each id once', () => {
    expect(new Set(POS_RULE_IDS).size).toBe(POS_RULE_IDS.length);
  });
  for (const rule of [...POS_FIRST_RULES, ...POS_RULES]) {
    it(`${rule.id}: ${rule.examples.map((example) => example.text).join(' | ')}`, () => {
      expect(rule.examples.length).toBeGreaterThan(0);
      let changed = 0;
      for (const example of rule.examples) {
        expect(tagOf(example.text, example.word), example.text).toBe(example.pos);
        // The tree's own corrections (POS.TREE_*) run after the table and may repair the same word.
        if (tagOf(example.text, example.word, [rule.id, ...TREE_RULES]) !== example.pos) changed += 1;
      }
      // The rule earns its place: without it, at least one example is tagged otherwise.
      expect(changed).toBeGreaterThan(0);
    });
  }
});

describe('POS.INITIAL_AFTER_MARKS', () => {
  it('reads a word after nothing but opening marks as opening its sentence', () => {
    for (const text of ['* Did the landlord return the keys?', '- Did the landlord return the keys?'])
      expect(tagOf(text, 'did'), text).toBe('AUX');
    // Off, the do-form after the bullet is no longer read as opening a question (the tagger's VERB stands).
    expect(tagOf('* Did the landlord return the keys?', 'did', ['POS.INITIAL_AFTER_MARKS'])).toBe('VERB');
  });
});
