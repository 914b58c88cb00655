import { describe, expect, it } from 'vitest';
import { sampleClause } from './__fixtures__/clause';
import { MOODS, PROCESS_TYPES } from './enums';
import { AnnotatedClauseSchema } from './schemas/clause';
import {
  CompileRequestSchema,
  ListClausesQuerySchema,
  PageQuerySchema,
  ReviewQueueQuerySchema,
} from './schemas/engine-api';
import {
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  GatewayHealthSchema,
  SetKeyRequestSchema,
  TestKeyRequestSchema,
} from './schemas/gateway-api';
import { GraphEdgeSchema, GraphNodeSchema } from './schemas/graph';
import {
  RetrievalFiltersSchema,
  RetrievalResultSchema,
  RetrieveRequestSchema,
  SynthesizeRequestSchema,
} from './schemas/retrieval';
import {
  ClauseReviewRequestSchema,
  DecideContentRequestSchema,
  EnqueueContentRequestSchema,
} from './schemas/review';

describe('AnnotatedClauseSchema', () => {
  it('accepts a complete clause', () => {
    expect(AnnotatedClauseSchema.parse(sampleClause())).toEqual(sampleClause());
  });

  it('accepts a null textual annotation and null readability, as the sample shape shows', () => {
    const clause = sampleClause({ textual: null });
    expect(AnnotatedClauseSchema.safeParse(clause).success).toBe(true);
  });

  it.each([
    ['modality above 1', (c: any) => (c.interpersonal.modalityWeight = 1.5)],
    ['negative tenor', (c: any) => (c.interpersonal.tenor = -0.1)],
    ['unknown mood', (c: any) => (c.interpersonal.mood = 'question')],
    ['unknown process type', (c: any) => (c.ideational.processType = 'doing')],
    ['unknown classification status', (c: any) => (c.interpersonal.classificationStatus = 'guessed')],
    ['unknown annotation source', (c: any) => (c.interpersonal.annotationSource = 'model')],
    ['text as a number', (c: any) => (c.text = 42)],
    ['a bad derivation hash', (c: any) => (c.interpersonal.reasoningTrace.derivationHash = 'abc')],
    ['a non-ISO time', (c: any) => (c.compiledAt = 'yesterday')],
    ['a fractional root index', (c: any) => (c.syntactic.rootIndex = 1.5)],
    ['an unknown POS tag', (c: any) => (c.syntactic.tokens[0].pos = 'NN')],
    ['an unknown participant role', (c: any) => (c.ideational.participants[0].role = 'doer')],
    ['a non-UUID id', (c: any) => (c.id = 'clause-1')],
  ])('rejects %s', (_name, mutate) => {
    const clause = structuredClone(sampleClause());
    mutate(clause);
    expect(AnnotatedClauseSchema.safeParse(clause).success).toBe(false);
  });
});

