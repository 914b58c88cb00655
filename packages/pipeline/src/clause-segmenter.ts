import type { ClauseDependency, Upos } from '@cae/core';
import { closesQuotation, reportingVerbAt } from './clause-quotation';
import {
  DECLARATION_VERBS,
  INCLUDE_FORMS,
  PROVIDED_THAT_INSERTS,
  REFERENCE_ADVERBS,
} from './lexicons/contract-lexicon';
import { CAPACITY_NOUNS } from './lexicons/modal-lexicon';
import {
  CONDITIONAL_FINITES,
  COORDINATORS,
  complexConjunctionAt,
  NON_PREPOSITION_SUBORDINATORS,
  QUESTION_AUXILIARIES,
  QUOTING_VERBS,
  REPORTING_VERBS,
  SUBORDINATORS,
} from './lexicons/mood-lexicon';
import { CONTROL_VERBS, ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import {
  AUXILIARY_LEMMAS,
  CLOSING_QUOTE_MARKS,
  COORDINATED_DETERMINER_WORDS,
  DEFINITE_OPENERS,
  FINITE_OPERATOR_FORMS,
  GERUND_PREPOSITIONS,
  INTERROGATIVE_OPENERS,
  MODAL_FORMS,
  OPENING_PUNCTUATION,
  POSSESSIVE_DETERMINERS,
  presentSForm,
  QUOTE_MARKS,
  S_CLITICS,
  SAME_FORM_PARTICIPLE_PARTICLES,
  SAME_FORM_PARTICIPLES,
  SUBJECT_PRONOUNS_BUT_IT,
  SUBJECT_QUANTIFIERS,
  verbForm,
  WH_COMPLEMENT_OPENERS,
  WH_RELATIVE_PRONOUNS,
} from './lexicons/word-classes';
import { afterOpeningMarks } from './opening-marks';
import { ruleOff } from './segment-rules';
import { labelColon, SPEAKER_LABEL_SEGMENT } from './speaker-label';
import {
  findVerbalGroups,
  infinitiveRunBefore,
  isPastForm,
  isSubjectLike,
  modifierParticiple,
  notLimitedToStart,
  type TokenArrays,
  type VerbalGroup,
} from './verbal-group';

/** A clause found by the segmenter, over document token indices. */
export interface ClauseSegment {
  /** Document token indices of the clause, ascending (an embedded clause's tokens are left out of its parent). */
  readonly tokens: number[];
  dependency: ClauseDependency;
  relation: string | null;
  /** Index of the parent clause within the sentence's segments, or -1. */
  parent: number;
  /** Main verbal group of the clause, or null when verbless. */
  group: VerbalGroup | null;
}

type MarkerKind = 'coord' | 'sub' | 'rel' | 'that' | 'wh' | 'semi' | 'comma';

interface Marker {
  readonly kind: MarkerKind;
  readonly index: number;
  readonly word: string;
  /** A that-, subordinate or coordinated clause opened earlier in the same gap, whose Subject holds the relative. */
  readonly outer?: Marker;
  /** Chosen over a coordinator by SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL: closes no pending Subject. */
  readonly afterNominal?: true;
}

const NOMINAL_END = new Set<Upos>(['NOUN', 'PROPN', 'PRON', 'NUM']);
const SUBJECT_PART = new Set<Upos>(['PRON', 'NOUN', 'PROPN', 'DET', 'ADJ', 'NUM', 'PART']);

/**
 * SEGMENT.EXCLAMATIVE_THAT: "What a great idea that was!", "How thrilling that ride was": after an
 * opening "what"/"how" phrase, "that" (and a noun) and a finite operator that close the sentence are
 * the exclamative's Subject and Finite, not a relative clause.
 */
function exclamativeSubjectThat(tokens: TokenArrays, index: number, from: number): boolean {
  const { lower, pos } = tokens;
  const opening = lower[from] ?? '';
  if ((opening !== 'what' && opening !== 'how') || index - from > 6) return false;
  let finite = index + 1;
  if (pos[finite] === 'NOUN') finite += 1;
  if (pos[finite] !== 'AUX') return false;
  return finite + 1 >= lower.length || pos[finite + 1] === 'PUNCT';
}

/**
 * SEGMENT.SPEAKER_LABEL: `index` opens the utterance after a label that opens the sentence ("Q: When did you
 * first notice the leak?", "TENANT: Where were you?"): a WH-word there opens a question as it does at the
 * start of a sentence.
 */
/** SEGMENT.QUESTION_AFTER_MARKS: a WH-word after nothing but opening marks opens a question, as at the start. */
const QUESTION_AFTER_MARKS = 'SEGMENT.QUESTION_AFTER_MARKS';

function afterSpeakerLabel(tokens: TokenArrays, index: number, from: number): boolean {
  const values = tokens.values;
  if (values === undefined || index < from + 2 || (values[index - 1] !== ':' && values[index - 1] !== '.'))
    return false;
  return labelColon(values, from, index + 2) === index - 1 && !ruleOff(tokens, SPEAKER_LABEL_SEGMENT);
}

function classify(tokens: TokenArrays, index: number, from: number): MarkerKind | null {
  const word = tokens.lower[index] ?? '';
  const tag = tokens.pos[index];
  const before = index > from ? tokens.pos[index - 1] : undefined;
  const beforeWord = index > from ? (tokens.lower[index - 1] ?? '') : '';
  // SEGMENT.HYPHENATED_WORD_WHOLE: the last part of a word written with a hyphen ("Know-How", "show-how") opens no
  // clause: "how" there is a noun, no WH-word.
  if (
    beforeWord === '-' &&
    index - 1 > from &&
    insideWord(tokens, index - 1) &&
    !ruleOff(tokens, HYPHENATED_WORD_WHOLE)
  )
    return null;
  if (tag === 'CCONJ' && COORDINATORS.has(word)) {
    // SEGMENT.AND_OR: the "and" of "and/or" is no marker of its own; the "or" is, and a clause it opens
    // opens at the "and" (andOrStart).
    if (andOrStart(tokens, index + 2) === index) return null;
    // SEGMENT.COORDINATED_DETERMINERS: "any and all claims made by third parties", "each and every unit
    // sold", "one or more": the coordinator joins two determiners of one nominal group.
    if (
      COORDINATED_DETERMINER_WORDS.has(beforeWord) &&
      COORDINATED_DETERMINER_WORDS.has(tokens.lower[index + 1] ?? '') &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_DETERMINERS')
    )
      return null;
    // SEGMENT.COORDINATED_ADJECTIVES: "by certified or registered mail, return receipt requested": a
    // coordinator between two adjectives joins them.
    if (
      before === 'ADJ' &&
      tokens.pos[index + 1] === 'ADJ' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_ADJECTIVES')
    )
      return null;
    // SEGMENT.COORDINATED_ATTRIBUTIVE_PARTICIPLES: "by registered or certified mail", "the signed or
    // initialled copies": a coordinator between two premodifiers of a noun, one of them a past form
    // the tagger made a verb, after a preposition, determiner or adjective, joins them.
    if (attributivePair(tokens, index) && !ruleOff(tokens, 'SEGMENT.COORDINATED_ATTRIBUTIVE_PARTICIPLES'))
      return null;
    // SEGMENT.NOT_LIMITED_TO: "including, but not limited to, acts of God": no coordinated clause.
    if (word === 'but' && notLimitedToStart(tokens, index) === index) return null;
    return 'coord';
  }
  if (word === ';' || word === ':') return 'semi';
  if (word === '-' && !ruleOff(tokens, 'SEGMENT.WORD_INTERNAL_HYPHEN') && insideWord(tokens, index)) {
    // SEGMENT.WORD_INTERNAL_HYPHEN: "thought-provoking", "web-site": a hyphen with no space on either
    // side joins the parts of one word; it does not separate clauses.
    return null;
  }
  // SEGMENT.NOT_LIMITED_TO_COMMA: the comma that closes "including, but not limited to," or "including, without
  // limitation," opens no clause: what follows is the nominal group the preposition takes ("including, but not
  // limited to, | all amounts paid hereunder" was a statement with the Actor "all amounts").
  if (word === ',' && notLimitedToComma(tokens, index)) return null;
  if (word === ',' || word === '(' || word === '-' || word === '--' || word === '—' || word === '–')
    return 'comma';
  if (word === 'that' && (tag === 'SCONJ' || tag === 'PRON' || tag === 'DET')) {
    if (!ruleOff(tokens, 'SEGMENT.EXCLAMATIVE_THAT') && exclamativeSubjectThat(tokens, index, from))
      return null;
    // SEGMENT.DEMONSTRATIVE_THAT: "If needed, that's in the book": after a comma that closes no
    // nominal, "that" with a finite operator right after it is a demonstrative Subject, not a
    // complementiser or a relative ("The book, that is the one I mean, ...").
    if (
      tag === 'PRON' &&
      beforeWord === ',' &&
      !ruleOff(tokens, 'SEGMENT.DEMONSTRATIVE_THAT') &&
      !NOMINAL_END.has(tokens.pos[index - 2] ?? 'X') &&
      tokens.pos[index + 1] === 'AUX' &&
      (QUESTION_AUXILIARIES.has(tokens.lower[index + 1] ?? '') ||
        S_CLITICS.has(tokens.lower[index + 1] ?? ''))
    )
      return null;
    // SEGMENT.DETERMINER_THAT: "the fee for that quarter", "during that period": right after a
    // preposition and before a noun or adjective, "that" is the determiner of the preposition's
    // nominal group (a preposition takes no that-clause), whatever the tagger made of it.
    // So is a "that" the tagger reads as a determiner of a common noun right after a coordinator
    // ("... and that sum shall be divided by four"): a demonstrative Subject, no complementiser.
    const nextTag = tokens.pos[index + 1];
    if (!ruleOff(tokens, 'SEGMENT.DETERMINER_THAT')) {
      if (before === 'ADP' && (nextTag === 'NOUN' || nextTag === 'ADJ' || nextTag === 'PROPN')) return null;
      if (before === 'CCONJ' && tag === 'DET' && nextTag === 'NOUN') return null;
    }
    return before !== undefined && NOMINAL_END.has(before) && tag !== 'SCONJ' ? 'rel' : 'that';
  }
  if (WH_RELATIVE_PRONOUNS.has(word)) {
    return (before !== undefined && NOMINAL_END.has(before)) || beforeWord === ',' ? 'rel' : 'wh';
  }
  if (
    (index === from ||
      afterSpeakerLabel(tokens, index, from) ||
      // SEGMENT.QUESTION_AFTER_MARKS: "- When can I expect my deposit back?", "> Where is it?".
      (!ruleOff(tokens, QUESTION_AFTER_MARKS) && afterOpeningMarks(tokens.lower, tokens.pos, index, from))) &&
    INTERROGATIVE_OPENERS.has(word) &&
    (tokens.pos[index + 1] === 'AUX' ||
      tokens.pos[index + 1] === 'ADJ' ||
      QUESTION_AUXILIARIES.has(tokens.lower[index + 1] ?? ''))
  )
    // "When does the store close?", "Where is it?": a WH-question, not a dependent clause.
    return null;
  if (
    SUBORDINATORS.has(word) &&
    (tag === 'SCONJ' || tag === 'ADP' || tag === 'ADV') &&
    // "once upon a time": a preposition follows, so "once" is an adverb, not a subordinator.
    tokens.pos[index + 1] !== 'ADP'
  ) {
    if (
      (word === 'when' || word === 'where' || word === 'why') &&
      before !== undefined &&
      NOMINAL_END.has(before)
    )
      return 'rel';
    if (word === 'whether' || (word === 'if' && before === 'VERB')) return 'wh';
    return 'sub';
  }
  if (WH_COMPLEMENT_OPENERS.has(word)) return 'wh';
  return null;
}

/**
 * SEGMENT.NOT_LIMITED_TO_COMMA (see classify): the comma at `index` opens or closes the "but not limited to" or
 * "without limitation" after "including".
 */
function notLimitedToComma(tokens: TokenArrays, index: number): boolean {
  if (ruleOff(tokens, 'SEGMENT.NOT_LIMITED_TO_COMMA')) return false;
  const { lower } = tokens;
  // The comma before it ("including**,** but not limited to, ...") too.
  if (lower[index + 1] === 'but') return notLimitedToStart(tokens, index + 1) === index + 1;
  if (lower[index + 1] === 'without' && lower[index + 2] === 'limitation')
    return INCLUDE_FORMS.has(lower[index - 1] ?? '');
  if (lower[index - 1] === 'to' && lower[index - 2] === 'limited')
    return notLimitedToStart(tokens, index - 2) >= 0;
  if (lower[index - 1] !== 'limitation' || lower[index - 2] !== 'without') return false;
  const before = lower[index - 3] === ',' ? index - 4 : index - 3;
  return INCLUDE_FORMS.has(lower[before] ?? '');
}

/**
 * SEGMENT.COORDINATED_ATTRIBUTIVE_PARTICIPLES (see classify): the coordinator at `index` stands between
 * two premodifiers (past forms in "-ed" or adjectives), the first a verb, with a noun right after the
 * second and a preposition, determiner or adjective right before the first ("by registered or certified
 * mail"): a past form there is an attributive participle, no verbal group of a clause.
 */
function attributivePair(tokens: TokenArrays, index: number): boolean {
  const { lower, pos } = tokens;
  const attributive = (at: number) =>
    pos[at] === 'ADJ' || (pos[at] === 'VERB' && (lower[at] ?? '').endsWith('ed'));
  // (An adjective before a participle, "actual or threatened", is SEGMENT.COORDINATED_MODIFIER_PARTICIPLE's.)
  if (pos[index - 1] !== 'VERB' || !attributive(index - 1) || !attributive(index + 1)) return false;
  const before = pos[index - 2];
  const noun = pos[index + 2];
  return (before === 'ADP' || before === 'DET' || before === 'ADJ') && (noun === 'NOUN' || noun === 'PROPN');
}

/**
 * SEGMENT.AND_OR: "fees and/or costs incurred by ...", "Licensor and/or its Affiliates": "and", "/" and
 * "or" are one coordinator. For the "or" at `coordinator`, the index of its "and" (where a clause it
 * opens starts, so "and/" is not left at the end of the clause before); `coordinator` otherwise.
 */
function andOrStart(tokens: TokenArrays, coordinator: number): number {
  const { lower } = tokens;
  if (lower[coordinator] !== 'or' || lower[coordinator - 1] !== '/' || lower[coordinator - 2] !== 'and')
    return coordinator;
  return ruleOff(tokens, 'SEGMENT.AND_OR') ? coordinator : coordinator - 2;
}

/** Whether the token at `index` is the "and" or the "/" of an "and/or" (SEGMENT.AND_OR): the "or" counts alone. */
function andOrPart(tokens: TokenArrays, index: number): boolean {
  return andOrStart(tokens, index + 2) === index || andOrStart(tokens, index + 1) === index - 1;
}

/** The last word before the coordinator at `coordinator` (before the "and/" of an "and/or": SEGMENT.AND_OR). */
function beforeCoordinator(tokens: TokenArrays, coordinator: number): number {
  return andOrStart(tokens, coordinator) - 1;
}

/** Character offsets of the tokens, when the caller has them (the tagger's output does). */
interface TokenOffsets {
  readonly starts?: readonly number[];
  readonly ends?: readonly number[];
}

/** True when the token at `index` touches the tokens on both sides (no space: "web-site"). */
function insideWord(tokens: TokenArrays, index: number): boolean {
  const { starts, ends } = tokens as TokenArrays & TokenOffsets;
  if (starts === undefined || ends === undefined) return false;
  const start = starts[index];
  const end = ends[index];
  return (
    start !== undefined &&
    end !== undefined &&
    ends[index - 1] === start &&
    starts[index + 1] === end &&
    tokens.pos[index - 1] !== 'PUNCT' &&
    tokens.pos[index + 1] !== 'PUNCT'
  );
}

/** Markers that open a clause whose Subject may follow them ("that", "if", "which", "whether"). */
const SUBJECT_OPENING_MARKERS = new Set<MarkerKind>(['that', 'sub', 'rel', 'wh']);

/**
 * SEGMENT.COORDINATED_SUBJECT_AFTER_MARKER: "agree that the terms and conditions of this Agreement are
 * confidential", "if the tenant or the guarantor fails to pay": a coordinator between a subordinator (or
 * relative) and the next verbal group, with only a nominal group between them and a nominal after it,
 * joins the two nominals of the clause's Subject; the subordinator opens the clause (before this rule the
 * last marker won, leaving "that the terms" in the clause before). A subordinator that may be a
 * preposition ("as", "until", "before") does not count.
 */
function nominalCoordinationAfterMarker(tokens: TokenArrays, strong: Marker, coordinator: number): boolean {
  if (!SUBJECT_OPENING_MARKERS.has(strong.kind) || coordinator - strong.index < 2) return false;
  // ("as a condition to any sale of Products or Services": "as", "until", "before" may be prepositions.)
  if (strong.kind === 'sub' && !NON_PREPOSITION_SUBORDINATORS.has(strong.word)) return false;
  if (ruleOff(tokens, 'SEGMENT.COORDINATED_SUBJECT_AFTER_MARKER')) return false;
  for (let index = strong.index + 1; index < coordinator; index += 1)
    if (!SUBJECT_PART.has(tokens.pos[index] ?? 'X') && tokens.pos[index] !== 'ADP') return false;
  if (!NOMINAL_END.has(tokens.pos[beforeCoordinator(tokens, coordinator)] ?? 'X')) return false;
  const next = tokens.pos[coordinator + 1] ?? 'X';
  return SUBJECT_PART.has(next) && next !== 'PART';
}

/**
 * The segments with tokens, in the order of their first tokens, their parents renumbered; for a parent
 * that was dropped (it had no tokens) `orphanParent` answers, given the old parent and the new place of
 * any old index (-1 by default).
 */
export function inFirstTokenOrder(
  segments: readonly ClauseSegment[],
  orphanParent: (parent: number, placeOf: (old: number) => number | undefined) => number = () => -1,
): ClauseSegment[] {
  const kept = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.tokens.length > 0)
    .sort((a, b) => (a.segment.tokens[0] as number) - (b.segment.tokens[0] as number));
  const place = new Map<number, number>();
  kept.forEach(({ index }, at) => {
    place.set(index, at);
  });
  return kept.map(({ segment }) => ({
    ...segment,
    parent:
      segment.parent < 0
        ? -1
        : (place.get(segment.parent) ?? orphanParent(segment.parent, (old) => place.get(old))),
  }));
}

