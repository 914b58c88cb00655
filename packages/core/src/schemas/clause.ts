import { z } from 'zod';
import {
  AnnotationSourceSchema,
  CircumstanceTypeSchema,
  ClassificationStatusSchema,
  ClauseDependencySchema,
  ClauseReviewStatusSchema,
  GroupTypeSchema,
  ModalityTypeSchema,
  MoodSchema,
  ParticipantRoleSchema,
  ProcessTypeSchema,
  UposSchema,
} from '../enums';

const unit = (description: string) => z.number().min(0).max(1).meta({ description });
const index = (description: string) => z.number().int().min(0).meta({ description });
const isoTime = (description: string) => z.iso.datetime({ offset: true }).meta({ description });

/** One token of a clause (pass 1). */
export const TokenSchema = z
  .object({
    index: index('Position of the token within its clause.'),
    text: z.string().meta({ description: 'Token text as it appears in the document.' }),
    lemma: z.string().meta({ description: 'Base form (lower case).' }),
    pos: UposSchema,
    start: index('Character offset of the token in the document text as given.'),
    end: index('Character offset just past the token in the document text as given.'),
    isFinite: z.boolean().meta({ description: 'Finite verb or auxiliary (tense or modal).' }),
    isModal: z.boolean().meta({ description: 'Modal auxiliary or modal expression.' }),
    isNegation: z.boolean().meta({ description: 'Negation marker (not, never, no).' }),
    headStart: z.number().int().nonnegative().nullable().meta({
      description:
        "Character offset in the document of the token's head in the dependency tree of its sentence (the head may lie in another clause of the sentence); null for the root of the sentence.",
    }),
    deprel: z.string().meta({
      description:
        'Universal Dependencies relation of the token to its head, subtypes included ("nsubj:pass", "obl:tmod"); "root" for the root of the sentence.',
    }),
  })
  .meta({
    id: 'Token',
    description:
      'A token with its lemma, UPOS tag, offsets, flags and its place in the dependency tree of its sentence.',
  });
export type Token = z.infer<typeof TokenSchema>;

/** A group or phrase: a span of tokens with a head. */
export const GroupSchema = z
  .object({
    type: GroupTypeSchema,
    start: index('Index of the first token of the group within the clause.'),
    end: index('Index just past the last token of the group within the clause.'),
    head: index('Index of the head token within the clause.'),
    text: z.string().meta({ description: 'Text of the group.' }),
  })
  .meta({
    id: 'Group',
    description: 'A nominal, verbal, prepositional, adverbial, adjectival or conjunction group.',
  });
export type Group = z.infer<typeof GroupSchema>;

/** Readability of the clause's sentence, or null where the text is too short to mean anything. */
export const ReadabilitySchema = z
  .object({
    fleschReadingEase: z.number().meta({ description: 'Flesch reading ease of the sentence.' }),
    fleschKincaidGrade: z.number().meta({ description: 'Flesch-Kincaid grade level of the sentence.' }),
    words: index('Words in the sentence.'),
    syllables: index('Syllables in the sentence.'),
  })
  .meta({ id: 'Readability' });
export type Readability = z.infer<typeof ReadabilitySchema>;

/** Pass 1 annotation of a clause. */
export const SyntacticSchema = z
  .object({
    id: z.string().meta({ description: 'Clause identifier.' }),
    text: z.string().meta({ description: 'Clause text.' }),
    tokens: z.array(TokenSchema).meta({ description: 'Tokens of the clause, in order.' }),
    groups: z.array(GroupSchema).meta({ description: 'Groups and phrases of the clause, in order.' }),
    rootIndex: index("Index of the clause's main verb (or, verbless, the head of its main group) in tokens."),
    sentenceIndex: index('Index of the sentence in the document.'),
    clauseIndex: index('Position of the clause in the document.'),
    start: index('Character offset of the clause in the document text as given.'),
    end: index('Character offset just past the clause in the document text as given.'),
    documentId: z.string().meta({ description: 'Owning document.' }),
    parentClauseId: z.string().nullable().meta({ description: 'Clause this one depends on, or null.' }),
    dependency: ClauseDependencySchema,
    relation: z.string().nullable().meta({
      description: 'Link to the parent or previous clause: the conjunction, "relative" or "reported".',
    }),
    readability: ReadabilitySchema.nullable().meta({
      description: 'Readability of the sentence; null where it is too short to mean anything.',
    }),
  })
  .meta({
    id: 'Syntactic',
    description: 'Pass 1: tokens, groups and the place of the clause in its complex.',
  });
export type Syntactic = z.infer<typeof SyntacticSchema>;

