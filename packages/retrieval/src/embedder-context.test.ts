import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { embedClauses, embedDocuments } from './embedder-context';

// Vector = counts of the letters a and b, so the document vector is easy to predict.
const letters: Embedder = {
  id: 'test:letters',
  dimension: 2,
  async embed(texts) {
    return texts.map((text) => {
      const vector = Float32Array.from([text.split('a').length - 1, text.split('b').length - 1]);
      const norm = Math.hypot(vector[0]!, vector[1]!) || 1;
      return vector.map((value) => value / norm);
    });
  },
};

describe('embedClauses', () => {
  it('mixes the document vector into each clause vector and normalises', async () => {
    const [first, second] = await embedClauses(letters, ['aaa', 'b'], { contextWeight: 1 });
    // Document "aaa b" -> (3, 1) / sqrt(10); clause "aaa" -> (1, 0).
    const documentVector = [3 / Math.sqrt(10), 1 / Math.sqrt(10)];
    const mixed = [1 + documentVector[0]!, documentVector[1]!];
    const norm = Math.hypot(mixed[0]!, mixed[1]!);
    expect(first![0]).toBeCloseTo(mixed[0]! / norm);
    expect(first![1]).toBeCloseTo(mixed[1]! / norm);
    expect(Math.hypot(second![0]!, second![1]!)).toBeCloseTo(1);
    expect(second![0]).toBeGreaterThan(0);
  });

  it('embeds clauses alone with weight 0, a single clause, or none', async () => {
    expect([...(await embedClauses(letters, ['aaa', 'b'], { contextWeight: 0 }))[1]!]).toEqual([0, 1]);
    expect([...(await embedClauses(letters, ['b']))[0]!]).toEqual([0, 1]);
    expect(await embedClauses(letters, [])).toEqual([]);
  });
});

describe('embedClauses with sentence context', () => {
  it('mixes in the vector of the clause’s sentence, embedded once per sentence of several clauses', async () => {
    const seen: string[] = [];
    const recording: Embedder = {
      ...letters,
      async embed(texts) {
        seen.push(...texts);
        return letters.embed(texts);
      },
    };
    // Sentence 0: "aaa" and "b"; sentence 1: "bb" alone.
    const [first, second, third] = await embedClauses(recording, ['aaa', 'b', 'bb'], {
      contextWeight: 0,
      sentenceIndexes: [0, 0, 1],
      sentenceWeight: 1,
    });
    expect(seen).toEqual(['aaa', 'b', 'bb', 'aaa b']);
    // "b" + sentence "aaa b" ((3, 1) / sqrt(10)), normalised: its sentence pulls it toward a.
    const mixed = [3 / Math.sqrt(10), 1 + 1 / Math.sqrt(10)];
    const norm = Math.hypot(mixed[0]!, mixed[1]!);
    expect(second![0]).toBeCloseTo(mixed[0]! / norm);
    expect(second![1]).toBeCloseTo(mixed[1]! / norm);
    expect(first![1]).toBeGreaterThan(0);
    // A one-clause sentence is the clause itself.
    expect([...third!]).toEqual([0, 1]);
    await expect(embedClauses(letters, ['a', 'b'], { sentenceIndexes: [0] })).rejects.toThrow(RangeError);
  });
});

describe('embedDocuments', () => {
  it('gives each document the vectors embedClauses gives it alone, in one embedder call', async () => {
    let calls = 0;
    const counted: Embedder = {
      ...letters,
      embed: (texts) => {
        calls++;
        return letters.embed(texts);
      },
    };
    const documents = [['aaa', 'b'], ['b'], [], ['ab', 'bb', 'a']];
    const together = await embedDocuments(counted, documents);
    expect(calls).toBe(1);
    expect(together).toHaveLength(4);
    for (const [index, texts] of documents.entries()) {
      const alone = await embedClauses(letters, texts);
      expect(together[index]!.map((vector) => [...vector])).toEqual(alone.map((vector) => [...vector]));
    }
  });
});

describe('embedDocuments with sentence context', () => {
  it('mixes in each clause sentence as embedClauses does, in one embedder call', async () => {
    let calls = 0;
    const counted: Embedder = {
      ...letters,
      embed: (texts) => {
        calls++;
        return letters.embed(texts);
      },
    };
    const documents = [['aaa', 'b', 'bb'], ['b'], ['ab', 'a', 'bbb', 'ba']];
    const sentenceIndexes = [[0, 1, 1], [0], [0, 0, 1, 2]];
    const together = await embedDocuments(counted, documents, { sentenceIndexes, sentenceWeight: 2 });
    expect(calls).toBe(1);
    for (const [index, texts] of documents.entries()) {
      const alone = await embedClauses(letters, texts, {
        sentenceIndexes: sentenceIndexes[index]!,
        sentenceWeight: 2,
      });
      const plain = await embedClauses(letters, texts);
      expect(together[index]!.map((vector) => [...vector])).toEqual(alone.map((vector) => [...vector]));
      // The sentence context changes the vectors of clauses that share a sentence.
      if (index !== 1)
        expect(alone.map((vector) => [...vector])).not.toEqual(plain.map((vector) => [...vector]));
    }
    await expect(embedDocuments(letters, documents, { sentenceIndexes: [[0, 1, 1]] })).rejects.toThrow(
      /sentenceIndexes has 1 entries for 3 documents/,
    );
    await expect(
      embedDocuments(letters, documents, { sentenceIndexes: [[0, 1], [0], [0, 0, 1, 2]] }),
    ).rejects.toThrow(/sentenceIndexes has 2 entries for 3 clauses/);
  });
});
