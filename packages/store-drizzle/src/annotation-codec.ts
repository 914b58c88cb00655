import { isDeepStrictEqual } from 'node:util';
import {
  type AnnotatedClause,
  derivationHash,
  GROUP_TYPES,
  type Ideational,
  type Interpersonal,
  type Syntactic,
  type Textual,
  type Token,
  UPOS_TAGS,
} from '@cae/core';

/**
 * Compact storage form of a clause's four annotation columns (format 1).
 *
 * A clause's annotation as wire-shaped JSON objects is about 5 KB (a token object of eleven named
 * fields is 200 bytes), most of it field names and values the row holds already. The compact form
 * keeps every field of the wire shape but stores it once and without names:
 * - tokens as columns: POS tags one character each, offsets as gaps and lengths, the three flags one
 *   digit, lemmas only where they differ from the lower-cased text, head offsets relative to the clause;
 * - the texts of tokens, groups, participants, circumstances, theme and rheme are left out where they
 *   are the slice of the clause text their offsets or token span name;
 * - the clause id, text, document id, positions and parent (columns of the row) are not repeated;
 * - the derivation hash is left out where it is the hash of the trace it belongs to, and the trace's
 *   time where it is the clause's compile time;
 * - the rule annotator's reasoning sentence keeps only the parts its template does not derive from
 *   the row (see REASONING).
 * Each compact object carries `v: 1`. Encoding is checked: a part whose compact form does not decode
 * to exactly what was given (an annotation edited by hand with a text that is not its span, say) is
 * stored as the plain object, and the decoder reads both forms, so nothing of the wire shape is lost.
 */

/** What the row holds besides the annotation columns, which the compact form leaves out. */
export interface ClauseRowContext {
  id: string;
  text: string;
  documentId: string;
  clauseIndex: number;
  sentenceIndex: number;
  parentClauseId: string | null;
  compiledAt: string;
}

/** The stored form of a clause's annotation columns (compact objects or plain ones). */
export interface StoredAnnotation {
  syntactic: unknown;
  ideational: unknown;
  interpersonal: unknown;
  textual: unknown;
}

type Json = Record<string, unknown>;
const FORMAT = 1;

const isCompact = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && (value as Json).v === FORMAT;

const upos = UPOS_TAGS as readonly string[];
const groupTypes = GROUP_TYPES as readonly string[];
/** One character per POS tag (UPOS has 17 tags). */
const POS_CODES = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The text of tokens [start, end) as the slice of the clause text their offsets name. */
function spanText(tokens: readonly Token[], start: number, end: number, text: string, base: number): string {
  if (end <= start) return '';
  const first = tokens[start];
  const last = tokens[end - 1];
  if (!first || !last) return '';
  return text.slice(first.start - base, last.end - base);
}

// ---- syntactic ----

function encodeSyntactic(syntactic: Syntactic): Json {
  const base = syntactic.start;
  const { text, tokens } = syntactic;
  let previousEnd = base;
  const offsets: number[] = [];
  let texts: (string | 0)[] | null = null;
  const lemmas: (string | 0)[] = [];
  let pos = '';
  let flags = '';
  const heads: (number | null)[] = [];
  const deprels: string[] = [];
  tokens.forEach((token, index) => {
    offsets.push(token.start - previousEnd, token.end - token.start);
    previousEnd = token.end;
    const sliced = text.slice(token.start - base, token.end - base);
    if (sliced !== token.text) {
      texts ??= tokens.map(() => 0);
      texts[index] = token.text;
    }
    lemmas.push(token.lemma === token.text.toLowerCase() ? 0 : token.lemma);
    pos += POS_CODES[upos.indexOf(token.pos)] ?? '?';
    flags += String((token.isFinite ? 1 : 0) + (token.isModal ? 2 : 0) + (token.isNegation ? 4 : 0));
    heads.push(token.headStart === null ? null : token.headStart - base);
    deprels.push(token.deprel);
  });
  const allLemmasDerived = lemmas.every((lemma) => lemma === 0);
  return {
    v: FORMAT,
    s: base,
    e: syntactic.end,
    r: syntactic.rootIndex,
    d: syntactic.dependency,
    rl: syntactic.relation,
    rd:
      syntactic.readability === null
        ? null
        : [
            syntactic.readability.fleschReadingEase,
            syntactic.readability.fleschKincaidGrade,
            syntactic.readability.words,
            syntactic.readability.syllables,
          ],
    to: offsets,
    ...(texts ? { tx: texts } : {}),
    ...(allLemmasDerived ? {} : { le: lemmas }),
    po: pos,
    fl: flags,
    he: heads,
    dr: deprels.join(' '),
    g: syntactic.groups.map((group) => {
      const derived = spanText(tokens, group.start, group.end, text, base) === group.text;
      return [
        groupTypes.indexOf(group.type),
        group.start,
        group.end,
        group.head,
        ...(derived ? [] : [group.text]),
      ];
    }),
  };
}