/**
 * The marker that joins the clause of the verbal group at `to` to the clause complex. Before the first
 * verbal group (`from === sentenceStart`) there is no clause yet to coordinate with, so a coordinator
 * there joins nominals ("When the bus and the train are late"), and the subordinator keeps its clause.
 */
function findMarker(tokens: TokenArrays, from: number, to: number, sentenceStart: number): Marker | null {
  let strong: Marker | null = null;
  let weak: Marker | null = null;
  for (let index = from; index < to; index += 1) {
    if (tokens.lower[index] === '(' && !ruleOff(tokens, 'SEGMENT.PARENTHESIS_INSIDE')) {
      // SEGMENT.PARENTHESIS_INSIDE: "ninety (90) days", "Rule 13d-1(k) under", "TOM WATSON, (“CONSULTANT”)":
      // a parenthesis that closes before the next verbal group (or within a few words) holds a number,
      // a reference or a defined term of the clause it stands in (a few words without a verb, where a
      // word in it may be misread as the next verb); it opens no clause, and nothing in it is a marker.
      const close = closingParenthesis(tokens, index);
      if (close >= 0 && (close < to || (close - index <= 6 && !verbBetween(tokens, index, close)))) {
        index = close;
        continue;
      }
    }
    const kind = classify(tokens, index, sentenceStart);
    if (kind === null) continue;
    if (kind === 'coord' && from === sentenceStart && index > from) continue;
    if (kind === 'coord' && strong !== null && nominalCoordinationAfterMarker(tokens, strong, index))
      continue;
    const marker = { kind, index, word: tokens.lower[index] ?? '' };
    if (kind === 'comma' || kind === 'semi') {
      if (weak === null || kind === 'semi' || weak.kind !== 'semi') weak = marker;
    } else if (strong === null || strong.index < index - 1 || strong.kind === 'coord') {
      // The last marker wins, but a run like "and if" keeps its first word as the start of the clause.
      strong =
        strong !== null && strong.index === index - 1 && strong.kind === 'coord'
          ? { ...marker, index: strong.index }
          : marker;
    }
  }
  if (strong !== null && strong.kind === 'that' && !ruleOff(tokens, 'SEGMENT.PROVIDED_THAT')) {
    // SEGMENT.PROVIDED_THAT: "..., provided that the invoice is correct", "; provided, however, that
    // ...": "provided" (or "providing") with "that" after it, commas and "however", "further" between,
    // is the binding conjunction of the that-clause, which opens with it.
    let back = strong.index - 1;
    while (back > from && PROVIDED_THAT_INSERTS.has(tokens.lower[back] ?? '')) back -= 1;
    const word = tokens.lower[back];
    if (back >= from && (word === 'provided' || word === 'providing'))
      strong = { kind: 'sub', index: back, word };
  }
  if (!ruleOff(tokens, 'SEGMENT.ENUMERATED_ITEM')) {
    // SEGMENT.ENUMERATED_ITEM: "The Tenant shall (a) pay the rent and fees, (b) keep the flat clean, and
    // (c) repair any damage": an enumerator right before the verbal group ("(b)", "(ii)", adverbs between at
    // most) opens a member of the list of predicates, coordinated with the one before it, whatever
    // coordinator stands further back (the "and" of "rent and fees" is no clause edge).
    const label = enumeratorBefore(tokens, from, to);
    if (label >= 0) {
      const coordinator =
        tokens.pos[label - 1] === 'CCONJ' && COORDINATORS.has(tokens.lower[label - 1] ?? '');
      const index = coordinator ? label - 1 : label;
      const separator = tokens.lower[index - 1] ?? '';
      const chosen = strong ?? weak;
      if (
        (separator === ',' || separator === ';') &&
        (chosen === null || chosen.index < index || chosen.kind === 'comma')
      )
        return { kind: 'coord', index, word: coordinator ? (tokens.lower[index] ?? ',') : ',' };
    }
  }
  if (strong !== null && strong.index > from && tokens.lower[strong.index - 1] === '(') {
    // "(as defined below)", "(which is paid monthly)": the parenthesis opens the clause with its marker.
    strong = { ...strong, index: strong.index - 1 };
  }
  if (strong !== null && strong.kind === 'rel') {
    for (let index = from; index < strong.index - 1; index += 1) {
      const kind = classify(tokens, index, sentenceStart);
      // SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL: "violates any law, rule or regulation which applies to
      // it", "any viruses or other routines that are intended to damage": the coordinator joins two
      // nouns (the parse hangs the second on the first as its `conj`), and the relative clause
      // postmodifies the second; the coordinator opens no clause whose Subject holds the relative. (Not
      // before a to-infinitive: "tell my patients and students that to understand ..." is no relative.)
      if (
        kind === 'coord' &&
        tokens.lower[to] !== 'to' &&
        !ruleOff(tokens, 'SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL') &&
        nominalCoordinator(tokens, index, strong.index)
      )
        continue;
      if (kind === 'that' || kind === 'sub' || kind === 'coord') {
        return { ...strong, outer: { kind, index, word: tokens.lower[index] ?? '' } };
      }
    }
  }
  if (
    strong !== null &&
    strong.kind === 'coord' &&
    weak !== null &&
    weak.word === '(' &&
    weak.index > strong.index &&
    weak.index === to - 1 &&
    participleForm(tokens, to) !== null &&
    !ruleOff(tokens, 'SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL') &&
    nominalCoordinator(tokens, strong.index, weak.index)
  ) {
    // SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL: "violates any law, statute or regulation (including
    // the rules on export)": the verbal group opens right after a "(" with a participle or "-ing" form
    // (a command, "(call us)", stays a member of its own), and the coordinator before it joins two
    // nouns of the clause before; the clause opens at the "(" (and ends at its ")",
    // SEGMENT.PARENTHESIS_CLOSES_CLAUSE), not at the coordinator.
    return { ...weak, afterNominal: true };
  }
  return strong ?? weak;
}

/** Nominal words that end a nominal group before a coordinator, or head the one after it. */
const NOMINAL_HEADS = new Set<Upos>(['NOUN', 'PROPN', 'NUM']);

/**
 * SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL, SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL (see
 * findMarker): the coordinator at `coordinator` joins two nominal groups. A
 * noun (or number) stands right before it (a comma between at most), and the parse hangs it on a noun of
 * the words after it, before `end`, which is itself a `conj` of a nominal before the coordinator (a
 * determiner heading a nominal, "any and all other remedies", counts as one; with no
 * Subject relation, which a coordinated clause's Subject would have). Needs the parse; false without it.
 */
function nominalCoordinator(tokens: TokenArrays, coordinator: number, end: number): boolean {
  const { heads, deprels, pos, lower } = tokens;
  if (heads === undefined || deprels === undefined) return false;
  const second = heads[coordinator] ?? -1;
  if (second <= coordinator || second >= end || deprels[second] !== 'conj') return false;
  const first = heads[second] ?? -1;
  if (first < 0 || first >= coordinator) return false;
  // ", and such Holders who ... will have": after a comma, a definite or quantified nominal is as often
  // the Subject of a coordinated clause.
  const next = lower[coordinator + 1] ?? '';
  const previous = beforeCoordinator(tokens, coordinator);
  if (lower[previous] === ',' && (DEFINITE_OPENERS.has(next) || SUBJECT_QUANTIFIERS.has(next))) return false;
  const last = lower[previous] === ',' ? previous - 1 : previous;
  // A determiner that heads its own nominal ("any and all other remedies": "any" is no `det`) counts as one.
  const nominal = (index: number): boolean =>
    NOMINAL_HEADS.has(pos[index] as Upos) ||
    (pos[index] === 'DET' && !(deprels[index] ?? '').startsWith('det'));
  // (Coordinated premodifiers, "good and marketable title", "any and all other remedies", open no clause
  // in the first place: SEGMENT.COORDINATED_ADJECTIVES, SEGMENT.COORDINATED_DETERMINERS.)
  return nominal(last) && NOMINAL_HEADS.has(pos[second] as Upos) && nominal(first);
}

