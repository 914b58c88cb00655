import { createRequire } from 'node:module';
import { UPOS_TAGS, type Upos } from '@cae/core';
import { DECLARATION_VERBS } from './lexicons/contract-lexicon';
import {
  CLOSING_COMMAND_ADVERBS,
  COMMAND_OPENING_ADVERBS,
  COMMAND_VERBS,
  DISCOURSE_SEE_SUBJECTS,
  DISCOURSE_VERBS,
  HEADING_PREPOSITIONS,
  IMPERATIVE_VERBS,
  LINKERS_BEFORE_SUBJECT,
  NOT_AFTER_MEMBER_VERB,
  QUESTION_DETERMINERS,
  WH_WORDS,
} from './lexicons/mood-lexicon';
import { PROCESS_BY_LEMMA } from './lexicons/process-lexicon';
import { INTO_NOUNS, LINKING_VERBS } from './lexicons/transitivity-lexicon';
import {
  APPROXIMATORS,
  ARTICLES,
  BASE_FORM_SUBJECT_PRONOUNS,
  BE_FORMS,
  CLAUSE_CLOSING_MARKS,
  CLAUSE_ONLY_SUBORDINATORS,
  CLAUSE_PREPOSITIONS,
  COMMON_PHRASAL_PARTICLES,
  DEMONSTRATIVES as DEMONSTRATIVE_WORDS,
  DEMONSTRATIVES_BUT_THAT,
  DO_FORMS,
  FINITE_BE_FORMS,
  FINITE_HAVE_FORMS,
  FLOATING_QUANTIFIERS,
  GOAL_PREPOSITIONS,
  INDEFINITE_PRONOUNS,
  NEGATORS,
  NOMINATIVE_PRONOUNS,
  OBJECT_OPENERS,
  OPENING_SUBORDINATORS,
  REPORTED_CLAUSE_OPENERS,
  SUBJECT_GROUP_OPENERS,
  SUBJECT_PRONOUNS,
  THIRD_SINGULAR_SUBJECT_PRONOUNS,
  VERB_OBJECT_OPENERS,
} from './lexicons/word-classes';
import { enumeratorStartBefore, listOpenBefore } from './list-operator';
import { afterOpeningMarks } from './opening-marks';

/** Rule id of the list member's verb (POS.LIST_MEMBER_VERB). */
export const LIST_MEMBER_VERB = 'POS.LIST_MEMBER_VERB';

/** POS.INITIAL_AFTER_MARKS: see `runRules`. */
export const INITIAL_AFTER_MARKS = 'POS.INITIAL_AFTER_MARKS';

interface Tagged {
  readonly values: string[];
  readonly lower: string[];
  readonly lemmas: string[];
  readonly pos: Upos[];
}

interface LexemeTable {
  readonly hash: Record<string, number>;
  readonly intrinsicSize: number;
}

let lexemes: LexemeTable | null = null;
let knownLookup: ((lower: string) => boolean) | null = null;

/** Answers lexicon look-ups from the tagger's own wink-nlp instance, so no second copy of the model is read. */
export function setLexiconLookup(lookup: (lower: string) => boolean): void {
  knownLookup = lookup;
}

let posReading: ((lower: string, tag: Upos) => boolean) | null = null;
let verbReading: ((lower: string) => boolean) | null = null;

/**
 * Answers whether the model's lexicon lists a tag among a word's tags ("rinse", "whisk": VERB; "cool":
 * ADJ); set by the tagger.
 */
export function setPosReadingLookup(lookup: (lower: string, tag: Upos) => boolean): void {
  posReading = lookup;
  verbReading = (lower) => lookup(lower, 'VERB');
}

/** Whether the model's lexicon allows the tag for the lower-case word (false before the tagger sets it up). */
export function hasPosReading(lower: string, tag: Upos): boolean {
  return posReading?.(lower, tag) ?? false;
}

/** True when the lower-case word is in the model's own lexicon (a common word, not a name it has never seen). */
function isKnownWord(lower: string): boolean {
  if (knownLookup !== null) return knownLookup(lower);
  if (lexemes === null) {
    // Only before the tagger has set its look-up: the model is read here, not at this module's load.
    const model = createRequire(import.meta.url)('wink-eng-lite-web-model');
    const core = (model as { core(): { features: { lexeme: LexemeTable } } }).core();
    lexemes = core.features.lexeme;
  }
  const id = Object.hasOwn(lexemes.hash, lower) ? lexemes.hash[lower] : undefined;
  return id !== undefined && id < lexemes.intrinsicSize;
}

/**
 * "Look, the plan is fine", "Listen, we tried": "look"/"see"/"listen" alone before a comma and a nominal
 * (the Subject of the next clause, not a second command); or "see" (with "now" after it) directly before
 * a Subject pronoun and a tensed verb or auxiliary ("See this is the part", "See now they've gone").
 */
function isDiscourseMarker(tagged: Tagged, index: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  if (index + 2 >= to) return false;
  if (lower[index + 1] === ',') {
    // "Look, the cat!": with no verb after the nominal the command points at it.
    if (!SUBJECT_OPENING.has(pos[index + 2] ?? 'X')) return false;
    for (let probe = index + 3; probe < to && !CLAUSE_CLOSING_MARKS.has(lower[probe] ?? ''); probe += 1)
      if (pos[probe] === 'AUX' || pos[probe] === 'VERB') return true;
    return false;
  }
  if (lower[index] !== 'see') return false;
  const subject = lower[index + 1] === 'now' ? index + 2 : index + 1;
  const finite = subject + 1;
  if (finite >= to || !DISCOURSE_SEE_SUBJECTS.has(lower[subject] ?? '')) return false;
  const verb = lower[finite] ?? '';
  return (
    pos[finite] === 'AUX' || (pos[finite] === 'VERB' && verb !== lemmas[finite] && !verb.endsWith('ing'))
  );
}
const SUBJECT_OPENING = new Set<Upos>(['PRON', 'DET', 'NOUN', 'PROPN']);

const NOMINAL_NEXT = new Set<Upos>(['NOUN', 'ADJ', 'NUM', 'PROPN', 'DET', 'ADV']);
const DIGITS = /^\d+[.)]?$/;
const NOMINAL_START = new Set<Upos>(['DET', 'NUM', 'NOUN', 'ADJ', 'PROPN']);
const SENTENCE_END = new Set(['.', '!', '?', ':', '"', '-', '--', '(', ')']);
const TITLE = /^\p{Lu}\p{Ll}/u;
const UPPER_INITIAL = /^\p{Lu}/u;
const SKIPPABLE_BEFORE_VERB = new Set<Upos>(['ADV', 'PART', 'PRON']);

/** True when no verb or auxiliary follows `index` before the end of its sentence. */
function verblessAfter(tagged: Tagged, index: number, to: number): boolean {
  for (let probe = index + 1; probe < to; probe += 1) {
    const tag = tagged.pos[probe];
    if (tag === 'VERB' || tag === 'AUX') return false;
    if (tag === 'PUNCT' && CLAUSE_CLOSING_MARKS.has(tagged.lower[probe] ?? '')) return true;
    // "Work hard and retire early": a second command coordinated with the first.
    if (
      tag === 'CCONJ' &&
      tagged.pos[probe + 1] === 'VERB' &&
      tagged.lower[probe + 1] === tagged.lemmas[probe + 1] &&
      probe + 1 < to
    )
      return true;
  }
  return true;
}

/** True when a lexical verb (or main-verb "have", as in "Do you have a pen") follows `index` closely. */
function verbSoonAfter(tagged: Tagged, index: number, to: number): boolean {
  for (let probe = index + 1; probe < to && probe < index + 7; probe += 1) {
    const tag = tagged.pos[probe];
    if (tag === 'VERB' || (tag === 'AUX' && tagged.lower[probe] === 'have' && probe > index + 1)) return true;
    if (tag === 'PUNCT' || tag === 'AUX' || tag === 'SCONJ' || tag === 'CCONJ') return false;
  }
  return false;
}

/** One token as the rules see it: the tagged arrays, the token, its neighbours' tags, its sentence span. */
export interface PosContext {
  tagged: Tagged;
  from: number;
  to: number;
  index: number;
  /** Lower-cased word. */
  word: string;
  tag: Upos | undefined;
  /** Tag of the next token of the span (undefined at its end). */
  next: Upos | undefined;
  /** The token opens a sentence (or follows an opening "please"). */
  initial: boolean;
  /** What a rule's `when` found for its `then` (the verb of a do-question). */
  found: number;
  /** Whether the token opens a command (see commandOpening): -1 not yet asked, else 0 or 1. */
  opening: number;
  /** The rule ids switched off (`createPipeline({ disabledRules })`). */
  disabled: ReadonlySet<string>;
}

/** A sentence, one of its words (lower case) and the tag the default pipeline gives that word. */
export interface PosRuleExample {
  readonly text: string;
  readonly word: string;
  readonly pos: Upos;
}

/**
 * A POS correction: `when` the token fits, `then` sets tags. The rules are tried in array order and the
 * first whose `when` holds takes the token (no later rule sees it). `examples` run as the rule's tests
 * (pos-rules.test.ts): each word gets its tag from the default pipeline, and switching the rule off
 * changes the tag of at least one of them.
 */
export interface PosRule {
  readonly id: string;
  /**
   * The only tags of the tokens the rule may take (none: any tag). The runner tries a token only on the
   * rules listed for its tag, so most tokens meet two or three rules; `when` still checks.
   */
  readonly tags?: readonly Upos[];
  readonly when: (c: PosContext) => boolean;
  readonly then: (c: PosContext) => void;
  readonly examples: readonly PosRuleExample[];
}