function decodeSyntactic(stored: Json, row: ClauseRowContext): Syntactic {
  const base = stored.s as number;
  const text = row.text;
  const offsets = stored.to as number[];
  const texts = stored.tx as (string | 0)[] | undefined;
  const lemmas = stored.le as (string | 0)[] | undefined;
  const pos = stored.po as string;
  const flags = stored.fl as string;
  const heads = stored.he as (number | null)[];
  const deprels = (stored.dr as string).length === 0 ? [] : (stored.dr as string).split(' ');
  const tokens: Token[] = [];
  let previousEnd = base;
  for (let index = 0; index < pos.length; index++) {
    const start = previousEnd + (offsets[2 * index] as number);
    const end = start + (offsets[2 * index + 1] as number);
    previousEnd = end;
    const tokenText = texts?.[index] || text.slice(start - base, end - base);
    const flag = Number(flags[index]);
    const head = heads[index] ?? null;
    tokens.push({
      index,
      text: tokenText,
      lemma: lemmas?.[index] || tokenText.toLowerCase(),
      pos: upos[POS_CODES.indexOf(pos[index] as string)] as Token['pos'],
      start,
      end,
      isFinite: (flag & 1) !== 0,
      isModal: (flag & 2) !== 0,
      isNegation: (flag & 4) !== 0,
      headStart: head === null ? null : head + base,
      deprel: deprels[index] as string,
    });
  }
  const readability = stored.rd as [number, number, number, number] | null;
  return {
    id: row.id,
    text,
    tokens,
    groups: (stored.g as unknown[][]).map(([type, start, end, head, groupText]) => ({
      type: groupTypes[type as number] as Syntactic['groups'][number]['type'],
      start: start as number,
      end: end as number,
      head: head as number,
      text: (groupText as string | undefined) ?? spanText(tokens, start as number, end as number, text, base),
    })),
    rootIndex: stored.r as number,
    sentenceIndex: row.sentenceIndex,
    clauseIndex: row.clauseIndex,
    start: base,
    end: stored.e as number,
    documentId: row.documentId,
    parentClauseId: row.parentClauseId,
    dependency: stored.d as Syntactic['dependency'],
    relation: stored.rl as string | null,
    readability:
      readability === null
        ? null
        : {
            fleschReadingEase: readability[0],
            fleschKincaidGrade: readability[1],
            words: readability[2],
            syllables: readability[3],
          },
  };
}

// ---- spans over the clause's tokens (ideational and textual) ----

interface Spans {
  tokens: readonly Token[];
  text: string;
  base: number;
}

/** [start, end] plus the text only where it is not the span's slice of the clause text. */
function encodeSpan(spans: Spans, span: { start: number; end: number; text: string }): unknown[] {
  const derived = spanText(spans.tokens, span.start, span.end, spans.text, spans.base) === span.text;
  return derived ? [span.start, span.end] : [span.start, span.end, span.text];
}

function decodeSpan(spans: Spans, stored: unknown[]): { text: string; start: number; end: number } {
  const [start, end, text] = stored as [number, number, string | undefined];
  return { text: text ?? spanText(spans.tokens, start, end, spans.text, spans.base), start, end };
}

// ---- ideational ----

function encodeIdeational(ideational: Ideational, spans: Spans): Json {
  const raw = ideational.rawTransitivity;
  return {
    v: FORMAT,
    p: ideational.processType,
    pa: ideational.participants.map((participant) => [participant.role, ...encodeSpan(spans, participant)]),
    ci: ideational.circumstances.map((circumstance) => [
      circumstance.type,
      circumstance.subtype,
      ...encodeSpan(spans, circumstance),
    ]),
    rt: [raw.verbLemma, raw.voice, raw.polarity, raw.matched],
  };
}

