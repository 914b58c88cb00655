import {
  type AnnotatedClause,
  type ClauseAnnotation,
  type Clock,
  InvalidRequestError,
  type Mood,
  PayloadTooLargeError,
  type Syntactic,
  systemClock,
} from '@cae/core';
import { loadModel, loadParser, type Parser } from '@cae/parser';
import type { ListContext } from './contract-modality';
import { annotateClause } from './functional-annotator';
import { advanceList, listMember, NO_LIST } from './list-operator';
import { type ApplyAnnotatorOptions, applyAnnotator, type LlmAnnotator } from './llm-annotator';
import { forEachSyntaxClause } from './syntax-pass';
import type { PosSource } from './syntax-tagger';
import { type ExtractedBlock, extractText, plainTextHeadings, type TextFormat } from './text-formats';

/** Options of `createPipeline`. */
export interface PipelineOptions {
  /** Largest accepted text, in characters (default 2,000,000). */
  readonly maxLength?: number;
  /** Clock for compiledAt and generatedAt (default: the system clock). */
  readonly clock?: Clock;
  /** Rule ids to switch off (e.g. `POS.DO_QUESTION`), for ablations; none by default. */
  readonly disabledRules?: readonly string[];
  /**
   * Where the tokens' part-of-speech tags come from: the trained tagger of `@cae/parser` with the rule
   * corrections (`parser`, the default: about 95% right on UD EWT test) or wink-nlp's tags with the same
   * corrections (`wink`: about 91%, for comparisons; docs/EVALUATION.md has both). Every sentence is
   * parsed either way (each token's `headStart` and `deprel`).
   */
  readonly posSource?: PosSource;
  /**
   * Participants and circumstances read off the dependency tree (transitivity-tree.ts: the nsubj, obj,
   * iobj, obl and advmod dependents of the predicate through the rule table `PARTICIPANT_TREE_RULES`),
   * the word-order analysis filling in where the tree gives nothing (default `true`). `false` keeps the
   * word-order analysis alone, as before (for comparisons; docs/ANNOTATION.md, "Participants from the tree").
   */
  readonly treeParticipants?: boolean;
  /**
   * Path of a tagger and parser model file written by `@cae/parser`'s training (`pnpm train:parser`),
   * used instead of the model shipped with `@cae/parser`; it is read when the pipeline is created, and
   * a path that holds no model throws a RangeError naming `parserModel`. The pass-2 rules and the
   * figures of docs/EVALUATION.md were measured with the shipped model.
   */
  readonly parserModel?: string;
}

/** Options of one compile call. */
export interface CompileOptions {
  readonly documentId: string;
  /** Where the text came from (default 'document'); anything else marks the clauses untrusted. */
  readonly sourceType?: string;
  /**
   * What the text is written in (default `text`): `markdown` and `html` are compiled from their
   * visible prose (`extractText`), and clause offsets then refer to that extracted text. A heading
   * is a sentence of its own and the parent (relation `heading`) of the top-level clauses after it,
   * up to the next heading of the same or a higher level. Plain text's headings are found by their
   * form (`plainTextHeadings`: "12. LIMITATION OF LIABILITY", "Section 4.2 Payment Terms.") and work
   * the same way, with offsets into the text as given.
   */
  readonly format?: TextFormat;
}

/** Context for re-annotating one clause. */
export interface AnnotateOptions {
  /** Earlier clauses of the same document, for cohesive references. */
  readonly previous?: readonly AnnotatedClause[];
  /** Punctuation that ends the clause's sentence, when the clause does not hold it. */
  readonly sentenceFinal?: string;
}

/** The two-pass compiler from text to annotated clauses. */
export interface Pipeline {
  /** Compiles text into annotated clauses (rules only, synchronous, deterministic but for timestamps). */
  compile(text: string, options: CompileOptions): AnnotatedClause[];
  /** Re-runs pass 2 (rules) on a compiled clause. */
  annotate(clause: AnnotatedClause, options?: AnnotateOptions): ClauseAnnotation;
  /** Labels clauses with an LLM annotator, falling back to the rules per clause (uses the pipeline's clock). */
  applyAnnotator(
    clauses: AnnotatedClause[],
    annotator: LlmAnnotator,
    options?: ApplyAnnotatorOptions,
  ): Promise<AnnotatedClause[]>;
}

