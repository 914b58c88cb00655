import { derivationHash } from '../hash';
import { clauseId } from '../ids';
import type { AnnotatedClause } from '../schemas/clause';

/** A complete, valid AnnotatedClause in internal (camelCase) form, built by hand from ANNOTATION.md. */
export function sampleClause(overrides: Partial<AnnotatedClause> = {}): AnnotatedClause {
  const id = clauseId('doc-1', 0);
  const premises = [
    { label: 'finite', value: 'must' },
    { label: 'subject_position', value: 'before_finite' },
  ];
  const conclusion = { mood: 'declarative' as const, modalityWeight: 0.9 };
  return {
    id,
    text: 'The tenant must return the keys.',
    syntactic: {
      id,
      text: 'The tenant must return the keys.',
      tokens: [
        {
          index: 0,
          text: 'The',
          lemma: 'the',
          pos: 'DET',
          start: 0,
          end: 3,
          isFinite: false,
          isModal: false,
          isNegation: false,
        },
        {
          index: 1,
          text: 'tenant',
          lemma: 'tenant',
          pos: 'NOUN',
          start: 4,
          end: 10,
          isFinite: false,
          isModal: false,
          isNegation: false,
        },
        {
          index: 2,
          text: 'must',
          lemma: 'must',
          pos: 'AUX',
          start: 11,
          end: 15,
          isFinite: true,
          isModal: true,
          isNegation: false,
        },
        {
          index: 3,
          text: 'return',
          lemma: 'return',
          pos: 'VERB',
          start: 16,
          end: 22,
          isFinite: false,
          isModal: false,
          isNegation: false,
        },
      ],
      groups: [
        { type: 'nominal', start: 0, end: 2, head: 1, text: 'The tenant' },
        { type: 'verbal', start: 2, end: 4, head: 3, text: 'must return' },
      ],
      rootIndex: 3,
      sentenceIndex: 0,
      clauseIndex: 0,
      start: 0,
      end: 32,
      documentId: 'doc-1',
      parentClauseId: null,
      dependency: 'independent',
      relation: null,
      readability: null,
    },
    ideational: {
      clauseId: id,
      processType: 'material',
      participants: [
        { role: 'actor', text: 'The tenant', start: 0, end: 2 },
        { role: 'goal', text: 'the keys', start: 4, end: 6 },
      ],
      circumstances: [],
      rawTransitivity: {
        verbLemma: 'return',
        voice: 'active',
        polarity: 'positive',
        matched: 'lexicon:material:return',
      },
    },
    interpersonal: {
      clauseId: id,
      mood: 'declarative',
      modalityWeight: 0.9,
      modalityType: 'obligation',
      polarity: 'positive',
      tenor: 0.6,
      speakerAttitude: 'directive',
      reasoning: 'Subject before a modal finite: a declarative of high obligation.',
      annotationSource: 'rules',
      reasoningTrace: {
        premises,
        inferenceRule: 'MOOD.SUBJECT_BEFORE_FINITE',
        conclusion,
        rules: [{ label: 'process_type', rule: 'PROCESS.LEXICON' }],
        confidence: 0.95,
        derivationHash: derivationHash({ premises, inferenceRule: 'MOOD.SUBJECT_BEFORE_FINITE', conclusion }),
        generatedAt: '2026-01-01T00:00:00.000Z',
      },
      rawClassification: 'declarative',
      classificationStatus: 'canonical',
      untrusted: false,
    },
    textual: {
      theme: {
        text: 'The tenant',
        start: 0,
        end: 2,
        elements: [{ kind: 'topical', text: 'The tenant', start: 0, end: 2 }],
      },
      rheme: { text: 'must return the keys.', start: 2, end: 4 },
      markedTheme: false,
      conjunctiveAdjuncts: [],
      cohesiveReferences: [],
    },
    documentId: 'doc-1',
    compiledAt: '2026-01-01T00:00:00.000Z',
    untrusted: false,
    sourceType: 'document',
    reviewStatus: 'unreviewed',
    ...overrides,
  };
}
