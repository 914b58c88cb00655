import { describe, expect, it } from 'vitest';
import { sampleClause } from './__fixtures__/clause';
import { AnnotatedClauseSchema } from './schemas/clause';
import { camelCase, fromWire, snakeCase, toWire, wire } from './wire';

describe('snakeCase / camelCase', () => {
  it('maps every field name both ways', () => {
    for (const [camel, snake] of [
      ['documentId', 'document_id'],
      ['rrfScore', 'rrf_score'],
      ['citedClauseIds', 'cited_clause_ids'],
      ['derivationHash', 'derivation_hash'],
      ['text', 'text'],
    ] as const) {
      expect(snakeCase(camel)).toBe(snake);
      expect(camelCase(snake)).toBe(camel);
    }
  });
});

describe('AnnotatedClause on the wire', () => {
  const clause = sampleClause();
  const wired = wire.annotatedClause.toWire(clause) as Record<string, any>;

  it('uses the snake_case names of engine-api.md', () => {
    expect(Object.keys(wired)).toEqual(
      expect.arrayContaining([
        'id',
        'text',
        'syntactic',
        'ideational',
        'interpersonal',
        'textual',
        'document_id',
        'compiled_at',
        'untrusted',
      ]),
    );
    expect(wired.syntactic).toMatchObject({
      root_index: 3,
      sentence_index: 0,
      parent_clause_id: null,
      document_id: 'doc-1',
    });
    expect(wired.syntactic.tokens[2]).toMatchObject({ is_finite: true, is_modal: true, is_negation: false });
    expect(wired.ideational).toMatchObject({ clause_id: clause.id, process_type: 'material' });
    expect(wired.ideational.raw_transitivity).toMatchObject({ verb_lemma: 'return' });
    expect(wired.interpersonal).toMatchObject({
      clause_id: clause.id,
      modality_weight: 0.9,
      speaker_attitude: 'directive',
      annotation_source: 'rules',
      raw_classification: 'declarative',
      classification_status: 'canonical',
    });
    expect(wired.interpersonal.reasoning_trace).toMatchObject({
      inference_rule: 'MOOD.SUBJECT_BEFORE_FINITE',
      conclusion: { mood: 'declarative', modality_weight: 0.9 },
    });
    expect(wired.interpersonal.reasoning_trace.derivation_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(wired.textual).toMatchObject({ marked_theme: false, conjunctive_adjuncts: [] });
    expect(JSON.stringify(wired)).not.toMatch(/"[a-z]+[A-Z][A-Za-z]*":/);
  });

  it('round-trips: fromWire(toWire(x)) equals x and toWire(fromWire(w)) equals w', () => {
    expect(wire.annotatedClause.fromWire(wired)).toEqual(clause);
    const json = JSON.parse(JSON.stringify(wired));
    expect(wire.annotatedClause.toWire(wire.annotatedClause.fromWire(json))).toEqual(json);
  });

  it('validates while parsing the wire form', () => {
    const bad = structuredClone(wired);
    bad.interpersonal.modality_weight = 1.5;
    expect(() => wire.annotatedClause.fromWire(bad)).toThrow(/modality_weight|modalityWeight|1/);
    const camel = structuredClone(wired);
    camel.interpersonal = { ...camel.interpersonal, modalityWeight: 0.5 };
    delete camel.interpersonal.modality_weight;
    // A camelCase key is not the wire name: the field counts as missing.
    expect(() => wire.annotatedClause.fromWire(camel)).toThrow();
  });

  it('fills defaults the spec leaves out (source_type, review_status)', () => {
    const minimal = structuredClone(wired);
    delete minimal.source_type;
    delete minimal.review_status;
    const parsed = fromWire(AnnotatedClauseSchema, minimal);
    expect(parsed.sourceType).toBe('document');
    expect(parsed.reviewStatus).toBe('unreviewed');
  });
});

describe('records and request bodies', () => {
  it('keeps free-form metadata keys as they are', () => {
    const item = wire.contentReviewItem.fromWire({
      id: '0b0a5f0e-8e7b-4c1e-9d3a-0c1b2a3d4e5f',
      content: 'An answer.',
      modality: 'text',
      source: 'synthesize',
      metadata: { queryText: 'q', nested_key: { innerCamel: 1 } },
      status: 'pending',
      decision: null,
      edited_text: null,
      reviewer: null,
      document_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      decided_at: null,
    });
    expect(item.metadata).toEqual({ queryText: 'q', nested_key: { innerCamel: 1 } });
    expect(wire.contentReviewItem.toWire(item).metadata).toEqual({
      queryText: 'q',
      nested_key: { innerCamel: 1 },
    });
    expect(wire.contentReviewItem.toWire(item).edited_text).toBeNull();
  });

  it('parses a synthesize body with its defaults', () => {
    expect(wire.synthesizeRequest.fromWire({ query: 'who pays?' })).toEqual({
      query: 'who pays?',
      filters: {},
      limit: 10,
      includeFallback: false,
      expandAncestors: false,
    });
    expect(
      wire.synthesizeRequest.fromWire({
        query: 'q',
        filters: { min_modality: 0.5, process_type: 'material' },
        include_fallback: true,
      }),
    ).toMatchObject({ filters: { minModality: 0.5, processType: 'material' }, includeFallback: true });
  });

  it('serializes a retrieval response with null ranks', () => {
    const response = {
      query: 'deposit',
      count: 1,
      results: [
        {
          clauseId: 'c1',
          text: 'The deposit is returned.',
          documentId: 'd1',
          rrfScore: 1 / 61,
          semanticRank: null,
          keywordRank: 1,
          mood: 'declarative' as const,
          tenor: 0.7,
          processType: 'material' as const,
          modalityWeight: 0,
          annotationSource: 'rules' as const,
          untrusted: false,
          parentClauseId: null,
        },
      ],
    };
    const wired = toWire(wire.retrieveResponse.schema, response);
    expect(wired.results[0]).toEqual({
      clause_id: 'c1',
      text: 'The deposit is returned.',
      document_id: 'd1',
      rrf_score: 1 / 61,
      semantic_rank: null,
      keyword_rank: 1,
      mood: 'declarative',
      tenor: 0.7,
      process_type: 'material',
      modality_weight: 0,
      annotation_source: 'rules',
      untrusted: false,
      parent_clause_id: null,
    });
    expect(wire.retrieveResponse.fromWire(wired)).toEqual(response);
  });

  it('serializes a clause review record with both annotations', () => {
    const clause = sampleClause();
    const annotation = {
      ideational: clause.ideational,
      interpersonal: clause.interpersonal,
      textual: clause.textual,
    };
    const record = {
      id: '7d444840-9dc0-41d1-9d2b-8a3e6f3e1f00',
      clauseId: clause.id,
      documentId: 'doc-1',
      clauseText: clause.text,
      decision: 'accepted' as const,
      reviewer: 'ana',
      notes: null,
      annotationBefore: annotation,
      annotationAfter: { ...annotation, interpersonal: { ...annotation.interpersonal, untrusted: false } },
      createdAt: '2026-01-02T00:00:00.000Z',
    };
    const wired = wire.clauseReviewRecord.toWire(record);
    expect(wired.annotation_before.interpersonal.modality_weight).toBe(0.9);
    expect(wire.clauseReviewRecord.fromWire(JSON.parse(JSON.stringify(wired)))).toEqual(record);
  });
});

describe('fromWire and hostile keys', () => {
  it('treats constructor and __proto__ as unknown keys, not as members of Object', () => {
    const parsed = wire.retrieveRequest.fromWire(
      JSON.parse('{"query":"x","constructor":"y","__proto__":{"limit":5}}'),
    );
    expect(parsed.query).toBe('x');
    expect(parsed.limit).toBe(10);
    expect(() => wire.enqueueContentRequest.fromWire({ constructor: 1.5, source: 1.5 })).toThrow(
      /content is required|source/,
    );
  });
});

describe('fromWire and the NUL character', () => {
  it('refuses U+0000 anywhere (Postgres cannot store it) with a 400 naming the wire field', () => {
    expect(() => wire.graphQuery.fromWire({ document_id: 'a\u0000b' })).toThrow(
      /^document_id: must not contain the NUL character/,
    );
    expect(() => wire.retrieveRequest.fromWire({ query: 'x', filters: { document_id: 'a\u0000' } })).toThrow(
      /^filters\.document_id: must not contain/,
    );
    // Unknown fields are dropped, never stored: they may hold anything.
    expect(wire.retrieveRequest.fromWire({ query: 'x', note: '\u0000' }).query).toBe('x');
    expect(() => wire.enqueueContentRequest.fromWire({ content: 'x', metadata: { 'k\u0000': 1 } })).toThrow(
      /metadata\.k/,
    );
  });
});
