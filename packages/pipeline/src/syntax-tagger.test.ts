import { describe, expect, it } from 'vitest';
import { tagText } from './syntax-tagger';

describe('pass 1 with the trained parser', () => {
  it('gives every token of every sentence one head, one root per sentence and no cycle', () => {
    const tagged = tagText('The dog chased the cat. Did the frobnicator zib the quaggly blorp?', {
      parse: true,
    });
    expect(tagged.heads).toHaveLength(tagged.values.length);
    expect(tagged.deprels).toHaveLength(tagged.values.length);
    for (const [start, end] of tagged.sentences) {
      const roots = [];
      for (let index = start; index < end; index += 1) {
        const head = tagged.heads[index]!;
        if (head < 0) roots.push(index);
        else expect(head >= start && head < end).toBe(true);
        // Climbing from any token reaches the root within the sentence's length: no cycle.
        let at = index;
        let steps = 0;
        while (at >= 0 && steps <= end - start) {
          at = tagged.heads[at]!;
          steps += 1;
        }
        expect(at).toBe(-1);
      }
      expect(roots).toHaveLength(1);
      expect(tagged.deprels[roots[0]!]).toBe('root');
    }
    const dog = tagged.values.indexOf('dog');
    expect(tagged.values[tagged.heads[dog]!]).toBe('chased');
    expect(tagged.deprels[dog]).toBe('nsubj');
  });

  it('keeps the tags pass 2 is tuned on unless the parser tags are asked for, and parses only when asked', () => {
    const text = 'Is there a pharmacy nearby?';
    const wink = tagText(text);
    expect(wink.heads).toEqual([]);
    const parsed = tagText(text, { parse: true });
    expect(parsed.pos).toEqual(wink.pos);
    const tagger = tagText(text, { posSource: 'parser' });
    expect(tagger.pos[tagger.values.indexOf('there')]).toBe('PRON');
    expect(tagger.deprels[tagger.values.indexOf('there')]).toBe('expl');
  });
});