/**
 * SEGMENT.ENUMERATED_ITEM (see findMarker): the index of the "(" of an enumerator "(b)" after `from` whose
 * ")" has only adverbs after it up to `to`, the start of the verbal group; -1 if none.
 */
function enumeratorBefore(tokens: TokenArrays, from: number, to: number): number {
  let close = to - 1;
  while (close > from && tokens.pos[close] === 'ADV') close -= 1;
  if (close - 2 < from || tokens.lower[close] !== ')' || tokens.lower[close - 2] !== '(') return -1;
  return ENUMERATOR_WORD.test(tokens.lower[close - 1] ?? '') ? close - 2 : -1;
}

/**
 * SEGMENT.PARENTHESIS_CLOSES_CLAUSE: a clause opened by "(" ends at its ")": "the Lease (as defined
 * below) and the Schedule", "TOM WATSON, (hereinafter referred to as “CONSULTANT”) and ADAMS GOLF".
 * What follows the ")" in the same segment goes back to the clause the parenthesis stands in (its
 * parent, or the clause before it), unless the segment's own verbal group comes after the ")".
 */
function closeParentheses(tokens: TokenArrays, segments: ClauseSegment[]): void {
  if (ruleOff(tokens, 'SEGMENT.PARENTHESIS_CLOSES_CLAUSE')) return;
  for (let at = 1; at < segments.length; at += 1) {
    const segment = segments[at] as ClauseSegment;
    const first = segment.tokens[0];
    if (first === undefined || tokens.lower[first] !== '(') continue;
    const close = closingParenthesis(tokens, first);
    const last = segment.tokens[segment.tokens.length - 1] ?? -1;
    if (close < 0 || close >= last || (segment.group !== null && segment.group.start > close)) continue;
    const cut = segment.tokens.indexOf(close) + 1;
    if (cut <= 0) continue;
    const target = segments[segment.parent >= 0 ? segment.parent : at - 1] as ClauseSegment;
    const tail = segment.tokens.splice(cut);
    target.tokens.push(...tail);
    target.tokens.sort((a, b) => a - b);
  }
}

/**
 * SEGMENT.OPENING_BRACKET_FORWARD: an opening bracket or quotation mark that ends a clause ("any rule
 * that has been made by a public body (" | "including any agency)") goes to the clause of the word after
 * it, where what it opens is. Revises `segments` in place (a clause of that mark alone keeps it).
 */
export function openingPunctuationForward(
  tokens: TokenArrays,
  segments: readonly ClauseSegment[],
  to: number,
): void {
  forwardOpeningMarks(segments, to, (last) => OPENING_PUNCTUATION.has(tokens.lower[last] ?? ''));
}

/**
 * SEGMENT.OPENING_QUOTE_FORWARD: a straight double quotation mark that opens a quotation (an even number of them
 * before it in the sentence, a word after it) and ends a clause ('As used herein, "' | 'Customer" means any entity
 * ...') goes to the clause of the word after it, as SEGMENT.OPENING_BRACKET_FORWARD does for the marks that can
 * only open. Revises `segments` in place.
 */
export function openingQuoteForward(
  tokens: TokenArrays,
  segments: readonly ClauseSegment[],
  to: number,
): void {
  let from = to;
  for (const segment of segments) if ((segment.tokens[0] ?? to) < from) from = segment.tokens[0] ?? to;
  forwardOpeningMarks(segments, to, (last) => {
    if (tokens.lower[last] !== '"' || !/[\p{L}\p{N}]/u.test(tokens.lower[last + 1] ?? '')) return false;
    let before = 0;
    for (let index = from; index < last; index += 1) if (tokens.lower[index] === '"') before += 1;
    return before % 2 === 0;
  });
}

const HYPHENATED_WORD_WHOLE = 'SEGMENT.HYPHENATED_WORD_WHOLE';

/**
 * SEGMENT.HYPHENATED_WORD_WHOLE: a word written with a hyphen and no space on either side ("Know-How",
 * "e-mail", "third-party") is one word, in one clause: where a clause ends inside it ('(k) "Licensed Know-' | 'How"
 * means ...'), its parts before the cut go to the clause of its last part, as an English compound's head is its
 * last part (and the word order opens no clause at the last part: "how" there is no WH-word). Not a part inside
 * the clause's verbal group, nor before a last part that is a verb. Revises `segments` in place.
 */
export function hyphenatedWordForward(
  tokens: TokenArrays,
  segments: readonly ClauseSegment[],
  to: number,
): void {
  const { starts, ends } = tokens as TokenArrays & TokenOffsets;
  if (starts === undefined || ends === undefined) return;
  forwardOpeningMarks(segments, to, (last, segment) => {
    if (ends[last] !== starts[last + 1]) return false;
    const group = segment.group;
    if (group !== null && group.start <= last && last < group.end) return false;
    // Not into a clause the word's last part opens as its verb ("a wholly-" | "owned subsidiary"): a cut the parse
    // made there is its reading of the verb, which moving the first part does not undo.
    const lastPart = tokens.lower[last] === '-' ? last + 1 : last + 2;
    if (tokens.pos[lastPart] === 'VERB' || tokens.pos[lastPart] === 'AUX') return false;
    // The hyphen itself, inside the word; or the word part right before it.
    const hyphen = tokens.lower[last] === '-' ? last : last + 1;
    return tokens.lower[hyphen] === '-' && insideWord(tokens, hyphen);
  });
}

/** Moves a clause's last token to the clause of the token after it while `opens` holds for it. */
function forwardOpeningMarks(
  segments: readonly ClauseSegment[],
  to: number,
  opens: (last: number, segment: ClauseSegment) => boolean,
): void {
  const owner = new Map<number, ClauseSegment>();
  for (const segment of segments) for (const token of segment.tokens) owner.set(token, segment);
  for (const segment of segments) {
    for (;;) {
      const last = segment.tokens[segment.tokens.length - 1];
      if (last === undefined || segment.tokens.length < 2 || last + 1 >= to) break;
      if (!opens(last, segment)) break;
      const next = owner.get(last + 1);
      if (next === undefined || next === segment) break;
      segment.tokens.pop();
      const at = next.tokens.findIndex((token) => token > last);
      next.tokens.splice(at < 0 ? next.tokens.length : at, 0, last);
      owner.set(last, next);
    }
  }
}

/** Index of the ")" that closes the "(" at `open`, within 40 tokens, or -1. */
function closingParenthesis(tokens: TokenArrays, open: number): number {
  const { lower } = tokens;
  const limit = Math.min(lower.length, open + 41);
  let depth = 0;
  for (let index = open + 1; index < limit; index += 1) {
    const word = lower[index];
    if (word === '(') depth += 1;
    else if (word === ')') {
      if (depth === 0) return index;
      depth -= 1;
    } else if (word === '.' || word === ';') return -1;
  }
  return -1;
}

function verbBetween(tokens: TokenArrays, from: number, to: number): boolean {
  for (let index = from + 1; index < to; index += 1)
    if (tokens.pos[index] === 'VERB' || tokens.pos[index] === 'AUX') return true;
  return false;
}

/**
 * True when a comma comes between the subordinator and the first verbal group: "After lunch, we walked"
 * has a prepositional phrase, not a dependent clause, before the main clause.
 */
function commaBefore(tokens: TokenArrays, from: number, to: number): boolean {
  for (let index = from + 1; index < to; index += 1) if (tokens.lower[index] === ',') return true;
  return false;
}

function hasSubject(tokens: TokenArrays, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (isSubjectLike(tokens.pos[index])) return true;
  return false;
}

function subjectStart(tokens: TokenArrays, from: number, to: number): number {
  let index = to;
  while (index > from && SUBJECT_PART.has(tokens.pos[index - 1] ?? 'X')) index -= 1;
  return index;
}

function hasFinite(group: VerbalGroup): boolean {
  return group.finite >= 0;
}

/**
 * Splits the sentence [from, to) into clauses: one per verbal group, joined to the clause complex by
 * the marker before it (coordinator, subordinator, relative, reporting verb or punctuation).
 */