describe('request bodies', () => {
  it('applies the documented defaults of POST /pipeline/compile', () => {
    expect(CompileRequestSchema.parse({ text: 'Pay now.' })).toEqual({
      text: 'Pay now.',
      store: false,
      embed: false,
      sourceType: 'document',
      format: 'text',
    });
  });

  it.each([{}, { text: '' }, { text: '   \n' }, { text: 3 }])('rejects compile body %j', (body) => {
    expect(CompileRequestSchema.safeParse(body).success).toBe(false);
  });

  it('bounds retrieve limit to 1..200 with default 10', () => {
    expect(RetrieveRequestSchema.parse({ query: 'q' })).toEqual({ query: 'q', limit: 10, filters: {} });
    expect(RetrieveRequestSchema.safeParse({ query: 'q', limit: 200 }).success).toBe(true);
    for (const limit of [-1, 0, 201, 2.5, '10']) {
      expect(RetrieveRequestSchema.safeParse({ query: 'q', limit }).success).toBe(false);
    }
    expect(RetrieveRequestSchema.safeParse({ query: '  ' }).success).toBe(false);
    expect(SynthesizeRequestSchema.safeParse({}).success).toBe(false);
  });

  it('checks filter ranges, enums and unknown keys', () => {
    expect(
      RetrievalFiltersSchema.safeParse({ mood: 'imperative', minModality: 0.3, maxModality: 0.9 }).success,
    ).toBe(true);
    for (const filters of [
      { minModality: 1.5 },
      { maxTenor: -0.2 },
      { mood: 'question' },
      { processType: 'doing' },
      { minModality: 0.8, maxModality: 0.2 },
      { minTenor: 0.9, maxTenor: 0.1 },
      { moood: 'declarative' },
    ]) {
      expect(RetrievalFiltersSchema.safeParse(filters).success, JSON.stringify(filters)).toBe(false);
    }
  });

  it('coerces query strings of the list routes and bounds pages', () => {
    expect(ListClausesQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(
      ListClausesQuerySchema.parse({ limit: '20', offset: '40', minModality: '0.5', mood: 'interrogative' }),
    ).toEqual({ limit: 20, offset: 40, minModality: 0.5, mood: 'interrogative' });
    for (const query of [
      { limit: '-1' },
      { limit: '501' },
      { offset: '-5' },
      { limit: 'ten' },
      { minTenor: '2' },
    ]) {
      expect(ListClausesQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(PageQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(ReviewQueueQuerySchema.safeParse({ modality: 'smell' }).success).toBe(false);
  });

  it('validates review decisions', () => {
    expect(ClauseReviewRequestSchema.safeParse({ decision: 'accepted' }).success).toBe(true);
    expect(ClauseReviewRequestSchema.safeParse({ decision: 'approve' }).success).toBe(false);
    expect(DecideContentRequestSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    expect(DecideContentRequestSchema.safeParse({ decision: 'edit' }).success).toBe(false);
    expect(DecideContentRequestSchema.safeParse({ decision: 'edit', editedText: ' ' }).success).toBe(false);
    expect(DecideContentRequestSchema.safeParse({ decision: 'edit', editedText: 'Fixed.' }).success).toBe(
      true,
    );
    expect(DecideContentRequestSchema.safeParse({ decision: 'accepted' }).success).toBe(false);
    expect(EnqueueContentRequestSchema.parse({ content: 'x' })).toEqual({ content: 'x', modality: 'text' });
    expect(EnqueueContentRequestSchema.safeParse({ content: '' }).success).toBe(false);
  });

  it('validates the gateway bodies, camelCase as gateway-api.md shows', () => {
    expect(
      ComputeRequestSchema.parse({
        prompt: { user: 'hi' },
        providerId: 'openai',
        options: { temperature: 0.2, maxTokens: 5 },
      }),
    ).toMatchObject({ providerId: 'openai', options: { maxTokens: 5 } });
    expect(ComputeRequestSchema.safeParse({ prompt: {}, providerId: 'openai' }).success).toBe(false);
    expect(ComputeRequestSchema.safeParse({ prompt: { user: 'hi' }, providerId: 'Open AI' }).success).toBe(
      false,
    );
    expect(
      ComputeRequestSchema.safeParse({ prompt: { user: 'hi' }, providerId: 'x', options: { maxTokens: -1 } })
        .success,
    ).toBe(false);
    expect(
      ComputeRequestSchema.safeParse({
        prompt: {
          messages: [
            { role: 'user', content: 'a' },
            { role: 'assistant', content: 'b' },
          ],
        },
        providerId: 'groq',
      }).success,
    ).toBe(true);
    expect(CompileAgentRequestSchema.parse({ prompt: { user: 'Build a bot' } }).targetFramework).toBe(
      'generic',
    );
    expect(TestKeyRequestSchema.safeParse({ providerId: 'openai' }).success).toBe(false);
    expect(SetKeyRequestSchema.safeParse({ providerId: 'openai', key: null }).success).toBe(true);
    expect(
      GatewayHealthSchema.safeParse({
        ok: true,
        timestamp: new Date().toISOString(),
        keysPresent: [],
        envKeys: [],
      }).success,
    ).toBe(true);
  });
});

describe('result shapes', () => {
  it('allows null ranks and rejects rank 0', () => {
    const result = {
      clauseId: 'c',
      text: 't',
      documentId: 'd',
      rrfScore: 0.01,
      semanticRank: null,
      keywordRank: 3,
      mood: MOODS[0],
      tenor: 0.5,
      processType: PROCESS_TYPES[0],
      modalityWeight: 0.3,
      annotationSource: 'rules',
      untrusted: false,
      parentClauseId: null,
    };
    expect(RetrievalResultSchema.safeParse(result).success).toBe(true);
    expect(RetrievalResultSchema.safeParse({ ...result, keywordRank: 0 }).success).toBe(false);
  });

  it('validates graph nodes and edges', () => {
    expect(
      GraphNodeSchema.safeParse({
        id: 'c',
        label: 'l',
        documentId: 'd',
        mood: 'minor',
        processType: 'verbal',
        modalityWeight: 0,
        sentenceIndex: 0,
        parentClauseId: null,
      }).success,
    ).toBe(true);
    expect(
      GraphEdgeSchema.safeParse({ source: 'a', target: 'b', type: 'semantic', weight: 0.8 }).success,
    ).toBe(true);
    expect(
      GraphEdgeSchema.safeParse({ source: 'a', target: 'b', type: 'citation', weight: 0.8 }).success,
    ).toBe(false);
  });
});