function decodeIdeational(stored: Json, row: ClauseRowContext, spans: Spans): Ideational {
  const [verbLemma, voice, polarity, matched] = stored.rt as unknown[];
  return {
    clauseId: row.id,
    processType: stored.p as Ideational['processType'],
    participants: (stored.pa as unknown[][]).map(([role, ...span]) => ({
      role: role as Ideational['participants'][number]['role'],
      ...decodeSpan(spans, span),
    })),
    circumstances: (stored.ci as unknown[][]).map(([type, subtype, ...span]) => ({
      type: type as Ideational['circumstances'][number]['type'],
      subtype: subtype as string | null,
      ...decodeSpan(spans, span),
    })),
    rawTransitivity: {
      verbLemma: verbLemma as string | null,
      voice: voice as 'active' | 'passive' | null,
      polarity: polarity as 'positive' | 'negative',
      matched: matched as string,
    },
  };
}

// ---- interpersonal ----

/**
 * Strings a reasoning trace repeats in nearly every clause (premise labels and values, rule ids,
 * attitudes), stored as their index here. APPEND ONLY: stored clauses name these by position, so an
 * entry may never be removed, reordered or changed; a string not listed is stored as it is.
 */
const TRACE_WORDS: readonly string[] = [
  'none',
  'neutral',
  'dependency',
  'voice',
  'modal_cues',
  'TENOR.WEIGHTED_SUM',
  'polarity_marker',
  'theme',
  'sentiment',
  'finite',
  'process_type',
  'modality_weight',
  'polarity',
  'tenor',
  'final_punctuation',
  'speaker_attitude',
  'absent',
  'POLARITY.DEFAULT_POSITIVE',
  '.',
  'active',
  'THEME.FIRST_EXPERIENTIAL',
  'tenor.third_person',
  '1 x 0.04',
  'first_element',
  'MODALITY.NONE',
  'subject_position',
  'independent',
  'ATTITUDE.NEUTRAL',
  'before_finite',
  '1 x 0.06',
  'shall',
  'paratactic',
  'MOOD.SUBJECT_BEFORE_FINITE',
  'tenor.nominalisation',
  'present',
  'assertive',
  'ATTITUDE.ASSERTIVE',
  'contract_process',
  'contract_register',
  'contract_operator',
  'contract_subject',
  'hypotactic',
  'tenor.long_words',
  'tenor.formal_vocabulary',
  '1 x 0.1',
  'PROCESS.VERBLESS',
  'MOOD.NO_PREDICATOR',
  'MOOD.DEPENDENT_NON_FINITE',
  'will',
  'MOOD.DEPENDENT_FINITE',
  'THEME.MARKED',
  '1 x 0.12',
  'passive',
  'tenor.passive_voice',
  'MOOD.NON_FINITE',
  'PROCESS.DEFAULT_MATERIAL',
  'ATTITUDE.OBLIGATING',
  'obligating',
  'POLARITY.NEGATION_MARKER',
  'may',
  'MODALITY.CONTRACT_PARTY_DUTY',
  '2 x 0.06',
  'ATTITUDE.QUALIFIED',
  'qualified',
  'embedded',
  'is',
  'tenor.contraction',
  'MODALITY.CONTRACT_STIPULATION',
  '1 x -0.12',
  'MOOD.ELLIPTICAL_SUBJECT',
  'tentative',
  'ATTITUDE.TENTATIVE',
  'MOOD.FINITE_DEFAULT',
  '1 x -0.1',
  'tenor.bare_imperative',
  'verb_form',
  'base',
  'ATTITUDE.DIRECTIVE',
  'directive',
  'MOOD.NO_SUBJECT_BASE_VERB',
  '3 x 0.06',
  'MODALITY.OPERATOR',
  'MODALITY.CONTRACT_PASSIVE_DUTY',
  'positive',
  'ATTITUDE.EMPHATIC_NEGATIVE',
  'emphatic negative',
  'ATTITUDE.ASSERTIVE_NEGATIVE',
  'assertive negative',
  'tenor.first_person',
  '1 x -0.06',
  'MODALITY.CONTRACT_PERMISSION',
  'be: copula',
  'not_modal',
  'negative',
  'MODALITY.CONTRACT_DEFINITION',
  'MODALITY.CONTRACT_DUTY',
  'duty',
  'must',
  'entitlement',
  'commitment',
  'MODALITY.CONTRACT_COMMITMENT',
  'MODALITY.EXPRESSION',
  'can',
  '2 x 0.1',
  'MODALITY.CONTRACT_ENTITLEMENT',
  'would',
  'MODALITY.ADJECTIVE',
  'ATTITUDE.APPRECIATIVE',
  'appreciative',
  'PROCESS.FRAME_PROJECTION',
  'after_finite',
  'should',
  '2 x -0.12',
  'MODALITY.REINFORCED',
];
const traceWordIndex = new Map(TRACE_WORDS.map((word, index) => [word, index]));
const word = (value: string): string | number => traceWordIndex.get(value) ?? value;
const unword = (value: unknown): string =>
  typeof value === 'number' ? (TRACE_WORDS[value] as string) : (value as string);

