import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Upos } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { correctPos } from './pos-corrector';

describe('correctPos', () => {
  it('keeps no hold on a document after it returns', async () => {
    // The rules' one shared context once held the last document's arrays until the next call: with a large
    // document, hundreds of MB kept alive between compiles.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const words = ['Do', 'cats', 'climb', 'trees', '?'];
    let tagged: { values: string[]; lower: string[]; lemmas: string[]; pos: Upos[] } | undefined = {
      values: [...words],
      lower: words.map((word) => word.toLowerCase()),
      lemmas: ['do', 'cat', 'climb', 'tree', '?'],
      pos: ['AUX', 'NOUN', 'NOUN', 'NOUN', 'PUNCT'],
    };
    correctPos(tagged, 0, words.length);
    // It ran: the do-question's verb is a verb now.
    expect(tagged.pos[2]).toBe('VERB');
    const held = new WeakRef(tagged.lower);
    tagged = undefined;
    for (let round = 0; round < 5 && held.deref() !== undefined; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    }
    expect(held.deref()).toBeUndefined();
  });
});