/** A participant of the process, with its token span in the clause. */
export const ParticipantSchema = z
  .object({
    role: ParticipantRoleSchema,
    text: z.string().meta({ description: 'Text of the participant.' }),
    start: index('Index of the first token within the clause.'),
    end: index('Index just past the last token within the clause.'),
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof ParticipantSchema>;

/** A circumstance of the process, with its token span in the clause. */
export const CircumstanceSchema = z
  .object({
    type: CircumstanceTypeSchema,
    subtype: z.string().nullable().meta({ description: 'e.g. time or place for location.' }),
    text: z.string().meta({ description: 'Text of the circumstance.' }),
    start: index('Index of the first token within the clause.'),
    end: index('Index just past the last token within the clause.'),
  })
  .meta({ id: 'Circumstance' });
export type Circumstance = z.infer<typeof CircumstanceSchema>;

/** The evidence behind a process type. */
export const RawTransitivitySchema = z
  .object({
    verbLemma: z.string().nullable().meta({ description: 'Lemma of the main verb, null when verbless.' }),
    voice: z
      .enum(['active', 'passive'])
      .nullable()
      .meta({ description: 'Voice of the verbal group, null when verbless.' }),
    polarity: z.enum(['positive', 'negative']).meta({ description: 'Polarity of the clause.' }),
    matched: z.string().meta({ description: 'Lexicon entry or rule that decided the process type.' }),
  })
  .meta({ id: 'RawTransitivity' });
export type RawTransitivity = z.infer<typeof RawTransitivitySchema>;

/** Ideational (transitivity) annotation. */
export const IdeationalSchema = z
  .object({
    clauseId: z.string().meta({ description: 'Clause identifier.' }),
    processType: ProcessTypeSchema,
    participants: z
      .array(ParticipantSchema)
      .meta({ description: 'Participants with their roles and token spans.' }),
    circumstances: z
      .array(CircumstanceSchema)
      .meta({ description: 'Circumstances with their types and token spans.' }),
    rawTransitivity: RawTransitivitySchema,
  })
  .meta({ id: 'Ideational' });
export type Ideational = z.infer<typeof IdeationalSchema>;

/** A premise of a derivation: an observed fact. */
export const PremiseSchema = z
  .object({
    label: z.string().meta({ description: 'What was observed, e.g. finite.' }),
    value: z.string().meta({ description: 'The observed value, e.g. must.' }),
  })
  .meta({ id: 'Premise' });
export type Premise = z.infer<typeof PremiseSchema>;

/** What the derivation concluded. */
export const ConclusionSchema = z
  .object({
    mood: MoodSchema,
    modalityWeight: unit('Concluded modality weight.'),
    processType: ProcessTypeSchema.optional(),
    tenor: unit('Concluded tenor.').optional(),
  })
  .meta({ id: 'Conclusion' });
export type Conclusion = z.infer<typeof ConclusionSchema>;

/** Which rule produced which label. */
export const LabelRuleSchema = z
  .object({
    label: z.string().meta({ description: 'The annotated field, e.g. process_type.' }),
    rule: z.string().meta({ description: 'Stable rule identifier, e.g. PROCESS.LEXICON.' }),
  })
  .meta({ id: 'LabelRule' });
export type LabelRule = z.infer<typeof LabelRuleSchema>;

/** How the interpersonal labels were derived. */
export const ReasoningTraceSchema = z
  .object({
    premises: z.array(PremiseSchema).meta({ description: 'Observed facts the derivation starts from.' }),
    inferenceRule: z
      .string()
      .meta({ description: 'Rule that decided the mood, e.g. MOOD.SUBJECT_BEFORE_FINITE.' }),
    conclusion: ConclusionSchema,
    rules: z.array(LabelRuleSchema).default([]).meta({ description: 'The rule behind every other label.' }),
    confidence: unit('Confidence of the derivation.'),
    derivationHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({
        description: 'SHA-256 hex of the canonical JSON of premises, inference_rule, conclusion and rules.',
      }),
    generatedAt: isoTime('When the trace was made.'),
  })
  .meta({ id: 'ReasoningTrace' });
export type ReasoningTrace = z.infer<typeof ReasoningTraceSchema>;

/** Interpersonal annotation: mood, modality, tenor, attitude. */
export const InterpersonalSchema = z
  .object({
    clauseId: z.string().meta({ description: 'Clause identifier.' }),
    mood: MoodSchema,
    modalityWeight: unit('Value of modality: 0 not modalised, about 0.3 low, 0.6 median, 0.9 high.'),
    modalityType: ModalityTypeSchema.nullable()
      .default(null)
      .meta({ description: 'Type of modality, null when not modalised.' }),
    polarity: z
      .enum(['positive', 'negative'])
      .default('positive')
      .meta({ description: 'Polarity of the clause.' }),
    tenor: unit('Social distance: 0 close and informal, 1 distant and formal.'),
    speakerAttitude: z.string().meta({ description: 'Short label, e.g. assertive, tentative, directive.' }),
    reasoning: z.string().meta({ description: 'Why the labels were chosen, in plain words.' }),
    annotationSource: AnnotationSourceSchema,
    reasoningTrace: ReasoningTraceSchema,
    rawClassification: z.string().meta({ description: 'Label as the classifier produced it.' }),
    classificationStatus: ClassificationStatusSchema,
    untrusted: z
      .boolean()
      .meta({ description: 'The annotation came from an LLM and no human has accepted it.' }),
  })
  .meta({ id: 'Interpersonal' });
export type Interpersonal = z.infer<typeof InterpersonalSchema>;

/** A span of tokens within a clause, with its text. */
export const TokenSpanSchema = z.object({
  text: z.string().meta({ description: 'Text of the span.' }),
  start: index('Index of the first token within the clause.'),
  end: index('Index just past the last token within the clause.'),
});
export type TokenSpan = z.infer<typeof TokenSpanSchema>;

/** One element of a multiple theme. */
export const ThemeElementSchema = TokenSpanSchema.extend({
  kind: z.enum(['textual', 'interpersonal', 'topical']).meta({ description: 'Kind of theme element.' }),
}).meta({ id: 'ThemeElement' });
export type ThemeElement = z.infer<typeof ThemeElementSchema>;

/** A cohesive reference and, where resolved, the clause it points to. */
export const CohesiveReferenceSchema = z
  .object({
    text: z.string().meta({ description: 'The referring word.' }),
    tokenIndex: index('Index of the referring token within the clause.'),
    kind: z.enum(['personal', 'demonstrative', 'comparative']).meta({ description: 'Kind of reference.' }),
    antecedentClauseId: z
      .string()
      .nullable()
      .meta({ description: 'Earlier clause the reference points to, null when unresolved.' }),
  })
  .meta({ id: 'CohesiveReference' });
export type CohesiveReference = z.infer<typeof CohesiveReferenceSchema>;

/** Textual annotation: theme and rheme, conjunctive adjuncts, cohesion. */
export const TextualSchema = z
  .object({
    theme: TokenSpanSchema.extend({
      elements: z
        .array(ThemeElementSchema)
        .meta({ description: 'Textual, interpersonal and topical elements, in order.' }),
    }).meta({ description: 'Everything up to and including the first experiential element.' }),
    rheme: TokenSpanSchema.meta({ description: 'The rest of the clause.' }),
    markedTheme: z
      .boolean()
      .meta({ description: 'Topical theme is not the Subject of a declarative clause.' }),
    conjunctiveAdjuncts: z
      .array(z.string())
      .meta({ description: 'Conjunctive adjuncts such as however or so.' }),
    cohesiveReferences: z
      .array(CohesiveReferenceSchema)
      .meta({ description: 'Pronouns and demonstratives pointing to earlier clauses.' }),
  })
  .meta({ id: 'Textual' });
export type Textual = z.infer<typeof TextualSchema>;

/** A clause with all its annotations: the main resource of the engine. */
export const AnnotatedClauseSchema = z
  .object({
    id: z
      .uuid()
      .meta({ description: 'Clause identifier: a name-based UUID of document id and clause position.' }),
    text: z.string().meta({ description: 'Clause text.' }),
    syntactic: SyntacticSchema,
    ideational: IdeationalSchema,
    interpersonal: InterpersonalSchema,
    textual: TextualSchema.nullable().meta({
      description: 'Textual annotation (theme and cohesion), or null.',
    }),
    documentId: z.string().meta({ description: 'Owning document.' }),
    compiledAt: isoTime('When the clause was compiled.'),
    untrusted: z.boolean().meta({ description: 'The clause text came from a source nobody vouched for.' }),
    sourceType: z
      .string()
      .default('document')
      .meta({ description: 'Where the text came from: document, generated, ...' }),
    reviewStatus: ClauseReviewStatusSchema.default('unreviewed'),
  })
  .meta({ id: 'AnnotatedClause' });
export type AnnotatedClause = z.infer<typeof AnnotatedClauseSchema>;
/** Input form of AnnotatedClause (defaults may be left out). */
export type AnnotatedClauseInput = z.input<typeof AnnotatedClauseSchema>;

/** The annotation of a clause as one unit: what a review replaces and records before and after. */
export const ClauseAnnotationSchema = z
  .object({
    ideational: IdeationalSchema,
    interpersonal: InterpersonalSchema,
    textual: TextualSchema.nullable().meta({ description: 'Textual annotation, or null.' }),
  })
  .meta({ id: 'ClauseAnnotation' });
export type ClauseAnnotation = z.infer<typeof ClauseAnnotationSchema>;