type Trace = Interpersonal['reasoningTrace'];

/**
 * The rule annotator's reasoning sentence is a template over fields the row keeps (mood, inference
 * rule, modality weight, tenor) and four parts it does not: the modal cues, the process type, the verb
 * and the number of tenor features. The compact form keeps those four parts, `[cues, process, verb,
 * features]` (cues and verb null when absent), when the template gives back exactly the stored
 * sentence; any other sentence (an LLM's, one edited by hand) is kept as it is.
 */
const REASONING =
  /^[^;]* by [^;]*; (?:no modal cue, so the clause is not modalised|modal cues \((.*)\) give weight [^ ]+)\. The ([^ ]+) process (?:is inferred from a verbless clause|"(.*)") and tenor [^ ]+ from (\d+) feature\(s\)\.$/s;

function reasoningText(
  mood: string,
  rule: string,
  weight: unknown,
  tenor: unknown,
  [cues, process, verb, features]: unknown[],
): string {
  return `${mood.charAt(0).toUpperCase()}${mood.slice(1)} by ${rule}; ${
    cues === null
      ? 'no modal cue, so the clause is not modalised'
      : `modal cues (${unword(cues)}) give weight ${weight}`
  }. The ${unword(process)} process ${
    verb === null ? 'is inferred from a verbless clause' : `"${unword(verb)}"`
  } and tenor ${tenor} from ${features} feature(s).`;
}

/** The reasoning's compact parts when the template gives it back exactly, else the sentence itself. */
function encodeReasoning(interpersonal: Interpersonal): unknown {
  const { reasoning, mood, modalityWeight, tenor } = interpersonal;
  const match = REASONING.exec(reasoning);
  if (!match) return reasoning;
  const [, cues, process, verb, features] = match;
  const parts = [
    cues === undefined ? null : word(cues),
    word(process as string),
    verb === undefined ? null : word(verb),
    Number(features),
  ];
  const rule = interpersonal.reasoningTrace.inferenceRule;
  return reasoningText(mood, rule, modalityWeight, tenor, parts) === reasoning ? parts : reasoning;
}

const hashOf = (trace: Trace) =>
  derivationHash({
    premises: trace.premises,
    inferenceRule: trace.inferenceRule,
    conclusion: trace.conclusion,
    rules: trace.rules,
  });

function encodeInterpersonal(interpersonal: Interpersonal, row: ClauseRowContext): Json {
  const trace = interpersonal.reasoningTrace;
  const conclusion = trace.conclusion;
  return {
    v: FORMAT,
    m: interpersonal.mood,
    w: interpersonal.modalityWeight,
    mt: interpersonal.modalityType,
    pl: interpersonal.polarity,
    tn: interpersonal.tenor,
    sa: word(interpersonal.speakerAttitude),
    re: encodeReasoning(interpersonal),
    as: interpersonal.annotationSource,
    // The raw classification is most often the mood itself.
    ...(interpersonal.rawClassification === interpersonal.mood
      ? {}
      : { rc: interpersonal.rawClassification }),
    cs: interpersonal.classificationStatus,
    u: interpersonal.untrusted,
    pr: trace.premises.flatMap((premise) => [word(premise.label), word(premise.value)]),
    ir: word(trace.inferenceRule),
    co: [
      conclusion.mood,
      conclusion.modalityWeight,
      ...(conclusion.processType === undefined && conclusion.tenor === undefined
        ? []
        : [conclusion.processType ?? null, conclusion.tenor ?? null]),
    ],
    ru: trace.rules.flatMap((rule) => [word(rule.label), word(rule.rule)]),
    cf: trace.confidence,
    ...(hashOf(trace) === trace.derivationHash ? {} : { h: trace.derivationHash }),
    ...(trace.generatedAt === row.compiledAt ? {} : { ga: trace.generatedAt }),
  };
}

function pairs(flat: unknown[]): [string, string][] {
  const out: [string, string][] = [];
  for (let index = 0; index + 1 < flat.length; index += 2)
    out.push([unword(flat[index]), unword(flat[index + 1])]);
  return out;
}