/** The tagger and parser of a model file, read now so that a wrong path fails here and names the option. */
function readParserModel(path: unknown): Parser {
  if (typeof path !== 'string' || path.length === 0)
    throw new RangeError('parserModel must be the path of a model file written by @cae/parser');
  try {
    loadModel(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RangeError(`parserModel: no @cae/parser model could be read from ${path} (${reason})`, {
      cause: error,
    });
  }
  return loadParser(path);
}

/** Default largest text in characters. */
export const DEFAULT_MAX_LENGTH = 2_000_000;

/** The clause is no member of a list of duties. */
const NOT_A_MEMBER: ListContext = {};

/**
 * Creates the pipeline.
 * @example
 * const pipeline = createPipeline();
 * const clauses = pipeline.compile('Return the keys.', { documentId: 'lease-1' });
 */
export function createPipeline(options: PipelineOptions = {}): Pipeline {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const clock = options.clock ?? systemClock;
  const disabledRules = new Set(options.disabledRules ?? []);
  const parser = options.parserModel === undefined ? undefined : readParserModel(options.parserModel);
  return {
    compile(text, compileOptions) {
      if (typeof text !== 'string' || text.trim().length === 0) {
        throw new InvalidRequestError('text must not be empty');
      }
      if (text.length > maxLength) {
        throw new PayloadTooLargeError(`text has ${text.length} characters; the limit is ${maxLength}`);
      }
      const { documentId } = compileOptions;
      if (typeof documentId !== 'string' || documentId.length === 0) {
        throw new InvalidRequestError('documentId must not be empty');
      }
      const format = compileOptions.format ?? 'text';
      let blocks: readonly ExtractedBlock[] = [];
      if (format !== 'text') {
        const extracted = extractText(text, format);
        if (extracted.text.length === 0) {
          throw new InvalidRequestError(`text has no visible prose as ${format}`, {
            details: { field: 'text' },
          });
        }
        text = extracted.text;
        blocks = extracted.blocks;
      }
      // Plain text has no mark-up: its headings are found by their form (SEGMENT.PLAIN_TEXT_HEADING).
      if (format === 'text' && !disabledRules.has('SEGMENT.PLAIN_TEXT_HEADING'))
        blocks = plainTextHeadings(text, disabledRules);
      const headings = blocks.filter((block) => block.role === 'heading');
      // A plain-text heading is cut off as a sentence of its own (Markdown and HTML blocks already are).
      let breaks: number[] | undefined;
      if (format === 'text' && headings.length > 0) {
        breaks = [];
        for (const heading of headings) breaks.push(heading.start, heading.end);
      }
      const sourceType = compileOptions.sourceType ?? 'document';
      const untrusted = sourceType !== 'document';
      const now = clock().toISOString();
      const clauses: AnnotatedClause[] = [];
      // The last five clauses, oldest first (what cohesive references may point back to).
      const previous: Syntactic[] = [];
      // Their moods, in the same order.
      const previousMoods: Mood[] = [];
      const rulesOff = disabledRules.size > 0 ? disabledRules : undefined;
      const treeParticipants = options.treeParticipants !== false;
      // The list of duties open at this clause ("The Tenant shall:" | "(a) pay"; src/list-operator.ts).
      let list = NO_LIST;
      // Pass 2 runs on each clause as pass 1 emits it: pass 1's per-clause data dies young.
      forEachSyntaxClause(
        text,
        documentId,
        ({ syntactic, sentenceFinal, arrays, projects, standalone }) => {
          // One literal of a fixed shape per clause (annotateClause reads the flags by value, so an
          // absent flag and an undefined one are the same to it): no object spreads on the hot path.
          const heading = headings.length > 0 && inHeading(headings, syntactic.start);
          const member = listMember(syntactic, list);
          const annotation = annotateClause(syntactic, {
            heading,
            sentenceFinal,
            previous,
            previousMoods,
            generatedAt: now,
            arrays,
            projects: projects === true,
            standalone: standalone === true,
            disabledRules: rulesOff,
            treeParticipants,
            list: member === undefined ? NOT_A_MEMBER : { member },
          });
          list = advanceList(
            list,
            syntactic,
            member,
            heading || annotation.interpersonal.reasoningTrace.inferenceRule === 'MOOD.HEADING',
            rulesOff,
          );
          previous.push(syntactic);
          previousMoods.push(annotation.interpersonal.mood);
          if (previous.length > 5) {
            previous.shift();
            previousMoods.shift();
          }
          clauses.push({
            id: syntactic.id,
            text: syntactic.text,
            syntactic,
            ideational: annotation.ideational,
            interpersonal: annotation.interpersonal,
            textual: annotation.textual,
            documentId,
            compiledAt: now,
            untrusted,
            sourceType,
            reviewStatus: 'unreviewed',
          });
        },
        disabledRules,
        options.posSource,
        breaks,
        parser,
      );
      if (blocks.some((block) => block.role === 'heading')) attachToHeadings(clauses, blocks);
      return clauses;
    },
    annotate(clause, annotateOptions = {}) {
      // The list state the earlier clauses leave.
      let state = NO_LIST;
      for (const earlier of annotateOptions.previous ?? [])
        state = advanceList(
          state,
          earlier.syntactic,
          listMember(earlier.syntactic, state),
          earlier.interpersonal.reasoningTrace.inferenceRule === 'MOOD.HEADING',
          disabledRules,
        );
      const member = listMember(clause.syntactic, state);
      return annotateClause(clause.syntactic, {
        list: member === undefined ? NOT_A_MEMBER : { member },
        ...(annotateOptions.sentenceFinal === undefined
          ? {}
          : { sentenceFinal: annotateOptions.sentenceFinal }),
        previous: (annotateOptions.previous ?? []).map((earlier) => earlier.syntactic),
        previousMoods: (annotateOptions.previous ?? []).map((earlier) => earlier.interpersonal.mood),
        generatedAt: clock().toISOString(),
        ...(disabledRules.size > 0 ? { disabledRules } : {}),
        ...(options.treeParticipants === false ? { treeParticipants: false } : {}),
      });
    },
    applyAnnotator(clauses, annotator, annotatorOptions = {}) {
      return applyAnnotator(clauses, annotator, { ...annotatorOptions, clock });
    },
  };
}

/** Whether `offset` falls in one of the heading blocks (sorted by start). */
function inHeading(headings: readonly ExtractedBlock[], offset: number): boolean {
  let low = 0;
  let high = headings.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const block = headings[middle]!;
    if (offset < block.start) high = middle - 1;
    else if (offset >= block.end) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Headings as the parent context of what follows them: the first clause of each heading block becomes
 * the parent (relation `heading`) of the top-level clauses up to the next heading of the same or a
 * higher level, and of the headings below it.
 */
function attachToHeadings(clauses: AnnotatedClause[], blocks: readonly ExtractedBlock[]): void {
  // Open headings, outermost first: level and the id of the heading's first clause.
  const open: { level: number; id: string }[] = [];
  let blockIndex = 0;
  let lastHeadingBlock = -1;
  for (const clause of clauses) {
    const start = clause.syntactic.start;
    while (blockIndex + 1 < blocks.length && blocks[blockIndex + 1]!.start <= start) blockIndex += 1;
    const block = blocks[blockIndex];
    const topLevel =
      clause.syntactic.parentClauseId === null && clause.syntactic.dependency === 'independent';
    if (block?.role === 'heading' && block.start <= start && start < block.end) {
      if (blockIndex === lastHeadingBlock) continue;
      lastHeadingBlock = blockIndex;
      const level = block.level ?? 1;
      while (open.length > 0 && open[open.length - 1]!.level >= level) open.pop();
      const parent = open[open.length - 1];
      if (parent && topLevel) setParent(clause, parent.id);
      open.push({ level, id: clause.id });
      continue;
    }
    const parent = open[open.length - 1];
    if (parent && topLevel) setParent(clause, parent.id);
  }
}

function setParent(clause: AnnotatedClause, parentId: string): void {
  (clause as { syntactic: Syntactic }).syntactic = {
    ...clause.syntactic,
    parentClauseId: parentId,
    relation: 'heading',
  };
}