const NOMINAL: readonly Upos[] = ['NOUN', 'PROPN', 'ADJ'];
const NOUN_ADJ: readonly Upos[] = ['NOUN', 'ADJ'];
const NOUNISH: ReadonlySet<Upos | undefined> = new Set<Upos | undefined>(['NOUN', 'PROPN', 'ADJ']);
const NOUN_OR_ADJ: ReadonlySet<Upos | undefined> = new Set<Upos | undefined>(['NOUN', 'ADJ']);
const toVerb = (c: PosContext): void => {
  c.tagged.pos[c.index] = 'VERB';
};
const setTag =
  (tag: Upos) =>
  (c: PosContext): void => {
    c.tagged.pos[c.index] = tag;
  };
/** The lemma of a verb of declaration ("warrants" -> "warrant", "certifies" -> "certify"), or undefined. */
function declarationLemma(word: string): string | undefined {
  if (DECLARATION_VERBS.has(word)) return word;
  const lemma = word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : '';
  return DECLARATION_VERBS.has(lemma) ? lemma : undefined;
}

/**
 * POS.DECLARATION_VERB_PAIR: the word at `index` is a verb of declaration in the same form as its
 * partner, either the first of a pair after a nominal Subject ("Licensee represents and warrants") or
 * the second after a first already read as a verb ("represents and **warrants**").
 */
function declarationPairAt(tagged: Tagged, index: number, from: number, to: number): boolean {
  const word = tagged.lower[index] ?? '';
  const lemma = declarationLemma(word);
  if (lemma === undefined) return false;
  const sameForm = (other: string) =>
    declarationLemma(other) !== undefined && (other === lemma) === (word === lemma);
  if (index >= from + 2 && tagged.lower[index - 1] === 'and' && tagged.pos[index - 2] === 'VERB')
    return sameForm(tagged.lower[index - 2] ?? '');
  if (index + 2 >= to || index <= from || tagged.lower[index + 1] !== 'and') return false;
  const before = tagged.pos[index - 1];
  if (before !== 'NOUN' && before !== 'PROPN' && before !== 'PRON') return false;
  return sameForm(tagged.lower[index + 2] ?? '');
}

/** A noun-, proper-noun- or adjective-tagged word opening a command (see commandOpening). */
const openingNominal = (c: PosContext): boolean => {
  if (!NOUNISH.has(c.tag)) return false;
  if (c.opening < 0) c.opening = commandOpening(c.tagged, c.index, c.from) ? 1 : 0;
  return c.opening === 1;
};

/**
 * The POS corrections, in the order they are tried (the first whose `when` holds takes the token). Each
 * was kept because switching it off loses UPOS accuracy or mood figures on the dev parts (`pnpm eval
 * --ablation pos` prints the table).
 */