export function segmentClauses(tokens: TokenArrays, from: number, to: number): ClauseSegment[] {
  const found = findVerbalGroups(tokens, from, to);
  // SEGMENT.PARTICIPLE_IN_SUBJECT, SEGMENT.INFINITIVE_IN_SUBJECT (subjectParticiple): "…, the Party making
  // such payment shall pay the taxes", "failure to so notify the other party shall not relieve it": an
  // "-ing" form or to-infinitive postmodifying the Subject's noun is no verbal group of the clause.
  const groups = found.filter(
    (group, index) =>
      !subjectParticiple(tokens, found[index - 1]?.end ?? from, group, found[index + 1], from) &&
      !definitionValueParticiple(tokens, found[index - 1], group),
  );
  const range = (start: number, end: number): number[] => {
    const out: number[] = [];
    for (let index = start; index < end; index += 1) out.push(index);
    return out;
  };
  if (groups.length === 0) {
    return [{ tokens: range(from, to), dependency: 'independent', relation: null, parent: -1, group: null }];
  }
  const segments: ClauseSegment[] = [];
  let active = 0;
  let assigned = from;
  // A clause whose Subject holds a relative clause and whose own verbal group is still to come.
  let pendingParent = -1;
  let openingDependent = -1;

  const first = groups[0] as VerbalGroup;
  const firstMarker = findMarker(tokens, from, first.start, from);
  const root: ClauseSegment = {
    tokens: [],
    dependency: 'independent',
    relation: null,
    parent: -1,
    group: first,
  };
  segments.push(root);
  const complexOpening = complexSubordinatorOpening(tokens, from, first);
  if (complexOpening !== '') {
    // SEGMENT.COMPLEX_SUBORDINATOR: "In the event that the Buyer fails to pay, the Seller shall stop
    // delivery", "To the extent that …,": the opening clause is a condition, dependent on the main clause
    // after its comma, not a statement of its own ("that" no relative of "event").
    root.dependency = 'hypotactic';
    root.relation = complexOpening;
    openingDependent = 0;
  } else if (firstMarker !== null && firstMarker.kind === 'rel' && firstMarker.index > from) {
    root.group = null;
    root.tokens.push(...range(from, firstMarker.index));
    segments.push({ tokens: [], dependency: 'embedded', relation: 'relative', parent: 0, group: first });
    pendingParent = 0;
    active = 1;
    assigned = firstMarker.index;
  } else if (
    firstMarker !== null &&
    firstMarker.kind === 'sub' &&
    !commaBefore(tokens, firstMarker.index, first.start)
  ) {
    root.dependency = 'hypotactic';
    root.relation = firstMarker.word;
    openingDependent = 0;
  } else if (
    firstMarker !== null &&
    firstMarker.index === from &&
    (firstMarker.word === 'where' || firstMarker.word === 'wherever') &&
    firstMarker.kind === 'wh' &&
    !ruleOff(tokens, 'SEGMENT.WHERE_OPENING') &&
    !endsInQuestion(tokens, to) &&
    !commaBefore(tokens, firstMarker.index, first.start)
  ) {
    // SEGMENT.WHERE_OPENING: "Where the road ends, turn left": an opening "where" with no Finite right
    // after it (see classify) and no "?" at the end is a dependent clause of place, not a question.
    root.dependency = 'hypotactic';
    root.relation = firstMarker.word;
    openingDependent = 0;
  } else if (!hasFinite(first)) {
    openingDependent = 0;
  }
  // SEGMENT.INVERTED_CONDITIONAL: "Should the Tenant fail to pay, the Landlord may ...", "Had the
  // notice been given, ...", "Were the Premises destroyed, ...": an opening "should", "had" or "were"
  // with its Subject after it and no "?" at the end is a conditional clause (the "if" left out), not a
  // question. It runs to the first comma after it (outside parentheses); the verbal groups before that
  // comma are its own (the operator's Event after a long Subject), and the first finite verbal group
  // after it opens the main clause.
  let invertedUntil = ruleOff(tokens, 'SEGMENT.INVERTED_CONDITIONAL')
    ? -1
    : invertedConditionalEnd(tokens, first, from, to, groups);
  if (invertedUntil >= 0) {
    root.dependency = 'hypotactic';
    root.relation = tokens.lower[from] ?? null;
    openingDependent = 0;
  }

  for (let groupIndex = 1; groupIndex < groups.length; groupIndex += 1) {
    const group = groups[groupIndex] as VerbalGroup;
    const previous = groups[groupIndex - 1] as VerbalGroup;
    const marker = findMarker(tokens, previous.end, group.start, from);
    const activeSegment = segments[active] as ClauseSegment;
    const open = (
      start: number,
      dependency: ClauseDependency,
      relation: string | null,
      parent: number,
    ): void => {
      (segments[active] as ClauseSegment).tokens.push(...range(assigned, start));
      segments.push({ tokens: [], dependency, relation, parent, group });
      active = segments.length - 1;
      assigned = start;
    };
    const joinPending = (closeAt: number): void => {
      (segments[active] as ClauseSegment).tokens.push(...range(assigned, closeAt));
      const parent = segments[pendingParent] as ClauseSegment;
      parent.group = group;
      active = pendingParent;
      assigned = closeAt;
      pendingParent = -1;
    };

    if (invertedUntil >= 0 && active === 0) {
      if (group.start < invertedUntil) {
        // The operator's Event: "Should any Agreement between the parties | be terminated".
        const opening = segments[0] as ClauseSegment;
        const operator = opening.group ?? first;
        opening.group = { ...operator, end: group.end, head: group.head };
        continue;
      }
      if (hasFinite(group)) {
        open(invertedUntil + 1, 'independent', null, -1);
        (segments[0] as ClauseSegment).parent = active;
        openingDependent = -1;
        invertedUntil = -1;
        continue;
      }
    }
    if (
      !ruleOff(tokens, 'SEGMENT.COORDINATED_VERBS') &&
      sharedObjectVerb(tokens, previous, group, activeSegment, from)
    ) {
      // SEGMENT.COORDINATED_VERBS: "Licensor shall indemnify, defend and hold harmless Licensee": bare
      // verbs under the same modal operator, with nothing between them but commas and a coordinator,
      // share the Subject, the operator and the object after the last one: one clause, not a command.
      // The verbal group runs to the last verb; its Event stays the first (the parse's predicate, whose
      // conjuncts share its participants: PARTICIPANT.TREE_COORDINATED_VERB).
      const clauseGroup = activeSegment.group as VerbalGroup;
      activeSegment.group = { ...clauseGroup, end: group.end };
      continue;
    }
    if (
      !ruleOff(tokens, 'SEGMENT.PARTICIPLE_RUN') &&
      participleRunMember(tokens, previous, group, activeSegment)
    ) {
      // SEGMENT.PARTICIPLE_RUN: "The Software shall not be sold, revealed, disclosed or otherwise
      // communicated", "responsible for promoting, distributing and selling the Products": a lone
      // participle (or "-ing" form) after one of the same form, with nothing between them but commas,
      // a coordinator and adverbs, shares the clause's operator and what follows the last one.
      // (A run the clause took in after its own group, "shall keep all records made or given", stays
      // out of that group.)
      const clauseGroup = activeSegment.group as VerbalGroup;
      if (clauseGroup.end === previous.end) activeSegment.group = { ...clauseGroup, end: group.end };
      continue;
    }
    if (
      activeSegment.group !== null &&
      activeSegment.group.start === previous.start &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_OPERATORS') &&
      coordinatedOperator(tokens, previous, group)
    ) {
      // SEGMENT.COORDINATED_OPERATORS: "information which is or becomes generally available", "taxes that
      // are or may be imposed", "The Supplier has or will have all rights": a Finite "be", "have", "do"
      // or modal with nothing after it but a coordinator and the next Finite shares what follows that
      // one: one clause, whose Event is the second group's.
      activeSegment.group = { ...activeSegment.group, end: group.end, head: group.head };
      continue;
    }
    if (
      !ruleOff(tokens, 'SEGMENT.INFINITIVE_RUN_ADJUNCTS') &&
      activeSegment.group !== null &&
      adjunctInfinitiveMember(tokens, group, from)
    ) {
      // SEGMENT.INFINITIVE_RUN_ADJUNCTS: "shall proceed to diligently and in good faith negotiate and
      // sign a lease", "to enter into and fully perform this lease": a member of the to-infinitive's run,
      // with adverbs, a prepositional phrase or a particle in the run: the clause's own group.
      activeSegment.group = { ...activeSegment.group, end: group.end };
      continue;
    }
    const reportingStart = ruleOff(tokens, 'SEGMENT.QUOTATION_THEN_REPORTING')
      ? -1
      : reportingAfterQuotation(tokens, from, previous.end, group);
    if (reportingStart >= 0) {
      // SEGMENT.QUOTATION_THEN_REPORTING: "“Are you in?” she asked": the reporting clause is the main
      // clause; the quoted clauses that were independent are projected from it (paratactic, "quote").
      open(reportingStart, 'independent', null, -1);
      for (let index = 0; index < active; index += 1) {
        const quoted = segments[index] as ClauseSegment;
        if (quoted.dependency !== 'independent') continue;
        quoted.dependency = 'paratactic';
        quoted.relation = 'quote';
        quoted.parent = active;
      }
      pendingParent = -1;
      openingDependent = -1;
      continue;
    }
    const quoteStart = ruleOff(tokens, 'SEGMENT.REPORTING_THEN_QUOTATION')
      ? -1
      : quotationAfterReporting(tokens, previous, group, to);
    if (quoteStart >= 0) {
      // SEGMENT.REPORTING_THEN_QUOTATION: "My aunt says, “Is it late?”": the quotation that ends the
      // sentence is projected from the reporting clause before it.
      open(quoteStart, 'paratactic', 'quote', active);
      continue;
    }
    if (
      pendingParent >= 0 &&
      (marker === null || (marker.kind === 'comma' && marker.afterNominal !== true))
    ) {
      joinPending(marker === null ? subjectStart(tokens, previous.end, group.start) : marker.index + 1);
      continue;
    }
    const mainStart =
      marker === null && openingDependent >= 0 ? mainAfterOpeningDependent(tokens, previous, group) : -1;
    if (mainStart >= 0) {
      // "If you do would you send me a copy", "If you want it then go with ...", "If it rains we stay
      // home": the main clause.
      open(mainStart, 'independent', null, -1);
      attachOpening(tokens, segments[openingDependent] as ClauseSegment, active, assigned, group);
      openingDependent = -1;
      continue;
    }
    if (marker === null) {
      // SEGMENT.COMPLEX_CONJUNCTION: "indemnify Licensee | to the extent Licensee uses the Software".
      const conjunction = complexConjunctionBefore(tokens, previous.end, group, -1);
      if (conjunction !== null) {
        open(conjunction.start, 'hypotactic', conjunction.relation, active);
        continue;
      }
      const reporting = REPORTING_VERBS.has(tokens.lemmas[previous.head] ?? '');
      if (reporting && hasFinite(group) && hasSubject(tokens, previous.end, group.start)) {
        open(subjectStart(tokens, previous.end, group.start), 'hypotactic', 'reported', active);
      } else if (group.infinitive && previous.end < group.start && isPurpose(tokens, previous, group)) {
        open(group.start - (tokens.lower[group.start - 1] === 'order' ? 2 : 0), 'hypotactic', 'to', active);
      } else if (activeSegment.group === null) {
        activeSegment.group = group;
      } else if (
        !ruleOff(tokens, 'SEGMENT.PARTICIPLE_THEN_OPERATOR') &&
        participleThenOperator(tokens, activeSegment.group, previous, group)
      ) {
        // SEGMENT.PARTICIPLE_THEN_OPERATOR: "the MANDATORY PRODUCT so supplied | is not suitable", "Any notice
        // given hereunder | shall be in writing": a past form right after a noun (adverbs between), the clause's
        // only group so far, followed by a finite operator with only adverbs between, postmodifies the noun;
        // the operator's group is the clause's.
        activeSegment.group = group;
      } else if (
        !ruleOff(tokens, 'SEGMENT.OPERATOR_THEN_EVENT') &&
        operatorWaitingForEvent(tokens, activeSegment.group, previous, group)
      ) {
        // SEGMENT.OPERATOR_THEN_EVENT: "The Software shall at all times remain the property of Seller",
        // "Buyer shall not in any manner represent", "in no event will Seller consent": an adjunct
        // (or the inverted Subject) between a modal operator and its verb leaves the operator a group
        // of its own; the verb after it, in its base form, is its Event, in the same verbal group.
        activeSegment.group = { ...activeSegment.group, end: group.end, head: group.head };
      }
      continue;
    }
    if (
      marker.kind === 'coord' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_NOMINAL_PARTICIPLE') &&
      coordinatedNominalParticiple(tokens, marker.index, group, to)
    ) {
      // SEGMENT.LIST_NOMINAL_PARTICIPLE (in coordinatedNominalParticiple): the same after a list's comma
      // or a plural "(s)": "any names, symbols, or logotypes associated with ...", "the Protocol(s) or
      // workscope referenced in ...".

      // SEGMENT.COORDINATED_NOMINAL_PARTICIPLE: "any instrument or document executed in connection with
      // ...", "any person, partnership or other entity dealing with FASC": the coordinator joins two
      // nominal groups and the participle after the second postmodifies it, as it would with no
      // coordinator ("the documents executed ..."): no clause opens.
      if (activeSegment.group === null) activeSegment.group = group;
      continue;
    }
    if (
      marker.kind === 'coord' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_NOMINAL_ACL') &&
      coordinatedNominalAcl(tokens, marker.index, group) &&
      // "... or similar documentation given by the Parties | shall have no effect": a Finite after it makes the
      // nominal group a coordinated clause's Subject.
      !finiteAfter(tokens, group.end, to)
    ) {
      // SEGMENT.COORDINATED_NOMINAL_ACL: "the release specifications and testing methods applied to the Drug",
      // "any written notices or other notices to the address designated by the Company": where the parse makes the
      // nominal group after the coordinator a conjunct (or a complement) of a word before it and hangs the
      // participle on that group's noun as its `acl`, the participle postmodifies the noun, however many words
      // stand between (COORDINATED_NOMINAL_PARTICIPLE reads only the short cases off the word order): no clause opens.
      if (activeSegment.group === null) activeSegment.group = group;
      continue;
    }
    if (
      marker.kind === 'coord' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_NOMINAL_PREPOSITION') &&
      coordinatedNominalPreposition(tokens, marker.index, group)
    ) {
      // SEGMENT.COORDINATED_NOMINAL_PREPOSITION: "all costs and reimbursable expenses, including any attorneys'
      // fees", "all losses, damages or the like, including ...": the "verb" after the second nominal group is
      // one the parse hangs on a noun as its `case` ("including", "excluding", "concerning": UD tags them VERB),
      // a preposition: the coordinator joins two nominal groups, no clause opens (before, a clause opened at the
      // coordinator, the second nominal group its Subject and "include" its process).
      continue;
    }
    if (
      marker.kind === 'coord' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_NOMINAL_GERUND') &&
      coordinatedNominalGerund(tokens, marker.index, group)
    ) {
      // SEGMENT.COORDINATED_NOMINAL_GERUND: "any suit, action or proceeding against the other", "the
      // costs of packaging and labeling": an "-ing" word right after a coordinator that follows a noun,
      // with no object after it, is a noun coordinated with that noun: no clause opens.
      continue;
    }
    if (
      marker.kind === 'coord' &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_MODIFIER_PARTICIPLE') &&
      coordinatedModifierParticiple(tokens, marker.index, group)
    ) {
      // SEGMENT.COORDINATED_MODIFIER_PARTICIPLE: "any right, express or implied, in the Software", "any
      // actual or alleged omission", "notice, oral or written,": a lone participle coordinated with an
      // adjective modifies the same noun as the adjective: no clause opens.
      continue;
    }
    if (
      marker.kind === 'coord' &&
      group.infinitive &&
      !ruleOff(tokens, 'SEGMENT.COORDINATED_NOMINAL_INFINITIVE') &&
      coordinatedNominalBefore(tokens, marker.index, group.start) &&
      !finiteAfter(tokens, group.end, to)
    ) {
      // SEGMENT.COORDINATED_NOMINAL_INFINITIVE: "shall obtain all licenses and approvals | to permit the
      // use of the Products": the coordinator joins two nominal groups; the to-infinitive after the
      // second opens the clause, dependent on the active one, as it would with no coordinator.
      open(group.start, 'hypotactic', 'to', active);
      continue;
    }
    if (marker.kind === 'coord' && openingDependent >= 0) {
      const main = mainAfterCoordinatedNominal(tokens, marker.index, group);
      if (main >= 0) {
        // "If you see smoke or fire, leave the building", "If you know or work there could you tell
        // me": the coordinator joins words inside the opening dependent clause; the main clause follows.
        open(main, 'independent', null, -1);
        attachOpening(tokens, segments[openingDependent] as ClauseSegment, active, assigned, group);
        openingDependent = -1;
        continue;
      }
    }
    if (
      (marker.kind === 'comma' || marker.kind === 'sub') &&
      activeSegment.group !== null &&
      !ruleOff(tokens, 'SEGMENT.OPERATOR_ADJUNCT_EVENT') &&
      operatorAcrossAdjunct(tokens, activeSegment.group, previous, group)
    ) {
      // SEGMENT.OPERATOR_ADJUNCT_EVENT: "The Supplier shall, upon request of the Buyer, deliver the goods",
      // "The Licensee shall not, without the consent of the Licensor, assign this lease", "The Tenant
      // shall, if necessary, obtain the permits": an adjunct set off by commas between a modal operator
      // and its verb is no clause edge; the verb in its base form is the operator's Event, one clause.
      activeSegment.group = { ...activeSegment.group, end: group.end, head: group.head };
      continue;
    }
    const conjunction =
      marker.kind === 'sub' || marker.kind === 'that' || (marker.kind === 'rel' && marker.word === 'that')
        ? complexConjunctionBefore(tokens, previous.end, group, marker.index)
        : null;
    if (conjunction !== null) {
      // SEGMENT.COMPLEX_CONJUNCTION: "notify the Seller | as soon as the Buyer becomes aware", "indemnify Licensee |
      // to the extent that the claim arises".
      open(conjunction.start, 'hypotactic', conjunction.relation, active);
      continue;
    }
    switch (marker.kind) {
      case 'coord':
        open(andOrStart(tokens, marker.index), 'paratactic', marker.word, -1);
        break;
      case 'sub':
        open(marker.index, 'hypotactic', marker.word, active);
        break;
      case 'rel': {
        const outer = marker.outer;
        if (outer !== undefined) {
          const dependency: ClauseDependency = outer.kind === 'coord' ? 'paratactic' : 'hypotactic';
          const relation =
            outer.kind === 'that'
              ? REPORTING_VERBS.has(tokens.lemmas[previous.head] ?? '')
                ? 'reported'
                : 'that'
              : outer.word;
          const outerStart = outer.kind === 'coord' ? andOrStart(tokens, outer.index) : outer.index;
          open(outerStart, dependency, relation, dependency === 'paratactic' ? -1 : active);
          (segments[active] as ClauseSegment).group = null;
        }
        const parent = active;
        if ((segments[parent] as ClauseSegment).group === null) pendingParent = parent;
        open(marker.index, 'embedded', 'relative', parent);
        break;
      }
      case 'that':
        open(
          marker.index,
          'hypotactic',
          REPORTING_VERBS.has(tokens.lemmas[previous.head] ?? '') ? 'reported' : 'that',
          active,
        );
        break;
      case 'wh':
        if (openingDependent >= 0 && whQuestionAfterOpening(tokens, marker.index, to)) {
          // "If anyone has voted, what did you vote for?", "If it is free, why not take it?", "If
          // nobody knows, then who decides?": a WH-question is the main clause.
          // "then" is the main clause's textual Theme.
          open(marker.index - (tokens.lower[marker.index - 1] === 'then' ? 1 : 0), 'independent', null, -1);
          attachOpening(tokens, segments[openingDependent] as ClauseSegment, active, assigned, group);
          openingDependent = -1;
        } else if (
          !ruleOff(tokens, 'SEGMENT.COORDINATED_WH_QUESTION') &&
          coordinatedQuestion(tokens, marker.index, to)
        ) {
          // SEGMENT.COORDINATED_WH_QUESTION: "I was at home, and what were you doing?": a coordinator, a
          // WH-word and the Finite before the Subject open a question of its own, not an embedded clause.
          open(marker.index, 'paratactic', tokens.lower[marker.index] ?? marker.word, -1);
        } else open(marker.index, 'embedded', marker.word, active);
        break;
      case 'semi':
        open(marker.index + 1, 'paratactic', marker.word, -1);
        break;
      case 'comma': {
        // A parenthesis belongs to the clause it opens ("(as defined below)"), a comma or dash does not.
        const start = marker.word === '(' ? marker.index : marker.index + 1;
        if (openingDependent >= 0 && (hasFinite(group) || opensCommand(tokens, start, group))) {
          open(start, 'independent', null, -1);
          attachOpening(tokens, segments[openingDependent] as ClauseSegment, active, assigned, group);
          openingDependent = -1;
        } else if (!hasFinite(group)) {
          open(start, 'hypotactic', ',', active);
        } else {
          open(start, 'paratactic', marker.word, -1);
        }
        break;
      }
    }
  }
  (segments[active] as ClauseSegment).tokens.push(...range(assigned, to));
  closeParentheses(tokens, segments);
  // An empty segment (all its tokens taken by others) is dropped and parent indices are renumbered.
  const renumbered: number[] = [];
  let kept = 0;
  for (const segment of segments) renumbered.push(segment.tokens.length > 0 ? kept++ : -1);
  const result: ClauseSegment[] = [];
  for (const segment of segments) {
    if (segment.tokens.length === 0) continue;
    segment.parent = segment.parent >= 0 ? (renumbered[segment.parent] ?? -1) : -1;
    result.push(segment);
  }
  return result;
}

