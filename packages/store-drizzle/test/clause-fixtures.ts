import {
  type AnnotatedClause,
  type AnnotationSource,
  clauseId,
  derivationHash,
  MODALITY_TYPES,
  MOODS,
  type ModalityType,
  type Mood,
  PROCESS_TYPES,
  type ProcessType,
} from '@cae/core';

/** Per-clause overrides of the synthetic fixture. */
export interface ClauseOverrides {
  text?: string;
  mood?: Mood;
  processType?: ProcessType;
  modalityWeight?: number;
  modalityType?: ModalityType | null;
  tenor?: number;
  annotationSource?: AnnotationSource;
  annotationUntrusted?: boolean;
  untrusted?: boolean;
  sourceType?: string;
  sentenceIndex?: number;
  parentIndex?: number | null;
}

const WORDS = [
  'tenant',
  'landlord',
  'keys',
  'return',
  'contract',
  'payment',
  'deposit',
  'notice',
  'repair',
  'property',
  'protein',
  'cell',
  'gene',
  'expression',
  'mutation',
  'tumour',
  'patients',
  'therapy',
  'dose',
  'trial',
];

/** Deterministic pseudo-random generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A synthetic clause, valid per AnnotatedClauseSchema. */
export function makeClause(
  documentId: string,
  clauseIndex: number,
  overrides: ClauseOverrides = {},
): AnnotatedClause {
  const id = clauseId(documentId, clauseIndex);
  const text =
    overrides.text ??
    `The ${WORDS[clauseIndex % WORDS.length]} ${WORDS[(clauseIndex * 7 + 3) % WORDS.length]} of clause ${clauseIndex}`;
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  let offset = 0;
  const tokens = words.map((word, index) => {
    const start = offset;
    offset += word.length + 1;
    return {
      index,
      text: word,
      lemma: word.toLowerCase(),
      pos: 'NOUN' as const,
      start,
      end: start + word.length,
      isFinite: false,
      isModal: false,
      isNegation: false,
      headStart: index === 0 ? null : 0,
      deprel: index === 0 ? 'root' : 'dep',
    };
  });
  const mood = overrides.mood ?? MOODS[clauseIndex % 3]!;
  const processType = overrides.processType ?? PROCESS_TYPES[clauseIndex % PROCESS_TYPES.length]!;
  const modalityWeight = overrides.modalityWeight ?? (clauseIndex % 10) / 10;
  // A modalised clause has a type (cycling through the four), an unmodalised one none.
  const modalityType =
    overrides.modalityType !== undefined
      ? overrides.modalityType
      : modalityWeight > 0
        ? MODALITY_TYPES[clauseIndex % MODALITY_TYPES.length]!
        : null;
  const tenor = overrides.tenor ?? (clauseIndex % 5) / 5;
  const premises = [{ label: 'subject_before_finite', value: 'true' }];
  const conclusion = { mood, modalityWeight };
  const inferenceRule = 'MOOD.SUBJECT_BEFORE_FINITE';
  const parentIndex = overrides.parentIndex === undefined ? null : overrides.parentIndex;
  return {
    id,
    text,
    syntactic: {
      id,
      text,
      tokens,
      groups: [{ type: 'nominal', start: 0, end: tokens.length, head: 0, text }],
      rootIndex: 0,
      sentenceIndex: overrides.sentenceIndex ?? Math.floor(clauseIndex / 2),
      clauseIndex,
      start: 0,
      end: text.length,
      documentId,
      parentClauseId: parentIndex === null ? null : clauseId(documentId, parentIndex),
      dependency: parentIndex === null ? 'independent' : 'hypotactic',
      relation: parentIndex === null ? null : 'because',
      readability: null,
    },
    ideational: {
      clauseId: id,
      processType,
      participants: [{ role: 'actor', text: words[0] ?? text, start: 0, end: 1 }],
      circumstances: [],
      rawTransitivity: { verbLemma: null, voice: null, polarity: 'positive', matched: 'fixture' },
    },
    interpersonal: {
      clauseId: id,
      mood,
      modalityWeight,
      modalityType,
      polarity: 'positive',
      tenor,
      speakerAttitude: 'assertive',
      reasoning: 'synthetic fixture',
      annotationSource: overrides.annotationSource ?? 'rules',
      reasoningTrace: {
        premises,
        inferenceRule,
        conclusion,
        rules: [],
        confidence: 0.8,
        derivationHash: derivationHash({ premises, inferenceRule, conclusion, rules: [] }),
        generatedAt: '2025-01-01T00:00:00.000Z',
      },
      rawClassification: mood,
      classificationStatus: 'canonical',
      untrusted: overrides.annotationUntrusted ?? false,
    },
    textual: null,
    documentId,
    compiledAt: '2025-01-01T00:00:00.000Z',
    untrusted: overrides.untrusted ?? false,
    sourceType: overrides.sourceType ?? 'document',
    reviewStatus: 'unreviewed',
  };
}

/** `count` synthetic clauses of one document; every other clause depends on the one before it. */
export function makeDocument(
  documentId: string,
  count: number,
  overrides: (index: number) => ClauseOverrides = () => ({}),
): AnnotatedClause[] {
  return Array.from({ length: count }, (_, index) =>
    makeClause(documentId, index, { parentIndex: index % 2 === 1 ? index - 1 : null, ...overrides(index) }),
  );
}

/** Random unit vectors of a dimension (deterministic per seed). */
export function randomEmbeddings(count: number, dimension: number, seed = 1): Float32Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const vector = new Float32Array(dimension);
    let norm = 0;
    for (let i = 0; i < dimension; i++) {
      vector[i] = random() * 2 - 1;
      norm += vector[i]! * vector[i]!;
    }
    norm = Math.sqrt(norm);
    for (let i = 0; i < dimension; i++) vector[i]! /= norm;
    return vector;
  });
}