export const POS_RULES: readonly PosRule[] = [
  {
    // "Licensee represents and warrants that ...", "Licensor covenants and agrees to ...": a pair of
    // verbs of a party's declaration (lexicons/contract-lexicon.ts) after the Subject, which the tagger
    // reads as plural nouns, are the clause's verbs.
    id: 'POS.DECLARATION_VERB_PAIR',
    tags: NOMINAL,
    when: (c) => declarationPairAt(c.tagged, c.index, c.from, c.to),
    then: (c) => {
      c.tagged.pos[c.index] = 'VERB';
      c.tagged.lemmas[c.index] = declarationLemma(c.word) ?? c.word;
    },
    examples: [
      {
        text: 'Licensee represents and warrants that it owns the Software.',
        word: 'represents',
        pos: 'VERB',
      },
      { text: 'Licensor covenants and agrees to deliver the goods.', word: 'covenants', pos: 'VERB' },
    ],
  },
  {
    // "Look, the plan is fine", "See, it works", "See this is the part": a discourse marker before a
    // clause with its own Subject and Finite, not a command; the speech function is that clause's.
    id: 'POS.DISCOURSE_LOOK_SEE',
    tags: ['VERB'],
    when: (c) =>
      c.initial &&
      c.tag === 'VERB' &&
      DISCOURSE_VERBS.has(c.word) &&
      isDiscourseMarker(c.tagged, c.index, c.to),
    then: setTag('INTJ'),
    examples: [{ text: 'Look, the plan is fine.', word: 'look', pos: 'INTJ' }],
  },
  {
    // "Do cats climb trees", "Did the boss notice the mistake", "What did the kids pick up": see
    // doQuestionVerb (the do-form opens the sentence or follows its opening WH-word).
    id: 'POS.DO_QUESTION',
    when: (c) => {
      if (!DO_FORMS.has(c.word) || !(c.initial || whOpening(c.tagged, c.index, c.from))) return false;
      c.found = doQuestionVerb(c.tagged, c.index, c.to);
      return c.found >= 0;
    },
    then: (c) => markDoQuestion(c.tagged, c.index, c.found),
    examples: [
      { text: 'Does iron rust', word: 'rust', pos: 'VERB' },
      { text: 'What did the kids pick up?', word: 'did', pos: 'AUX' },
    ],
  },
  {
    // "Licensee shall not: | (g) not decompile the Software; | (h) license, sublicense or sell it": the
    // base verb of a list member, which the trained tagger reads as an adjective or noun after the
    // enumerator or "not": see isListMemberVerb.
    id: LIST_MEMBER_VERB,
    tags: NOMINAL,
    when: (c) => NOUNISH.has(c.tag) && isListMemberVerb(c.tagged, c.index, c.from, c.to, c.disabled),
    then: (c) => {
      const { lower, lemmas, pos } = c.tagged;
      pos[c.index] = 'VERB';
      lemmas[c.index] = c.word;
      // The base forms coordinated with it ("license, sublicense or lease the Software") are verbs too.
      let at = c.index + 1;
      while (at + 1 < c.to && (lower[at] === ',' || pos[at] === 'CCONJ')) {
        const verb = lower[at + 1] === 'or' || lower[at + 1] === 'and' ? at + 2 : at + 1;
        if (verb >= c.to || !NOUNISH.has(pos[verb]) || !coordinatedBaseVerb(c.tagged, verb)) break;
        pos[verb] = 'VERB';
        lemmas[verb] = lower[verb] ?? '';
        at = verb + 1;
      }
    },
    examples: [
      {
        text: 'The Reseller shall not:\n\n(a) rent the Device to anyone;\n\n(b) not decompile, disassemble or alter the firmware; and\n\n(c) license, lease or lend the Device to a third party.',
        word: 'decompile',
        pos: 'VERB',
      },
      {
        text: 'The Reseller shall not:\n\n(a) rent the Device to anyone;\n\n(b) not decompile, disassemble or alter the firmware; and\n\n(c) license, lease or lend the Device to a third party.',
        word: 'license',
        pos: 'VERB',
      },
    ],
  },
  {
    // "Water the plants", "Check the mail", "Call mom": see isInitialImperative.
    id: 'POS.INITIAL_IMPERATIVE_VERB',
    tags: NOMINAL,
    when: (c) => c.initial && NOUNISH.has(c.tag) && isInitialImperative(c.tagged, c.index, c.to),
    then: toVerb,
    examples: [{ text: 'Work late and rest tomorrow.', word: 'work', pos: 'VERB' }],
  },
  {
    // "Rinse the grains", "Whisk together well", "3 Store the basil": any word the model's lexicon allows
    // as a verb, opening the sentence before the start of an object.
    id: 'POS.INITIAL_BASE_VERB',
    tags: NOMINAL,
    when: (c) => openingNominal(c) && isInitialBaseVerb(c.tagged, c.index, c.to),
    then: toVerb,
    examples: [
      { text: 'Strain out the seeds.', word: 'strain', pos: 'VERB' },
      { text: 'Empty the drawers.', word: 'empty', pos: 'VERB' },
    ],
  },
  {
    // "Hop onto a bus", "Drink responsibly", "Use sturdy boxes": no determiner follows, but the sentence
    // has no other verb and the bare noun group is closed by a manner adverb or a goal preposition.
    id: 'POS.INITIAL_BARE_OBJECT_VERB',
    tags: NOMINAL,
    when: (c) => openingNominal(c) && isVerbBeforeBareObject(c.tagged, c.index, c.from, c.to),
    then: toVerb,
    examples: [
      { text: 'Drink responsibly.', word: 'drink', pos: 'VERB' },
      { text: 'Hop onto a bus.', word: 'hop', pos: 'VERB' },
    ],
  },
  {
    // "Use lots of it", "Use soft cloths when packing glass": see isInitialCommandVerb.
    id: 'POS.INITIAL_COMMAND_VERB',
    tags: NOMINAL,
    when: (c) => openingNominal(c) && isInitialCommandVerb(c.tagged, c.index, c.to),
    then: toVerb,
    examples: [
      { text: 'Use lots of it.', word: 'use', pos: 'VERB' },
      { text: 'Press okay.', word: 'press', pos: 'VERB' },
    ],
  },
  {
    // "Rest and relax!", "Stir with a spoon and serve.": see isCoordinatedCommandVerb.
    id: 'POS.COORDINATED_COMMAND_VERB',
    tags: NOMINAL,
    when: (c) => openingNominal(c) && isCoordinatedCommandVerb(c.tagged, c.index, c.to),
    then: toVerb,
    examples: [
      { text: 'Rest and relax!', word: 'rest', pos: 'VERB' },
      { text: 'Work hard and retire early.', word: 'work', pos: 'VERB' },
    ],
  },
  {
    // "To plant the bulbs, dig holes", "In other words, show that you care": see isCommandAfterOpening.
    id: 'POS.COMMAND_AFTER_OPENING_ADJUNCT',
    tags: NOUN_ADJ,
    when: (c) =>
      NOUN_OR_ADJ.has(c.tag) && c.index > c.from && isCommandAfterOpening(c.tagged, c.index, c.from, c.to),
    then: toVerb,
    examples: [{ text: 'To hang the shelf, drill holes along the pencil line.', word: 'drill', pos: 'VERB' }],
  },
  {
    // "When the ice melted, ...", "When the dough rises, ...": see verbInOpeningClause.
    id: 'POS.VERB_IN_OPENING_CLAUSE',
    tags: NOUN_ADJ,
    when: (c) => NOUN_OR_ADJ.has(c.tag) && verbInOpeningClause(c.tagged, c.index, c.from, c.to),
    then: toVerb,
    examples: [
      { text: 'When the dough rises, punch it down.', word: 'rises', pos: 'VERB' },
      { text: 'If the talks stall, we walk out.', word: 'stall', pos: 'VERB' },
    ],
  },
  {
    // "We all desire peace", "Many voters fear inflation": see isVerbAfterSubject.
    id: 'POS.VERB_AFTER_SUBJECT',
    tags: ['NOUN'],
    when: (c) => c.tag === 'NOUN' && c.index > c.from && isVerbAfterSubject(c.tagged, c.index, c.from, c.to),
    then: toVerb,
    examples: [{ text: 'At noon the guards change shifts.', word: 'change', pos: 'VERB' }],
  },
  {
    // "The survey signals a shift", "Many households lack heating": see isFiniteVerbAfterSubjectGroup.
    id: 'POS.FINITE_VERB_AFTER_SUBJECT_GROUP',
    tags: NOUN_ADJ,
    when: (c) =>
      NOUN_OR_ADJ.has(c.tag) &&
      c.index > c.from &&
      isFiniteVerbAfterSubjectGroup(c.tagged, c.index, c.from, c.to),
    then: (c) => {
      // A demonstrative standing alone as the Subject ("These look fine") is a pronoun (UD).
      if (c.tagged.pos[c.index - 1] === 'DET') c.tagged.pos[c.index - 1] = 'PRON';
      toVerb(c);
    },
    examples: [
      { text: 'The survey signals a shift.', word: 'signals', pos: 'VERB' },
      { text: 'The new plan paints a bleak picture.', word: 'paints', pos: 'VERB' },
    ],
  },
  {
    // "Isn't the store closing early today?": see isProgressiveInQuestion.
    id: 'POS.PROGRESSIVE_IN_QUESTION',
    tags: NOUN_ADJ,
    when: (c) =>
      NOUN_OR_ADJ.has(c.tag) && c.index > c.from && isProgressiveInQuestion(c.tagged, c.index, c.from, c.to),
    then: toVerb,
    examples: [{ text: "Isn't the pharmacy closing early tonight?", word: 'closing', pos: 'VERB' }],
  },
  {
    // "by closing their newspaper", "after you are elected": a preposition before a clause.
    id: 'POS.PREPOSITION_BEFORE_CLAUSE',
    tags: ['ADP'],
    when: (c) => {
      if (c.tag !== 'ADP' || c.word === 'to') return false;
      const following = c.tagged.lower[c.index + 1] ?? '';
      const afterNext = c.index + 2 < c.to ? c.tagged.pos[c.index + 2] : undefined;
      return (
        (c.next === 'VERB' && following.endsWith('ing')) ||
        (CLAUSE_PREPOSITIONS.has(c.word) &&
          SUBJECT_PRONOUNS.has(following) &&
          (afterNext === 'AUX' || afterNext === 'VERB'))
      );
    },
    then: setTag('SCONJ'),
    examples: [
      { text: 'We left after you were elected.', word: 'after', pos: 'SCONJ' },
      { text: 'She was tired of waiting for him.', word: 'of', pos: 'SCONJ' },
    ],
  },
  {
    // "around 1,100", "over 200 weapons": UD tags the approximator an adverb. (Phrasal-verb particles,
    // "grew up", "find out", stay ADP as in UD EWT.)
    id: 'POS.APPROXIMATOR',
    tags: ['ADP'],
    when: (c) => c.tag === 'ADP' && c.next === 'NUM' && APPROXIMATORS.has(c.word),
    then: setTag('ADV'),
    examples: [
      { text: 'They seized over 200 weapons.', word: 'over', pos: 'ADV' },
      { text: 'Around 300 guests attended.', word: 'around', pos: 'ADV' },
    ],
  },
  {
    // "We have a dog", "Did you do it": "have" and "do" as main verbs, unless a verb follows them.
    id: 'POS.MAIN_VERB_HAVE_DO',
    tags: ['AUX'],
    when: (c) =>
      c.tag === 'AUX' && (c.tagged.lemmas[c.index] === 'have' || c.tagged.lemmas[c.index] === 'do'),
    then: (c) => {
      const { lower, lemmas, pos } = c.tagged;
      const { index, to, from, word } = c;
      let probe = index + 1;
      let negated = false;
      while (
        probe < to &&
        probe < index + 4 &&
        SKIPPABLE_BEFORE_VERB.has(pos[probe] ?? 'X') &&
        lower[probe] !== 'to'
      ) {
        if (pos[probe] === 'PART' && NEGATORS.has(lower[probe] ?? '')) negated = true;
        probe += 1;
      }
      const after = probe < to ? pos[probe] : undefined;
      const opening =
        index === from || SENTENCE_END.has(lower[index - 1] ?? '') || WH_WORDS.has(lower[index - 1] ?? '');
      const isAuxiliary =
        negated ||
        (lemmas[index] === 'do' && opening && word !== 'done' && verbSoonAfter(c.tagged, index, to)) ||
        after === 'VERB' ||
        (lemmas[index] === 'have' && (lower[probe] === 'been' || lower[probe] === 'got'));
      if (!isAuxiliary) pos[index] = 'VERB';
    },
    examples: [{ text: 'Do your best work', word: 'do', pos: 'VERB' }],
  },
  {
    // "I like these": a demonstrative standing alone is a pronoun.
    id: 'POS.DEMONSTRATIVE_PRONOUN',
    tags: ['DET'],
    when: (c) => DEMONSTRATIVES_BUT_THAT.has(c.word) && c.tag === 'DET',
    then: (c) => {
      if (c.next === undefined || !NOMINAL_NEXT.has(c.next)) c.tagged.pos[c.index] = 'PRON';
    },
    examples: [
      { text: 'I like these.', word: 'these', pos: 'PRON' },
      { text: 'These look great.', word: 'these', pos: 'PRON' },
    ],
  },
  {
    // "Had it rained all day we would have stayed in": an opening "had" before a Subject pronoun and a
    // past participle is the perfect's operator of a conditional inversion, which the trained tagger reads
    // as a main verb with an object.
    id: 'POS.INVERTED_PERFECT_HAD',
    tags: ['VERB'],
    when: (c) => {
      const { lower, pos } = c.tagged;
      return (
        c.initial &&
        c.word === 'had' &&
        SUBJECT_PRONOUNS.has(lower[c.index + 1] ?? '') &&
        pos[c.index + 2] === 'VERB' &&
        /(?:ed|en|wn)$/.test(lower[c.index + 2] ?? '')
      );
    },
    then: setTag('AUX'),
    examples: [{ text: 'Had it rained all day we would have stayed in.', word: 'had', pos: 'AUX' }],
  },
  {
    // "a hammer and a saw": a base form right after an article, which the trained tagger read as a
    // coordinated verb, is the head noun of the article's group.
    id: 'POS.NOUN_AFTER_ARTICLE',
    tags: ['VERB'],
    when: (c) =>
      ARTICLES.has(c.tagged.lower[c.index - 1] ?? '') &&
      !c.word.endsWith('ing') &&
      !c.word.endsWith('ed') &&
      c.next !== 'NOUN' &&
      c.next !== 'ADJ' &&
      hasPosReading(c.word, 'NOUN'),
    then: (c) => {
      c.tagged.pos[c.index] = 'NOUN';
      c.tagged.lemmas[c.index] = c.word;
    },
    examples: [{ text: 'The toolbox contains a hammer and a saw.', word: 'saw', pos: 'NOUN' }],
  },
  {
    // "The road to recovery is long": a word after "to" that the lexicon lists, but never as a verb, is
    // the noun of a prepositional phrase, not an infinitive ("to" is then a preposition).
    id: 'POS.NOUN_AFTER_TO',
    tags: ['VERB'],
    when: (c) =>
      c.tagged.lower[c.index - 1] === 'to' &&
      isKnownWord(c.word) &&
      hasPosReading(c.word, 'NOUN') &&
      !hasPosReading(c.word, 'VERB'),
    then: (c) => {
      c.tagged.pos[c.index] = 'NOUN';
      c.tagged.lemmas[c.index] = c.word;
      c.tagged.pos[c.index - 1] = 'ADP';
    },
    examples: [{ text: 'The road to recovery is long.', word: 'recovery', pos: 'NOUN' }],
  },
  {
    // "Long ago there lived a wise queen": "there" before a verb and the nominal group after it is the
    // existential Subject, which the trained tagger read as a place adverb ("Troops there clashed" has
    // its nominal before "there" and keeps the adverb).
    id: 'POS.EXISTENTIAL_THERE_BEFORE_VERB',
    tags: ['ADV'],
    when: (c) => {
      const { pos } = c.tagged;
      const before = c.index > c.from ? pos[c.index - 1] : undefined;
      return (
        c.word === 'there' &&
        c.next === 'VERB' &&
        NOMINAL_START.has(pos[c.index + 2] ?? 'X') &&
        before !== 'NOUN' &&
        before !== 'PROPN' &&
        before !== 'PRON' &&
        before !== 'VERB' &&
        before !== 'AUX'
      );
    },
    then: setTag('PRON'),
    examples: [{ text: 'Long ago there lived a wise queen.', word: 'there', pos: 'PRON' }],
  },
  {
    // "I want to go": "to" before a verb is the infinitive marker.
    id: 'POS.INFINITIVE_TO',
    tags: ['ADP'],
    when: (c) => c.word === 'to' && c.tag === 'ADP',
    then: (c) => {
      const verbAt = c.next === 'ADV' ? c.index + 2 : c.index + 1;
      const verbTag = verbAt < c.to ? c.tagged.pos[verbAt] : undefined;
      if ((verbTag === 'VERB' || verbTag === 'AUX') && !(c.tagged.lower[verbAt] ?? '').endsWith('ing'))
        c.tagged.pos[c.index] = 'PART';
    },
    examples: [{ text: 'The manager asked us to clear the desks.', word: 'to', pos: 'PART' }],
  },
  {
    // "The room felt crowded": a participle after a linking verb is its adjectival Attribute, which the
    // trained tagger reads as a verb.
    id: 'POS.ADJECTIVE_AFTER_LINKING_VERB',
    tags: ['VERB'],
    when: (c) =>
      c.index > c.from &&
      LINKING_VERBS.has(c.tagged.lemmas[c.index - 1] ?? '') &&
      c.word.endsWith('ed') &&
      hasPosReading(c.word, 'ADJ'),
    then: (c) => {
      c.tagged.pos[c.index] = 'ADJ';
      c.tagged.lemmas[c.index] = c.word;
    },
    examples: [{ text: 'The room felt crowded, so we left.', word: 'crowded', pos: 'ADJ' }],
  },
  {
    // "The guard was injured.", "The claim was rejected by the court.": a participle closing a clause
    // after a form of "be" (or before "by") is the verb of a passive, which the trained tagger reads as an
    // adjective after a copula.
    id: 'POS.PASSIVE_PARTICIPLE',
    tags: ['ADJ'],
    when: (c) => {
      const { lower } = c.tagged;
      if (!c.word.endsWith('ed') || c.index <= c.from || !BE_FORMS.has(lower[c.index - 1] ?? ''))
        return false;
      const after = lower[c.index + 1] ?? '.';
      if (after !== 'by' && !SENTENCE_END.has(after) && after !== ',') return false;
      return participleLemma(c.word) !== '';
    },
    then: (c) => {
      c.tagged.pos[c.index] = 'VERB';
      c.tagged.lemmas[c.index] = participleLemma(c.word);
    },
    examples: [{ text: 'The guard was injured.', word: 'injured', pos: 'VERB' }],
  },
  {
    // "3 Watch for aphids", "2 Sow the seeds": the trained tagger reads a step number opening a line as
    // X (an unknown token); figures are numerals.
    id: 'POS.DIGITS_NUMERAL',
    tags: ['X'],
    when: (c) => c.tag === 'X' && DIGITS.test(c.word),
    then: setTag('NUM'),
    examples: [{ text: '3 Watch for aphids.', word: '3', pos: 'NUM' }],
  },
];

