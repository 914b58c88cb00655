import { type Embedder, normalizeInPlace } from './embedder';

export interface EmbedClausesOptions {
  /** Share of the whole document's vector mixed into each clause's (default 0.5; 0 embeds clauses alone). */
  contextWeight?: number;
}

/**
 * Embeds the clauses of one document with document context: each vector is
 * `normalize(clause + contextWeight * document)`, the document being all clause texts together.
 * Short clauses ("which was significant") then still point at their document's topic; on SciFact
 * train this lifts vector-only nDCG@10 of the local embedder from 0.36 to 0.40.
 * @example const embeddings = await embedClauses(embedder, clauses.map((clause) => clause.text));
 */
export async function embedClauses(
  embedder: Embedder,
  clauseTexts: readonly string[],
  options: EmbedClausesOptions = {},
): Promise<Float32Array[]> {
  const contextWeight = options.contextWeight ?? 0.5;
  if (clauseTexts.length === 0) return [];
  if (contextWeight === 0 || clauseTexts.length === 1) return embedder.embed(clauseTexts);
  const vectors = await embedder.embed([...clauseTexts, clauseTexts.join(' ')]);
  const documentVector = vectors.pop()!;
  for (const vector of vectors) {
    for (let index = 0; index < vector.length; index++)
      vector[index]! += contextWeight * documentVector[index]!;
    normalizeInPlace(vector);
  }
  return vectors;
}

/**
 * `embedClauses` for several documents in one call of the embedder (one request to a provider's
 * embedder instead of one per document): each document's clause vectors carry its own context.
 * Results are aligned with `documents`.
 * @example const [first, second] = await embedDocuments(embedder, [['The tenant pays.'], ['It rains.']]);
 */
export async function embedDocuments(
  embedder: Embedder,
  documents: readonly (readonly string[])[],
  options: EmbedClausesOptions = {},
): Promise<Float32Array[][]> {
  const contextWeight = options.contextWeight ?? 0.5;
  const texts: string[] = [];
  for (const clauseTexts of documents) {
    texts.push(...clauseTexts);
    if (contextWeight !== 0 && clauseTexts.length > 1) texts.push(clauseTexts.join(' '));
  }
  if (texts.length === 0) return documents.map(() => []);
  const vectors = await embedder.embed(texts);
  let next = 0;
  return documents.map((clauseTexts) => {
    const own = vectors.slice(next, next + clauseTexts.length);
    next += clauseTexts.length;
    if (contextWeight === 0 || clauseTexts.length <= 1) return own;
    const documentVector = vectors[next++]!;
    for (const vector of own) {
      for (let index = 0; index < vector.length; index++)
        vector[index]! += contextWeight * documentVector[index]!;
      normalizeInPlace(vector);
    }
    return own;
  });
}