/** Adverbs that focus a binding conjunction right after them ("only to the extent that", "then only if"). */
const CONJUNCTION_FOCUS_WORDS: ReadonlySet<string> = new Set(['only', 'solely', 'just', 'then']);

/**
 * SEGMENT.COMPLEX_CONJUNCTION (see segmentClauses): the binding conjunction of several words (`COMPLEX_CONJUNCTIONS`)
 * that opens the clause of `group`, between `from` (the end of the verbal group before) and `group`: its start and
 * words (the clause's relation), or null. Either it ends at the subordinator at `marker` ("notify the Seller | as soon
 * as the Buyer becomes aware", "indemnify Licensee | to the extent that the claim arises": before the rule the clause
 * opened at the subordinator and the words before it stayed in the clause before, an adverb or a circumstance there),
 * or, with no marker (`marker` -1), it ends in a noun and the Subject of `group`, which has a Finite, follows it
 * ("indemnify Licensee | to the extent Licensee uses the Software": before, no clause opened).
 */
function complexConjunctionBefore(
  tokens: TokenArrays,
  from: number,
  group: VerbalGroup,
  marker: number,
): { start: number; relation: string } | null {
  if (ruleOff(tokens, 'SEGMENT.COMPLEX_CONJUNCTION')) return null;
  const { lower, pos } = tokens;
  const last = marker >= 0 ? marker : group.start - 1;
  for (let start = from; start <= last; start += 1) {
    const length = complexConjunctionAt(lower, start, group.start);
    if (length === 0) continue;
    const end = start + length;
    if (marker >= 0 ? end - 1 !== marker : group.finite < 0 || end >= group.start) continue;
    if (marker < 0) {
      let subject = true;
      for (let index = end; index < group.start; index += 1)
        if (!SUBJECT_PART.has(pos[index] ?? 'X') && pos[index] !== 'CCONJ') subject = false;
      if (!subject || !NOMINAL_END.has(pos[group.start - 1] ?? 'X')) continue;
    }
    let relation = lower[start] ?? '';
    for (let index = start + 1; index < end; index += 1) relation += ` ${lower[index] ?? ''}`;
    // Focusing adverbs before it and a coordinator before them open the clause with it ("(and then only | to the
    // extent that such staff are bound").
    let open = start;
    while (open > from && CONJUNCTION_FOCUS_WORDS.has(lower[open - 1] ?? '')) open -= 1;
    if (open < start && open > from && COORDINATORS.has(lower[open - 1] ?? '')) open -= 1;
    return { start: open, relation };
  }
  return null;
}

/** The openings of SEGMENT.COMPLEX_SUBORDINATOR; the other conjunctions of several words are SEGMENT.COMPLEX_CONJUNCTION's. */
const SUBORDINATOR_OPENINGS = /^(?:in the event|to the extent|in case)(?: that)?$/;

/**
 * SEGMENT.COMPLEX_SUBORDINATOR (see segmentClauses): the sentence opens (past a list label such as "(a)"
 * or "12.3") with "in the event", "to the extent" or "in case", "that" or nothing after it, then a
 * Subject (no comma or clause marker in it) and the first verbal group, which has a Finite; the phrase
 * (the clause's relation), '' otherwise ("In the event of a dispute, …" and "To the extent permitted by
 * law, …" are a phrase and a participle: not these). The main clause opens at the comma before the next
 * finite verbal group, as after an opening "if". SEGMENT.COMPLEX_CONJUNCTION: the same for the other binding
 * conjunctions of several words (`COMPLEX_CONJUNCTIONS`: "As soon as the Buyer becomes aware, ...", "Except to the
 * extent the Buyer has paid, ...", "Unless and until the Buyer accepts, ...").
 */
function complexSubordinatorOpening(tokens: TokenArrays, from: number, first: VerbalGroup): string {
  const { lower, pos } = tokens;
  let start = from;
  if (lower[start] === '(' && lower[start + 2] === ')') start += 3;
  else if (pos[start] === 'NUM' || /^[0-9.]+$/.test(lower[start] ?? '')) start += 1;
  const length = complexConjunctionAt(lower, start, first.start);
  if (length === 0) return '';
  const phrase = lower.slice(start, start + length).join(' ');
  const rule = SUBORDINATOR_OPENINGS.test(phrase)
    ? 'SEGMENT.COMPLEX_SUBORDINATOR'
    : 'SEGMENT.COMPLEX_CONJUNCTION';
  return !ruleOff(tokens, rule) && boundSubject(tokens, from, start + length, first) ? phrase : '';
}

/** A Subject (no comma or clause marker in it) from `subject` to the first verbal group, which has a Finite. */
function boundSubject(tokens: TokenArrays, from: number, subject: number, first: VerbalGroup): boolean {
  const { lower, pos } = tokens;
  if (first.finite < 0 || first.start <= subject || !SUBJECT_PART.has(pos[subject] ?? 'X')) return false;
  for (let index = subject; index < first.start; index += 1)
    if (lower[index] === ',' || classify(tokens, index, from) !== null) return false;
  return true;
}

/**
 * SEGMENT.PARTICIPLE_IN_SUBJECT (see segmentClauses): `group` is a lone "-ing" form (no Finite, no
 * operator, no "to") right after a common or proper noun — or, SEGMENT.INFINITIVE_IN_SUBJECT, a
 * to-infinitive there before a modal ("failure to so notify the other party shall not relieve it", "any
 * covenant to be performed by a party shall be valid only in writing") — and `next`, the verbal group after it, opens
 * with a Finite operator (a modal, "be", "have", "do"); nothing between them is a clause marker (comma,
 * coordinator, subordinator, relative word), they are at most eight words apart, and no coordinator
 * stands between the verbal group before (`previousEnd`) and the "-ing" form. The "-ing" form
 * postmodifies the noun inside `next`'s Subject ("the Party making such payment shall pay", "the party
 * prevailing in such dispute shall be entitled"): it opens no clause, and the clause it stood in keeps
 * its Subject and Finite. Before the row the "-ing" form was the clause's group: no Finite, a fragment.
 */
function subjectParticiple(
  tokens: TokenArrays,
  previousEnd: number,
  group: VerbalGroup,
  next: VerbalGroup | undefined,
  from: number,
): boolean {
  const { lower, pos } = tokens;
  if (next === undefined || group.finite >= 0) return false;
  if (group.infinitive) {
    if (ruleOff(tokens, 'SEGMENT.INFINITIVE_IN_SUBJECT')) return false;
  } else if (
    ruleOff(tokens, 'SEGMENT.PARTICIPLE_IN_SUBJECT') ||
    group.start !== group.head ||
    group.end !== group.head + 1 ||
    participleForm(tokens, group.head) !== 'ing'
  )
    return false;
  const noun = pos[group.start - 1];
  if (group.start <= from || (noun !== 'NOUN' && noun !== 'PROPN')) return false;
  if (next.finite !== next.start || pos[next.start] !== 'AUX' || next.start - group.end > 8) return false;
  if (!QUESTION_AUXILIARIES.has(lower[next.start] ?? '')) return false;
  // A to-infinitive only before a modal, the operator of a duty ("failure to notify shall not relieve";
  // "The first room to start the cleaning in is the kitchen" is MOOD.FINITE_OPERATOR_OUTSIDE_GROUP's).
  if (group.infinitive && !MODAL_FORMS.has(lower[next.start] ?? '')) return false;
  // A coordinator since the verbal group before ("… the MHC or the Bank by the Agent regarding the Agent
  // is set forth", "terms and conditions regarding it will depend") would open the Finite's clause.
  // (One after a comma or semicolon, "…, but failure to notify the Seller shall not relieve it", opens
  // that clause rightly.)
  for (let index = previousEnd; index < group.start; index += 1)
    if (classify(tokens, index, from) === 'coord' && lower[index - 1] !== ',' && lower[index - 1] !== ';')
      return false;
  // A determiner or pronoun right after a noun opens the Finite's own Subject ("the circumstances
  // existing at the time the Prospectus is delivered", "at the time it is delivered": a relative clause
  // with no relative word).
  for (let index = group.end + 1; index < next.start; index += 1)
    if (
      (pos[index] === 'DET' || pos[index] === 'PRON') &&
      (pos[index - 1] === 'NOUN' || pos[index - 1] === 'PROPN')
    )
      return false;
  return findMarker(tokens, group.end, next.start, from) === null;
}

/** Tags of the words of a nominal group (SEGMENT.DEFINITION_VALUE_PARTICIPLE). */
const VALUE_GROUP_TAGS: ReadonlySet<Upos> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON', 'PART']);

/**
 * SEGMENT.DEFINITION_VALUE_PARTICIPLE (see segmentClauses): '"Firm Orders" shall mean **any order accepted by the
 * Seller**', '"Licensed Patents" means all patents **owned** by the Seller': after a defined term in quotation marks,
 * "means" or "shall mean" takes a nominal group as its Value, and a participle right after that group (one word, a
 * past or "-ing" form, no operator) postmodifies its noun: it is no verbal group of a clause with the group as its
 * Subject ("any order" | "accepted by the Seller" indicative, and "shall mean" with no Value).
 */