/** What may stand before a list member's enumerator: the start of the text, or the end of a clause or member. */
const MEMBER_BOUNDARY = new Set(['.', '!', '?', ';', ':', ',']);
/** Tags that open what a verb takes right after it: an object or a prepositional phrase. */
const MEMBER_VERB_OBJECT = new Set<Upos>(['DET', 'PRON', 'PROPN', 'NOUN', 'NUM', 'ADJ', 'ADP']);

/**
 * A word the model's lexicon allows as a verb, or a lower-case word it does not know at all ("decompile",
 * "sublicense"; a name it does not know is capitalised).
 */
function verbOrUnknown(tagged: Tagged, index: number): boolean {
  const word = tagged.lower[index] ?? '';
  if (hasPosReading(word, 'VERB')) return true;
  return /^\p{Ll}+$/u.test(tagged.values[index] ?? '') && !isKnownWord(word);
}

/** An -ed participle of a verb ("licensed", "used"; not "proceed", "exceed", "need"). */
const participleForm = (word: string): boolean =>
  word.endsWith('ed') && isParticipleOfVerb(word, (stem) => hasPosReading(stem, 'VERB'));

/** A base form coordinated with a member's verb ("license, **sublicense** or **lease**"): see verbOrUnknown. */
function coordinatedBaseVerb(tagged: Tagged, at: number): boolean {
  const word = tagged.lower[at] ?? '';
  return (
    word === tagged.lemmas[at] &&
    !word.endsWith('ing') &&
    !participleForm(word) &&
    (tagged.pos[at] === 'VERB' || verbOrUnknown(tagged, at))
  );
}

/**
 * POS.LIST_MEMBER_VERB: "Licensee shall not: | (g) not decompile, disassemble or reverse engineer the
 * Software; | (h) license, sublicense or lease it", "The Committee shall: | (iv) review, discuss and
 * approve the plan". A base form that the model's lexicon allows as a verb, opening a list member (after
 * its enumerator, which opens the sentence or follows a clause's end, a colon or a comma, and "-ly"
 * adverbs or "not"), followed by what a verb takes (an object's start, a preposition other than "of" or "to", the
 * infinitive "to", adverbs and then an object's start or any preposition, or a comma or coordinator and
 * another base form the lexicon allows as a verb), inside
 * a list of duties (the nearest colon before closes "X shall:" or "X agrees to:", listOpenBefore), is the
 * member's verb. Not the first noun of a compound ("(ii) copyright law;") nor a heading's capitalised word
 * ("10. Subject Injury Costs", "(a) Change in Control Period").
 */
function isListMemberVerb(
  tagged: Tagged,
  index: number,
  from: number,
  to: number,
  disabled: ReadonlySet<string>,
): boolean {
  const { lower, lemmas, pos, values } = tagged;
  const word = lower[index] ?? '';
  if (word !== lemmas[index] || word.endsWith('ing') || participleForm(word) || index + 1 >= to) return false;
  // Past "not" and manner adverbs ("(i) promptly notify"; not "(c) notwithstanding paragraph 3").
  let before = index - 1;
  while (
    before >= 0 &&
    ((pos[before] === 'ADV' && (lower[before] ?? '').endsWith('ly')) || NEGATORS.has(lower[before] ?? ''))
  )
    before -= 1;
  const start = enumeratorStartBefore(lower, before + 1);
  if (start < 0) return false;
  let boundary = start - 1;
  while (boundary >= 0 && pos[boundary] === 'CCONJ') boundary -= 1;
  if (boundary >= 0 && start !== from && !MEMBER_BOUNDARY.has(lower[boundary] ?? '')) return false;
  if (!verbOrUnknown(tagged, index)) return false;
  const next = lower[index + 1] ?? '';
  const nextTag = pos[index + 1];
  const baseVerbAt = (at: number) => at < to && coordinatedBaseVerb(tagged, at);
  // Past adverbs ("(a) respond fully and accurately to all inquiries"), any preposition.
  let adverbs = index + 1;
  while (adverbs < to && (pos[adverbs] === 'ADV' || (pos[adverbs] === 'CCONJ' && pos[adverbs + 1] === 'ADV')))
    adverbs += 1;
  const takes =
    (adverbs > index + 1 && adverbs < to && MEMBER_VERB_OBJECT.has(pos[adverbs] as Upos)) ||
    (nextTag !== undefined && MEMBER_VERB_OBJECT.has(nextTag) && !NOT_AFTER_MEMBER_VERB.has(next)) ||
    next === 'from' ||
    (next === 'to' && nextTag === 'PART') ||
    ((next === ',' || nextTag === 'CCONJ') && baseVerbAt(index + 2));
  if (!takes) return false;
  // "(ii) copyright law;", "(vi) trade secret law.", "(iv) design patent or ...": a group of nouns and
  // adjectives after the word that ends in a singular noun and then the member (or a coordinator) makes
  // the word a compound's first noun ("(a) process warranty claims", "(ii) conduct business in" keep it).
  if (nextTag === 'NOUN' || nextTag === 'ADJ') {
    let end = index + 1;
    while (end < to && (pos[end] === 'NOUN' || pos[end] === 'ADJ')) end += 1;
    const last = end - 1;
    const after = lower[end] ?? '';
    if (
      pos[last] === 'NOUN' &&
      lower[last] === lemmas[last] &&
      (end >= to || CLAUSE_CLOSING_MARKS.has(after) || after === ',' || pos[end] === 'CCONJ')
    )
      return false;
  }
  // "10. Subject Injury Medical Costs", "9. Trade marks and property": a capitalised word before a noun,
  // name, adjective or number is a heading's ("F. Purchase and maintain the stock" keeps its verb).
  if (
    UPPER_INITIAL.test(values[index] ?? '') &&
    (nextTag === 'NOUN' ||
      nextTag === 'PROPN' ||
      nextTag === 'ADJ' ||
      nextTag === 'NUM' ||
      UPPER_INITIAL.test(values[index + 1] ?? ''))
  )
    return false;
  // "(a) Change in Control Period": two or more later words of four letters or more, all capitalised.
  let long = 0;
  for (let after = index + 1; after < to && !CLAUSE_CLOSING_MARKS.has(lower[after] ?? ''); after += 1) {
    const value = values[after] ?? '';
    if (!/^\p{L}{4,}$/u.test(value)) continue;
    if (!UPPER_INITIAL.test(value)) {
      long = -1;
      break;
    }
    long += 1;
  }
  if (long > 1) return false;
  return listOpenBefore(lower, lemmas, pos, start, disabled);
}

