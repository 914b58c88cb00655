import { describe, expect, it } from 'vitest';
import { createFakeCandidateSource, fakeClause } from './__fixtures__/fake-candidate-source';
import { excludedTerms, namesExcluded, queryConstraints } from './query-constraints';
import { createRetriever } from './retriever';

describe('queryConstraints', () => {
  it.each([
    ['Describe the harbour town without its fish market.', 'Describe the harbour town.', ['its fish market']],
    [
      'Summarize the history of the mill, excluding the fire of 1901.',
      'Summarize the history of the mill.',
      ['the fire of 1901'],
    ],
    [
      'How did the club grow (other than through mergers)? Who led it?',
      'How did the club grow? Who led it?',
      ['through mergers'],
    ],
    ["The canal's story, but don’t mention the locks.", "The canal's story.", ['the locks']],
    ['Lighthouse keepers, with no mention of storms', 'Lighthouse keepers', ['storms']],
  ])('splits %s', (query, positive, excluded) => {
    expect(queryConstraints(query)).toEqual({ positive, excluded });
  });

  it.each([
    // In a statement "without" and "not" are content.
    'Seedlings grown without light stay pale.',
    'Frost does not harm the bulbs.',
    // A search phrase: "excluding" may be what the clause says.
    'limitation of liability excluding indirect damages',
    'all duties other than payment',
  ])('leaves %s as written', (query) => {
    expect(queryConstraints(query)).toEqual({ positive: query, excluded: [] });
  });

  it('keeps the whole query when nothing but the constraint is left', () => {
    expect(queryConstraints("Don't mention the war.")).toEqual({
      positive: "Don't mention the war.",
      excluded: ['the war'],
    });
  });

  it('finds a clause that names at least half of an excluded phrase', () => {
    const excluded = excludedTerms(['the trial of Tom Robinson']);
    expect(namesExcluded('Tom Robinson was accused.', excluded)).toBe(true);
    expect(namesExcluded('The town had a trial.', excluded)).toBe(false);
    expect(namesExcluded('Anything at all.', [])).toBe(false);
  });
});

describe('createRetriever with negative constraints', () => {
  const clauses = [
    fakeClause({ clauseId: 'market', text: 'The harbour town has a fish market on the quay.' }),
    fakeClause({ clauseId: 'church', text: 'The harbour town has an old church.' }),
    fakeClause({ clauseId: 'walls', text: 'Walls surround the harbour town.' }),
  ];

  it('searches the query without its constraint and ranks clauses that name it last', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source });
    const results = await retriever.retrieve({ query: 'Describe the harbour town without the fish market.' });
    expect(calls.keyword[0]?.[0]).toBe('Describe the harbour town.');
    expect(results.map((result) => result.clauseId)).toEqual(['church', 'walls', 'market']);
  });

  it('searches the query as written with negativeConstraints: false', async () => {
    const { source, calls } = createFakeCandidateSource(clauses);
    const retriever = createRetriever({ source, negativeConstraints: false });
    const results = await retriever.retrieve({ query: 'Describe the harbour town without the fish market.' });
    expect(calls.keyword[0]?.[0]).toBe('Describe the harbour town without the fish market.');
    expect(results[0]?.clauseId).toBe('market');
  });
});