function definitionValueParticiple(
  tokens: TokenArrays,
  previous: VerbalGroup | undefined,
  group: VerbalGroup,
): boolean {
  const { lower, pos, lemmas } = tokens;
  if (previous === undefined || ruleOff(tokens, 'SEGMENT.DEFINITION_VALUE_PARTICIPLE')) return false;
  if (lemmas[previous.head] !== 'mean' || group.start !== group.head || group.end !== group.head + 1)
    return false;
  if (participleForm(tokens, group.head) === null) return false;
  // The defined term closes right before "means" or its operator.
  if (!CLOSING_QUOTE_MARKS.has(lower[previous.start - 1] ?? '')) return false;
  // Only the Value's nominal group between, ending in its noun.
  if (group.start - previous.end < 1 || group.start - previous.end > 8) return false;
  for (let index = previous.end; index < group.start; index += 1)
    if (!VALUE_GROUP_TAGS.has(pos[index] ?? 'X') && !(lower[index] === '-' && insideWord(tokens, index)))
      return false;
  const noun = pos[group.start - 1];
  return noun === 'NOUN' || noun === 'PROPN';
}

/**
 * SEGMENT.COORDINATED_VERBS (see segmentClauses): `group` is a bare verb (base form, no operator of its
 * own) that follows `previous`, a verb of the active clause under a modal operator ("shall indemnify",
 * or an earlier bare verb of the same run), with only commas and one coordinator between them: the
 * earlier verb takes no object of its own, so the verbs share the object after the last one.
 */
function sharedObjectVerb(
  tokens: TokenArrays,
  previous: VerbalGroup,
  group: VerbalGroup,
  active: ClauseSegment,
  from: number,
): boolean {
  const { lower, lemmas, pos } = tokens;
  if (group.infinitive || group.start !== group.head || pos[group.head] !== 'VERB') return false;
  if (pos[previous.head] !== 'VERB' || previous.end <= previous.head || previous.end >= group.start)
    return false;
  let coordinators = 0;
  for (let index = previous.end; index < group.start; index += 1) {
    if (andOrPart(tokens, index)) continue;
    if (pos[index] === 'CCONJ' && COORDINATORS.has(lower[index] ?? '')) coordinators += 1;
    else if (lower[index] !== ',') return false;
  }
  if (coordinators > 1) return false;
  // "represents and warrants that", "acknowledges and agrees that": two verbs of a party's declaration
  // in the same form share the clause they project, with or without an operator.
  if (
    DECLARATION_VERBS.has(lemmas[previous.head] ?? '') &&
    DECLARATION_VERBS.has(lemmas[group.head] ?? '') &&
    previous.end === previous.head + 1 &&
    (lower[group.head] === lemmas[group.head]) === (lower[previous.head] === lemmas[previous.head])
  )
    return true;
  if (group.finite >= 0 || lower[group.head] !== lemmas[group.head]) return false;
  if (lower[previous.head] !== lemmas[previous.head]) return false;
  // The run hangs on a modal operator ("shall indemnify, defend and hold harmless") or on "to" ("to
  // implement and maintain reasonable safeguards"): the clause's own group.
  const clauseGroup = active.group;
  if (clauseGroup === null) return false;
  if (clauseGroup.infinitive && clauseGroup.start === previous.start) return true;
  if (
    !ruleOff(tokens, 'SEGMENT.COORDINATED_INFINITIVE_VERBS') &&
    infinitiveRunEnd(tokens, clauseGroup, previous)
  )
    return true;
  if (clauseGroup.finite < 0) {
    // SEGMENT.DUTY_LIST_VERBS: "The JDRC shall: (i) review, discuss and accept or reject the plan": a
    // run of bare verbs that is the clause's own group, in a member of a list of duties whose head is a
    // modal before a colon earlier in the sentence, hangs on that modal as well.
    return (
      clauseGroup.end === previous.end &&
      lower[clauseGroup.head] === lemmas[clauseGroup.head] &&
      !ruleOff(tokens, 'SEGMENT.DUTY_LIST_VERBS') &&
      modalColonBefore(tokens, from, clauseGroup.start)
    );
  }
  return pos[clauseGroup.finite] === 'AUX' && MODAL_FORMS.has(lemmas[clauseGroup.finite] ?? '');
}

/** A modal operator with a colon right after it ("shall:", "will not:") in tokens [from, end). */
function modalColonBefore(tokens: TokenArrays, from: number, end: number): boolean {
  const { lower, lemmas, pos } = tokens;
  for (let index = from; index < end - 1; index += 1) {
    if (pos[index] !== 'AUX' || !MODAL_FORMS.has(lemmas[index] ?? '')) continue;
    const colon = lower[index + 1] === 'not' ? index + 2 : index + 1;
    if (lower[colon] === ':') return true;
  }
  return false;
}

/** "part" for a past participle, "ing" for an "-ing" form of a lexical verb, else null. */
function participleForm(tokens: TokenArrays, index: number): 'part' | 'ing' | null {
  return verbForm(tokens.lower[index] ?? '', tokens.lemmas[index] ?? '', tokens.pos[index]);
}

/**
 * SEGMENT.PARTICIPLE_RUN (see segmentClauses): `group` is a lone participle or "-ing" form (adverbs
 * before it at most, no operator of its own) right after `previous`, the active clause's last verb, of
 * the same form, with only commas, one coordinator and adverbs ("or otherwise") between them. A past
 * participle runs on a passive (the clause's group has "be": "shall not be sold, revealed or
 * disclosed"); an "-ing" form on an "-ing" form ("marketing, promoting and selling").
 */
function participleRunMember(
  tokens: TokenArrays,
  previous: VerbalGroup,
  group: VerbalGroup,
  active: ClauseSegment,
): boolean {
  const { lower, lemmas, pos } = tokens;
  const clauseGroup = active.group;
  if (clauseGroup === null || previous.start < (active.tokens[0] ?? previous.start)) return false;
  if (group.infinitive || group.finite >= 0 || group.end !== group.head + 1) return false;
  for (let index = group.start; index < group.head; index += 1) if (pos[index] !== 'ADV') return false;
  const form = participleForm(tokens, group.head);
  if (form === null || participleForm(tokens, previous.head) !== form || previous.end !== previous.head + 1)
    return false;
  let separators = 0;
  let coordinators = 0;
  for (let index = previous.end; index < group.start; index += 1) {
    if (andOrPart(tokens, index)) continue;
    // SEGMENT.STRANDED_PREPOSITION_RUN: "shall be governed **by** and construed in accordance with the laws of
    // New York": a preposition left right after the member before, its noun the one after the last member.
    if (
      index === previous.end &&
      (pos[index] === 'ADP' || pos[index] === 'SCONJ') &&
      !ruleOff(tokens, 'SEGMENT.STRANDED_PREPOSITION_RUN')
    )
      continue;
    if (pos[index] === 'CCONJ' && COORDINATORS.has(lower[index] ?? '')) coordinators += 1;
    else if (lower[index] === ',') separators += 1;
    else if (pos[index] !== 'ADV') return false;
  }
  if (coordinators > 1 || separators + coordinators === 0) return false;
  if (form === 'ing') return true;
  if (clauseGroup.end === previous.end)
    for (let index = clauseGroup.start; index < clauseGroup.head; index += 1)
      if (pos[index] === 'AUX' && lemmas[index] === 'be') return true;
  // SEGMENT.POSTMODIFIER_PARTICIPLE_RUN: "Any notice required or permitted hereunder shall be in
  // writing", "all goods sold, leased or licensed by the Seller", "keep all records made or given": the
  // run (the clause's group, or a lone participle the clause took in) starts with a participle right
  // after a noun it postmodifies.
  if (ruleOff(tokens, 'SEGMENT.POSTMODIFIER_PARTICIPLE_RUN')) return false;
  let runStart = clauseGroup.end === previous.end ? clauseGroup.start : previous.start;
  if (runStart !== previous.start && runStart !== clauseGroup.head) return false;
  // A run the clause took in goes back over its earlier members ("receipts sent, signed or received").
  if (runStart === previous.start)
    for (let back = runStart - 1; back >= clauseGroup.end; back -= 1) {
      if (participleForm(tokens, back) === 'part') runStart = back;
      else if (lower[back] !== ',' && pos[back] !== 'CCONJ' && pos[back] !== 'ADV') break;
    }
  return (
    participleForm(tokens, runStart) === 'part' &&
    (pos[runStart - 1] === 'NOUN' || pos[runStart - 1] === 'PROPN')
  );
}

/**
 * SEGMENT.COORDINATED_INFINITIVE_VERBS (see sharedObjectVerb): the clause's verbal group ends in a
 * to-infinitive ("agrees to defend", "to repair") or in a bare verb already joined to one, and
 * `previous` is that last verb: the next bare verb ("agrees to defend, indemnify, and hold harmless
 * the buyer", serial comma or not) is another member of the infinitive, "to" left out, sharing the
 * object after the last one. Without the row, only a clause that opens with the "to" keeps its first
 * two members, and a finite verb before the "to" leaves each later member a clause of its own.
 */
function infinitiveRunEnd(tokens: TokenArrays, clauseGroup: VerbalGroup, previous: VerbalGroup): boolean {
  const { lower, lemmas, pos } = tokens;
  if (clauseGroup.end !== previous.end) return false;
  for (let index = clauseGroup.start; index + 1 < clauseGroup.end; index += 1)
    if (lower[index] === 'to' && pos[index + 1] === 'VERB' && lower[index + 1] === lemmas[index + 1])
      return true;
  return false;
}

/**
 * SEGMENT.INFINITIVE_RUN_ADJUNCTS (see segmentClauses): `group` is a bare verb, with only adverbs
 * before it in the group and no auxiliary, that `infinitiveRunBefore` reads as a member of a
 * to-infinitive's run, not before the sentence's first token `from` ("to diligently and in good faith negotiate", "to enter
 * into and fully perform").
 */
function adjunctInfinitiveMember(tokens: TokenArrays, group: VerbalGroup, from: number): boolean {
  const { pos } = tokens;
  if (group.infinitive || pos[group.head] !== 'VERB' || group.end !== group.head + 1) return false;
  for (let index = group.start; index < group.head; index += 1) if (pos[index] !== 'ADV') return false;
  return infinitiveRunBefore(tokens, group.head, from);
}

/** The clause's verbal group is a modal operator alone, with no Event yet, and the group just before. */
function bareModalOperator(tokens: TokenArrays, clauseGroup: VerbalGroup, previous: VerbalGroup): boolean {
  if (clauseGroup.start !== previous.start || clauseGroup.head !== clauseGroup.finite) return false;
  return tokens.pos[clauseGroup.head] === 'AUX' && MODAL_FORMS.has(tokens.lemmas[clauseGroup.head] ?? '');
}

/**
 * SEGMENT.OPERATOR_THEN_EVENT (see segmentClauses): the clause's verbal group is the modal operator
 * alone (it is the group just before), and the next group opens with a base form (a verb, or "be"/"have"
 * of a passive or perfect) with no modal of its own: that group holds the operator's Event.
 */
function operatorWaitingForEvent(
  tokens: TokenArrays,
  clauseGroup: VerbalGroup,
  previous: VerbalGroup,
  group: VerbalGroup,
): boolean {
  const { lower, lemmas, pos } = tokens;
  if (!bareModalOperator(tokens, clauseGroup, previous) || group.infinitive) return false;
  const first = group.start;
  if (pos[first] !== 'VERB' && pos[first] !== 'AUX') return false;
  if (MODAL_FORMS.has(lemmas[first] ?? '') || lower[first] !== lemmas[first]) return false;
  // Nothing between them but an adjunct or an inverted Subject: no clause marker, at most eight words.
  return group.start - previous.end <= 8;
}

/** SEGMENT.PARTICIPLE_THEN_OPERATOR (see segmentClauses). */
function participleThenOperator(
  tokens: TokenArrays,
  clauseGroup: VerbalGroup,
  previous: VerbalGroup,
  group: VerbalGroup,
): boolean {
  const { lower, lemmas, pos } = tokens;
  if (clauseGroup !== previous || previous.end !== previous.head + 1 || pos[previous.head] !== 'VERB')
    return false;
  if (!isPastForm(lower[previous.head] ?? '', lemmas[previous.head] ?? '')) return false;
  let before = previous.start - 1;
  while (before >= 0 && pos[before] === 'ADV') before -= 1;
  if (pos[before] !== 'NOUN' && pos[before] !== 'PROPN') return false;
  if (group.finite !== group.start || !FINITE_OPERATOR_FORMS.has(lower[group.start] ?? '')) return false;
  for (let index = previous.end; index < group.start; index += 1) if (pos[index] !== 'ADV') return false;
  return true;
}

/**
 * SEGMENT.COORDINATED_OPERATORS (see segmentClauses): `previous` is a Finite group of "be", "have",
 * "do" or a modal (its head such a verb, nothing of its own after it), and `group`, with a Finite of
 * its own, follows right after one coordinator ("is or becomes", "are or may be imposed").
 */
function coordinatedOperator(tokens: TokenArrays, previous: VerbalGroup, group: VerbalGroup): boolean {
  const { lower, lemmas, pos } = tokens;
  if (previous.finite < 0 || group.finite < 0 || group.infinitive) return false;
  if (group.start !== previous.end + 1) return false;
  const coordinator = lower[previous.end] ?? '';
  if (pos[previous.end] !== 'CCONJ' || (coordinator !== 'or' && coordinator !== 'and')) return false;
  return (
    AUXILIARY_LEMMAS.has(lemmas[previous.head] ?? '') && AUXILIARY_LEMMAS.has(lemmas[previous.finite] ?? '')
  );
}