/** Rules applied to the whole span before POS_RULES, because those look ahead at the tags they fix. */
export const POS_FIRST_RULES: readonly PosRule[] = [
  {
    // "Mix everything well", "They fixed everything": the compound indefinites are pronouns wherever they
    // stand.
    id: 'POS.INDEFINITE_PRONOUN',
    when: (c) => c.tag !== 'PRON' && INDEFINITE_PRONOUNS.has(c.word),
    then: setTag('PRON'),
    // (With a stop, "Mix everything well." is read again as a command, POS.OPENING_COMMAND, before this rule.)
    examples: [{ text: 'Label everything clearly', word: 'everything', pos: 'PRON' }],
  },
  {
    // "Rinse lentils carefully", "4 Start seeds indoors": the trained tagger reads an opening command verb
    // as the Subject and its plural object as the verb. A capitalised opening word the lexicon allows as
    // a verb, then a plural noun form read as the only verb of the sentence: the two swap.
    id: 'POS.OPENING_VERB_PLURAL_OBJECT',
    tags: NOMINAL,
    when: (c) => openingVerbBeforePluralObject(c.tagged, c.index, c.from, c.to),
    then: (c) => {
      c.tagged.pos[c.index] = 'VERB';
      c.tagged.lemmas[c.index] = c.word;
      c.tagged.pos[c.index + 1] = 'NOUN';
    },
    examples: [
      { text: 'Rinse lentils carefully under the tap.', word: 'rinse', pos: 'VERB' },
      { text: '4 Start seeds indoors early.', word: 'start', pos: 'VERB' },
    ],
  },
];

/** The verb an "-ed" participle comes from, when the lexicon lists it as a verb ("injured": "injure"), or ''. */
function participleLemma(word: string): string {
  for (const stem of [word.slice(0, -1), word.slice(0, -2), word.slice(0, -3)])
    if (stem.length > 2 && hasPosReading(stem, 'VERB')) return stem;
  return '';
}

/** See POS.OPENING_VERB_PLURAL_OBJECT. */
function openingVerbBeforePluralObject(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, values, pos } = tagged;
  const step =
    index === from + 1 && (pos[from] === 'NUM' || pos[from] === 'X') && DIGITS.test(lower[from] ?? '');
  if (index !== from && !step) return false;
  const word = lower[index] ?? '';
  const object = lower[index + 1] ?? '';
  if (!TITLE.test(values[index] ?? '') || word.endsWith('s') || word.endsWith('ing')) return false;
  if (pos[index + 1] !== 'VERB' || !object.endsWith('s') || object.endsWith('ss')) return false;
  // "Use cases for small teams", "Travel tips of the week": a heading's noun group, not a command.
  if (HEADING_PREPOSITIONS.has(lower[index + 2] ?? '')) return false;
  if (!hasPosReading(word, 'VERB')) return false;
  if (!hasPosReading(object, 'NOUN') && !hasPosReading(object.slice(0, -1), 'NOUN')) return false;
  for (let probe = index + 2; probe < to; probe += 1)
    if (pos[probe] === 'VERB' || pos[probe] === 'AUX') return false;
  return true;
}

/** Every POS rule id, in the order the rules are tried. */
export const POS_RULE_IDS: readonly string[] = [...POS_FIRST_RULES, ...POS_RULES].map((rule) => rule.id);

const NONE_DISABLED: ReadonlySet<string> = new Set();

/** Rules left on, by the tag of the token they may take (order kept); `other` for any other tag. */
interface RuleIndex {
  readonly byTag: ReadonlyMap<Upos | undefined, readonly PosRule[]>;
  readonly other: readonly PosRule[];
}
function indexRules(rules: readonly PosRule[], disabled: ReadonlySet<string>): RuleIndex {
  const active = rules.filter((rule) => !disabled.has(rule.id));
  const byTag = new Map<Upos | undefined, readonly PosRule[]>();
  for (const tag of UPOS_TAGS)
    byTag.set(
      tag,
      active.filter((rule) => rule.tags === undefined || rule.tags.includes(tag)),
    );
  return { byTag, other: active.filter((rule) => rule.tags === undefined) };
}
// The rule indexes, per set of ids switched off (one set per pipeline).
const activeRules = new WeakMap<ReadonlySet<string>, readonly [RuleIndex, RuleIndex]>();
// One context for every token (no allocation per token); correctPos does not re-enter. Between runs it
// holds EMPTY_TAGGED, not the last document's arrays (which it would otherwise keep alive until the next compile).
const EMPTY_TAGGED: Tagged = { values: [], lower: [], lemmas: [], pos: [] };
const context: PosContext = {
  tagged: EMPTY_TAGGED,
  from: 0,
  to: 0,
  index: 0,
  word: '',
  tag: undefined,
  next: undefined,
  initial: false,
  found: -1,
  opening: -1,
  disabled: NONE_DISABLED,
};

/** Runs the indexed rules over the tokens [from, to): the first rule whose `when` holds takes each token. */
function runRules(
  index: RuleIndex,
  tagged: Tagged,
  from: number,
  to: number,
  disabled: ReadonlySet<string>,
): void {
  if (index.other.length === 0 && index.byTag.size === 0) return;
  const { lower, pos } = tagged;
  const c = context;
  c.tagged = tagged;
  c.from = from;
  c.to = to;
  c.disabled = disabled;
  for (let at = from; at < to; at += 1) {
    const tag = pos[at];
    const rules = index.byTag.get(tag) ?? index.other;
    if (rules.length === 0) continue;
    c.index = at;
    c.word = lower[at] ?? '';
    c.tag = tag;
    c.next = at + 1 < to ? pos[at + 1] : undefined;
    c.initial =
      at === from ||
      // POS.INITIAL_AFTER_MARKS: after nothing but opening marks ("- Did the landlord return the keys?",
      // "> When can I expect my deposit back?"), a word opens its sentence.
      (!disabled.has(INITIAL_AFTER_MARKS) && afterOpeningMarks(lower, pos, at, from)) ||
      SENTENCE_END.has(lower[at - 1] ?? '') ||
      (lower[at - 1] === 'please' && (at - 1 === from || SENTENCE_END.has(lower[at - 2] ?? '')));
    c.found = -1;
    c.opening = -1;
    for (let r = 0; r < rules.length; r += 1) {
      const rule = rules[r] as PosRule;
      if (rule.when(c)) {
        rule.then(c);
        break;
      }
    }
  }
}

/**
 * Corrects POS tags in [from, to) with the rules of POS_FIRST_RULES and POS_RULES; rules named in
 * `disabled` (from `createPipeline({ disabledRules })`, for ablations) are skipped.
 */
export function correctPos(
  tagged: Tagged,
  from: number,
  to: number,
  disabled: ReadonlySet<string> = NONE_DISABLED,
): void {
  let active = activeRules.get(disabled);
  if (active === undefined) {
    active = [indexRules(POS_FIRST_RULES, disabled), indexRules(POS_RULES, disabled)];
    activeRules.set(disabled, active);
  }
  runRules(active[0], tagged, from, to, disabled);
  runRules(active[1], tagged, from, to, disabled);
  context.tagged = EMPTY_TAGGED;
}