/**
 * `knownHash`: the derivation hash the decoded trace is known to have when the stored form leaves it
 * out (the encoder's check: it left it out because it is the hash of the given trace, and the check
 * then proves the decoded trace's hashed fields equal the given ones), so it is not computed again.
 */
function decodeInterpersonal(stored: Json, row: ClauseRowContext, knownHash?: string): Interpersonal {
  const [mood, modalityWeight, processType, tenor] = stored.co as unknown[];
  const conclusion: Trace['conclusion'] = {
    mood: mood as Trace['conclusion']['mood'],
    modalityWeight: modalityWeight as number,
    ...(processType === undefined || processType === null
      ? {}
      : { processType: processType as NonNullable<Trace['conclusion']['processType']> }),
    ...(tenor === undefined || tenor === null ? {} : { tenor: tenor as number }),
  };
  const trace: Trace = {
    premises: pairs(stored.pr as unknown[]).map(([label, value]) => ({ label, value })),
    inferenceRule: unword(stored.ir),
    conclusion,
    rules: pairs(stored.ru as unknown[]).map(([label, rule]) => ({ label, rule })),
    confidence: stored.cf as number,
    derivationHash: '',
    generatedAt: (stored.ga as string | undefined) ?? row.compiledAt,
  };
  trace.derivationHash = (stored.h as string | undefined) ?? knownHash ?? hashOf(trace);
  const interpersonalMood = stored.m as Interpersonal['mood'];
  return {
    clauseId: row.id,
    mood: interpersonalMood,
    modalityWeight: stored.w as number,
    modalityType: stored.mt as Interpersonal['modalityType'],
    polarity: stored.pl as Interpersonal['polarity'],
    tenor: stored.tn as number,
    speakerAttitude: unword(stored.sa),
    reasoning: Array.isArray(stored.re)
      ? reasoningText(interpersonalMood, trace.inferenceRule, stored.w, stored.tn, stored.re)
      : (stored.re as string),
    annotationSource: stored.as as Interpersonal['annotationSource'],
    reasoningTrace: trace,
    rawClassification: (stored.rc as string | undefined) ?? interpersonalMood,
    classificationStatus: stored.cs as Interpersonal['classificationStatus'],
    untrusted: stored.u as boolean,
  };
}

// ---- textual ----

function encodeTextual(textual: Textual, spans: Spans): Json {
  return {
    v: FORMAT,
    th: [
      ...encodeSpan(spans, textual.theme),
      textual.theme.elements.map((element) => [element.kind, ...encodeSpan(spans, element)]),
    ],
    rh: encodeSpan(spans, textual.rheme),
    mt: textual.markedTheme,
    ca: textual.conjunctiveAdjuncts,
    cr: textual.cohesiveReferences.map((reference) => [
      reference.tokenIndex,
      reference.kind,
      reference.antecedentClauseId,
      ...(spans.tokens[reference.tokenIndex]?.text === reference.text ? [] : [reference.text]),
    ]),
  };
}

function decodeTextual(stored: Json, spans: Spans): Textual {
  const theme = stored.th as unknown[];
  const elements = theme[theme.length - 1] as unknown[][];
  return {
    theme: {
      ...decodeSpan(spans, theme.slice(0, -1)),
      elements: elements.map(([kind, ...span]) => ({
        kind: kind as Textual['theme']['elements'][number]['kind'],
        ...decodeSpan(spans, span),
      })),
    },
    rheme: decodeSpan(spans, stored.rh as unknown[]),
    markedTheme: stored.mt as boolean,
    conjunctiveAdjuncts: stored.ca as string[],
    cohesiveReferences: (stored.cr as unknown[][]).map(([tokenIndex, kind, antecedentClauseId, text]) => ({
      text: (text as string | undefined) ?? (spans.tokens[tokenIndex as number]?.text as string),
      tokenIndex: tokenIndex as number,
      kind: kind as Textual['cohesiveReferences'][number]['kind'],
      antecedentClauseId: antecedentClauseId as string | null,
    })),
  };
}

// ---- the four columns ----