/**
 * SEGMENT.OPERATOR_ADJUNCT_EVENT (see segmentClauses): the clause's verbal group is a modal operator alone
 * (no Event yet), `group` is the next verbal group, a verb in its base form right after a comma, and
 * between them stand at most fifteen words and no verbal group or auxiliary: a comma right after the
 * operator (or its "not"), an adjunct ("upon request of the Buyer", "if necessary", "without the prior
 * written consent of the Licensor").
 */
function operatorAcrossAdjunct(
  tokens: TokenArrays,
  clauseGroup: VerbalGroup,
  previous: VerbalGroup,
  group: VerbalGroup,
): boolean {
  const { lower, lemmas, pos } = tokens;
  if (!bareModalOperator(tokens, clauseGroup, previous)) return false;
  if (group.infinitive || group.start - previous.end > 15) return false;
  const first = group.start;
  // SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT: "shall, to the extent feasible, be held in a separate
  // account", "may, for any reason, have been paid": the Event opens with "be" or "have" of a passive or
  // perfect in its base form.
  const auxiliary =
    pos[first] === 'AUX' &&
    (lemmas[first] === 'be' || lemmas[first] === 'have') &&
    lower[first] === lemmas[first] &&
    !ruleOff(tokens, 'SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT');
  // (The group finder takes a base "be" or "have" for a Finite; the group has no other.)
  if (group.finite >= 0 && !(auxiliary && group.finite === first)) return false;
  if ((pos[first] !== 'VERB' && !auxiliary) || lower[first] !== lemmas[first]) return false;
  if (lower[first - 1] !== ',') return false;
  let after = clauseGroup.head + 1;
  if (lower[after] === 'not') after += 1;
  if (lower[after] !== ',') return false;
  for (let index = after + 1; index < first - 1; index += 1) {
    if (pos[index] === 'AUX' || lower[index] === ';' || lower[index] === ':') return false;
  }
  return true;
}

/**
 * SEGMENT.COORDINATED_NOMINAL_ACL (see segmentClauses): `group` is one verb (no auxiliary, no "to") the parse hangs
 * as `acl` on a noun between the coordinator at `coordinator` and it, whose nominal group (its noun or the noun it
 * postmodifies) the parse makes a conjunct or complement of a word before the coordinator, not a Subject.
 */
function coordinatedNominalAcl(tokens: TokenArrays, coordinator: number, group: VerbalGroup): boolean {
  const { deprels, heads, pos } = tokens;
  if (deprels === undefined || heads === undefined) return false;
  if (group.infinitive || group.start !== group.head || group.end !== group.head + 1) return false;
  if (pos[group.head] !== 'VERB' || deprels[group.head] !== 'acl') return false;
  let noun = heads[group.head] ?? -1;
  if (noun <= coordinator || noun >= group.start) return false;
  // Up from the noun through the phrases that postmodify it to the nominal group's head after the coordinator.
  for (let steps = 0; steps < 8 && /^nmod(:|$)/.test(deprels[noun] ?? ''); steps += 1) {
    const up = heads[noun] ?? -1;
    if (up <= coordinator || up >= group.start) break;
    noun = up;
  }
  const tag = pos[noun];
  if (tag === undefined || !NOMINAL_END.has(tag)) return false;
  const outside = heads[noun] ?? -1;
  return (
    outside >= 0 && outside < coordinator && /^(conj|obj|iobj|obl|nmod|appos)(:|$)/.test(deprels[noun] ?? '')
  );
}

/**
 * SEGMENT.COORDINATED_NOMINAL_PREPOSITION (see segmentClauses): `group` is one verb the parse makes a `case`
 * (a preposition) of a noun after it, and between the coordinator at `coordinator` and it stand only the words of
 * a nominal group and a comma (no verb, no preposition, no other mark).
 */
function coordinatedNominalPreposition(
  tokens: TokenArrays,
  coordinator: number,
  group: VerbalGroup,
): boolean {
  const { deprels, heads, pos } = tokens;
  if (deprels === undefined || heads === undefined) return false;
  if (group.start !== group.head || group.end !== group.head + 1 || pos[group.head] !== 'VERB') return false;
  if (deprels[group.head] !== 'case' || (heads[group.head] ?? -1) <= group.head) return false;
  let nominal = false;
  for (let index = coordinator + 1; index < group.start; index += 1) {
    const tag = pos[index];
    if (tag !== undefined && NOMINAL_END.has(tag)) nominal = true;
    else if (tag === 'PUNCT') {
      if (tokens.lower[index] !== ',' || index !== group.start - 1) return false;
    } else if (tag !== 'DET' && tag !== 'ADJ' && tag !== 'PART' && tag !== 'INTJ') return false;
  }
  // "or the like, including ...": the tagger reads "like" there as an interjection or preposition, no noun.
  return nominal || tokens.lower[group.start - 2] === 'like';
}

/**
 * SEGMENT.COORDINATED_NOMINAL_PARTICIPLE (see segmentClauses): the coordinator at `coordinator` stands
 * between the end of a nominal group and the start of another, and `group` is a participle alone
 * ("executed", "dealing": no Finite, no "to", no auxiliary) right after that second nominal group.
 */
function coordinatedNominalParticiple(
  tokens: TokenArrays,
  coordinator: number,
  group: VerbalGroup,
  to: number,
): boolean {
  const { lower, lemmas, pos } = tokens;
  if (group.infinitive || group.start !== group.head || pos[group.head] !== 'VERB') return false;
  const word = lower[group.head] ?? '';
  const irregular = !ruleOff(tokens, 'SEGMENT.IRREGULAR_PARTICIPLE_AFTER_NOMINAL');
  // SEGMENT.IRREGULAR_PARTICIPLE_AFTER_NOMINAL: "the terms and conditions set forth herein", "any fees or
  // costs set out in Schedule B": "set" with its particle is a participle, though its form is the base's.
  const setForth =
    irregular && word === 'set' && SAME_FORM_PARTICIPLE_PARTICLES.has(lower[group.head + 1] ?? '');
  if (word === lemmas[group.head] && !setForth) return false;
  if (setForth) {
    if (DEFINITE_OPENERS.has(lower[coordinator + 1] ?? '')) return false;
  } else if (word.endsWith('ing')) {
    if (group.finite >= 0) return false;
  } else if (
    word.endsWith('ed') ||
    word.endsWith('en') ||
    // (and the other irregular past forms: "any amounts paid to", "all goods sold under", "or made by")
    (irregular && verbForm(word, lemmas[group.head] ?? '', pos[group.head]) === 'part')
  ) {
    // A past form read as Finite after the noun ("or document executed in ...") is a participle when a
    // preposition follows it and the second nominal group is no definite Subject ("and the Buyer
    // accepted them" is a clause).
    // ("or any images obtained by using the service": before an "-ing" form the preposition is the
    // parse's SCONJ `mark`.)
    const preposition =
      pos[group.end] === 'ADP' ||
      (pos[group.end] === 'SCONJ' && GERUND_PREPOSITIONS.has(lower[group.end] ?? '')) ||
      // SEGMENT.PARTICIPLE_THEN_REFERENCE_ADVERB: "and regulations promulgated thereunder", "or the
      // licence granted herein": an adverb pointing into the document closes the postmodifier as a
      // prepositional phrase would.
      (REFERENCE_ADVERBS.has(lower[group.end] ?? '') &&
        !ruleOff(tokens, 'SEGMENT.PARTICIPLE_THEN_REFERENCE_ADVERB'));
    if (!preposition || DEFINITE_OPENERS.has(lower[coordinator + 1] ?? '')) return false;
  } else return false;
  const nominalEnd = listNominalEnd(tokens, coordinator);
  const before = pos[nominalEnd];
  if (before !== 'NOUN' && before !== 'PROPN' && before !== 'NUM' && before !== 'PRON') return false;
  // After a list's comma or a parenthesis the parse must join the nouns too: "the goods, and Seller
  // shipped to Buyer the rest" opens a clause (there "Seller" is the Subject of a conjunct verb).
  // "…, and any such measures ordered by the Tribunal shall be binding": a Finite after the participle
  // makes the nominal a coordinated clause's Subject.
  if (
    nominalEnd !== beforeCoordinator(tokens, coordinator) &&
    (!conjunctOfNounBefore(tokens, group.start - 1, coordinator) || finiteAfter(tokens, group.end, to))
  )
    return false;
  const after = pos[coordinator + 1];
  if (after !== 'DET' && after !== 'ADJ' && after !== 'NOUN' && after !== 'PROPN') return false;
  // Only the second nominal group between the coordinator and the participle; before an "-ing" participle
  // it may hold prepositional phrases and possessives too ("or liability to the other Party arising out of
  // ...", "or any of its Affiliates acting for it"), as no "-ing" form is a coordinated clause's Finite.
  const ing = word.endsWith('ing');
  for (let index = coordinator + 1; index < group.start; index += 1) {
    const tag = pos[index];
    if (tag === 'DET' || tag === 'ADJ' || tag === 'NOUN' || tag === 'PROPN' || tag === 'NUM') continue;
    if (ing && (tag === 'ADP' || (tag === 'PRON' && POSSESSIVE_DETERMINERS.includes(lower[index] ?? ''))))
      continue;
    return false;
  }
  return pos[group.start - 1] === 'NOUN' || pos[group.start - 1] === 'PROPN';
}

/**
 * The last word of the nominal group before the coordinator at `coordinator`: the word right before it,
 * or (SEGMENT.LIST_NOMINAL_PARTICIPLE) the word before a list's comma ("symbols, or logotypes") or
 * before a short parenthesis closed right there ("Protocol(s) or workscope", "mark(s), or").
 */
function listNominalEnd(tokens: TokenArrays, coordinator: number): number {
  const { lower } = tokens;
  if (ruleOff(tokens, 'SEGMENT.LIST_NOMINAL_PARTICIPLE')) return beforeCoordinator(tokens, coordinator);
  let end = beforeCoordinator(tokens, coordinator);
  if (lower[end] === ',') end -= 1;
  if (lower[end] === ')') {
    const open = lower.lastIndexOf('(', end);
    if (open < 0 || end - open > 3) return beforeCoordinator(tokens, coordinator);
    end = open - 1;
  }
  return end;
}

/** Whether the parse makes the noun at `noun` a conjunct (`conj`) of a noun before `coordinator`. */
function conjunctOfNounBefore(tokens: TokenArrays, noun: number, coordinator: number): boolean {
  const head = tokens.heads?.[noun] ?? -1;
  if (tokens.deprels?.[noun] !== 'conj' || head < 0 || head >= coordinator) return false;
  return tokens.pos[head] === 'NOUN' || tokens.pos[head] === 'PROPN';
}

/**
 * SEGMENT.COORDINATED_NOMINAL_INFINITIVE (see segmentClauses): the coordinator at `coordinator` joins a
 * noun before it to a nominal group that runs, of determiners, adjectives, nouns and numbers only, up to
 * `end` (a to-infinitive's "to"), and holds a noun.
 */
function coordinatedNominalBefore(tokens: TokenArrays, coordinator: number, end: number): boolean {
  const { lower, pos } = tokens;
  const before = pos[beforeCoordinator(tokens, coordinator)];
  if (before !== 'NOUN' && before !== 'PROPN') return false;
  const first = lower[coordinator + 1] ?? '';
  if (end <= coordinator + 1 || DEFINITE_OPENERS.has(first) || SUBJECT_QUANTIFIERS.has(first)) return false;
  let noun = false;
  for (let index = coordinator + 1; index < end; index += 1) {
    const tag = pos[index];
    if (tag === 'NOUN' || tag === 'PROPN') noun = true;
    else if (tag !== 'DET' && tag !== 'ADJ' && tag !== 'NUM') return false;
  }
  return noun && pos[end - 1] !== 'DET';
}

/**
 * Whether a finite operator follows `from` before a comma, semicolon, colon or `to` ("and the related
 * statement to be delivered to members | have been authorized": the nominal is a coordinated clause's
 * Subject).
 */
function finiteAfter(tokens: TokenArrays, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const word = tokens.lower[index] ?? '';
    if (word === ',' || word === ';' || word === ':') return false;
    if (tokens.pos[index] === 'AUX' && QUESTION_AUXILIARIES.has(word)) return true;
  }
  return false;
}

function coordinatedModifierParticiple(
  tokens: TokenArrays,
  coordinator: number,
  group: VerbalGroup,
): boolean {
  if (group.infinitive || group.start !== coordinator + 1 || group.head !== group.start) return false;
  return group.end === group.head + 1 && modifierParticiple(tokens, group.head);
}

/**
 * SEGMENT.COORDINATED_NOMINAL_GERUND (see segmentClauses): `group` is an "-ing" word alone (no Finite,
 * no "to", no auxiliary) right after the coordinator at `coordinator`, which follows a noun (with a comma
 * between at most), and no object follows it: a preposition, punctuation, a coordinator or the end.
 */