const NOMINAL_TAGS = new Set<Upos>(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/**
 * "Do cats climb trees", "Do fish breathe underwater", "Did the boss notice the mistake": an opening
 * do-form, a nominal group (1-3 words) and a base-form process verb make a yes/no question; the lite
 * model reads the Subject or the verb as a verb or noun. Returns the verb's index, or -1.
 * "Do the work", "Do your best work" (the verb candidate ends a determined group) stay imperative.
 */
function doQuestionVerb(tagged: Tagged, index: number, to: number): number {
  const { lower, lemmas, pos } = tagged;
  let start = index + 1;
  const determined = QUESTION_DETERMINERS.has(lower[start] ?? '');
  if (determined) start += 1;
  for (let verb = start + 1; verb < to && verb <= start + 3; verb += 1) {
    const word = lower[verb] ?? '';
    const tag = pos[verb];
    if (tag === undefined || !(NOMINAL_TAGS.has(tag) || word === 'have')) return -1;
    const before = lower[verb - 1] ?? '';
    if (before.endsWith('ing') || !NOMINAL_TAGS.has(pos[verb - 1] ?? 'X')) return -1;
    const base =
      word === lemmas[verb] &&
      (tag === 'VERB' ||
        (PROCESS_BY_LEMMA.has(word) && isKnownWord(word)) ||
        // "Does iron rust": the last word, a noun the lexicon also lists as a verb.
        (verb + 1 >= to && verbReading !== null && verbReading(word)));
    if (word !== 'have' && !base) continue;
    if (determined && verb + 1 >= to && !(before.endsWith('s') && !before.endsWith('ss'))) return -1;
    return verb;
  }
  return -1;
}

/** Whether the word before `index` is a WH-word opening the sentence ("What did ..."). */
function whOpening(tagged: Tagged, index: number, from: number): boolean {
  const { lower } = tagged;
  const before = index - 1;
  return (
    before >= from &&
    WH_WORDS.has(lower[before] ?? '') &&
    (before === from || SENTENCE_END.has(lower[before - 1] ?? ''))
  );
}

/** Tags a do-question found by doQuestionVerb: do = AUX, the Subject group NOUN (adjectives kept), the verb VERB. */
function markDoQuestion(tagged: Tagged, index: number, verb: number): void {
  const { lower, pos } = tagged;
  const start = QUESTION_DETERMINERS.has(lower[index + 1] ?? '') ? index + 2 : index + 1;
  pos[index] = 'AUX';
  for (let noun = start; noun < verb; noun += 1) if (pos[noun] !== 'ADJ') pos[noun] = 'NOUN';
  pos[verb] = 'VERB';
}

/**
 * True when the token at `index` follows the comma that closes a sentence-initial dependent clause
 * ("If you ..., ", "When it ..., "; "so"/"and"/"but" may come first) with "please" or adverbs between.
 */
function afterOpeningClause(tagged: Tagged, index: number, from: number): boolean {
  const { lower, pos } = tagged;
  let comma = index - 1;
  while (comma > from && (lower[comma] === 'please' || pos[comma] === 'ADV')) comma -= 1;
  if (lower[comma] !== ',') return false;
  // A chunk holds many sentences: the opening clause starts after the last sentence end (a bounded
  // walk; an opening clause longer than 60 tokens is not one this rule trusts).
  let start = comma;
  while (start > from && start > comma - 60 && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) start -= 1;
  if (start > from && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) return false;
  while (start < comma && pos[start] === 'CCONJ') start += 1;
  if (!OPENING_SUBORDINATORS.has(lower[start] ?? '')) return false;
  let verb = false;
  for (let probe = start + 1; probe < comma; probe += 1) {
    const tag = pos[probe];
    if (tag === 'VERB' || tag === 'AUX') verb = true;
    // Only one comma: a second one may close an appositive or a list inside the main clause.
    if (lower[probe] === ',' || CLAUSE_CLOSING_MARKS.has(lower[probe] ?? '')) return false;
  }
  return verb;
}

/** A past participle in -ed ("melted", "cooled"); -en forms ("golden", "wooden") are often adjectives. */
const PARTICIPLE_ED = /[^e]ed$/;

/**
 * True when `index` ends a sentence-initial clause opened by a subordinator ("When the ice melted,") with
 * no verb before it and a Subject (a noun or pronoun) or perfect "have" right before it.
 */
/** Tags of the words between an opening clause's verb and its comma: a prepositional phrase or an adverb. */
const AFTER_OPENING_VERB = new Set<Upos>(['ADP', 'DET', 'NOUN', 'PROPN', 'ADJ', 'NUM', 'ADV', 'PRON']);

/**
 * The verb of an opening when/if/once/unless/where clause that the model read as an adjective or noun:
 * right after the clause's Subject (or "have"), with only a prepositional phrase or an adverb before the
 * clause's comma and no other verb in the clause. An -ed form is a past verb or participle; otherwise the
 * word must be a verb in the model's lexicon and agree with the Subject ("the dough rises", "the buds open").
 */
function verbInOpeningClause(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  const lemma = lemmas[index] ?? word;
  const previous = lower[index - 1] ?? '';
  const before = pos[index - 1];
  const perfect = FINITE_HAVE_FORMS.has(previous);
  let comma = index + 1;
  while (comma < to && comma < index + 8 && AFTER_OPENING_VERB.has(pos[comma] ?? 'X')) comma += 1;
  if (lower[comma] !== ',') return false;
  if (PARTICIPLE_ED.test(word) && pos[index] === 'ADJ') {
    if (!(before === 'NOUN' || before === 'PRON' || before === 'PROPN' || perfect)) return false;
  } else {
    if (perfect || verbReading === null || !verbReading(lemma)) return false;
    const singular =
      (before === 'NOUN' && previous === lemmas[index - 1]) ||
      before === 'PROPN' ||
      THIRD_SINGULAR_SUBJECT_PRONOUNS.has(previous);
    const plural =
      (before === 'NOUN' && previous !== lemmas[index - 1] && previous.endsWith('s')) ||
      BASE_FORM_SUBJECT_PRONOUNS.has(previous);
    const thirdPerson = word !== lemma && word.endsWith('s') && !word.endsWith('ss');
    if (!((thirdPerson && singular) || (word === lemma && plural))) return false;
  }
  let start = index - 1;
  while (start > from && start > index - 10 && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) {
    const tag = pos[start];
    if (lower[start] === ',' || ((tag === 'VERB' || tag === 'AUX') && !(perfect && start === index - 1)))
      return false;
    start -= 1;
  }
  if (start > from && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) return false;
  while (start < index && pos[start] === 'CCONJ') start += 1;
  return CLAUSE_ONLY_SUBORDINATORS.has(lower[start] ?? '') && start < index - 1;
}

/** "Water the plants", "Check the mail", "Call mom": a known verb opening a sentence before its object. */
function isInitialImperative(tagged: Tagged, index: number, to: number): boolean {
  const word = tagged.lower[index] ?? '';
  const imperative = IMPERATIVE_VERBS.has(word);
  if (!imperative && !PROCESS_BY_LEMMA.has(word)) return false;
  const nextWord = tagged.lower[index + 1] ?? '';
  const nextTag = index + 1 < to ? tagged.pos[index + 1] : undefined;
  if (OBJECT_OPENERS.has(nextWord) && nextTag !== 'AUX' && nextTag !== 'VERB' && isKnownWord(word)) {
    // "Call them", "Check the mail"; not "Work is", "Love it" keeps its VERB reading anyway.
    return nextWord !== 'it' || imperative;
  }
  return imperative && nextTag !== 'AUX' && verblessAfter(tagged, index, to);
}

/** Tags that may follow a command's verb: its object, particle, adverb, "to"-infinitive or that-clause. */
const AFTER_COMMAND_VERB = new Set<Upos>(['DET', 'PRON', 'NOUN', 'NUM', 'ADP', 'ADV', 'PART', 'SCONJ']);

/**
 * The word right after the comma that closes an opening adjunct or dependent clause ("To plant the
 * bulbs, dig holes", "If the engine stalls, signal immediately"): a base form the model's lexicon allows
 * as a verb, followed by the start of an object, a particle, an adverb, "to" or "that" (or "and" and a
 * second base verb), with no verb or auxiliary after it in its clause that would make it a Subject
 * ("In winter, water freezes"). A later subordinate or that-clause, infinitive or -ing form may follow.
 */
function isCommandAfterOpening(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  if (lower[index - 1] !== ',' || word !== lemmas[index] || word.endsWith('ing') || verbReading === null)
    return false;
  if (!verbReading(word) || (word.endsWith('ed') && isParticipleOfVerb(word, verbReading))) return false;
  if (index + 1 >= to) return false;
  const next = pos[index + 1] ?? 'X';
  const coordinated = next === 'CCONJ' && pos[index + 2] === 'VERB' && lower[index + 2] === lemmas[index + 2];
  if (!AFTER_COMMAND_VERB.has(next) && !coordinated) return false;
  if (next === 'SCONJ' && lower[index + 1] !== 'that') return false;
  // "Now, people wonder if ...", "If it rains, work stops": a base or -s form after the word may be
  // the verb of the word as its Subject.
  const following = lower[index + 1] ?? '';
  // After an opening purpose infinitive ("To hang the shelf, drill holes") the main clause is a command.
  const purpose = lower[from] === 'to' && pos[from + 1] === 'VERB';
  if (
    !purpose &&
    next === 'NOUN' &&
    (following === lemmas[index + 1] || following.endsWith('s')) &&
    verbReading(lemmas[index + 1] ?? following)
  )
    return false;
  if (!afterOpeningAdjunct(tagged, index - 1, from) && !afterOpeningClause(tagged, index, from)) return false;
  return noFiniteVerbAhead(tagged, index, to);
}

/**
 * "Rest and relax!", "Stir with a spoon and serve.": a base form the model's lexicon allows as a verb,
 * opening the sentence, and then, before any other verb, "and"/"or" and a base-form verb that has no
 * Subject before it and no finite verb after it: two commands coordinated, the first read as a noun.
 */
function isCoordinatedCommandVerb(tagged: Tagged, index: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  if (word !== lemmas[index] || word.endsWith('ing') || verbReading === null || !verbReading(word))
    return false;
  if (word.endsWith('ed') && isParticipleOfVerb(word, verbReading)) return false;
  // "irc.example.net and join": after a full stop only a capital opens a sentence.
  if (tagged.lower[index - 1] === '.' && !UPPER_INITIAL.test(tagged.values[index] ?? '')) return false;
  for (let probe = index + 1; probe < to && probe < index + 8; probe += 1) {
    const tag = pos[probe];
    const ahead = lower[probe] ?? '';
    if (tag === 'VERB' || tag === 'AUX' || tag === 'PRON' || CLAUSE_CLOSING_MARKS.has(ahead) || ahead === ',')
      return false;
    if (tag !== 'CCONJ' || (ahead !== 'and' && ahead !== 'or')) continue;
    const verb = lower[probe + 1] ?? '';
    return (
      probe + 1 < to &&
      pos[probe + 1] === 'VERB' &&
      verb === lemmas[probe + 1] &&
      !verb.endsWith('ing') &&
      noFiniteVerbAhead(tagged, probe + 1, to)
    );
  }
  return false;
}

/**
 * True when no finite verb follows `index` in its clause, so the word there cannot be a Subject: the
 * scan stops at the clause's end or where a new clause opens (a subordinator, "that", a WH-word, a
 * Subject pronoun: "check to make sure they are", "show that you care"); an infinitive, an -ing form or
 * a coordinated base form ("experiment and expand") is not finite.
 */
function noFiniteVerbAhead(tagged: Tagged, index: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  for (let probe = index + 1; probe < to && probe < index + 40; probe += 1) {
    const ahead = lower[probe] ?? '';
    const tag = pos[probe];
    if (CLAUSE_CLOSING_MARKS.has(ahead) || tag === 'SCONJ' || WH_WORDS.has(ahead) || ahead === 'that')
      return true;
    // "Now, number one, we have to ...": a label before the main clause's Subject, not a command.
    if (ahead === ',' && NOMINATIVE_PRONOUNS.has(lower[probe + 1] ?? '')) return false;
    // "..., so you can turn": "you" after a comma or a linker opens a new clause as its Subject.
    if (
      NOMINATIVE_PRONOUNS.has(ahead) ||
      (ahead === 'you' && (lower[probe - 1] === ',' || LINKERS_BEFORE_SUBJECT.has(lower[probe - 1] ?? '')))
    )
      return true;
    if (tag === 'AUX') return false;
    if (tag === 'VERB') {
      const nonFinite =
        ahead.endsWith('ing') ||
        lower[probe - 1] === 'to' ||
        (pos[probe - 1] === 'CCONJ' && ahead === lemmas[probe]);
      if (!nonFinite) return false;
    }
  }
  return true;
}

/**
 * "Use lots of it", "Use twist ties to keep it shut", "Use soft cloths when packing glass": a verb of
 * `COMMAND_VERBS` (far more often a command's verb than a noun at the start of a sentence) opening the
 * sentence, not before "of" ("Use of force") or a verb, and with no finite verb after it in its clause.
 */
function isInitialCommandVerb(tagged: Tagged, index: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  if (word !== lemmas[index] || !COMMAND_VERBS.has(word) || index + 1 >= to) return false;
  const next = pos[index + 1];
  if (lower[index + 1] === 'of' || next === 'AUX' || next === 'VERB' || next === 'PUNCT') return false;
  // "Use cases for small teams": the lexicalised compound noun.
  if (lemmas[index + 1] === 'case') return false;
  // "Mark Andrews", "Press release.": a name, or a compound heading whose second word may be a verb.
  if (next === 'PROPN') return false;
  if (
    next === 'NOUN' &&
    (index + 2 >= to || CLAUSE_CLOSING_MARKS.has(lower[index + 2] ?? '')) &&
    lower[index + 1] === lemmas[index + 1] &&
    verbReading?.(lower[index + 1] ?? '')
  )
    return false;
  return noFiniteVerbAhead(tagged, index, to);
}

/**
 * True at the opening of a sentence, after a list number ("2 Plant the seeds") or after an opening
 * adverb of sequence or manner ("Then rinse the rice", "Gently press the soil").
 */
function commandOpening(tagged: Tagged, index: number, from: number): boolean {
  const { lower, pos } = tagged;
  const opens = (at: number) => at === from || SENTENCE_END.has(lower[at - 1] ?? '');
  if (opens(index)) return true;
  if (lower[index - 1] === ',' && afterOpeningAdjunct(tagged, index - 1, from)) return true;
  if (index - 1 < from || !opens(index - 1)) return false;
  const previous = lower[index - 1] ?? '';
  return (
    (pos[index - 1] === 'NUM' && /^\d{1,2}$/.test(previous)) ||
    (pos[index - 1] === 'ADV' && (COMMAND_OPENING_ADVERBS.has(previous) || previous.endsWith('ly')))
  );
}

/** Tags of a sentence's first word that open an adjunct or dependent clause ("In a pan,", "If ..., "). */
const ADJUNCT_OPENERS = new Set<Upos>(['ADP', 'SCONJ', 'ADV', 'PART']);

/**
 * True when the comma at `comma` is the only one since the sentence opened with an adjunct or dependent
 * clause ("In a large pan,", "When the buds appear,", "To plant the seeds,"; "and"/"but" may come first).
 */
function afterOpeningAdjunct(tagged: Tagged, comma: number, from: number): boolean {
  const { lower, pos } = tagged;
  // The tokens of a whole chunk are corrected at once: walk back to the sentence's start (a bounded walk).
  let start = comma;
  while (start > from && start > comma - 30 && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) {
    if (lower[start - 1] === ',') return false;
    start -= 1;
  }
  if (start !== from && !CLAUSE_CLOSING_MARKS.has(lower[start - 1] ?? '')) return false;
  while (start < comma && pos[start] === 'CCONJ') start += 1;
  if (!ADJUNCT_OPENERS.has(pos[start] ?? 'X') && !OPENING_SUBORDINATORS.has(lower[start] ?? '')) return false;
  return comma > start;
}

/**
 * "Rinse the grains", "Ice the cupcakes", "Strain out the seeds", "Mix together": a base form the model's
 * lexicon allows as a verb, before an object's determiner or pronoun, a particle and its object, or
 * "together"; a noun is not followed by these ("Step 2", "Travel tips" stay nouns).
 */
function isInitialBaseVerb(tagged: Tagged, index: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  if (word !== lemmas[index] || word.endsWith('ing') || verbReading === null || index + 1 >= to) return false;
  // "Mixed results", "Used cars": a participle whose stem is a verb ("mix", "use") is not a base form.
  if (!verbReading(word) || (word.endsWith('ed') && isParticipleOfVerb(word, verbReading))) return false;
  const next = lower[index + 1] ?? '';
  const nextTag = pos[index + 1];
  if (nextTag === 'AUX' || nextTag === 'VERB') return false;
  if (VERB_OBJECT_OPENERS.has(next)) return true;
  if (next === 'together') return true;
  if (!COMMON_PHRASAL_PARTICLES.has(next) || index + 2 >= to) return false;
  const after = lower[index + 2] ?? '';
  return VERB_OBJECT_OPENERS.has(after) || pos[index + 2] === 'NUM';
}

/** Tags inside a bare noun group ("heavy books and boxes", "1 cup"). */
const BARE_GROUP = new Set<Upos>(['NOUN', 'ADJ', 'NUM', 'CCONJ']);
/** Tags that open the object of a preposition. */
const GROUP_START = new Set<Upos>(['DET', 'NOUN', 'ADJ', 'NUM', 'PRON', 'PROPN']);

/**
 * "Hop onto a bus", "Drink responsibly", "Pack books and toys into boxes", "Use sturdy boxes": a base form
 * the model's lexicon allows as a verb, opening a sentence that has no other verb and ends in "." or "!",
 * directly before "onto"/"into", or before an optional bare noun group and a manner adverb, or (its group
 * not one plural noun, as in the headings "Travel tips", "Use cases") before "into"/"onto", or, for a few
 * words far more often verbs, before any preposition or the end.
 */
function isVerbBeforeBareObject(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  if (word !== lemmas[index] || word.endsWith('ing') || verbReading === null || index + 1 >= to) return false;
  if (!verbReading(word) || (word.endsWith('ed') && isParticipleOfVerb(word, verbReading))) return false;
  // "It may grow into a full-scale trade war": a verb earlier in the clause.
  for (let back = index - 1; back >= from && back > index - 40; back -= 1) {
    const before = lower[back] ?? '';
    if (CLAUSE_CLOSING_MARKS.has(before) || before === ',') break;
    if (pos[back] === 'VERB' || pos[back] === 'AUX') return false;
  }
  let end = index + 1;
  while (end < to && end < index + 40 && !CLAUSE_CLOSING_MARKS.has(lower[end] ?? '')) end += 1;
  if (end >= to || (lower[end] !== '.' && lower[end] !== '!')) return false;
  for (let probe = index + 1; probe < end; probe += 1) {
    if (pos[probe] === 'VERB' || pos[probe] === 'AUX') return false;
  }
  if (GOAL_PREPOSITIONS.has(lower[index + 1] ?? '')) return !INTO_NOUNS.has(word);
  let after = index + 1;
  while (after < end && BARE_GROUP.has(pos[after] ?? 'X') && (pos[after] !== 'CCONJ' || after > index + 1))
    after += 1;
  if (pos[after] === 'ADV' && CLOSING_COMMAND_ADVERBS.has(lower[after] ?? '')) return true;
  const group = after - (index + 1);
  if (group === 0) return false;
  // "Travel tips for beginners", "Use cases for AI": one plural noun after the word is a compound's head.
  const compoundHead = group === 1 && pos[index + 1] === 'NOUN' && lower[index + 1] !== lemmas[index + 1];
  // "Gym members face long queues": an adjective after a noun inside the group hides a missed verb.
  const nounGroup =
    !compoundHead &&
    pos[after - 1] === 'NOUN' &&
    !pos.slice(index + 2, after).some((tag, at) => tag === 'ADJ' && pos[index + 1 + at] === 'NOUN');
  if (!nounGroup) return false;
  // "Press release.": one base-form noun that may itself be a verb makes a compound heading.
  const single = group === 1 && lower[index + 1] === lemmas[index + 1] && verbReading(lower[index + 1] ?? '');
  if (after === end) return COMMAND_VERBS.has(word) && !single;
  if (pos[after] !== 'ADP' || after + 1 >= end || !GROUP_START.has(pos[after + 1] ?? 'X')) return false;
  return GOAL_PREPOSITIONS.has(lower[after] ?? '') || COMMAND_VERBS.has(word);
}

/** "mixed" (mix), "used" (use), "freed" (free); not "weed" or "feed", whose short stems are other words. */
function isParticipleOfVerb(word: string, isVerb: (lower: string) => boolean): boolean {
  const stem = word.slice(0, -1);
  return isVerb(word.slice(0, -2)) || (stem.length >= 4 && isVerb(stem));
}

const OBJECT_TAGS = new Set<Upos>(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);

/**
 * "We all desire peace", "Many voters fear inflation", "The authors report an effect": the lite model
 * reads a verb between its Subject and its object as a noun. A known process verb, agreeing with a
 * subject pronoun or plural noun before it (adverbs and floating quantifiers may intervene), followed
 * by the start of an object, in a sentence with no other verb, is the verb.
 */
function isVerbAfterSubject(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  const word = lower[index] ?? '';
  const lemma = lemmas[index] ?? word;
  const nextTag = index + 1 < to ? pos[index + 1] : undefined;
  if (nextTag === undefined || !OBJECT_TAGS.has(nextTag) || !PROCESS_BY_LEMMA.has(lemma)) return false;
  let before = index - 1;
  while (before > from && (pos[before] === 'ADV' || FLOATING_QUANTIFIERS.has(lower[before] ?? '')))
    before -= 1;
  const subject = lower[before] ?? '';
  const subjectTag = pos[before];
  const base = word === lemma;
  const tensed = word.endsWith('ed') || (word.endsWith('s') && !base);
  let agrees = false;
  if (subjectTag === 'PRON')
    agrees = BASE_FORM_SUBJECT_PRONOUNS.has(subject)
      ? base || word.endsWith('ed')
      : THIRD_SINGULAR_SUBJECT_PRONOUNS.has(subject) && tensed;
  else if (subjectTag === 'NOUN')
    agrees = subject.endsWith('s') && !subject.endsWith('ss') && (base || word.endsWith('ed'));
  if (!agrees) return false;
  for (let probe = from; probe < to; probe += 1) {
    const tag = pos[probe];
    if (tag === 'VERB' || tag === 'AUX') return false;
    if (probe > index && tag === 'PUNCT' && CLAUSE_CLOSING_MARKS.has(lower[probe] ?? '')) break;
  }
  return true;
}

const DEMONSTRATIVE_SUBJECTS = new Set(DEMONSTRATIVE_WORDS);
/** Tags inside a nominal group before its head ("the loud music", "the rent board", "two new"). */
const GROUP_INSIDE = new Set<Upos>(['NOUN', 'PROPN', 'ADJ', 'NUM']);
/** Tags that can open the object or complement of a finite verb ("signals a shift", "lack heating"). */
const AFTER_FINITE_VERB = new Set<Upos>(['DET', 'PRON', 'NOUN', 'NUM', 'ADJ', 'ADP', 'ADV', 'PROPN']);

/**
 * True when `start` opens a clause: the sentence's start, after a subordinator or "that", or after a comma
 * or "and" when no verb comes before them in the sentence ("In May, prices rose"; not "It takes time and a
 * few seconds", where "and" joins two nominal groups).
 */
function opensClause(tagged: Tagged, start: number, from: number): boolean {
  const { lower, pos } = tagged;
  if (start === from || SENTENCE_END.has(lower[start - 1] ?? '')) return true;
  if (pos[start - 1] === 'SCONJ' || lower[start - 1] === 'that') return true;
  if (lower[start - 1] !== ',' && pos[start - 1] !== 'CCONJ') return false;
  for (let probe = start - 2; probe >= from && probe > start - 40; probe -= 1) {
    if (SENTENCE_END.has(lower[probe] ?? '')) return true;
    if (pos[probe] === 'VERB' || pos[probe] === 'AUX') return false;
  }
  return start - 40 < from;
}

/**
 * "The survey signals a shift", "Many households lack heating", "The news frightened the children": the
 * lite model reads the finite verb right after its Subject as a noun or adjective, so the clause has no
 * process. A word the model's lexicon allows as a verb (an adjective only in -ed), agreeing with the head
 * of a Subject group that opens the clause (a determiner, possessive or quantifier and its words, a plural
 * noun or name on its own, or a Subject pronoun), before the start of an object or complement, with no
 * finite verb after it in its clause, is the verb. A singular bare noun opens no group ("Customer service
 * hours", "Data sources"), and a base form needs a plural Subject ("The price increase" stays a noun).
 */
function isFiniteVerbAfterSubjectGroup(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, lemmas, pos } = tagged;
  // Cheap look-ups first: most nouns follow a determiner, adjective or preposition.
  const headTag = pos[index - 1];
  if (
    headTag !== 'NOUN' &&
    headTag !== 'PROPN' &&
    headTag !== 'ADJ' &&
    headTag !== 'PRON' &&
    headTag !== 'DET'
  )
    return false;
  if (index + 1 >= to) return false;
  const following = lower[index + 1] ?? '';
  const word = lower[index] ?? '';
  // "Dr Lee retired.": a past form may also close its clause.
  const past = word.length > 3 && word.endsWith('ed') && !word.endsWith('eed');
  const closes = past && CLAUSE_CLOSING_MARKS.has(following);
  if (!closes && !AFTER_FINITE_VERB.has(pos[index + 1] ?? 'X') && !REPORTED_CLAUSE_OPENERS.has(following))
    return false;
  // "What tidy gardens they keep": a Subject pronoun after the word opens the clause it belongs to.
  if (NOMINATIVE_PRONOUNS.has(following)) return false;
  const lemma = lemmas[index] ?? word;
  const third = !past && word !== lemma && word.endsWith('s') && !word.endsWith('ss');
  const base = !past && word === lemma && !word.endsWith('ing') && !word.endsWith('s');
  if (!(past || third || base) || (pos[index] === 'ADJ' && !past)) return false;
  if (verbReading === null || !verbReading(word)) return false;
  const head = index - 1;
  const headWord = lower[head] ?? '';
  let start = head;
  let plural: boolean;
  if (headTag === 'DET' && DEMONSTRATIVE_SUBJECTS.has(headWord)) {
    // "These look fine": a demonstrative standing alone as the Subject (made a pronoun below).
    plural = headWord === 'these' || headWord === 'those';
  } else if (headTag === 'PRON') {
    if (THIRD_SINGULAR_SUBJECT_PRONOUNS.has(headWord)) plural = false;
    else if (BASE_FORM_SUBJECT_PRONOUNS.has(headWord)) plural = true;
    else return false;
  } else if (headTag === 'NOUN' || headTag === 'PROPN' || headTag === 'ADJ') {
    // "A green light signals": the model may read the head noun as an adjective; it needs an opener.
    if (headTag === 'ADJ' && (SUBJECT_GROUP_OPENERS.has(headWord) || !hasPosReading(headWord, 'NOUN')))
      return false;
    plural = headTag === 'NOUN' && headWord !== lemmas[head] && headWord.endsWith('s');
    while (start > from && start > head - 6 && GROUP_INSIDE.has(pos[start - 1] ?? 'X')) start -= 1;
    const opener = lower[start - 1] ?? '';
    if (WH_WORDS.has(opener)) return false;
    if (start > from && (pos[start - 1] === 'DET' || SUBJECT_GROUP_OPENERS.has(opener))) start -= 1;
    else if (SUBJECT_GROUP_OPENERS.has(lower[start] ?? '') && start < head) {
      // "Many households": the quantifier tagged an adjective opens the group.
    } else if (headTag === 'ADJ' || (!plural && headTag !== 'PROPN')) return false;
  } else return false;
  if (!(past || (plural ? base : third))) return false;
  // "Our product plans for next year", "The survey results in brief": before a preposition a noun's -s
  // or base form may head a compound; only a past form, or a name or pronoun's verb, is trusted there.
  if (!past && pos[index + 1] === 'ADP' && (headTag === 'NOUN' || headTag === 'ADJ')) return false;
  // The rule's `then` makes a demonstrative standing alone a pronoun (UD), so the clause has its Subject.
  return opensClause(tagged, start, from) && noFiniteVerbAhead(tagged, index, to);
}