/** What a JSON column gives back for a value (undefined properties dropped). */
const viaJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The annotation columns as read back: compact parts decoded, plain parts as they are. */
export function decodeAnnotation(stored: StoredAnnotation, row: ClauseRowContext) {
  const syntactic = isCompact(stored.syntactic)
    ? decodeSyntactic(stored.syntactic, row)
    : (stored.syntactic as Syntactic);
  const spans: Spans = {
    tokens: syntactic.tokens ?? [],
    text: syntactic.text ?? row.text,
    base: syntactic.start,
  };
  return {
    syntactic,
    ideational: isCompact(stored.ideational)
      ? decodeIdeational(stored.ideational, row, spans)
      : (stored.ideational as Ideational),
    interpersonal: isCompact(stored.interpersonal)
      ? decodeInterpersonal(stored.interpersonal, row)
      : (stored.interpersonal as Interpersonal),
    textual: isCompact(stored.textual)
      ? decodeTextual(stored.textual, spans)
      : (stored.textual as Textual | null),
  };
}

/**
 * Whether two values are surely equal as JSON (what `viaJson` gives back), without building either
 * JSON: plain objects (own enumerable keys, undefined members skipped), arrays and primitives.
 * Anything else (undefined or non-finite array items, class instances, toJSON, functions) answers
 * false, and the caller compares the JSON copies instead: true is always right, false only "unsure".
 */
function surelyJsonEqual(left: unknown, right: unknown): boolean {
  if (typeof left !== 'object' || left === null) {
    if (left !== right) return false;
    const type = typeof left;
    return left === null || type === 'string' || type === 'boolean' || type === 'number';
  }
  if (typeof right !== 'object' || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      const item = left[index];
      if (item === undefined || !surelyJsonEqual(item, right[index])) return false;
    }
    return true;
  }
  if (Array.isArray(right) || !plainObject(left) || !plainObject(right)) return false;
  let count = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) return false;
    const member = (left as Json)[key];
    if (member === undefined) continue;
    if (!surelyJsonEqual(member, (right as Json)[key])) return false;
    count++;
  }
  for (const key in right) {
    if (!Object.hasOwn(right, key)) return false;
    if ((right as Json)[key] !== undefined) count--;
  }
  return count === 0;
}

/** A plain object without toJSON (its JSON is its own enumerable members). */
function plainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

/** `viaJson(left)` deep-equals `viaJson(right)`: the fast check first, the JSON copies when unsure. */
function jsonEqual(left: unknown, right: unknown): boolean {
  return surelyJsonEqual(left, right) || isDeepStrictEqual(viaJson(left), viaJson(right));
}

/**
 * One part's compact form when it decodes back to exactly the plain form, else the plain form; with
 * the decoded part when the compact form was kept.
 */
function checked<T, D>(
  plain: T,
  encode: () => Json,
  decode: (stored: Json) => D,
): { stored: Json | T; decoded: D | null } {
  try {
    const compact = viaJson(encode()) as Json;
    const decoded = decode(compact);
    if (jsonEqual(decoded, plain)) return { stored: compact, decoded };
  } catch {
    // A shape the compact form does not cover is stored as it is.
  }
  return { stored: plain, decoded: null };
}

/**
 * The stored form of a clause's annotation columns: each part compact where its compact form decodes
 * back to exactly the given part (see the module comment), plain otherwise.
 */
export function encodeAnnotation(
  annotation: Pick<AnnotatedClause, 'syntactic' | 'ideational' | 'interpersonal' | 'textual'>,
  row: ClauseRowContext,
): StoredAnnotation {
  const syntactic = checked(
    annotation.syntactic,
    () => encodeSyntactic(annotation.syntactic),
    (stored) => decodeSyntactic(stored, row),
  );
  // The other parts' spans are read against the tokens the syntactic column decodes to.
  const decoded = syntactic.decoded ?? annotation.syntactic;
  const spans: Spans = { tokens: decoded.tokens, text: decoded.text, base: decoded.start };
  const { interpersonal } = annotation;
  return {
    syntactic: syntactic.stored,
    ideational: checked(
      annotation.ideational,
      () => encodeIdeational(annotation.ideational, spans),
      (stored) => decodeIdeational(stored, row, spans),
    ).stored,
    interpersonal: checked(
      interpersonal,
      () => encodeInterpersonal(interpersonal, row),
      // Left out only when it is the hash of the given trace (see decodeInterpersonal).
      (stored) => decodeInterpersonal(stored, row, interpersonal.reasoningTrace.derivationHash),
    ).stored,
    textual:
      annotation.textual === null
        ? null
        : checked(
            annotation.textual,
            () => encodeTextual(annotation.textual as Textual, spans),
            (stored) => decodeTextual(stored, spans),
          ).stored,
  };
}

/** Whether a stored syntactic column is in the compact form. */
export const isCompactPart = isCompact;
