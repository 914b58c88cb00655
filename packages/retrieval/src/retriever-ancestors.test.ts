import type { RetrievalResult } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createFakeCandidateSource, fakeClause } from './__fixtures__/fake-candidate-source';
import { expandAncestors } from './retriever-ancestors';

const clauses = [
  fakeClause({ clauseId: 'root', text: 'When it rains,', clauseIndex: 0 }),
  fakeClause({ clauseId: 'mid', text: 'we stay in', clauseIndex: 1, parentClauseId: 'root' }),
  fakeClause({ clauseId: 'leaf', text: 'because it is cold', clauseIndex: 2, parentClauseId: 'mid' }),
  fakeClause({ clauseId: 'other', text: 'Another document.', documentId: 'doc-0', clauseIndex: 5 }),
];

function result(clauseId: string, rrfScore: number): RetrievalResult {
  const clause = clauses.find((entry) => entry.clauseId === clauseId)!;
  return {
    clauseId,
    text: clause.text,
    documentId: clause.documentId,
    rrfScore,
    semanticRank: 1,
    keywordRank: null,
    mood: clause.mood,
    tenor: clause.tenor,
    processType: clause.processType,
    modalityWeight: clause.modalityWeight,
    annotationSource: clause.annotationSource,
    untrusted: clause.untrusted,
    parentClauseId: clause.parentClauseId,
  };
}

describe('expandAncestors', () => {
  it('adds the parent chain once and sorts by document and clause index', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const expanded = await expandAncestors(
      [result('leaf', 0.03), result('other', 0.02), result('mid', 0.01)],
      source,
    );
    expect(expanded.map((entry) => entry.clauseId)).toEqual(['other', 'root', 'mid', 'leaf']);
    expect(expanded.find((entry) => entry.clauseId === 'root')).toMatchObject({
      rrfScore: 0,
      semanticRank: null,
      keywordRank: null,
    });
    expect(expanded.find((entry) => entry.clauseId === 'leaf')?.rrfScore).toBe(0.03);
    // One lookup per level of the tree, not one per clause.
    expect(calls.byIds.length).toBeLessThanOrEqual(3);
  });

  it('returns an empty list unchanged and survives a parent cycle', async () => {
    const { source } = createFakeCandidateSource([
      fakeClause({ clauseId: 'a', text: 'a', parentClauseId: 'b' }),
      fakeClause({ clauseId: 'b', text: 'b', parentClauseId: 'a', clauseIndex: 1 }),
    ]);
    expect(await expandAncestors([], source)).toEqual([]);
    const looped = await expandAncestors(
      [{ ...result('root', 1), clauseId: 'a', parentClauseId: 'b' }],
      source,
    );
    expect(looped.map((entry) => entry.clauseId)).toEqual(['a', 'b']);
  });
});