/**
 * "Isn't the store closing early today?", "Are the buses running on time?": after an opening be-form
 * (and "not"), a Subject group with a determiner, then an -ing form the model's lexicon allows as a verb,
 * before an adverb, a preposition, an object or the end: the progressive verb, not a compound's head
 * ("Is the store closing time nine?", "Is the car parking free?" keep the noun).
 */
function isProgressiveInQuestion(tagged: Tagged, index: number, from: number, to: number): boolean {
  const { lower, pos } = tagged;
  const word = lower[index] ?? '';
  if (!word.endsWith('ing') || verbReading === null || !verbReading(word)) return false;
  const headTag = pos[index - 1];
  if (headTag !== 'NOUN' && headTag !== 'PROPN' && headTag !== 'PRON') return false;
  let start = index - 1;
  if (headTag !== 'PRON') {
    while (start > from && start > index - 6 && GROUP_INSIDE.has(pos[start - 1] ?? 'X')) start -= 1;
    if (start - 1 < from || !(pos[start - 1] === 'DET' || SUBJECT_GROUP_OPENERS.has(lower[start - 1] ?? '')))
      return false;
    start -= 1;
  } else if (!SUBJECT_PRONOUNS.has(lower[start] ?? '')) return false;
  let be = start - 1;
  if (be > from && NEGATORS.has(lower[be] ?? '')) be -= 1;
  if (
    be < from ||
    !FINITE_BE_FORMS.has(lower[be] ?? '') ||
    !(be === from || SENTENCE_END.has(lower[be - 1] ?? ''))
  )
    return false;
  if (index + 1 >= to) return true;
  const next = pos[index + 1] ?? 'X';
  const following = lower[index + 1] ?? '';
  if (next === 'ADJ') return hasPosReading(following, 'ADV') && !hasPosReading(following, 'VERB');
  return (
    next === 'ADV' ||
    next === 'ADP' ||
    next === 'DET' ||
    next === 'PRON' ||
    next === 'PART' ||
    CLAUSE_CLOSING_MARKS.has(following)
  );
}