function coordinatedNominalGerund(tokens: TokenArrays, coordinator: number, group: VerbalGroup): boolean {
  const { lower, pos } = tokens;
  if (group.infinitive || group.finite >= 0 || group.start !== coordinator + 1 || group.head !== group.start)
    return false;
  if (group.end !== group.head + 1 || participleForm(tokens, group.head) !== 'ing') return false;
  const previous = beforeCoordinator(tokens, coordinator);
  const before = lower[previous] === ',' ? pos[previous - 1] : pos[previous];
  if (before !== 'NOUN' && before !== 'PROPN') return false;
  const after = pos[group.end];
  return after === undefined || after === 'ADP' || after === 'PUNCT' || after === 'CCONJ';
}

/**
 * SEGMENT.INVERTED_CONDITIONAL (see segmentClauses): the index of the comma that ends the opening
 * conditional clause, or -1 when the sentence does not open with one: an operator first whose verbal
 * group holds no Event of its own, a Subject-like word right after it, no "?" at the end, and a comma
 * (outside parentheses) after the operator with a lexical verb before it and a finite verbal group
 * somewhere after it.
 */
function invertedConditionalEnd(
  tokens: TokenArrays,
  first: VerbalGroup,
  from: number,
  to: number,
  groups: readonly VerbalGroup[],
): number {
  if (first.start !== from || tokens.pos[from] !== 'AUX') return -1;
  // A short Subject leaves the Event in the operator's group ("Had we left sooner, ..."): the clause is
  // whole already, and its mood rule (MOOD.CONDITIONAL_INVERSION) reads it. Only a Subject too long for
  // the group ("Should any Agreement between the parties be terminated, ...") needs the cut here.
  if (first.head !== first.start) return -1;
  if (!CONDITIONAL_FINITES.has(tokens.lower[from] ?? '') || endsInQuestion(tokens, to)) return -1;
  const next = tokens.pos[from + 1];
  if (!isSubjectLike(next) && next !== 'DET' && next !== 'ADJ' && next !== 'NUM') return -1;
  let depth = 0;
  for (let index = from + 1; index < to; index += 1) {
    const word = tokens.lower[index];
    if (word === '(') depth += 1;
    else if (word === ')') depth = Math.max(0, depth - 1);
    else if (word === ',' && depth === 0) {
      const event = groups.some(
        (group) => group.start > from && group.start < index && tokens.pos[group.head] === 'VERB',
      );
      return event && groups.some((group) => group.start > index && hasFinite(group)) ? index : -1;
    }
  }
  return -1;
}

/** True when the sentence [.., to) ends in "?" (closing quotation marks may follow it). */
function endsInQuestion(tokens: TokenArrays, to: number): boolean {
  let last = to - 1;
  while (last > 0 && QUOTE_MARKS.has(tokens.lower[last] ?? '')) last -= 1;
  return (tokens.lower[last] ?? '').includes('?');
}

/**
 * A sentence that opens with a quotation, closed ("...?”", "...,”") before the reporting clause of the
 * verbal group `group` ("I asked", "said the guard"). Returns where the reporting clause starts, or -1.
 */
function reportingAfterQuotation(
  tokens: TokenArrays,
  sentenceStart: number,
  gapStart: number,
  group: VerbalGroup,
): number {
  if (!QUOTE_MARKS.has(tokens.lower[sentenceStart] ?? '')) return -1;
  for (let index = group.start - 1; index >= gapStart && index > sentenceStart; index -= 1) {
    if (!closesQuotation(tokens, index)) continue;
    const verb = reportingVerbAt(tokens, index + 1, group.end + 2);
    return verb >= group.start && verb < group.end ? index + 1 : -1;
  }
  return -1;
}

/**
 * After a finite reporting clause whose verb is a verb of saying ("she says", "I asked him"), a comma or
 * colon and an opening quotation mark that runs to the end of the sentence. Returns where
 * the quotation starts, or -1.
 */
function quotationAfterReporting(
  tokens: TokenArrays,
  previous: VerbalGroup,
  group: VerbalGroup,
  to: number,
): number {
  const { lower } = tokens;
  if (!QUOTING_VERBS.has(tokens.lemmas[previous.head] ?? '') || !hasFinite(previous)) return -1;
  let index = previous.end;
  // "a memoir called “...”" names a title: only a comma or colon before the mark introduces a quotation.
  let introduced = false;
  while (index < group.start && !QUOTE_MARKS.has(lower[index] ?? '')) {
    if (lower[index] === ',' || lower[index] === ':') introduced = true;
    else if (tokens.pos[index] !== 'PRON') return -1;
    index += 1;
  }
  if (index >= group.start || !introduced) return -1;
  let last = to - 1;
  while (last > index && (lower[last] === '.' || lower[last] === '!' || lower[last] === '?')) last -= 1;
  return QUOTE_MARKS.has(lower[last] ?? '') && last > group.start ? index : -1;
}

/**
 * After an opening dependent clause and no marker: the next verbal group opens the main clause when it
 * starts with an inverted Finite ("If you can, would you call me", "if not, is there another way"),
 * follows "then" ("If you want easy then go with a goldfish"), or is finite after a nominative pronoun
 * that cannot belong to the dependent clause ("If it rains we stay home", "When you turn 21 you can
 * vote"; not after a noun, where the pronoun may open a contact relative, "If the man you met calls",
 * nor after a verb of saying or thinking, which projects it, "If you think you can"). Returns where the
 * main clause starts, or -1.
 */
function mainAfterOpeningDependent(tokens: TokenArrays, previous: VerbalGroup, group: VerbalGroup): number {
  const start = group.start;
  if (tokens.lower[start - 1] === 'then' && start - 1 >= previous.end) return start - 1;
  const subject = start - 1;
  if (
    subject >= previous.end &&
    SUBJECT_PRONOUNS_BUT_IT.has(tokens.lower[subject] ?? '') &&
    // Right after the verb, "you" may be its object ("If they help you understand").
    (subject > previous.end || tokens.lower[subject] !== 'you') &&
    hasFinite(group) &&
    tokens.pos[subject - 1] !== 'NOUN' &&
    tokens.pos[subject - 1] !== 'PROPN' &&
    !REPORTING_VERBS.has(tokens.lemmas[previous.head] ?? '')
  )
    return subject;
  if (tokens.pos[start] !== 'AUX' || !QUESTION_AUXILIARIES.has(tokens.lower[start] ?? '')) return -1;
  // A nominative pronoun after the Finite is the Subject ("a chance could you"); after a nominal, a
  // Finite followed by a noun may be that nominal's own ("If the man is there").
  if (SUBJECT_PRONOUNS_BUT_IT.has(tokens.lower[start + 1] ?? '')) return start;
  return !isSubjectLike(tokens.pos[start - 1]) &&
    tokens.pos[start - 1] !== 'DET' &&
    (isSubjectLike(tokens.pos[start + 1]) || tokens.lower[start + 1] === 'there')
    ? start
    : -1;
}

/**
 * After the comma that closes an opening dependent clause ("then" may follow it), a WH-word opens the
 * main clause as a question when a Finite follows it ("what did you"), when it is "why not" ("why not
 * take it"), or when the sentence ends in "?" ("then who among us has the right?").
 */
function coordinatedQuestion(tokens: TokenArrays, start: number, to: number): boolean {
  const { lower } = tokens;
  return (
    tokens.pos[start] === 'CCONJ' &&
    COORDINATORS.has(lower[start] ?? '') &&
    QUESTION_AUXILIARIES.has(lower[start + 2] ?? '') &&
    lower[to - 1] === '?'
  );
}

function whQuestionAfterOpening(tokens: TokenArrays, wh: number, to: number): boolean {
  const { lower } = tokens;
  const comma = lower[wh - 1] === 'then' ? wh - 2 : wh - 1;
  if (lower[comma] !== ',') return false;
  const next = lower[wh + 1] ?? '';
  return QUESTION_AUXILIARIES.has(next) || (lower[wh] === 'why' && next === 'not') || lower[to - 1] === '?';
}

/**
 * Attaches the opening dependent clause to the main clause found after it. A non-finite opening
 * ("To get there, take the bus", "Having eaten, we left") becomes hypotactic when the main clause has
 * a Subject of its own or is a command. Kept as it is: a base-form opening ("Take the bus, it is
 * faster"), which may be a command of its own; a non-finite clause that is the Subject ("Measuring it,
 * however, is hard": the main clause has no Subject before its Finite) or holds a Finite of its own
 * ("Writing a page a day gets me a novel a year"); one after a nominal ("Student-based classes");
 * and a fronted "only" adjunct, which inverts the main clause ("Only by asking can we learn").
 */
function attachOpening(
  tokens: TokenArrays,
  opening: ClauseSegment,
  main: number,
  mainStart: number,
  mainGroup: VerbalGroup,
): void {
  opening.parent = main;
  const group = opening.group;
  if (opening.dependency !== 'independent' || group === null) return;
  const first = opening.tokens[0] ?? group.start;
  if (tokens.lower[first] === 'only') return;
  for (const index of opening.tokens) {
    const tag = tokens.pos[index];
    if (index < group.start && (NOMINAL_END.has(tag ?? 'X') || tag === 'DET')) return;
    if (index >= group.end && (tag === 'AUX' || tag === 'VERB') && isTensed(tokens, index)) return;
  }
  const command =
    tokens.pos[mainGroup.start] === 'VERB' &&
    tokens.lower[mainGroup.start] === tokens.lemmas[mainGroup.start] &&
    !hasSubject(tokens, mainStart, mainGroup.start);
  if (!command && !hasSubject(tokens, mainStart, mainGroup.start)) return;
  const head = tokens.lower[group.head] ?? '';
  if (group.infinitive) {
    opening.dependency = 'hypotactic';
    opening.relation = 'to';
  } else if (
    head !== tokens.lemmas[group.head] ||
    (!command &&
      SAME_FORM_PARTICIPLES.has(head) &&
      !ruleOff(tokens, 'SEGMENT.SAME_FORM_PARTICIPLE') &&
      !objectAfter(tokens, group.end, mainStart))
  ) {
    // SEGMENT.SAME_FORM_PARTICIPLE: "Simply put, the idea is sound", "Set in 1900, the novel follows":
    // a participle whose form is the base form, with no object after it, before a clause with its own
    // Subject is a dependent clause (a command's verb would take its object: "Put it down, ...").
    opening.dependency = 'hypotactic';
    opening.relation = ',';
  }
}

/** True when a nominal (an object) follows the verbal group, before the opening clause's comma. */
function objectAfter(tokens: TokenArrays, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const tag = tokens.pos[index];
    if (tokens.lower[index] === ',') return false;
    if (tag === 'ADP') return false;
    if (tag === 'DET' || tag === 'PRON' || tag === 'NOUN' || tag === 'PROPN' || tag === 'NUM') return true;
  }
  return false;
}

/** A verb form marked for person ("gets", "does"), which only a Finite has; participles are not. */
function isTensed(tokens: TokenArrays, index: number): boolean {
  return presentSForm(tokens.lower[index] ?? '', tokens.lemmas[index] ?? '');
}

/**
 * After an opening dependent clause, a coordinator with no verbal group after it joins words of that
 * clause, and the main clause starts later: after a comma, with a Finite and its Subject or a command
 * ("If you see smoke or fire, leave the building"), or at an inverted Finite with a nominative Subject
 * ("If you know or work there could you tell me"). Returns where the main clause starts, or -1.
 */
function mainAfterCoordinatedNominal(tokens: TokenArrays, coordinator: number, group: VerbalGroup): number {
  if (
    tokens.pos[group.start] === 'AUX' &&
    QUESTION_AUXILIARIES.has(tokens.lower[group.start] ?? '') &&
    SUBJECT_PRONOUNS_BUT_IT.has(tokens.lower[group.start + 1] ?? '') &&
    group.start > coordinator + 1
  )
    return group.start;
  let comma = -1;
  let nominal = false;
  for (let index = coordinator + 1; index < group.start; index += 1) {
    if (tokens.lower[index] === ',') {
      comma = index;
      break;
    }
    if (NOMINAL_END.has(tokens.pos[index] ?? 'X')) nominal = true;
  }
  if (comma < 0 || !nominal) return -1;
  const start = comma + 1;
  if (opensCommand(tokens, start, group)) return start;
  return hasFinite(group) && hasSubject(tokens, start, group.start) ? start : -1;
}

/** "If you have questions, please contact us": after the comma only "please"/adverbs, then a base-form verb. */
function opensCommand(tokens: TokenArrays, start: number, group: VerbalGroup): boolean {
  for (let index = start; index < group.start; index += 1) {
    const tag = tokens.pos[index];
    if (tag !== 'INTJ' && tag !== 'ADV' && tokens.lower[index] !== ',') return false;
  }
  const head = group.start;
  return tokens.pos[head] === 'VERB' && tokens.lower[head] === tokens.lemmas[head];
}

function isPurpose(tokens: TokenArrays, previous: VerbalGroup, group: VerbalGroup): boolean {
  const before = tokens.lower[group.start - 1] ?? '';
  if (before === 'order' || before === ',') return true;
  return (
    !CONTROL_VERBS.has(tokens.lemmas[previous.head] ?? '') &&
    tokens.pos[group.start - 1] === 'NOUN' &&
    !CAPACITY_NOUNS.has(before)
  );
}
