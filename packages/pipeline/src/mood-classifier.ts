import type { Mood, Premise, Syntactic, Token, Upos } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  COORDINATED_DEPENDENT,
  COORDINATED_INFINITIVE,
  COORDINATED_PREDICATE,
  COORDINATED_TENSED_PREDICATE,
  COORDINATED_WITH_NON_COMMAND,
  coordinatedDependentMood,
  coordinatedDependentVerdict,
  coordinatedInfinitiveMood,
  coordinatedInfinitiveVerdict,
  coordinatedNonCommandMood,
  coordinatedNonCommandVerdict,
  coordinatedPredicateMood,
  coordinatedPredicateVerdict,
  coordinatedTensedMood,
  coordinatedTensedVerdict,
  DUTY_LIST_MEMBER,
  dutyListMemberModal,
  dutyListMemberVerdict,
} from './coordinated-predicate';
import { INSTRUMENT_TERMS, PARTY_NOUNS, REGISTER_WORDS } from './lexicons/contract-lexicon';
import {
  ADDRESS_FUNCTION_WORDS,
  ADDRESS_LABELS,
  ADDRESS_WORDS,
  ADJECTIVE_VERBS,
  AFTER_ITS_CLITIC,
  ATTACHMENT_WORDS,
  CAUSEE_PRONOUNS,
  CLOSING_FORMULAS,
  COMMAND_ADVERBS,
  COMMAND_PARTICLES,
  CONDITIONAL_FINITES,
  COUNTERFACTUAL_MODALS,
  DEFECTIVE_VERBS,
  DEGREE_OPENERS,
  DEGREE_WORDS,
  DISCOURSE_OPENERS,
  DOCUMENT_PART_WORDS,
  ELLIPSIS_INTENSIFIERS,
  ELLIPTICAL_SUBJECT_VERBS,
  ENCLOSURE_PARTICIPLES,
  EXCLAMATIVE_ADJECTIVES,
  EXCLAMATIVE_BARE_NOUNS,
  FEELING_VERBS,
  FINITE_AFTER_NOMINAL,
  FINITE_WORDS,
  FIRST_PERSON_ELLIPSIS_VERBS,
  FREE_RELATIVE_WH,
  HEADER_LABELS,
  HEADING_WH,
  HOW_QUESTION_ADJECTIVES,
  IMPERATIVE_OPENERS,
  IMPERATIVE_VERBS,
  INTENSIFIED_ELLIPSIS_VERBS,
  INTERPERSONAL_THEMES,
  INVERSION_OPENERS,
  IS_FORMS,
  LINKING_PROGRESSIVES,
  MINOR_CLOSERS,
  MINOR_EXPRESSIONS,
  MINOR_PHRASE_PREPOSITIONS,
  MINOR_TAIL_INTENSIFIERS,
  MINOR_WITH_PHRASE,
  MODAL_OR_DO,
  NEGATIVE_OBJECTS,
  NEGATIVE_OPENERS,
  NON_FINITE_AUX,
  OPERATOR_LEMMAS,
  QUESTION_NOUNS,
  QUOTING_VERBS,
  SAME_FORM_PAST,
  SO_COMMAND_VERBS,
  STATIVE_AFTER_ADVERB,
  SUBJECT_DETERMINERS,
  SUBJECT_WORDS,
  TEXTUAL_THEMES,
  TITLE_LOWER_WORDS,
  VOCATIVE_PRONOUNS,
  WH_SUBORDINATORS,
  WH_WORDS,
  WHAT_QUESTION_ADJECTIVES,
} from './lexicons/mood-lexicon';
import { ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import {
  CURLY_OPENING_QUOTES,
  DO_FORMS,
  FINITE_BE_FORMS,
  FINITE_HAVE_FORMS,
  FINITE_OPERATOR_FORMS,
  MODAL_FORMS,
  NOMINATIVE_PRONOUNS,
  ONLY_PARTICIPLE_FORMS,
  POSSESSIVE_DETERMINERS,
  presentSForm,
  S_CLITICS,
  SENTENCE_END_MARKS,
  STRAIGHT_QUOTES,
  SUBJECT_PRONOUNS,
  SUBORDINATING_WH,
} from './lexicons/word-classes';
import {
  MOOD_TREE_RULES,
  type MoodTreeRule,
  statementBelowRoot,
  type TreeMoodFacts,
  treeMoodFacts,
  treePremises,
} from './mood-tree';
import {
  CONTRACT_TITLE_LINE,
  contractTitleLine,
  contractTitleLineVerdict,
  LABEL_LINE,
  LOWER_CASE_CUT_PIECE,
  labelLine,
  labelLineVerdict,
  lowerCaseCutPiece,
  lowerCaseCutPieceVerdict,
  ONE_WORD_PIECE,
  oneWordPiece,
  oneWordPieceVerdict,
  QUOTED_TERM,
  quotedTermMood,
  quotedTermVerdict,
  STRANDED_OPERATOR_EVENT,
  strandedOperatorMood,
  strandedOperatorVerdict,
  VERB_NOUN_COORDINATION,
  verbNounCoordination,
  verbNounCoordinationVerdict,
} from './non-command-mood';
import { hasPosReading } from './pos-corrector';
import { clauseParticipleOnAppositive, isFiniteLexicalForm, isSubjectLike } from './verbal-group';

/** The mood of a clause with the rule that decided it and the facts it saw. */
export interface MoodDecision {
  readonly mood: Mood;
  readonly rule: string;
  readonly confidence: number;
  readonly premises: Premise[];
}

const POSSESSIVES: ReadonlySet<string> = new Set(POSSESSIVE_DETERMINERS);
const SKIP_TAGS = new Set(['PUNCT', 'CCONJ', 'INTJ', 'SYM']);
const SUBJECT_START = new Set(['PRON', 'NOUN', 'PROPN', 'DET', 'NUM', 'ADJ']);
const EXCLAMATIVE_NEXT = new Set(['ADJ', 'ADV']);
const ADJUNCT_OPENING = new Set(['ADP', 'ADV', 'SCONJ', 'PROPN']);

/** True when a lexical verb comes after `from` in the clause. */
function verbAfter(view: ClauseView, from: number): boolean {
  for (let index = from; index < view.pos.length; index += 1) if (view.pos[index] === 'VERB') return true;
  return false;
}

/**
 * "For details, see the list", "Upon review, please call me": an opening adjunct and a comma before a
 * base-form verb with no Subject. Returns the verb's index or -1.
 */
function verbAfterOpeningAdjunct(view: ClauseView, start: number): number {
  const { pos, lower, lemma } = view;
  let comma = -1;
  for (let index = start + 1; index < lower.length && index < start + 12; index += 1) {
    const tag = pos[index];
    if (tag === 'VERB' || tag === 'AUX') return -1;
    if (lower[index] === ',') {
      comma = index;
      break;
    }
  }
  if (comma < 0) return -1;
  // "Further to our call, please see the draft": "please" after the comma marks the command whatever opens.
  const polite = lower[comma + 1] === 'please' || lower[comma + 1] === 'kindly';
  if (!ADJUNCT_OPENING.has(pos[start] ?? 'X') && !polite) return -1;
  let verb = comma + 1;
  while (verb < lower.length && (pos[verb] === 'INTJ' || pos[verb] === 'ADV' || lower[verb] === ','))
    verb += 1;
  return pos[verb] === 'VERB' && lower[verb] === lemma[verb] && lower[verb + 1] !== ':' ? verb : -1;
}

/** Tags of the Subject's nominal group after an operator standing for a predicate ("so did the passage of the sun"). */
const ELLIPTICAL_SUBJECT_TAGS = new Set([
  'DET',
  'PRON',
  'PROPN',
  'NOUN',
  'NUM',
  'ADJ',
  'ADP',
  'PUNCT',
  'CCONJ',
]);
/** Tags a Subject after an inverted Finite opens with ("So did the others", "Thus began his reign"). */
const INVERTED_SUBJECT_START = new Set(['DET', 'PRON', 'PROPN', 'NOUN', 'NUM']);

/**
 * MOOD.SO_THUS_INVERSION: "So did the others.", "Thus began a long war.", "So reasoned the judge.": "so",
 * "thus" or "hence" first (past a coordinator), then a tensed verb or a finite operator, then a
 * nominal: the Finite before its Subject in a statement. A base "do" or "have" needs a nominative
 * pronoun after it ("So do I"; "So have a look" and "So do the dishes" are commands), and a modal
 * before "you" asks ("So could you send it"). Returns the Finite's index, or -1.
 */
function soThusInversion(view: ClauseView): number {
  const { lower, pos, lemma } = view;
  if (view.sentenceFinal === '?') return -1;
  let at = 0;
  while (pos[at] === 'PUNCT' || pos[at] === 'CCONJ') at += 1;
  if (!INVERSION_OPENERS.has(lower[at] ?? '')) return -1;
  const finite = at + 1;
  const word = lower[finite] ?? '';
  const next = lower[finite + 1] ?? '';
  if (!INVERTED_SUBJECT_START.has(pos[finite + 1] ?? '')) return -1;
  if (FINITE_OPERATOR_FORMS.has(word) || word === 'have' || word === 'do') {
    if ((word === 'have' || word === 'do') && !NOMINATIVE_PRONOUNS.has(next)) return -1;
    if (next === 'you') return -1;
    // The operator stands for a predicate said before ("So did the others", "so has its demand for
    // energy"): only the Subject's nominal group follows. A verb or adverb after it asks ("So was Dan
    // there last night", "So can somebody list them").
    for (let index = finite + 1; index < lower.length; index += 1)
      if (!ELLIPTICAL_SUBJECT_TAGS.has(pos[index] ?? 'X')) return -1;
    return finite;
  }
  // A tensed lexical verb: not its base form, not an -ing form or a form that is only a participle.
  if (pos[finite] !== 'VERB' || word === (lemma[finite] ?? '').toLowerCase()) return -1;
  if (word.endsWith('ing') || ONLY_PARTICIPLE_FORMS.has(word) || word.endsWith('s')) return -1;
  return finite;
}

/** Tags that may open an adjunct before a command ("To rinse,", "Using a spoon,", "One hour later,"). */
const NON_FINITE_ADJUNCT_OPENING = new Set(['ADP', 'ADV', 'SCONJ', 'PART', 'VERB', 'NUM']);

/**
 * MOOD.NON_FINITE_ADJUNCT_THEN_COMMAND: "To rinse, place the grain in a strainer.", "Using a spoon,
 * stir the sauce.", "For the following prices, work out the mean.", "One hour later, shake the jar.":
 * an opening adjunct whose only verbs are non-finite (a to-infinitive, an -ing or past-participle
 * form), up to a comma, then a base-form verb with no Subject; further adjuncts cut off by commas may
 * come between. The tree shows no Subject. Returns the verb's index, or -1.
 */
function commandAfterNonFiniteAdjunct(clause: MoodClause): number {
  const { view } = clause;
  const { lower, pos, lemma } = view;
  if (clause.final === '?' || clause.facts.subject >= 0) return -1;
  const start = clause.start;
  if (!NON_FINITE_ADJUNCT_OPENING.has(pos[start] ?? 'X')) return -1;
  let sawComma = false;
  for (let index = start; index < lower.length && index < start + 24; index += 1) {
    const tag = pos[index];
    const word = lower[index] ?? '';
    if (word === ',') {
      // A number opens a measure phrase only with a preposition in it ("One third of the way through
      // the cycle,"); "Three students, however, go" has its Subject first.
      if (pos[start] === 'NUM' && !pos.slice(start, index).includes('ADP')) return -1;
      sawComma = true;
      let verb = index + 1;
      while (verb < lower.length && (pos[verb] === 'ADV' || pos[verb] === 'INTJ')) verb += 1;
      const form = lower[verb] ?? '';
      if (
        pos[verb] === 'VERB' &&
        form === (lemma[verb] ?? '').toLowerCase() &&
        lower[verb - 1] !== 'to' &&
        lower[verb + 1] !== ':' &&
        !SUBJECT_PRONOUNS.has(lower[verb + 1] ?? '')
      )
        return verb;
      continue;
    }
    if (tag === 'AUX' || SUBJECT_PRONOUNS.has(word)) return -1;
    if (tag === 'VERB') {
      // Non-finite forms only: "to rinse", "using", "based"; a tensed or base verb before any comma
      // is the clause's own.
      const infinitive = lower[index - 1] === 'to';
      const participle = word.endsWith('ing') || (word.endsWith('ed') && sawComma === false && index > start);
      if (!infinitive && !participle && !(word.endsWith('ing') && index === start)) return -1;
    }
  }
  return -1;
}

/** Tags inside an opening prepositional phrase ("For the best view", "From the north or south"). */
const PHRASE_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'ADP', 'ADV', 'CCONJ']);

/**
 * MOOD.ADJUNCT_THEN_BASE_VERB without a comma: "For the best view take the stairs", "From the north come
 * in on the old road": an opening prepositional phrase ending in a singular noun, then a base-form verb.
 * A singular noun cannot be the Subject of a base form ("the view take"), so the verb has no Subject.
 * Returns the verb's index or -1.
 */
function verbAfterOpeningPhrase(view: ClauseView, start: number): number {
  const { pos, lower, lemma } = view;
  const word = lower[start] ?? '';
  if (pos[start] !== 'ADP' || word === 'to' || word === 'like') return -1;
  for (let index = start + 1; index < lower.length && index < start + 16; index += 1) {
    const tag = pos[index] ?? 'X';
    const form = lower[index] ?? '';
    if (tag === 'VERB') {
      const before = lower[index - 1] ?? '';
      const singular =
        (pos[index - 1] === 'NOUN' && before === lemma[index - 1] && !before.endsWith('s')) ||
        pos[index - 1] === 'PROPN';
      return singular && form === lemma[index] && !SAME_FORM_PAST.has(form) && !form.endsWith('ing')
        ? index
        : -1;
    }
    if (!PHRASE_TAGS.has(tag) && !(tag === 'PRON' && POSSESSIVES.has(form))) return -1;
  }
  return -1;
}

/** Tags after "which" that make it a determiner ("Which way", "Which old car"), asking. */
const WHICH_DETERMINED = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** MOOD.REPORTING_TREE_SUBJECT: see MOOD.REPORTING_VERB_BEFORE_SUBJECT. */
const REPORTING_TREE_SUBJECT = 'MOOD.REPORTING_TREE_SUBJECT';

/** Whether the tree hangs a Subject (`nsubj`) on the clause's head after it. */
function treeSubjectAfter(view: ClauseView): boolean {
  const { tokens } = view.syntactic;
  for (let index = view.head + 1; index < tokens.length; index += 1)
    if (view.heads[index] === view.head && /^nsubj(?::|$)/.test(tokens[index]?.deprel ?? '')) return true;
  return false;
}

/** Index of the first token that is not punctuation (an opening quotation mark or bracket). */
function firstWordIndex(view: ClauseView): number {
  let index = 0;
  while (index < view.pos.length && view.pos[index] === 'PUNCT') index += 1;
  return index;
}

const UPPER_INITIAL = /^\p{Lu}/u;

/**
 * "How we move", "What they eat", "How the city votes": a WH-word, a Subject pronoun or a determined or
 * proper nominal group, then a lexical verb with no operator before it (so no Finite before the Subject),
 * in a short clause.
 */
function whClauseHeading(view: ClauseView, start: number): boolean {
  const { lower, pos, lemma } = view;
  if (!HEADING_WH.has(lower[start] ?? '') || lower.length - start > 10) return false;
  let verb = start + 1;
  if (NOMINATIVE_PRONOUNS.has(lower[verb] ?? '')) verb += 1;
  else if (lower[start] !== 'what' && (pos[verb] === 'DET' || pos[verb] === 'PROPN')) {
    verb += 1;
    while (
      verb < lower.length &&
      verb < start + 5 &&
      (pos[verb] === 'PROPN' || pos[verb] === 'NOUN' || pos[verb] === 'ADJ')
    )
      verb += 1;
    // A nominal group after the determiner: "How the city votes", not "How the ...".
    if (verb === start + 2 && pos[start + 1] === 'DET') return false;
  } else return false;
  const form = lower[verb] ?? '';
  // "how we envy them", "how time flies": a verb of feeling, or a tensed verb right after the Subject,
  // exclaims (see MOOD.EXCLAMATIVE_WH).
  if (lower[start] === 'how' && verb === start + 2 && (FEELING_VERBS.has(form) || form !== lemma[verb]))
    return false;
  return (
    pos[verb] === 'VERB' &&
    !form.endsWith('ing') &&
    (form !== lemma[verb] || NOMINATIVE_PRONOUNS.has(lower[verb - 1] ?? ''))
  );
}

/** Index of the first token after textual and interpersonal themes, vocatives and punctuation. */
export function firstExperientialIndex(view: ClauseView): number {
  const { lower, pos } = view;
  let index = listNumberCommand(view) ? 1 : 0;
  while (index < lower.length) {
    const word = lower[index] ?? '';
    const tag = pos[index] ?? 'X';
    if (SKIP_TAGS.has(tag) && !(tag === 'INTJ' && IMPERATIVE_OPENERS.has(word))) index += 1;
    else if (word === 'please' || word === 'kindly') index += 1;
    else if (
      (tag === 'ADV' || tag === 'SCONJ') &&
      (TEXTUAL_THEMES.has(word) || INTERPERSONAL_THEMES.has(word)) &&
      index + 1 < lower.length
    )
      index += 1;
    else if (tag === 'PROPN' && lower[index + 1] === ',') index += 2;
    else if (
      word === 'what' &&
      IS_FORMS.has(lower[index + 1] ?? '') &&
      lower[index + 2] === 'more' &&
      lower[index + 3] === ','
    )
      // MOOD.WHATS_MORE_THEME: "What's more, the price fell": a conjunctive Adjunct, not a question.
      index += 4;
    else if (tag === 'PROPN' && pos[index + 1] === 'PROPN' && lower[index + 2] === ',' && index > 0)
      // MOOD.DISCOURSE_OPENER: "Alright, Mr. Sova, please proceed": a vocative name after an opener.
      index += 3;
    else if (
      DISCOURSE_OPENERS.has(word) &&
      (lower[index + 1] === ',' ||
        TEXTUAL_THEMES.has(lower[index + 1] ?? '') ||
        IMPERATIVE_OPENERS.has(lower[index + 1] ?? ''))
    )
      // MOOD.DISCOURSE_OPENER: "Alright, ...", "Okay so let's ...": a continuative the model read as a
      // noun or determiner, not a Subject.
      index += 1;
    else break;
  }
  return index;
}

/** A step number of a list ("2", "3.") before a capitalised base verb: "2 Plant the seeds", "3. Water daily". */
const LIST_NUMBER = /^\d{1,2}[.)]?$/;

/** The clause opens with a list item's number and then a capitalised base-form verb (a numbered step). */
function listNumberCommand(view: ClauseView): boolean {
  const { lower, lemma, pos } = view;
  if (pos[0] !== 'NUM' || pos[1] !== 'VERB' || lower[1] !== lemma[1] || !LIST_NUMBER.test(lower[0] ?? ''))
    return false;
  const first = view.syntactic.tokens[1]?.text.charCodeAt(0) ?? 0;
  return first >= 65 && first <= 90;
}

function isMinorText(view: ClauseView): boolean {
  const words: string[] = [];
  for (let index = 0; index < view.lower.length; index += 1)
    if (view.pos[index] !== 'PUNCT') words.push(view.lower[index] ?? '');
  if (words.length === 0 || words.length > 4) return false;
  if (view.pos.every((tag) => tag === 'INTJ' || tag === 'PUNCT')) return true;
  return (
    MINOR_EXPRESSIONS.has(words.join('_')) ||
    (words.length <= 2 && words.every((word) => MINOR_EXPRESSIONS.has(word)))
  );
}

const TIME_OF_DAY = /^(am|pm|a\.m\.|p\.m\.)$/;
const ADDRESS = /@|^https?:|^www\./;

/**
 * MOOD.DATA_LINE: 'timestamp' when every word is a number, a symbol or am/pm ("04/26/2001 07:17 AM"),
 * 'address' for an e-mail address or link alone, 'header' for a field label and a colon ("Email: ...",
 * "Sent: Monday", "Re: the lease"); '' for anything else.
 */
function dataLine(view: ClauseView): string {
  const { lower, pos } = view;
  let words = 0;
  let numbers = 0;
  let addresses = 0;
  for (let index = 0; index < lower.length; index += 1) {
    const tag = pos[index];
    if (tag === 'PUNCT') continue;
    words += 1;
    const word = lower[index] ?? '';
    if (ADDRESS.test(word)) addresses += 1;
    else if (
      tag === 'NUM' ||
      tag === 'SYM' ||
      (TIME_OF_DAY.test(word) && index > 0 && pos[index - 1] === 'NUM')
    )
      numbers += 1;
    // A word that is neither (or one of each) rules out both: only the header form is left to read.
    if (numbers !== words && addresses !== words) break;
  }
  if (words > 0 && numbers === words) return 'timestamp';
  if (words > 0 && addresses === words) return 'address';
  const first = view.syntactic.tokens[0]?.text ?? '';
  if (lower[1] === ':' && HEADER_LABELS.has(lower[0] ?? '') && /^[A-Z]/.test(first)) return 'header';
  return '';
}

const HAS_DIGIT = /[0-9]/;
/**
 * A postcode: five or six digits ("92008", "100738"), with four more ("02114-3301"), or a letter-digit
 * code ("L-1520"); a longer number is a registration or account number.
 */
const POSTCODE = /^(?:[0-9]{5,6}(?:-[0-9]{4})?|[A-Z]{1,2}-?[0-9]{4,5})$/;

/** The label of an attached document: a letter, a roman or arabic number, or a numbered section ("6.1"). */
const ATTACHMENT_LABEL = /^(?:[A-Z]|[IVX]+|[0-9]+(?:\.[0-9]+)*|[A-Z]-?[0-9]+)$/;

/**
 * MOOD.ATTACHMENT_LABEL: the clause opens with a capitalised word that names an attached document
 * ("EXHIBIT", "Schedule") and its label ("A", "6.1", "II"), and no lower-case word follows the label
 * ("Exhibit A - Trademark License Agreement", "SCHEDULE A TO TRADEMARK ASSIGNMENT", not "Schedule 6
 * meetings a year"); no modal or finite "be" in the line.
 */
function attachmentLabel(view: ClauseView): boolean {
  const { lower, pos } = view;
  const tokens = view.syntactic.tokens;
  let first = 0;
  while (first < lower.length && pos[first] === 'PUNCT') first += 1;
  if (!ATTACHMENT_WORDS.has(lower[first] ?? '') || !/^[A-Z]/.test(tokens[first]?.text ?? '')) return false;
  if (!ATTACHMENT_LABEL.test(tokens[first + 1]?.text ?? '')) return false;
  for (let index = first + 2; index < lower.length; index += 1) {
    const word = lower[index] ?? '';
    if (MODAL_FORMS.has(word) || FINITE_BE_FORMS.has(word)) return false;
    if (/^[a-z]/.test(tokens[index]?.text ?? '')) return false;
  }
  return true;
}

/**
 * MOOD.ADDRESS_LINE: a line of a postal address or of a notice block ("Suite 400, 12 Harbor Road",
 * "Springfield, Ohio 45501", "Attention: General Counsel"): every word a capitalised name, a number or
 * one of a few linking words (c/o, of, and), none a pronoun, modal, finite "be", preposition, adverb,
 * particle or "-ed" participle ("IN ACCORDANCE WITH", "Registered"), and the line shows
 * it is an address: an addressee label and a colon first, a street or building word with a number, or
 * a postcode after a name. Returns what shows it ('label', 'street', 'postcode'), or ''. A label
 * ("Telephone:") later in the line counts when the line holds a number.
 */
function addressLine(view: ClauseView): string {
  const { lower, pos } = view;
  const tokens = view.syntactic.tokens;
  let words = 0;
  let digits = false;
  let street = false;
  let postcode = false;
  for (let index = 0; index < lower.length; index += 1) {
    const tag = pos[index];
    if (tag === 'PUNCT' || tag === 'SYM') continue;
    const word = lower[index] ?? '';
    const text = tokens[index]?.text ?? '';
    if (tag === 'PRON' || MODAL_FORMS.has(word) || FINITE_BE_FORMS.has(word)) return '';
    words += 1;
    if (HAS_DIGIT.test(word)) {
      digits = true;
      if (POSTCODE.test(text) && index > 0 && /^[A-Z]/.test(tokens[index - 1]?.text ?? '')) postcode = true;
      continue;
    }
    if (ADDRESS_WORDS.has(word)) street = true;
    if (ADDRESS_FUNCTION_WORDS.has(word)) continue;
    if (!/^[A-Z]/.test(text)) return '';
    // A capitalised preposition, adverb or particle ("TO A COURT IN ...") or participle ("Registered")
    // belongs to a sentence or a table row in capitals, not to an address.
    if (tag === 'ADP' || tag === 'ADV' || tag === 'SCONJ' || tag === 'PART') return '';
    if (tag === 'VERB' && word.endsWith('ed') && word !== view.lemma[index]) return '';
  }
  if (words < 2 || view.sentenceFinal === '?') return '';
  for (let index = 0; index + 1 < lower.length; index += 1)
    if (ADDRESS_LABELS.has(lower[index] ?? '') && lower[index + 1] === ':' && (index === 0 || digits))
      return 'label';
  if (street && digits) return 'street';
  return postcode ? 'postcode' : '';
}

/**
 * MOOD.MINOR_FORMULA: a chain of minor expressions, optionally closed by intensifiers ("Thank you so
 * much", "No problem at all"), a prepositional phrase after a greeting-type expression ("Good luck with the
 * exam"), or a vocative ("Kind regards, Anna", "Well done, team!", "Yes, of course"). Returns the
 * expressions matched, or '' when the clause is not such a formula. Reads at most a few words ahead.
 */
/** The number of words (up to four) of the minor expression that starts at `index`, or 0. */
function minorExpressionAt(lower: readonly string[], index: number, count: number): number {
  for (let size = Math.min(4, count - index); size >= 1; size -= 1) {
    let key = lower[index] ?? '';
    for (let offset = 1; offset < size; offset += 1) key += `_${lower[index + offset] ?? ''}`;
    if (MINOR_EXPRESSIONS.has(key)) return size;
  }
  return 0;
}

function minorFormula(view: ClauseView): string {
  const { lower, pos } = view;
  const count = lower.length;
  let index = 0;
  while (index < count && pos[index] === 'PUNCT') index += 1;
  const found: string[] = [];
  let comma = false;
  while (index < count) {
    if (pos[index] === 'PUNCT') {
      if (lower[index] === ',') comma = true;
      index += 1;
      continue;
    }
    let matched = minorExpressionAt(lower, index, count);
    // "Good morning, and welcome to the call.": "and" between two expressions.
    if (
      matched === 0 &&
      lower[index] === 'and' &&
      found.length > 0 &&
      minorExpressionAt(lower, index + 1, count) > 0
    ) {
      index += 1;
      matched = minorExpressionAt(lower, index, count);
    }
    if (matched === 0) break;
    const expression = lower.slice(index, index + matched).join('_');
    found.push(expression);
    index += matched;
    comma = false;
  }
  if (found.length === 0) return '';
  const lastFound = found[found.length - 1] ?? '';
  while (index < count && MINOR_TAIL_INTENSIFIERS.has(lower[index] ?? '') && pos[index] !== 'PUNCT')
    index += 1;
  // "Thanks, everyone, for joining us": the people thanked (the tree's `vocative`) and their commas.
  let phraseAt = index;
  while (
    phraseAt < count &&
    (view.syntactic.tokens[phraseAt]?.deprel === 'vocative' ||
      (lower[phraseAt] === ',' && view.syntactic.tokens[phraseAt + 1]?.deprel === 'vocative') ||
      (lower[phraseAt] === ',' && view.syntactic.tokens[phraseAt - 1]?.deprel === 'vocative'))
  )
    phraseAt += 1;
  if (phraseAt > index && MINOR_PHRASE_PREPOSITIONS.has(lower[phraseAt] ?? '')) index = phraseAt;
  if (
    index < count &&
    MINOR_WITH_PHRASE.has(lastFound) &&
    MINOR_PHRASE_PREPOSITIONS.has(lower[index] ?? '')
  ) {
    // "Good luck with the exam", "Thanks for helping": no Finite and no Subject pronoun in the phrase.
    for (let probe = index + 1; probe < count; probe += 1) {
      if (pos[probe] === 'AUX' || SUBJECT_PRONOUNS.has(lower[probe] ?? '')) return '';
      if (pos[probe] === 'PUNCT' && lower[probe] !== ',' && probe < count - 1) return '';
    }
    return found.join(' ');
  }
  while (index < count && pos[index] === 'PUNCT') {
    if (lower[index] === ',') comma = true;
    index += 1;
  }
  // A vocative: after a comma one to three names or nouns; without a comma only capitalised names.
  let names = 0;
  while (
    index < count &&
    names < 3 &&
    (pos[index] === 'PROPN' || VOCATIVE_PRONOUNS.has(lower[index] ?? '') || (comma && pos[index] === 'NOUN'))
  ) {
    index += 1;
    names += 1;
  }
  while (index < count && pos[index] === 'PUNCT') index += 1;
  return index === count ? found.join(' ') : '';
}

/** A rule's conclusion: the mood, its confidence, and the premises the rule adds to the common ones. */
export interface MoodVerdict {
  readonly mood: Mood;
  readonly confidence: number;
  readonly premises?: readonly Premise[];
}

/** A worked example: an invented sentence whose main clause the rule decides, with the mood it gives. */
export interface MoodExample {
  readonly text: string;
  readonly mood: Mood;
}

/**
 * One row of the mood table. `id` switches the rule off (`createPipeline({ disabledRules })`) and is
 * written in the reasoning trace, unless `trace` names the older id several rows share (a question read
 * two ways is still `MOOD.FINITE_BEFORE_SUBJECT` in the trace). `when` says whether the rule holds (a
 * string it returns, when not empty, is what it found and goes to `decide`); `decide` gives the verdict.
 */
export interface MoodRule {
  readonly id: string;
  readonly trace?: string;
  readonly when: (clause: MoodClause) => boolean | string;
  readonly decide: (clause: MoodClause, found: string) => MoodVerdict;
  /** Invented sentences whose main clause this rule decides (run as its tests). */
  readonly examples: readonly MoodExample[];
}

/** The operator that opens a clause, the words after it up to its Subject, and whether "not" is among them. */
interface OperatorOpening {
  /** Index after the operator's particles and adverbs (where the Subject would stand). */
  readonly after: number;
  readonly negated: boolean;
  /** `declarativeInversion` at `after` ('' with a "?", or when the Finite does not stand before a Subject). */
  readonly inversion: string;
}

/**
 * What the mood rules read of one clause, each fact computed once and only when a rule asks for it: the
 * clause view, the block it sits in (heading, standalone dependent), the first experiential element, the
 * tree's Subject and Finite, and the word-order facts several rules share.
 */
export class MoodClause {
  readonly hasFinite: boolean;
  readonly final: string;
  #start = -1;
  #facts: TreeMoodFacts | undefined;
  #minorText: boolean | undefined;
  #structure: { value: boolean | undefined } | undefined;
  #operator: OperatorOpening | null | undefined;
  #verbAt = -1;
  #subjectBefore: boolean | undefined;
  #after: { readonly id: string; readonly decided: RowDecision } | undefined;

  constructor(
    readonly view: ClauseView,
    readonly heading: boolean,
    readonly standalone: boolean,
    readonly disabled: ReadonlySet<string> | undefined,
    /** Earlier clauses of the document (the last few), for the rows that read the clause before. */
    readonly previous?: readonly Syntactic[],
    /**
     * The operator of the list of duties the clause is a member of ("shall" of "The Tenant shall:" |
     * "(a) pay the rent"; the pipeline's list state, src/list-operator.ts), '' when it is no member.
     */
    readonly listOperator = '',
    /** The moods the pipeline gave the clauses of `previous`, in the same order. */
    readonly previousMoods?: readonly Mood[],
  ) {
    this.hasFinite = view.finite >= 0;
    this.final = view.sentenceFinal;
  }

  /**
   * The rule and verdict of the rows after row `id` (skipping the disabled ones), computed once: what a
   * row that revises the rest of the table's reading (MOOD.COORDINATED_PREDICATE) reads.
   */
  after(id: string): RowDecision {
    if (this.#after?.id !== id) {
      const index = MOOD_RULES.findIndex((rule) => rule.id === id);
      this.#after = { id, decided: decideFrom(this, index + 1) };
    }
    return this.#after.decided;
  }

  get dependency(): string {
    return this.view.syntactic.dependency;
  }

  /** Index of the first experiential element (`firstExperientialIndex`). */
  get start(): number {
    if (this.#start < 0) this.#start = firstExperientialIndex(this.view);
    return this.#start;
  }

  /** The first experiential element, lower-cased ('' past the end). */
  get word(): string {
    return this.view.lower[this.start] ?? '';
  }

  get tag(): Upos | undefined {
    return this.view.pos[this.start];
  }

  /** A WH-word first ("that" is none). */
  get wh(): boolean {
    return WH_WORDS.has(this.word);
  }

  /** Subject and Finite as the tree shows them (mood-tree.ts). */
  get facts(): TreeMoodFacts {
    this.#facts ??= treeMoodFacts(this.view, this.start, this.disabled);
    return this.#facts;
  }

  get minorText(): boolean {
    this.#minorText ??= isMinorText(this.view);
    return this.#minorText;
  }

  /**
   * After "what"/"how" with no "?": true when a Subject precedes the Finite or nothing follows the
   * WH-phrase (exclamative), false when a Finite comes right after it (question), undefined otherwise.
   */
  get structure(): boolean | undefined {
    if (this.#structure === undefined) {
      const { view, start, word } = this;
      this.#structure = {
        value:
          this.final === '?'
            ? undefined
            : word === 'what'
              ? whatStructure(view, start)
              : word === 'how'
                ? howStructure(view, start)
                : undefined,
      };
    }
    return this.#structure.value;
  }

  /** The operator first ("Is it ...", "Don't ...", "Did they ..."), or null when the clause does not open with one. */
  get operator(): OperatorOpening | null {
    if (this.#operator === undefined) {
      const { view, start, word, tag } = this;
      const { lower, pos } = view;
      if (
        (tag === 'AUX' && !NON_FINITE_AUX.has(word)) ||
        (tag === 'VERB' && DO_FORMS.has(word) && verbAfter(view, start + 1))
      ) {
        let after = start + 1;
        let negated = false;
        while (
          after < lower.length &&
          (pos[after] === 'PART' || (pos[after] === 'ADV' && pos[after + 1] !== 'PUNCT'))
        ) {
          if (lower[after] === 'not' || lower[after] === "n't" || lower[after] === 'n’t') negated = true;
          after += 1;
        }
        const inversion = this.final === '?' ? '' : declarativeInversion(view, start, after);
        this.#operator = { after, negated, inversion };
      } else this.#operator = null;
    }
    return this.#operator;
  }

  /** Where the base verb of a command would stand: the first element, or past one or two adverbs ("Just call me"). */
  get verbAt(): number {
    if (this.#verbAt < 0) {
      const { pos, lower } = this.view;
      let verbAt = this.start;
      while (pos[verbAt] === 'ADV' && verbAt + 1 < lower.length && verbAt - this.start < 2) verbAt += 1;
      this.#verbAt = pos[verbAt] !== 'VERB' ? this.start : verbAt;
    }
    return this.#verbAt;
  }

  /** A base-form verb at `verbAt` that opens the verbal group. */
  get baseVerb(): boolean {
    const { view, verbAt } = this;
    return (
      view.pos[verbAt] === 'VERB' &&
      view.lower[verbAt] === view.lemma[verbAt] &&
      (view.verbalGroup?.start === verbAt || view.verbalGroup?.start === this.start)
    );
  }

  /** A nominal before the Finite (or before the head when there is none), from the first element on. */
  get subjectBefore(): boolean {
    if (this.#subjectBefore === undefined) {
      const finiteAt = this.hasFinite ? this.view.finite : this.view.head;
      let found = false;
      const { lower } = this.view;
      for (let index = this.start; index < finiteAt; index += 1) {
        // MOOD.ENUMERATOR_NO_SUBJECT: a list enumerator ("(b) was received", "(ii) is generated") is no
        // Subject.
        if (
          lower[index - 1] === '(' &&
          lower[index + 1] === ')' &&
          ENUMERATOR_WORD.test(lower[index] ?? '') &&
          this.disabled?.has('MOOD.ENUMERATOR_NO_SUBJECT') !== true
        ) {
          index += 1;
          continue;
        }
        if (isSubjectLike(this.view.pos[index])) found = true;
      }
      this.#subjectBefore = found;
    }
    return this.#subjectBefore;
  }
}

/** The premise every word-order rule cites: the first experiential element. */
function firstElement(clause: MoodClause): Premise {
  const { word, tag } = clause;
  return { label: 'first_element', value: word === '' ? 'none' : `${word}/${tag ?? ''}` };
}

/** Premises of the word-order rules: the first element, then the rule's own. */
const wordOrder = (clause: MoodClause, ...own: Premise[]): Premise[] => [firstElement(clause), ...own];

/** Premises of the last rules: the first element and whether a Subject stands before the Finite. */
const subjectOrder = (clause: MoodClause, ...own: Premise[]): Premise[] => [
  firstElement(clause),
  { label: 'subject_position', value: clause.subjectBefore ? 'before_finite' : 'none' },
  ...own,
];

const NO_SUBJECT: Premise = { label: 'subject_position', value: 'none' };
const AFTER_FINITE: Premise = { label: 'subject_position', value: 'after_finite' };
const BASE_FORM: Premise = { label: 'verb_form', value: 'base' };
const PARENT_NONE: Premise = { label: 'parent_clause', value: 'none' };
const isDependent = (clause: MoodClause) =>
  clause.dependency === 'hypotactic' || clause.dependency === 'embedded';
const verdict = (mood: Mood, confidence: number, premises?: readonly Premise[]): MoodVerdict =>
  premises === undefined ? { mood, confidence } : { mood, confidence, premises };

/** WH-words that open an adverbial part before the main clause ("Where applicable, ...", "When ..., the ..."). */
const WH_OPENING_SUBORDINATORS: ReadonlySet<string> = new Set(['when', 'where', 'whenever', 'wherever']);

/** "How to apply:", "How to Grow Basil": a WH-word, "to" and a verb, as a title (a colon after it, or the verb capitalised). */
function whInfinitiveHeading(clause: MoodClause): boolean {
  const { view, start } = clause;
  const { lower, pos, lemma, syntactic } = view;
  if (lower[start + 1] !== 'to') return false;
  const infinitive = lower[start + 2] ?? '';
  const title =
    lower[lower.length - 1] === ':' || UPPER_INITIAL.test(syntactic.tokens[start + 2]?.text ?? '');
  return (
    title &&
    (pos[start + 2] === 'VERB' || (infinitive === lemma[start + 2] && hasPosReading(infinitive, 'VERB')))
  );
}

/**
 * "What a lovely day", "How kind you are", "How kind of you", "how time flies": an exclamative opening
 * the WH-structure readers left undecided.
 */
function exclamativeWhOpening(clause: MoodClause): boolean {
  const { view, start, word, hasFinite, final } = clause;
  const { lower, pos, lemma } = view;
  const next = pos[start + 1];
  const exclamativeOpening =
    (word === 'what' &&
      (lower[start + 1] === 'a' ||
        lower[start + 1] === 'an' ||
        lower[start + 1] === 'such' ||
        // "What tidy gardens": an adjective, which the trained tagger may read as a compound noun.
        ((next === 'ADJ' || (next === 'NOUN' && hasPosReading(lower[start + 1] ?? '', 'ADJ'))) &&
          !WHAT_QUESTION_ADJECTIVES.has(lower[start + 1] ?? '') &&
          nominalThenSubject(view, start + 1)))) ||
    (word === 'how' &&
      next !== undefined &&
      EXCLAMATIVE_NEXT.has(next) &&
      lower[start + 1] !== 'many' &&
      lower[start + 1] !== 'much');
  // Without "!" and without a Finite after it, "how long until the war" asks rather than exclaims.
  const exclaims = final === '!' || word === 'what' || (hasFinite && !invertedAfter(view, start + 2));
  if (exclamativeOpening && final !== '?' && exclaims) return true;
  if (word !== 'how' || final === '?') return false;
  // "How kind you are!", "How I hate these meetings!": "how" with the Subject before the Finite and
  // "!"; "How lovely", "How amazing" (no verb, an evaluative adjective) exclaim without punctuation.
  // "How very kind", "How incredibly beautiful": an intensifier before the adjective.
  const adjectiveAt = next === 'ADV' && pos[start + 2] === 'ADJ' ? start + 2 : start + 1;
  const evaluative = !HOW_QUESTION_ADJECTIVES.has(lower[adjectiveAt] ?? '');
  return (
    (final === '!' && !invertedAfter(view, start + 1)) ||
    // "How kind of you", "How nice of you to come".
    (evaluative &&
      (pos[adjectiveAt] === 'ADJ' || pos[adjectiveAt] === 'NOUN') &&
      lower[adjectiveAt + 1] === 'of' &&
      pos[adjectiveAt + 2] === 'PRON') ||
    (!hasFinite && pos[adjectiveAt] === 'ADJ' && evaluative && !verbAfter(view, adjectiveAt)) ||
    // "how time flies", "how I miss those days": Subject then a lexical Finite, no operator.
    (isSubjectLike(next) &&
      pos[start + 2] === 'VERB' &&
      (lower[start + 2] !== lemma[start + 2]
        ? (lower[start + 2] ?? '').endsWith('s')
        : FEELING_VERBS.has(lower[start + 2] ?? '')))
  );
}

/** "Thank you for your time", "Hope this helps", "Love this park", "Email:": a base verb whose Subject is left out. */
function ellipticalSubjectVerb(clause: MoodClause): boolean {
  const { view, verbAt, start } = clause;
  const verbWord = view.lower[verbAt] ?? '';
  return (
    view.pos[verbAt] === 'VERB' &&
    verbWord === view.lemma[verbAt] &&
    (ELLIPTICAL_SUBJECT_VERBS.has(verbWord) ||
      (view.lower[verbAt + 1] === ':' && verbAt === 0) ||
      firstPersonEllipsis(view, start, verbAt))
  );
}

/** Relations only a nominal takes: a determiner, an adjective, a numeral, a possessor. */
const NOMINAL_ONLY_RELATION = /^(det|amod|nummod|nmod:poss)(:|$)/;
/** Classes of a word that may be a Subject. */
const NOMINAL_SUBJECT_TAGS = new Set<Upos>(['NOUN', 'PROPN', 'PRON']);
/** Relations that give a clause a predicate: a Subject, an auxiliary, a copula. */
const PREDICATE_RELATION = /^(nsubj|csubj|expl|aux|cop)(:|$)/;
/**
 * Classes of a root that is no predicator without a copula or auxiliary ("Fine since ...", "Not
 * certain if ..."); not a noun or name, which before a dependent clause is often a vocative the tagger
 * read as a noun ("Phil if you could ..."), nor an adverb, which is often part of the subordinator
 * ("As long as she stays", "Not long before he left").
 */
const VERBLESS_HEAD_TAGS = new Set<Upos>(['ADJ']);
/** Relations only a verb takes: objects, complements, obliques, particles. */
const VERB_ONLY_RELATION = /^(obj|iobj|xcomp|ccomp|obl|compound:prt)(:|$)/;

/** Relations that hang a word inside a nominal group (a name's parts, a modifier, an apposition). */
const INSIDE_NOMINAL_RELATION = /^(nmod|appos|flat|compound|amod|nummod|discourse|vocative)(:|$)/;
/** Classes of a root that heads a nominal group. */
const NOMINAL_ROOT_TAGS = new Set<Upos>(['NOUN', 'PROPN']);

/**
 * "Photo by Laity Lodge Family Camp", "Editorial Manager Chet Clem": the sentence root is a noun or
 * name with no Subject, copula or auxiliary anywhere in the clause, and the word the tagger read as the
 * Finite hangs inside the root's nominal group (nmod, appos, flat, compound, amod, nummod); returns
 * "finite/relation" or ''.
 */
function finiteInsideNominalRoot(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = rootIndex(view);
  const rootToken = tokens[root];
  if (rootToken === undefined || !NOMINAL_ROOT_TAGS.has(rootToken.pos)) return '';
  const finiteToken = tokens[view.finite];
  if (finiteToken === undefined || !INSIDE_NOMINAL_RELATION.test(finiteToken.deprel)) return '';
  const form = view.lower[view.finite] ?? '';
  // "Buyer beware!": a base verb right after the root is a command to a vocative; "... advanced 53
  // cents": a past form after a nominal is the tensed verb the parse missed.
  if ((view.finite === root + 1 && form === view.lemma[view.finite]) || form.endsWith('ed')) return '';
  const byStart = new Map(tokens.map((token) => [token.start, token]));
  for (const token of tokens) {
    if (PREDICATE_RELATION.test(token.deprel)) return '';
    // "In London, the price ...": a root with a preposition is an opening phrase the parse took for the whole.
    if (token.deprel === 'case' && token.headStart === rootToken.start) return '';
    // Every verb the tagger saw hangs inside a nominal: none heads a clause of its own.
    if ((token.pos === 'VERB' || token.pos === 'AUX') && !INSIDE_NOMINAL_RELATION.test(token.deprel))
      return '';
  }
  // The Finite's chain of heads reaches the root through nominal relations only.
  let at: (typeof tokens)[number] | undefined = finiteToken;
  for (let steps = 0; at !== undefined && at !== rootToken && steps < tokens.length; steps += 1) {
    if (!INSIDE_NOMINAL_RELATION.test(at.deprel) && at.deprel !== 'conj') return '';
    at = at.headStart === null ? undefined : byStart.get(at.headStart);
  }
  if (at !== rootToken) return '';
  return `${finiteToken.text}/${finiteToken.deprel}`;
}

/**
 * "The other moaned and left", "The Second Circuit didn't.": the sentence root is a verb or auxiliary
 * in a tensed form (past or -s, or a finite operator), a determiner, adjective or possessive before it
 * hangs on it (det, amod, nmod:poss) and nothing is its Subject, auxiliary or copula: the parse took
 * the Subject's words for modifiers of the verb. Returns "modifier/relation" or ''.
 */
function determinerBeforeTensedRoot(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = rootIndex(view);
  const rootToken = tokens[root];
  if (rootToken === undefined || (rootToken.pos !== 'VERB' && rootToken.pos !== 'AUX')) return '';
  const form = view.lower[root] ?? '';
  const lemma = (view.lemma[root] ?? '').toLowerCase();
  const tensed =
    rootToken.pos === 'AUX'
      ? FINITE_OPERATOR_FORMS.has(form)
      : form !== lemma && !form.endsWith('ing') && isFiniteLexicalForm(form, lemma, true);
  if (!tensed) return '';
  let modifier = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined || token.headStart !== rootToken.start) continue;
    if (PREDICATE_RELATION.test(token.deprel)) return '';
    if (modifier < 0 && index < root && NOMINAL_ONLY_RELATION.test(token.deprel)) modifier = index;
  }
  const found = tokens[modifier];
  return found === undefined ? '' : `${found.text}/${found.deprel}`;
}

/** Classes of a root that is a Complement or Adjunct after a copula ("very tall", "down at the shop"). */
const CLITIC_COMPLEMENT_TAGS = new Set<Upos>(['ADJ', 'ADV']);

/**
 * "My sister's very tall.", "Our mom's down at the shop.": an "'s" after a noun or pronoun that hangs
 * on the root as its possessor or Subject (nmod:poss, nsubj), where the root is an adjective, adverb
 * or a phrase with a preposition, so no possessed noun follows: the "'s" is "is", the Finite. Returns
 * "noun 's" or ''.
 */
function cliticCopulaBeforeComplement(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = rootIndex(view);
  const rootToken = tokens[root];
  if (rootToken === undefined) return '';
  // The root's last preposition: "to Dad" after the "'s" is a Complement; "From Friday's Daily Star"
  // opens with one and is a heading.
  let preposition = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined || token.headStart !== rootToken.start) continue;
    if (/^(aux|cop)(:|$)/.test(token.deprel) && !S_CLITICS.has(token.text.toLowerCase())) return '';
    if (token.deprel === 'case') preposition = index;
  }
  const adjectiveOrAdverb = CLITIC_COMPLEMENT_TAGS.has(rootToken.pos);
  if (!adjectiveOrAdverb && (preposition < 0 || rootToken.pos === 'VERB')) return '';
  for (let index = 1; index < root && (adjectiveOrAdverb || index < preposition); index += 1) {
    const clitic = tokens[index];
    if (clitic === undefined || !S_CLITICS.has(clitic.text.toLowerCase())) continue;
    const noun = tokens[index - 1];
    if (noun === undefined || !NOMINAL_SUBJECT_TAGS.has(noun.pos)) continue;
    const onRoot = noun.headStart === rootToken.start && /^(nmod:poss|nsubj)(:|$)/.test(noun.deprel);
    if (onRoot && (clitic.deprel === 'cop' || clitic.headStart === noun.start))
      return `${noun.text} ${clitic.text}`;
  }
  return '';
}

/** Local index of the sentence root when it lies in the clause, else -1. */
function rootIndex(view: ClauseView): number {
  const { tokens } = view.syntactic;
  for (let index = 0; index < tokens.length; index += 1)
    if (tokens[index]?.headStart === null && tokens[index]?.deprel === 'root') return index;
  return -1;
}

/**
 * "Cheapest drinks on the coast!", "A Big Help!", "Local reasons for delay": the tagger read the head
 * noun as a verb, but the parse hangs a determiner, an adjective, a numeral or a possessor on it before
 * it, which only a nominal takes, with no noun or pronoun between them (which could be the Subject:
 * "the water rose"), nothing that only a verb takes (an object, a complement, an oblique) after it, and
 * nothing in the clause is a Subject, auxiliary or copula. Returns
 * "root/modifier/relation", or ''.
 */
function verbRootWithNominalDependent(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = rootIndex(view);
  const rootToken = tokens[root];
  if (rootToken === undefined || rootToken.pos !== 'VERB') return '';
  // A past or -ing form may be tensed or progressive after a Subject the parse took for a modifier
  // ("The other moaned", "your going"); a noun read as a verb has the base or the plural form.
  const form = view.lower[root] ?? '';
  if (form !== view.lemma[root] && !form.endsWith('s')) return '';
  let modifier = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (PREDICATE_RELATION.test(token.deprel)) return '';
    // "These look fine to me", "The proposal paints broad strokes": a complement or object makes it a verb after all.
    if (token.headStart === rootToken.start && VERB_ONLY_RELATION.test(token.deprel)) return '';
    if (
      modifier < 0 &&
      index < root &&
      token.headStart === rootToken.start &&
      NOMINAL_ONLY_RELATION.test(token.deprel)
    )
      modifier = index;
  }
  const found = tokens[modifier];
  if (found === undefined) return '';
  // "the water rose": a nominal between the modifier and the root may be the root's Subject.
  for (let index = modifier + 1; index < root; index += 1)
    if (
      NOMINAL_SUBJECT_TAGS.has(tokens[index]?.pos ?? 'X') &&
      !NOMINAL_ONLY_RELATION.test(tokens[index]?.deprel ?? '')
    )
      return '';
  return `${rootToken.text}/${found.text}/${found.deprel}`;
}

/**
 * "Fine since it is a holiday.", "Not certain if the bus runs today.", "Very happy since ...": the
 * clause holds the sentence root, an adjective with no Subject, copula or
 * auxiliary, before the subordinator of the finite clause that hangs on it: the main part is verbless,
 * the finite verb is the dependent's. Returns "root/class", or ''.
 */
function verblessRootBeforeDependent(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = rootIndex(view);
  const rootToken = tokens[root];
  if (rootToken === undefined || !VERBLESS_HEAD_TAGS.has(rootToken.pos)) return '';
  let mark = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (token.headStart === rootToken.start && PREDICATE_RELATION.test(token.deprel)) return '';
    if (mark < 0 && /^mark(:|$)/.test(token.deprel)) mark = index;
  }
  return mark > root ? `${rootToken.text}/${rootToken.pos}` : '';
}

const ELLIPTED_SUBJECT: Premise[] = [
  { label: 'subject_position', value: 'ellipted' },
  { label: 'tree_subject', value: 'none (no nsubj/csubj/expl)' },
];

/** A base verb with no Subject opens the clause, or "never"/"always" before one ("Never give up"). */
function commandVerb(clause: MoodClause): boolean {
  const { view, start, word } = clause;
  return (
    clause.baseVerb ||
    ((word === 'never' || word === 'always') &&
      view.pos[start + 1] === 'VERB' &&
      view.lower[start + 1] === view.lemma[start + 1])
  );
}

/**
 * Whether the clause's own words stop where a quotation opens, with no "?" of their own: 'Nonna goes
 * "', 'I was like “'. The sentence's question mark then closes the quoted clause, not this one. (After
 * a colon UD's gold and ours still read the whole sentence as the question: "I tell them: why not?")
 */
function opensQuotation(view: ClauseView): boolean {
  const { lower, pos } = view;
  const last = lower.length - 1;
  if (last < 1 || lower.includes('?')) return false;
  const word = lower[last] ?? '';
  if (CURLY_OPENING_QUOTES.has(word)) return true;
  return STRAIGHT_QUOTES.has(word) && pos[last - 1] !== 'PUNCT';
}

/** Tags the tagger gives a sentence-initial command verb by mistake. */
const OPENING_VERB_SLIP_TAGS = new Set<Upos>(['PROPN', 'NOUN', 'ADV', 'ADJ']);
const OPENING_OBJECT_TAGS = new Set<Upos>(['NOUN', 'DET', 'PRON', 'NUM', 'ADJ']);
const MANNER_ADVERB = /^[a-z]{3,}ly$/;

/**
 * The first word of an independent clause with no Finite, no Subject and no "?", opening the sentence
 * with a capital, tagged as a name, noun, adverb or adjective, in a base form the lexicon allows as a
 * verb, and followed by what only a verb takes there: a determiner or possessive ("Pour some", "Pat
 * the"), a particle before its object ("Pat down soil"), or a manner adverb in "-ly" ("Press gently").
 * Returns the word and its tag, or ''.
 */
function openingVerbMistagged(clause: MoodClause): string {
  const { view, start, final } = clause;
  if (clause.dependency !== 'independent' || final === '?' || clause.hasFinite || start !== 0) return '';
  if (clause.facts.subject >= 0) return '';
  const tag = view.pos[start];
  const word = view.lower[start] ?? '';
  const text = view.syntactic.tokens[start]?.text ?? '';
  if (tag === undefined || !OPENING_VERB_SLIP_TAGS.has(tag) || !UPPER_INITIAL.test(text)) return '';
  if (/(?:ing|ed)$/.test(word) || (word.endsWith('s') && !word.endsWith('ss'))) return '';
  if (!hasPosReading(word, 'VERB')) return '';
  const next = view.lower[start + 1] ?? '';
  const nextTag = view.pos[start + 1];
  const objectAfter =
    nextTag === 'DET' ||
    POSSESSIVES.has(next) ||
    (COMMAND_PARTICLES.has(next) && OPENING_OBJECT_TAGS.has(view.pos[start + 2] ?? 'X')) ||
    (nextTag === 'ADV' && MANNER_ADVERB.test(next));
  return objectAfter ? `${word}/${tag} (a verb reading)` : '';
}

/** A list step's number: "2", "3.", "4)" (a separate "." or ")" may follow a bare number). */
const STEP_NUMBER = /^\d{1,2}[.)]?$/;
const STEP_CLOSERS = new Set(['.', ')']);
const QUOTE_MARKS: ReadonlySet<string> = new Set(['"', '“', "'", '‘']);
/** Marks between the items of a path through a program's menus ("Settings > Storage"). */
const MENU_PATH_MARKS: ReadonlySet<string> = new Set(['>', '→', '»']);
/** A clause's end that opens a list: a colon, maybe with the first item's number after it ("following: 1."). */
const LIST_OPENING_END = /:\s*(?:\(?\d{1,2}[.)]?)?\s*$/;

/**
 * MOOD.LIST_STEP_COMMAND: "6. Delete the second line.", "4) Call your vet.", "2 Plant seeds indoors.",
 * "1 Water and prune.": an independent clause with a stop ("." or "!") opening with a step number
 * (with its "." or ")" as a token of its own or not, an opening "(" allowed) and then a capitalised
 * word in its base form (no "-ing", "-ed" or "-s") that is a verb, or that the tagger read as a noun,
 * name or adjective and the lexicon allows as a verb; no other word of the clause is finite and
 * nothing is a Subject but that word: a numbered instruction, the number its label. A heading ("2.
 * Mountain Visualization", "4. Discussion.", "2. Garden Design.") has no verb reading, no stop, or
 * every later word of four letters or more capitalised. Returns the number and the verb, or ''.
 */
/** Whether the clause's WH-word is written in capitals and followed by "...", "…" or a colon (a label). */
function whLabel(clause: MoodClause): boolean {
  const tokens = clause.view.syntactic.tokens;
  const word = tokens[clause.start]?.text ?? '';
  return /^\p{Lu}{3,}$/u.test(word) && WH_LABEL_MARKS.has(tokens[clause.start + 1]?.text ?? '');
}

const WH_LABEL_MARKS: ReadonlySet<string> = new Set(['...', '…', ':']);

function listStepCommand(clause: MoodClause): string {
  const { view, final } = clause;
  if (clause.dependency !== 'independent' || (final !== '.' && final !== '!')) return '';
  // "2 Sow the seeds": a verb straight after the number that the parse does not hang inside a nominal
  // group ("2 Plant seeds": `compound` of "seeds") is MOOD.LIST_ITEM_COMMAND's.
  const stepRelation = view.syntactic.tokens[1]?.deprel ?? '';
  if (
    listNumberCommand(view) &&
    commandVerb(clause) &&
    !INSIDE_NOMINAL_RELATION.test(stepRelation) &&
    !stepRelation.startsWith('nsubj')
  )
    return '';
  const { lower, pos } = view;
  let at = lower[0] === '(' ? 1 : 0;
  const number = at;
  if (pos[number] !== 'NUM' || !STEP_NUMBER.test(lower[number] ?? '')) return '';
  at += 1;
  if (/^\d+$/.test(lower[number] ?? '') && STEP_CLOSERS.has(lower[at] ?? '')) at += 1;
  const verb = at;
  const word = lower[verb] ?? '';
  const tag = pos[verb];
  const text = view.syntactic.tokens[verb]?.text ?? '';
  if (tag === undefined || !UPPER_INITIAL.test(text) || (view.lemma[verb] ?? '').toLowerCase() !== word)
    return '';
  if (/(?:ing|ed)$/.test(word) || (word.endsWith('s') && !word.endsWith('ss'))) return '';
  if (tag !== 'VERB' && !(OPENING_VERB_SLIP_TAGS.has(tag) && tag !== 'ADV' && hasPosReading(word, 'VERB')))
    return '';
  // What follows the verb is what a verb takes: a determiner, pronoun, possessive, a number before a
  // noun (a quantity), a plural noun or a particle (its object), "and" and a second verb ("1 Water and
  // prune"); a verb the tagger read as a verb may also take a preposition, an adverb or a singular
  // noun, or an adjective before its noun ("3. Bargain with them.", "3. Review other jobs."). "3. Term of this Agreement.", "2. Charge applicable.", "3 Section
  // 1.1.", "8. Review:" are headings or references.
  // A quoted name of a button or menu ("2. Click \"Upload\"") is the verb's object.
  const quoted = QUOTE_MARKS.has(lower[verb + 1] ?? '') ? 1 : 0;
  const next = lower[verb + 1 + quoted] ?? '';
  const nextTag = pos[verb + 1 + quoted];
  const object =
    quoted === 1 ||
    nextTag === 'DET' ||
    nextTag === 'PRON' ||
    (nextTag === 'NUM' && pos[verb + 2] === 'NOUN') ||
    POSSESSIVES.has(next) ||
    COMMAND_PARTICLES.has(next) ||
    (nextTag === 'NOUN' && next.endsWith('s') && next !== (view.lemma[verb + 1] ?? '').toLowerCase()) ||
    (nextTag === 'CCONJ' && hasPosReading(lower[verb + 2] ?? '', 'VERB')) ||
    (tag === 'VERB' && (nextTag === 'ADP' || nextTag === 'ADV' || nextTag === 'NOUN')) ||
    (tag === 'VERB' &&
      nextTag === 'ADJ' &&
      (pos[verb + 2] === 'NOUN' || pos[verb + 2] === 'ADJ' || pos[verb + 2] === 'VERB'));
  if (!object) return '';
  // "Party B shall: 1. Provide the site. 2. Ensure ...", "The Developer agrees to do the following: 1.
  // Create ...": a numbered item soon after a clause ending in a colon is a member of the list that
  // clause opens (a contract's obligations), no command of its own.
  // A heading with no verb before its colon ("Instructions:", "Steps:") opens a list of steps, not of duties.
  for (const earlier of clause.previous ?? [])
    if (
      LIST_OPENING_END.test(earlier.text) &&
      earlier.tokens.some((token) => token.pos === 'VERB' || token.pos === 'AUX')
    )
      return '';
  // "3. Perform the Services ...", a list of a party's duties: in contract register (a word such as
  // "shall", "hereunder", or a capitalised party or instrument: "Party B", "this Agreement") in the
  // item or the clauses just before it, a numbered item is a member of the duties' list, not a command.
  if (
    view.syntactic.tokens.some(contractRegisterToken) ||
    (clause.previous ?? []).some((earlier) => earlier.tokens.some(contractRegisterToken))
  )
    return '';
  const { tokens } = view.syntactic;
  // "2. Garden Design.", "3. Plant Science Today.": every later word of four letters or more capitalised is a heading;
  // not when they name a place in a program's menus ("1. Go to Settings > Storage.") or a button in quotes.
  const later = tokens.slice(verb + 1).filter((token) => /^\p{L}{4,}$/u.test(token.text));
  if (
    later.length > 0 &&
    later.every((token) => UPPER_INITIAL.test(token.text)) &&
    quoted === 0 &&
    !tokens.some((token) => MENU_PATH_MARKS.has(token.text))
  )
    return '';
  for (let index = 0; index < tokens.length; index += 1) {
    if (index === verb) continue;
    const token = tokens[index];
    if (token === undefined) continue;
    // A participle the tree makes a noun's modifier is no Finite ("3. Stir the melted butter into the mashed bananas.").
    if (token.isFinite && !/^(?:amod|acl)$/.test(token.deprel)) return '';
    if (/^(nsubj|csubj|expl)(:|$)/.test(token.deprel)) return '';
    if (token.pos === 'AUX' && FINITE_OPERATOR_FORMS.has(lower[index] ?? '')) return '';
  }
  return `${view.syntactic.tokens[number]?.text ?? ''} ${text}`;
}

/** A word of contract register: "shall", "hereunder" (`REGISTER_WORDS`), a capitalised party or instrument ("Party", "Agreement"). */
function contractRegisterToken(token: Token): boolean {
  const lower = token.text.toLowerCase();
  if (REGISTER_WORDS.has(lower)) return true;
  if (!UPPER_INITIAL.test(token.text)) return false;
  return PARTY_NOUNS.has(token.lemma.toLowerCase()) || INSTRUMENT_TERMS.has(lower);
}

/** Tags of what may follow an adjective that stands alone after "it's" (no noun for it to modify). */
const ALONE_AFTER_ADJECTIVE = new Set<Upos>(['PUNCT', 'ADP', 'PART', 'SCONJ', 'ADV', 'CCONJ']);

/**
 * MOOD.ITS_FOR_IT_IS: "Its a shame.", "its not fair to them", "Its very frustrating.", "#1 its clean.":
 * "its" opens the clause (its first experiential word, or after a list number or mark) and what follows
 * is what a possessive never takes: an article, "not" or "been", or (past adverbs) an adjective with no
 * noun after it to modify. "Its own staff", "its sole discretion", "by its very nature" keep the
 * possessive. Returns the words read, or ''.
 */
function itsForItIs(clause: MoodClause): string {
  const { view, start, final } = clause;
  if (clause.dependency !== 'independent' || final === '?') return '';
  const { lower, pos } = view;
  let its = start;
  if (lower[its] !== 'its' && (pos[its] === 'NUM' || pos[its] === 'SYM') && lower[its + 1] === 'its')
    its += 1;
  if (lower[its] !== 'its') return '';
  let next = its + 1;
  if (AFTER_ITS_CLITIC.has(lower[next] ?? '')) return `its ${lower[next]}`;
  while (pos[next] === 'ADV') next += 1;
  if (pos[next] !== 'ADJ') return '';
  const after = pos[next + 1];
  if (after !== undefined && !ALONE_AFTER_ADJECTIVE.has(after)) return '';
  return `its ${lower.slice(its + 1, next + 1).join(' ')}`;
}

/**
 * MOOD.QUESTION_AS_VALUE: an independent clause ending in "?" that opens (past a textual Theme such as
 * "so", "then", "and") with a nominal group whose head is "question", "problem", "issue" (QUESTION_NOUNS)
 * and goes on with "is" or "was", then (past a comma or colon) a question of its own: a finite operator
 * before a Subject, or a WH-word. Returns what was found, or ''.
 */
function questionAsValue(clause: MoodClause): string {
  const { view, final } = clause;
  if (clause.dependency !== 'independent' || final !== '?') return '';
  const { lower, pos } = view;
  let noun = -1;
  let index = 0;
  for (; index < Math.min(lower.length, 12); index += 1) {
    const word = lower[index] ?? '';
    if (word === 'is' || word === 'was') break;
    if (QUESTION_NOUNS.has(word) && (pos[index] === 'NOUN' || pos[index] === 'PROPN')) noun = index;
    // Only a nominal group before "is": no verb or clause of its own, no comma after the noun.
    if (pos[index] === 'VERB' || pos[index] === 'AUX' || (pos[index] === 'PUNCT' && noun >= 0)) return '';
  }
  if (noun < 0 || (lower[index] !== 'is' && lower[index] !== 'was')) return '';
  let next = index + 1;
  if (lower[next] === ',' || lower[next] === ':') next += 1;
  const word = lower[next] ?? '';
  const operator = pos[next] === 'AUX' && FINITE_OPERATOR_FORMS.has(word) && next > index + 1;
  const wh = WH_WORDS.has(word) && (pos[next + 1] === 'AUX' || next > index + 1);
  if (!operator && !wh) return '';
  return `${view.syntactic.tokens[noun]?.text ?? ''} ${lower[index]}${next > index + 1 ? ` ${lower[index + 1]}` : ''} ${view.syntactic.tokens[next]?.text ?? ''}`;
}

/**
 * MOOD.OPENING_VERB_BEFORE_QUANTITY: "Pack one shelf at a time.", "Stack three boxes in the corner.": as
 * in `openingVerbMistagged`, a capitalised word in its base form with a verb reading opens a sentence of
 * four words or more with no Subject or Finite, tagged as a name or noun, and the parse makes it the
 * root; after it come a number and a noun (a quantity: the command's object), and the sentence ends in
 * "." or "!" (a heading has no stop). A preposition after the word is no such sign ("Light from the
 * oldest galaxies.", "Ferry from the harbour, 25 minutes." are fragments). Returns the word and its
 * tag, or ''.
 */
function openingVerbBeforeQuantity(clause: MoodClause): string {
  const { view, start, final } = clause;
  if (clause.dependency !== 'independent' || clause.hasFinite || start !== 0) return '';
  if (final !== '.' && final !== '!') return '';
  if (clause.facts.subject >= 0 || clause.facts.predicate !== start) return '';
  const tag = view.pos[start];
  const word = view.lower[start] ?? '';
  const text = view.syntactic.tokens[start]?.text ?? '';
  if ((tag !== 'NOUN' && tag !== 'PROPN') || !UPPER_INITIAL.test(text)) return '';
  if (/(?:ing|ed)$/.test(word) || (word.endsWith('s') && !word.endsWith('ss'))) return '';
  if (!hasPosReading(word, 'VERB') || view.lemma[start] !== word) return '';
  if (view.pos.filter((pos) => pos !== 'PUNCT').length < 4) return '';
  // MOOD.DOCUMENT_PART_NUMBER: "Section 3 Intellectual Property Matters." (a contents entry or heading):
  // a document part's word before a number in figures names the part, it orders nothing.
  if (
    DOCUMENT_PART_WORDS.has(word) &&
    /^[0-9]/.test(view.lower[start + 1] ?? '') &&
    clause.disabled?.has('MOOD.DOCUMENT_PART_NUMBER') !== true
  )
    return '';
  const quantity =
    view.pos[start + 1] === 'NUM' && (view.pos[start + 2] === 'NOUN' || view.pos[start + 2] === 'ADJ');
  return quantity ? `${word}/${tag} (a verb reading)` : '';
}

/**
 * MOOD.FINITE_OPERATOR_OUTSIDE_GROUP: a finite operator (a finite "be", a modal, "has"/"had", a finite
 * "do") after the clause's first element and after a word that is neither "to" nor another operator,
 * with no Subject pronoun right after it: what it found, or ''.
 */
function finiteOperatorOutsideGroup(clause: MoodClause): string {
  const { view, start } = clause;
  const { lower, pos } = view;
  for (let index = 0; index < lower.length; index += 1) {
    // "If, during the period when the prospectus is required": the operator of a dependent clause (an
    // infinitive's "to" is no subordinator).
    if (
      pos[index] === 'SCONJ' ||
      (view.syntactic.tokens[index]?.deprel === 'mark' && pos[index] !== 'PART') ||
      SUBORDINATING_WH.has(lower[index] ?? '')
    )
      return '';
    if (index < start + 2) continue;
    // "Checked in late, but staff was kind": the operator of a coordinated clause with its own Subject.
    if (pos[index] === 'CCONJ') return '';
    if (pos[index] !== 'AUX' || !FINITE_OPERATOR_FORMS.has(lower[index] ?? '')) continue;
    const before = lower[index - 1] ?? '';
    // "sounded like it's done", "Amount the agency has budgeted", "Glad to hear all is well": a pronoun,
    // or a word the parse makes a Subject, right before the operator is the Subject of a clause of its own.
    if (
      before === 'to' ||
      pos[index - 1] === 'AUX' ||
      pos[index - 1] === 'SCONJ' ||
      pos[index - 1] === 'PRON' ||
      (view.syntactic.tokens[index - 1]?.deprel ?? '').startsWith('nsubj')
    )
      return '';
    if (SUBJECT_PRONOUNS.has(lower[index + 1] ?? '')) return '';
    return lower[index] ?? '';
  }
  return '';
}

/** Tags that may end the nominal group before an insertion's commas ("Shag", "the chairman", "it"). */
const INSERTION_NOMINAL_END = new Set<Upos>(['NOUN', 'PROPN', 'PRON', 'NUM']);
/** Tags after a past form that make it a participle or an adjective, no tensed verb. */
const PAST_FORM_PARTICIPLE_NEXT = new Set<Upos>([
  'ADP',
  'PART',
  'CCONJ',
  'SCONJ',
  'NOUN',
  'PROPN',
  'NUM',
  'ADJ',
]);

/**
 * MOOD.TENSED_VERB_AFTER_INSERTION: the index word of a verb in a tensed form right after a comma, in a
 * clause with no verb or auxiliary before it, where the stretch the comma closes (back to the previous
 * comma or the clause start, a lone adverb stretch skipped) opens with no preposition or subordinator and
 * ends in a nominal; the verb has words after it, a past form no preposition, noun or adjective right
 * after it, and a base form a coordinator before it.
 */
function tensedVerbAfterInsertion(view: ClauseView): string {
  const { lower, pos, lemma } = view;
  let verb = -1;
  for (let index = 1; index < lower.length; index += 1) {
    if (pos[index] === 'AUX' || pos[index] === 'SCONJ') return '';
    if (pos[index] !== 'VERB') continue;
    if (lower[index - 1] !== ',') return '';
    verb = index;
    break;
  }
  if (verb < 0) return '';
  // The text right before the verb ends in the comma: a dependent clause cut out between the comma and
  // the verb ("KPMG, which has certified the statements") owns the verb unless its own comma closes it.
  const { syntactic } = view;
  const verbToken = syntactic.tokens[verb];
  if (
    verbToken === undefined ||
    !syntactic.text
      .slice(0, verbToken.start - syntactic.start)
      .trimEnd()
      .endsWith(',')
  )
    return '';
  // A capitalised verb inside the clause is a name's ("Protected Health Information").
  if (/^\p{Lu}/u.test(verbToken.text)) return '';
  const word = lower[verb] ?? '';
  const base = (lemma[verb] ?? '').toLowerCase();
  if (word.endsWith('ing') || !isFiniteLexicalForm(word, base, true)) return '';
  const next = pos[verb + 1];
  if (next === undefined || next === 'PUNCT') return '';
  const past = word !== base && !presentSForm(word, base);
  // "built in 1890", "salted caramel", "dated November 9", "sounded like": a participle, or an adjective
  // before a noun.
  if (past && PAST_FORM_PARTICIPLE_NEXT.has(next)) return '';
  // A base form after a comma is a command after a vocative or a formula ("Good luck, enjoy your time!",
  // "Joe Biden, thank you"), unless a coordinator before it joins a plural Subject ("Spot, and her
  // daughter, Shag, love it here"); "thank you" stays a formula ("Eight, and huit in French, thank you").
  if (word === base && (base === 'thank' || !pos.slice(0, verb).includes('CCONJ'))) return '';
  // The stretch the comma closes; a stretch of adverbs alone ("More than 2,000 people, actually,") is
  // skipped for the one before it.
  let end = verb - 1;
  for (;;) {
    let begin = end;
    while (begin > 0 && lower[begin - 1] !== ',') begin -= 1;
    const adverbs = pos.slice(begin, end).every((tag) => tag === 'ADV');
    if (adverbs && begin > 0 && begin < end) {
      end = begin - 1;
      continue;
    }
    if (begin === end) return '';
    if (pos[begin] === 'ADP' || pos[begin] === 'SCONJ') return '';
    return INSERTION_NOMINAL_END.has(pos[end - 1] ?? 'X') ? word : '';
  }
}

/**
 * MOOD.PRESENT_VERB_OUTSIDE_GROUP: the word of a lexical verb in the present "-s" form (not capitalised,
 * not after "to"), past the clause's first word, with no subordinator, relative word or coordinator
 * before it; '' when there is none.
 */
function presentVerbOutsideGroup(clause: MoodClause): string {
  const { view, start } = clause;
  const { lower, pos, lemma } = view;
  for (let index = 0; index < lower.length; index += 1) {
    if (
      pos[index] === 'SCONJ' ||
      pos[index] === 'CCONJ' ||
      (view.syntactic.tokens[index]?.deprel === 'mark' && pos[index] !== 'PART') ||
      SUBORDINATING_WH.has(lower[index] ?? '')
    )
      return '';
    if (index <= start || pos[index] !== 'VERB') continue;
    const word = lower[index] ?? '';
    const base = (lemma[index] ?? '').toLowerCase();
    if (!presentSForm(word, base) || lower[index - 1] === 'to') continue;
    if (/^\p{Lu}/u.test(view.syntactic.tokens[index]?.text ?? '')) continue;
    return word;
  }
  return '';
}

/** A tree rule of mood-tree.ts as a row of the table: the Subject and Finite the parse shows. */
const treeRow = (rule: MoodTreeRule): MoodRule => ({
  id: rule.id,
  when: (clause) => rule.when(clause.facts, clause.view),
  decide: (clause) => verdict(rule.mood, 0.85, treePremises(clause.view, clause.facts)),
  examples: rule.examples.map((text) => ({ text, mood: rule.mood })),
});

/**
 * Mood (ANNOTATION.md, "Mood") as an ordered table: the first rule that holds decides, array order is
 * apply order. Dependent clauses are indicative or fragment; data lines, minor moves and headings come
 * next; then Subject and Finite as the parse shows them (mood-tree.ts); then, where the tree decides
 * nothing, the word order: what comes first (WH-element, Finite, base verb, Subject), then the
 * question mark. The last rule always holds.
 */
export const MOOD_RULES: readonly MoodRule[] = [
  // Clauses that read as commands but are none (non-command-mood.ts). First in the table, so that the
  // coordinated-member and duty-list rows after them read a member first. Each row holds only where the
  // rows after it still read a command, so of these rows the later one wins: the stranded operator's reading
  // over a quoted term's, a label's, a contract title's, a verb-and-noun group's, a one-word piece's
  // and, first in the table, a lower-case piece's.
  {
    id: LOWER_CASE_CUT_PIECE,
    // "Page 20 of 60 | respect to the leases", "including copyrights, patents, | mask works, trademarks":
    // a main clause read as a command whose first word is in lower case, after a clause that closes no
    // sentence or after a main clause of its own sentence, is a piece cut from the text before: a fragment.
    when: (clause) => lowerCaseCutPiece(clause),
    decide: (clause) => lowerCaseCutPieceVerdict(clause),
    examples: [
      {
        text: 'No waiver or course of dealing shall be construed to modify, amend or otherwise affect any term of this lease.',
        mood: 'fragment',
      },
      {
        text: 'Subject to the consent of the Bank, the Supplier shall\n\nCONFIDENTIAL TREATMENT\n\ndiscuss the fee structure set forth in Exhibit B.',
        mood: 'fragment',
      },
    ],
  },
  {
    id: ONE_WORD_PIECE,
    // "in no way define, | limit, | or describe the scope": one verb and a comma, a list member cut off.
    when: (clause) => oneWordPiece(clause),
    decide: (clause, found) => oneWordPieceVerdict(clause, found),
    examples: [
      {
        text: 'The paragraph headings in this Lease are for the convenience of the parties, and in no way define, limit, or describe the scope or intent of this Lease.',
        mood: 'fragment',
      },
      {
        text: 'The section titles of this Agreement are for reference only, and in no way define, limit, or extend the scope of any Section.',
        mood: 'fragment',
      },
    ],
  },
  {
    id: VERB_NOUN_COORDINATION,
    // "Use and retention of standard forms;": a verb reading coordinated with a noun before "of" is a
    // nominal group.
    when: (clause) => verbNounCoordination(clause),
    decide: (clause, found) => verbNounCoordinationVerdict(clause, found),
    examples: [
      { text: 'Use and retention of standard forms;', mood: 'fragment' },
      {
        text: 'The Franchisee shall follow the standards.\n\nConduct and actions of the Managers',
        mood: 'fragment',
      },
    ],
  },
  {
    id: CONTRACT_TITLE_LINE,
    // "Note Portfolio.", "Change Control Procedures": a title-case line in a contract is a heading.
    when: (clause) => contractTitleLine(clause),
    decide: (clause) => contractTitleLineVerdict(clause),
    examples: [
      {
        text: 'The Agreement ends on the Closing Date.\n\nNote Portfolio.\n\nThe Seller holds the notes.',
        mood: 'fragment',
      },
      {
        text: 'The Supplier shall keep a change log.\n\nChange Control Procedures\n\nEach request is logged.',
        mood: 'fragment',
      },
    ],
  },
  {
    id: LABEL_LINE,
    // "Notice to PREMIER:", "Copy to:", "Party A: Beike Ltd.": the label of a notice or signature block.
    when: (clause) => labelLine(clause),
    decide: (clause, found) => labelLineVerdict(clause, found),
    examples: [
      { text: 'Notice to SELLER:\nAcme Trading Limited\n12 High Street', mood: 'fragment' },
      { text: 'Party A: Northwind Garden Supplies Co., Ltd.', mood: 'fragment' },
    ],
  },
  {
    id: QUOTED_TERM,
    // '"Change in Control" has the meaning ...': a defined term in quotation marks whose first word reads
    // as a verb is the Subject of a definition (or, alone, a term): no command.
    when: (clause) => quotedTermMood(clause),
    decide: (clause, found) => quotedTermVerdict(clause, found),
    examples: [
      {
        text: '"Change in Control" has the meaning given to that term in the Schedule.',
        mood: 'declarative',
      },
      { text: '"Calendar Quarter" means a period of three months ending on March 31.', mood: 'declarative' },
      {
        text: '"Suspend a Site", "Mean Time Between Removals" or "MTBR" shall mean the time.',
        mood: 'fragment',
      },
    ],
  },
  {
    id: STRANDED_OPERATOR_EVENT,
    // "The party will, | if a claim is made against it, | notify the other party": the segmenter left the
    // operator at the end of a clause; the command-like clause after it holds the operator's Event.
    when: (clause) => strandedOperatorMood(clause),
    decide: (clause, found) => strandedOperatorVerdict(clause, found),
    examples: [
      { text: 'The Agent shall, if delivered, be deemed to have given notice.', mood: 'declarative' },
      {
        text: 'The Guarantor shall pay all amounts that the Franchisee may now or in the future owe to the Owner.',
        mood: 'indicative',
      },
    ],
  },
  {
    id: COORDINATED_WITH_NON_COMMAND,
    // "has the power to execute and deliver this Agreement | and perform its obligations": a member with
    // no Finite that the other rows read as a command, in a sentence with no command before it, takes
    // the mood of the clause it is coordinated with (coordinated-predicate.ts). Early, as it revises
    // what the other rows give.
    when: (clause) => coordinatedNonCommandMood(clause),
    decide: (clause, found) => coordinatedNonCommandVerdict(clause, found),
    examples: [
      // ("If the Tenant does not procure | and maintain such insurance, ...": MOOD.COORDINATED_DEPENDENT's
      // sub-rule MOOD.COORDINATED_OPENING_DEPENDENT reads it the same way, indicative, first.)
      { text: 'To build the shed and paint the fence, the Owner hired a firm.', mood: 'fragment' },
      // A to-infinitive inside a verbless clause.
      {
        text: "Subject to the Agent's duty to pay the fees and fund the reserve, the Owner may sell the house.",
        mood: 'fragment',
      },
    ],
  },
  {
    id: COORDINATED_DEPENDENT,
    // "agrees | that this lease shall bind its heirs | and inure to the benefit of the Buyer": a base verb
    // coordinated with a dependent clause's modal verb, where the main clause's Finite takes no base
    // form, is a member of the dependent clause: indicative like it (coordinated-predicate.ts).
    when: (clause) => coordinatedDependentMood(clause),
    decide: (clause) => coordinatedDependentVerdict(clause),
    examples: [
      {
        text: 'The Tenant agrees that this lease shall bind its heirs and inure to the benefit of the Owner.',
        mood: 'indicative',
      },
      {
        text: 'The Seller warrants that the goods will match the sample and meet the stated grade.',
        mood: 'indicative',
      },
    ],
  },
  {
    id: COORDINATED_INFINITIVE,
    // "... to register the mark | or assist the Seller in doing so": a coordinated member after a
    // dependent to-infinitive is non-finite like it (coordinated-predicate.ts).
    when: (clause) => coordinatedInfinitiveMood(clause),
    decide: (clause) => coordinatedInfinitiveVerdict(clause),
    examples: [
      {
        text: 'The Buyer shall use its best efforts to register the mark or assist the Seller in doing so.',
        mood: 'fragment',
      },
      {
        text: 'The Agent will take all steps to collect the rent and pay it to the Owner within ten days.',
        mood: 'fragment',
      },
    ],
  },
  {
    id: DUTY_LIST_MEMBER,
    // "The Committee shall: | (i) review the budget; | (ii) approve the plan": a member of a list of
    // duties whose head is a Subject and a modal before a colon shares that Subject and Finite: the same
    // duty, declarative (coordinated-predicate.ts).
    when: (clause) => dutyListMemberModal(clause),
    decide: (clause, modal) => dutyListMemberVerdict(clause, modal),
    examples: [
      {
        text: 'The Seller shall:\n(a) deliver the goods on time;\n(b) keep the records.',
        mood: 'declarative',
      },
      {
        text: 'The project manager will: attend the first call; review the plan; and report to us.',
        mood: 'declarative',
      },
      // The enumerator on a line of its own, the member read as a command without the row; the list
      // state of MODALITY.LIST_OPERATOR finds the head however far back it is.
      {
        text: 'The insurance policy must:\n\n1.\ninclude the Customer as an additional insured.',
        mood: 'declarative',
      },
    ],
  },
  {
    id: COORDINATED_PREDICATE,
    // "Distributor shall maintain the records | and pay the costs": a coordinated member with no Finite
    // that the rows after this one read as a command (or a fragment opening with a base verb) shares
    // the Subject and Finite of the stating clause before it (coordinated-predicate.ts). First, as it
    // revises what the other rows give.
    when: (clause) => coordinatedPredicateMood(clause),
    decide: (clause, found) => coordinatedPredicateVerdict(clause, found),
    examples: [
      { text: 'The tenant shall clean the oven and return the keys.', mood: 'declarative' },
      // Past a member with a Finite and no Subject ("and shall not lend them") to the stating clause.
      { text: 'The tenant shall keep the keys and shall not lend them nor copy them.', mood: 'declarative' },
      {
        text: 'The Agent agrees: (i) to collect the rent; and (ii) to keep the books and then pay the balance to the Owner.',
        mood: 'fragment',
      },
      // A member opened by its list enumerator, with no coordinator ("(b) keep the flat clean").
      {
        text: 'The Tenant shall (a) pay the rent and fees of the agent, (b) keep the flat clean, and (c) repair any damage.',
        mood: 'declarative',
      },
    ],
  },
  {
    id: COORDINATED_TENSED_PREDICATE,
    // "The Maker pays the fees, | and agrees to repay the loan": a coordinated member opening with an
    // "-s" verb in which no Finite was found ("agrees to repay" ends in a base form) shares the Subject
    // of the stating clause before it; the "-s" verb is its Finite (coordinated-predicate.ts).
    when: (clause) => coordinatedTensedMood(clause),
    decide: (clause) => coordinatedTensedVerdict(clause),
    examples: [
      { text: 'The Maker pays the fees, and agrees to repay the loan.', mood: 'declarative' },
      { text: 'The Lender waives the fee, and agrees to extend the term.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.HEADING',
    // A heading names what follows ("Deposit", "Paying the rent"): no move of its own, whatever its words.
    when: (clause) => clause.heading,
    decide: () => verdict('fragment', 0.9, [{ label: 'block', value: 'heading' }]),
    examples: [
      { text: 'DEPOSIT\n\nThe tenant pays the deposit before the first of May.', mood: 'fragment' },
      { text: '1. Payment Terms\n\nRent is due on the first day of each month.', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.ATTACHMENT_LABEL',
    // "EXHIBIT A", "Schedule 6.1 - Prices": the label of an attached document names what follows; the
    // tagger reads "Exhibit" or "Schedule" as a base verb and the line as a command.
    // Only where the rows after this one read a command: a verbless label ("Appendix C") is theirs.
    when: (clause) =>
      attachmentLabel(clause.view) && clause.after('MOOD.ATTACHMENT_LABEL').verdict.mood === 'imperative',
    decide: () => verdict('fragment', 0.8, [{ label: 'block', value: 'attachment label' }]),
    examples: [
      {
        text: 'The Seller shall deliver the goods.\n\nEXHIBIT A\n\nThe goods are listed here.',
        mood: 'fragment',
      },
      { text: 'Schedule 4.2 - Delivery Dates', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.ADDRESS_LINE',
    // "Suite 400, 12 Harbor Road", "Attention: General Counsel": a line of an address or of a notice
    // block names where to write; it has no Subject and no Finite, whatever word the tagger read as a
    // verb ("Dong" in a street name), and makes no move (no participants either: PARTICIPANT.NO_PROCESS).
    // A header field MOOD.DATA_LINE reads ("Phone: 555 0100") is left to it.
    when: (clause) => (dataLine(clause.view) === '' ? addressLine(clause.view) : ''),
    decide: (_clause, line) => verdict('fragment', 0.8, [{ label: 'address_line', value: line }]),
    examples: [
      {
        text: 'Mill Trust Company 17 North Street Bristol, Maine 04321 Telephone: (555) 010-4411 Telefax: (555) 010-4412',
        mood: 'fragment',
      },
      {
        text: 'Harbor Works Ltd. c/o Mill Trust Company 17 North Street Bristol, Maine 04321 Attention:',
        mood: 'fragment',
      },
    ],
  },
  {
    id: 'MOOD.STANDALONE_DEPENDENT_QUESTION',
    // "If anyone else has voted?", "Because it was raining?": a dependent clause with no clause to depend
    // on in its sentence is a move of its own, and its question mark makes it a question.
    when: (clause) =>
      clause.dependency === 'hypotactic' &&
      clause.view.syntactic.parentClauseId === null &&
      clause.final === '?' &&
      clause.hasFinite,
    decide: () => verdict('interrogative', 0.65, [PARENT_NONE]),
    examples: [
      { text: 'If the shop is still open?', mood: 'interrogative' },
      { text: 'Because the bus was late again?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.TREE_VERBLESS_ROOT_BEFORE_DEPENDENT',
    // A verbless main part the segmentation left with its dependent clause ("Fine since it is a
    // holiday."): the sentence root is no predicator and the only Finite is the dependent's.
    when: (clause) =>
      clause.standalone &&
      clause.dependency === 'hypotactic' &&
      clause.hasFinite &&
      clause.final !== '?' &&
      verblessRootBeforeDependent(clause.view),
    decide: (_clause, root) =>
      verdict('fragment', 0.7, [
        { label: 'tree_root', value: root },
        { label: 'tree_finite', value: "none on the root (the Finite is the dependent clause's)" },
      ]),
    examples: [
      { text: 'Perfect since we are short of time.', mood: 'fragment' },
      { text: 'Not certain if the bus runs today.', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.STANDALONE_DEPENDENT_STATEMENT',
    // "Because I said so.", "When she was a kitten she looked like a snack cake.": no independent clause
    // in the sentence, so this one makes its move; indicative is kept for clauses that make none.
    when: (clause) => clause.standalone && clause.dependency === 'hypotactic' && clause.hasFinite,
    decide: () => verdict('declarative', 0.6, [PARENT_NONE]),
    examples: [
      { text: 'Because the boiler broke again.', mood: 'declarative' },
      { text: 'Although nobody called us back.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.DEPENDENT_FINITE',
    when: (clause) => isDependent(clause) && clause.hasFinite,
    decide: () => verdict('indicative', 0.85),
    examples: [
      { text: 'The tenant left because the boiler broke.', mood: 'indicative' },
      { text: 'She said that the rent had gone up.', mood: 'indicative' },
    ],
  },
  {
    id: 'MOOD.DEPENDENT_NON_FINITE',
    when: (clause) => isDependent(clause) && !clause.hasFinite,
    decide: () => verdict('fragment', 0.75),
    examples: [
      { text: 'Feeling tired, the porter sat down.', mood: 'fragment' },
      { text: 'We went out to buy some bread.', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.CONJUNCT_OF_DEPENDENT',
    // "If the tenant pays | and the landlord agrees, | the lease ends": a clause joined by a coordinator
    // to a dependent clause depends on what that one depends on (SEGMENT.TREE_CONJUNCT_OF_DEPENDENT gives
    // it that parent), so with a Finite it is indicative like its first conjunct, not a statement.
    // (Quotations are paratactic with a parent too, the reporting clause, and keep their own mood.)
    when: (clause) =>
      clause.dependency === 'paratactic' &&
      clause.hasFinite &&
      clause.view.syntactic.parentClauseId !== null &&
      clause.view.syntactic.relation !== 'quote',
    decide: () => verdict('indicative', 0.8, [{ label: 'parent_clause', value: 'dependent' }]),
    examples: [
      { text: 'If the tenant pays and the landlord agrees, the lease ends.', mood: 'indicative' },
      {
        text: 'Unless the tenant moves out or the landlord sells the house, the lease runs on.',
        mood: 'indicative',
      },
    ],
  },
  {
    id: 'MOOD.NUMBER_QUESTION',
    // "Twenty?", "Nine ninety-nine?", "3,000?": a clause of numbers alone closed by the sentence's
    // question mark checks a figure with the listener (ANNOTATION.md: a question mark asks); no time
    // stamp or other data line ends in one.
    when: (clause) => clause.final === '?' && dataLine(clause.view) === 'timestamp',
    decide: (clause) =>
      verdict('interrogative', 0.7, wordOrder(clause, { label: 'line', value: 'numbers with a "?"' })),
    examples: [
      { text: 'Forty?', mood: 'interrogative' },
      { text: 'Nine ninety-nine?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.DATA_LINE',
    // "04/26/2001 07:17 AM", "Email: anna@example.org", "Sent: Monday": a time stamp, an address or a
    // header field names a value; it has no Subject and no Finite and makes no move.
    when: (clause) => dataLine(clause.view),
    decide: (_clause, line) => verdict('fragment', 0.8, [{ label: 'line', value: line }]),
    examples: [
      { text: 'Sent: Friday, June 5', mood: 'fragment' },
      { text: '12/06/2019 10:45 PM', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.MINOR_QUESTION',
    // "Right?", "Okay?", "No?": a minor move with a question mark asks for confirmation (ANNOTATION.md:
    // a question mark makes the clause interrogative).
    when: (clause) => clause.minorText && clause.final === '?',
    decide: () => verdict('interrogative', 0.7),
    examples: [
      { text: 'Okay?', mood: 'interrogative' },
      { text: 'Right?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.MINOR_EXPRESSION',
    when: (clause) => clause.minorText,
    decide: () => verdict('minor', 0.85),
    examples: [
      { text: 'Good evening.', mood: 'minor' },
      { text: 'Congratulations!', mood: 'minor' },
    ],
  },
  {
    id: 'MOOD.MINOR_FORMULA',
    when: (clause) => clause.view.lower.length <= 12 && clause.final !== '?' && minorFormula(clause.view),
    decide: (_clause, formula) => verdict('minor', 0.75, [{ label: 'minor_formula', value: formula }]),
    examples: [
      { text: 'Best wishes, Mira', mood: 'minor' },
      { text: 'Good luck with the move!', mood: 'minor' },
      { text: 'Thanks, everyone, for joining us.', mood: 'minor' },
      { text: 'Good morning, and welcome to the call.', mood: 'minor' },
    ],
  },
  {
    id: 'MOOD.DEGREE_ADJECTIVE_MINOR',
    // "So cool!", "Very nice.", "Too bad": a degree adverb and an adjective the model read as a verb
    // ("cool", "true") make a complete move with no predicator, not a command.
    when: (clause) => clause.final !== '?' && degreeAdjectiveMinor(clause.view),
    decide: ({ view }) =>
      verdict('minor', 0.75, [
        { label: 'degree_adjective', value: `${view.lower[0] ?? ''} ${view.lower[1] ?? ''}` },
      ]),
    examples: [
      { text: 'Too bad.', mood: 'minor' },
      { text: 'Very nice!', mood: 'minor' },
    ],
  },
  {
    id: 'MOOD.TITLE_CASE_LINE',
    // "Things You'll Need", "Water off a Black Dog's Back": a line in title case
    // with no final punctuation is a title (ANNOTATION.md: a heading is a fragment, whatever its words).
    // A header field ("Sent by: Dana Lee"), an attachment's label ("Schedule 4.2 - Delivery Dates") and
    // "How to ..." have rows of their own; a line the rows after this one read as a command or a
    // question ("Turn Off The Lights", "Are The Shops Open") is left to them: spoken requests and
    // review titles are written in title case too.
    when: (clause) =>
      clause.dependency === 'independent' &&
      titleCaseLine(clause.view) &&
      !(
        HEADER_LABELS.has(clause.view.lower[0] ?? '') &&
        (clause.view.lower[1] === ':' || clause.view.lower[2] === ':')
      ) &&
      !(WH_WORDS.has(clause.view.lower[0] ?? '') && clause.view.lower[1] === 'to') &&
      !attachmentLabel(clause.view) &&
      !COMMAND_OR_QUESTION.has(clause.after('MOOD.TITLE_CASE_LINE').verdict.mood),
    decide: () => verdict('fragment', 0.7, [{ label: 'block', value: 'title-case line' }]),
    examples: [
      { text: "Tools You'll Want", mood: 'fragment' },
      { text: 'Songs We Sang at Camp', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.SO_THUS_INVERSION',
    // "So did the others", "Thus began a long war": after "so", "thus" or "hence" a statement may put
    // its Finite before its Subject; the parse reads the Subject as an object, or finds none.
    when: (clause) =>
      (clause.dependency === 'independent' || clause.dependency === 'paratactic') &&
      soThusInversion(clause.view) >= 0,
    decide: (clause) =>
      verdict('declarative', 0.7, [
        ...wordOrder(clause, AFTER_FINITE),
        { label: 'inversion', value: `after "${clause.view.lower[soThusInversion(clause.view) - 1] ?? ''}"` },
      ]),
    examples: [
      { text: 'So did the other runners.', mood: 'declarative' },
      { text: 'Thus began a long and bitter feud.', mood: 'declarative' },
      { text: 'And so reasoned the old judge.', mood: 'declarative' },
      { text: 'So do they.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.QUESTION_AS_VALUE',
    // "So the real question is, is this dog sick?", "The obvious question is why should the club exist?":
    // the question mark closes the question that is the Value of "the question is", not the clause that
    // identifies it; that clause states (Subject before Finite).
    when: (clause) => questionAsValue(clause),
    decide: (clause, found) =>
      verdict('declarative', 0.6, [
        ...subjectOrder(clause, { label: 'subject_position', value: 'before_finite' }),
        { label: 'question_value', value: found },
      ]),
    examples: [
      { text: 'So the real question is, is this dog sick?', mood: 'declarative' },
      { text: 'The obvious question is why should the club exist?', mood: 'declarative' },
      { text: 'The problem was: who would pay for the roof?', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.ITS_FOR_IT_IS',
    // "Its a shame.", "Its very frustrating.": "its" before what no possessive takes is "it's" written
    // without its apostrophe: Subject "it" and Finite "is".
    when: (clause) => itsForItIs(clause),
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.6,
        subjectOrder(clause, { label: 'subject_position', value: `before_finite (${found}: "it's")` }),
      ),
    examples: [
      { text: 'Its very frustrating.', mood: 'declarative' },
      { text: '#2 its spotlessly clean.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.LIST_STEP_COMMAND',
    // "6. Delete the second line.", "2 Plant seeds indoors.": a numbered step whose verb comes right
    // after its number (and the number's "." or ")"); the number is the step's label, not a Subject,
    // whatever the tagger made of the verb.
    when: (clause) => listStepCommand(clause),
    decide: (_clause, found) =>
      verdict('imperative', 0.7, [
        { label: 'first_element', value: found },
        NO_SUBJECT,
        BASE_FORM,
        { label: 'list_marker', value: found.split(' ')[0] ?? '' },
      ]),
    examples: [
      { text: '6. Delete the second line of the table.', mood: 'imperative' },
      { text: '4) Call the landlord before noon.', mood: 'imperative' },
      { text: '2 Plant seeds indoors four weeks before the frost.', mood: 'imperative' },
      { text: '1 Water and prune.', mood: 'imperative' },
      { text: '3. Review other scheduled jobs for silent failures.', mood: 'imperative' },
      { text: '1. Go to Settings > Storage.', mood: 'imperative' },
      { text: '2. Click "Upload" and select a file.', mood: 'imperative' },
    ],
  },
  // Subject and Finite as the parse shows them (mood-tree.ts, MOOD_TREE_RULES).
  ...MOOD_TREE_RULES.map(treeRow),
  {
    id: 'MOOD.OPENING_VERB_MISTAGGED',
    // "Pat down the soil", "Pour out some vodka", "Press gently on its back": the tagger read the
    // command's verb, first in the sentence, as a name, noun or adverb; nothing else found a Finite.
    when: (clause) => openingVerbMistagged(clause),
    decide: misreadCommandVerb,
    examples: [
      { text: 'Pat down soil around the seedlings to remove air gaps.', mood: 'imperative' },
      { text: 'Pour out some water from a jug to make room for ice.', mood: 'imperative' },
      { text: 'Pour out some vodka from a bottle.', mood: 'imperative' },
      { text: 'Pat down compost around the bulbs.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.OPENING_VERB_BEFORE_QUANTITY',
    // "Pack one shelf at a time.", "Add two cups of rice.": a command's verb read as a noun, before its
    // object's number.
    when: (clause) => openingVerbBeforeQuantity(clause),
    decide: misreadCommandVerb,
    examples: [
      { text: 'Pack one shelf at a time.', mood: 'imperative' },
      { text: 'Stack three boxes in the corner.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.TREE_CLITIC_COPULA',
    // "My sister's very tall.": the parse read the "'s" as a possessive (case) on the noun it hangs on
    // the root as nmod:poss or nsubj, but the root is an adjective, adverb or phrase with a preposition,
    // so nothing is possessed: the noun is the Subject and "'s" is "is", its Finite.
    when: (clause) =>
      clause.dependency === 'independent' &&
      clause.final !== '?' &&
      cliticCopulaBeforeComplement(clause.view),
    decide: (_clause, found) =>
      verdict('declarative', 0.7, [
        { label: 'subject_position', value: 'before_finite' },
        { label: 'tree_finite', value: `${found} (a possessive on a root no noun: the copula "is")` },
      ]),
    examples: [
      { text: "My brother's very tall.", mood: 'declarative' },
      { text: "Our dad's down at the market.", mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.TREE_VERBLESS_ROOT',
    // "Horrible tap water.", "Game tonight at 7, it's time to go.", "THE PRESIDENT: I appreciate that.":
    // the parse makes a noun, adjective or name with no copula or auxiliary the root of the sentence,
    // so the main clause has no Finite; what hangs on it (a parataxis) is its own clause.
    when: ({ view, final }) => (final === '?' || wordOrderPredicator(view) ? '' : verblessRoot(view)),
    decide: (_clause, root) =>
      verdict('fragment', 0.7, [
        { label: 'tree_root', value: root },
        { label: 'tree_finite', value: 'none (no aux or cop on the root)' },
      ]),
    examples: [
      { text: 'Fresh bread and cold butter.', mood: 'fragment' },
      { text: 'Appendix C', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.TREE_NOMINAL_ROOT_TAGGED_VERB',
    // "Cheapest drinks on the coast!", "A Big Help!": a determiner or adjective on the root makes it a
    // noun whatever its tag; with no Subject, auxiliary or copula anywhere, there is no Finite.
    when: (clause) =>
      clause.dependency === 'independent' &&
      clause.final !== '?' &&
      verbRootWithNominalDependent(clause.view),
    decide: (_clause, found) =>
      verdict('fragment', 0.7, [
        { label: 'tree_root', value: found },
        { label: 'tree_finite', value: 'none (a nominal root tagged as a verb)' },
      ]),
    examples: [
      { text: 'Cheapest drinks on the coast!', mood: 'fragment' },
      { text: 'A Big Help!', mood: 'fragment' },
      { text: 'Local reasons for delay', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.TREE_FINITE_INSIDE_NOMINAL',
    // "Photo by Laity Lodge Family Camp", "Editorial Manager Chet Clem and President Sean Mills": the
    // root is a noun or name, nothing in the clause is a Subject, copula or auxiliary (nsubj, csubj,
    // expl, aux, cop), and the word the tagger took for the Finite hangs inside the root's nominal
    // group (nmod, appos, flat, compound, amod): a name, caption or credit line, no Finite.
    when: (clause) =>
      clause.dependency === 'independent' && clause.final !== '?' && clause.hasFinite
        ? finiteInsideNominalRoot(clause.view)
        : false,
    decide: (_clause, found) =>
      verdict('fragment', 0.7, [
        { label: 'tree_finite', value: `none (${found} inside the root's nominal group)` },
      ]),
    examples: [
      { text: 'Photo by Marla Lodge under a free license.', mood: 'fragment' },
      { text: 'Image by Tina Lodge under a free license.', mood: 'fragment' },
    ],
  },
  // From here on the word order decides; every rule cites the first experiential element.
  {
    id: 'MOOD.FREE_RELATIVE_SUBJECT',
    // "What you say makes sense.", "Whatever you order, ...": a free relative, not a question.
    when: ({ view, start, word, wh, final }) =>
      wh &&
      final !== '?' &&
      (word.endsWith('ever') ||
        (FREE_RELATIVE_WH.has(word) && (final === '.' || final === '!') && isFreeRelative(view, start))),
    decide: (clause) => {
      const premises = wordOrder(clause, { label: 'wh_element', value: `${clause.word} (free relative)` });
      return clause.hasFinite ? verdict('declarative', 0.6, premises) : verdict('fragment', 0.5, premises);
    },
    examples: [
      { text: 'What she baked impressed the judges.', mood: 'declarative' },
      { text: 'Whatever you decide, we will help.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.WH_ADJUNCT_OPENING',
    // "When a young girl, she moved south": without "?", "when"/"where" + a nominal + comma opens an
    // adjunct the segmenter could not cut off (it has no verb it knows), not a question. (Openings with a
    // verb, even one the model misread, are cut off as dependent clauses: POS.VERB_IN_OPENING_CLAUSE.)
    when: (clause) => whAdjunctOpening(clause.view, clause.start) >= 0,
    decide: (clause) =>
      verdict(
        clause.hasFinite || whAdjunctOpening(clause.view, clause.start) < clause.view.lower.length
          ? 'declarative'
          : 'indicative',
        0.6,
        wordOrder(clause, { label: 'wh_element', value: `${clause.word} (dependent clause)` }),
      ),
    examples: [
      { text: 'When a young man, he sailed to Lisbon.', mood: 'declarative' },
      { text: 'When a student, she lived in Leeds.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.WH_INFINITIVE_HEADING',
    // "How to apply:", "How to Grow Basil": a WH-word and an infinitive with no "?" is a heading, a
    // non-finite clause; "how to make pancakes" typed to an assistant asks.
    when: (clause) => WH_WORDS.has(clause.word) && clause.final !== '?' && whInfinitiveHeading(clause),
    decide: (clause) =>
      verdict(
        'fragment',
        0.7,
        wordOrder(clause, { label: 'wh_element', value: `${clause.word} to (heading)` }),
      ),
    examples: [
      { text: 'How to apply:', mood: 'fragment' },
      { text: 'How to Plant Tulips', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.CONTINUATIVE_RELATIVE',
    // "Which is why we left.", "Which feels odd to me.": a relative clause continuing the previous
    // sentence (its "which" is the Subject or an element before it), stated rather than asked.
    when: ({ view, start, word, final }) =>
      word === 'which' &&
      start === firstWordIndex(view) &&
      (final === '.' || final === '!') &&
      !WHICH_DETERMINED.has(view.pos[start + 1] ?? 'X') &&
      view.lower[start + 1] !== 'one' &&
      view.lower[start + 1] !== 'of',
    decide: (clause) =>
      verdict(
        'declarative',
        0.6,
        wordOrder(clause, { label: 'wh_element', value: 'which (continuative relative)' }),
      ),
    examples: [
      { text: 'Which is why we moved.', mood: 'declarative' },
      { text: 'Which seems odd to me.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.WH_CLAUSE_HEADING',
    // A title ("How we move", "What they eat", no final punctuation): Subject before Finite in a clause
    // of its own, so declarative by form; indicative is kept for clauses that depend on another.
    when: (clause) =>
      WH_WORDS.has(clause.word) && clause.final === '' && whClauseHeading(clause.view, clause.start),
    decide: (clause) =>
      verdict(
        'declarative',
        0.6,
        wordOrder(clause, { label: 'wh_element', value: `${clause.word} (heading)` }),
      ),
    examples: [
      { text: 'How we travel', mood: 'declarative' },
      { text: 'What they eat', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.EXCLAMATIVE_WH',
    // "What a lovely day", "How kind you are": after the WH-phrase a Subject before the Finite, or
    // nothing (`whatStructure`, `howStructure`).
    when: (clause) => clause.wh && clause.structure === true,
    decide: (clause) =>
      verdict(
        'exclamative',
        0.8,
        wordOrder(
          clause,
          { label: 'wh_element', value: `${clause.word} ${clause.view.lower[clause.start + 1] ?? ''}` },
          { label: 'after_wh_phrase', value: 'subject_then_finite_or_none' },
        ),
      ),
    examples: [
      { text: 'What a mess this is!', mood: 'exclamative' },
      { text: 'How kind you are!', mood: 'exclamative' },
    ],
  },
  {
    id: 'MOOD.WH_FINITE_THEN_SUBJECT',
    trace: 'MOOD.WH_ELEMENT',
    // "What day is it", "How old are you" (no "?"): a Finite right after the WH-phrase, then its Subject.
    when: (clause) => clause.wh && clause.structure === false,
    decide: (clause) =>
      verdict(
        'interrogative',
        0.8,
        wordOrder(
          clause,
          { label: 'wh_element', value: `${clause.word} ${clause.view.lower[clause.start + 1] ?? ''}` },
          { label: 'after_wh_phrase', value: 'finite_then_subject' },
        ),
      ),
    examples: [
      { text: 'what day is it', mood: 'interrogative' },
      { text: 'how old are you', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.EXCLAMATIVE_WH_OPENING',
    trace: 'MOOD.EXCLAMATIVE_WH',
    when: (clause) => clause.wh && exclamativeWhOpening(clause),
    decide: (clause) =>
      verdict(
        'exclamative',
        0.8,
        wordOrder(clause, {
          label: 'wh_element',
          value: `${clause.word} ${clause.view.lower[clause.start + 1] ?? ''}`,
        }),
      ),
    examples: [
      { text: 'how time flies', mood: 'exclamative' },
      { text: 'how I miss those summers', mood: 'exclamative' },
    ],
  },
  {
    id: 'MOOD.WH_LABEL',
    // "* WHERE...Portions of central New York.", "* WHAT...Heavy snow expected.": a weather alert's or a form's
    // WH-word in capitals before "..." or a colon labels what follows; it asks nothing. What follows keeps the
    // mood it has without the label: a group is a fragment, a telegraphic "Heavy snow expected." a statement
    // (as alone: a tensed-looking verb after a nominal with no "by" agent is read as its Finite).
    when: (clause) => clause.wh && clause.final !== '?' && whLabel(clause),
    decide: (clause) =>
      verdict(clause.hasFinite ? 'declarative' : 'fragment', 0.7, [
        ...wordOrder(clause),
        { label: 'block', value: `label (${clause.view.syntactic.tokens[clause.start]?.text ?? ''})` },
      ]),
    examples: [
      { text: '* WHEN...From 6 PM this evening to noon Saturday.', mood: 'fragment' },
      { text: '* WHERE...Portions of central and eastern New York.', mood: 'fragment' },
      { text: '* WHAT...Heavy snow expected.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.WH_DEPENDENT_ORDER',
    // "... and when I came back I took his glove", "Airbus SAS, whose registered office is at ...", "..., where the
    // failure to qualify would not matter": a WH-element first, then the Subject before the Finite (or the
    // WH-element the Subject), in a clause set after another one of a sentence that asks nothing (no "?"): the order
    // of a dependent clause the segmenter could not hang on its head, no question. With the Finite after a
    // WH-phrase ("and what will the theme say") or a question mark it still asks.
    when: (clause) => {
      if (!clause.wh || clause.final === '?' || clause.dependency !== 'paratactic') return false;
      const { subject, finite } = clause.facts;
      return subject >= clause.start && finite > subject;
    },
    decide: (clause) =>
      verdict(
        'indicative',
        0.7,
        wordOrder(
          clause,
          { label: 'wh_element', value: clause.word },
          { label: 'subject_position', value: 'before_finite (a dependent clause, no question mark)' },
        ),
      ),
    examples: [
      {
        text: 'My sister took off her scarf and draped it over the edge of the bench and when I came back from the shop I took her gloves.',
        mood: 'indicative',
      },
      { text: 'We sold the boat and bought a van and when summer came we drove south.', mood: 'indicative' },
    ],
  },
  {
    id: 'MOOD.WH_OPENING_DEPENDENT',
    // "Where applicable, such records shall be kept ...", "When such limits vary, the carrier's limits will be
    // enforced": a sentence with no "?" that opens with "when" or "where" and a phrase or clause the segmenter left
    // in the main clause; after a comma comes the clause's own Subject, then its Finite. The WH-word opens the
    // dependent part, not a question: the clause is a statement.
    when: (clause) => {
      if (
        !WH_OPENING_SUBORDINATORS.has(clause.word) ||
        clause.final === '?' ||
        clause.dependency !== 'independent'
      )
        return false;
      const { subject, finite } = clause.facts;
      if (subject <= clause.start || finite <= subject) return false;
      for (let index = clause.start + 1; index < subject; index += 1)
        if (clause.view.lower[index] === ',') return true;
      return false;
    },
    decide: (clause) =>
      verdict(
        'declarative',
        0.75,
        wordOrder(
          clause,
          { label: 'wh_element', value: `${clause.word} (opens a dependent part before a comma)` },
          { label: 'subject_position', value: 'before_finite' },
        ),
      ),
    examples: [
      {
        text: 'Where applicable, such records shall be kept by the Agent for three years.',
        mood: 'declarative',
      },
      { text: 'When practicable, the following notice must appear beside the Marks.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.WH_ELEMENT',
    // Any other WH-element first asks ("Where is the key", "Who called?").
    when: (clause) => clause.wh,
    decide: (clause) =>
      verdict(
        'interrogative',
        clause.final === '?' ? 0.95 : 0.8,
        wordOrder(clause, { label: 'wh_element', value: clause.word }),
      ),
    examples: [
      { text: 'Who signed the lease?', mood: 'interrogative' },
      { text: 'Where did you park the van?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.QUESTION_MARK_NO_PREDICATOR',
    trace: 'MOOD.QUESTION_MARK',
    when: (clause) => clause.view.head < 0 && clause.final === '?',
    decide: (clause) => verdict('interrogative', 0.7, wordOrder(clause)),
    examples: [
      { text: 'More tea for you?', mood: 'interrogative' },
      { text: 'Any news from the bank?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.NO_PREDICATOR',
    when: (clause) => clause.view.head < 0,
    decide: (clause) => verdict('fragment', 0.7, wordOrder(clause)),
    examples: [
      { text: 'Oh no, not again!', mood: 'fragment' },
      { text: 'Hello there!', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.LET_IMPERATIVE',
    when: ({ view, start, word }) =>
      word === 'let' ||
      word === "let's" ||
      (word === 'lets' &&
        view.lower[start + 1] === view.lemma[start + 1] &&
        (view.pos[start + 1] === 'VERB' ||
          // "Lets call it a day", "Lets open up": the lite model reads the base verb as a noun or adjective.
          ((view.pos[start + 1] === 'NOUN' || view.pos[start + 1] === 'ADJ') &&
            IMPERATIVE_VERBS.has(view.lower[start + 1] ?? '')))),
    decide: (clause) => verdict('imperative', 0.9, wordOrder(clause, NO_SUBJECT)),
    examples: [
      { text: "Let's meet at noon.", mood: 'imperative' },
      { text: 'Let me check the diary.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.CAUSATIVE_HAVE_IMPERATIVE',
    // "Have someone hold the ladder", "Have them call me": causative "have", an object pronoun and a
    // base verb, is a command ("Have they called?" has a Subject pronoun and asks).
    when: ({ view, start, word, final }) =>
      word === 'have' &&
      final !== '?' &&
      CAUSEE_PRONOUNS.has(view.lower[start + 1] ?? '') &&
      view.pos[start + 2] === 'VERB' &&
      view.lower[start + 2] === view.lemma[start + 2],
    decide: (clause) => verdict('imperative', 0.75, wordOrder(clause, NO_SUBJECT)),
    examples: [
      { text: 'Have someone hold the ladder.', mood: 'imperative' },
      { text: 'Have them call me tomorrow.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.COORDINATED_ELLIPSIS',
    // "She has a way with children and is able to capture them", "They are not a park, but are
    // beautiful": a coordinated clause whose Finite comes first shares the Subject of the clause before
    // it; with no question mark closing it, it states (SEGMENT.QUESTION_MARK_CLOSES keeps a "?" to
    // the clause it ends).
    when: ({ view, start, tag, final, dependency }) =>
      dependency === 'paratactic' &&
      final !== '?' &&
      view.pos[0] === 'CCONJ' &&
      start > 0 &&
      view.pos[start - 1] === 'CCONJ' &&
      (tag === 'AUX' || (tag === 'VERB' && view.finite === start)),
    decide: (clause) =>
      verdict(
        'declarative',
        0.65,
        wordOrder(clause, { label: 'subject_position', value: 'ellipted (coordinated)' }),
      ),
    examples: [
      { text: 'The tenant shall repair the fence and shall pay for the materials.', mood: 'declarative' },
      { text: 'The town lies on a river and has a small harbour.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.MISREAD_YES_NO',
    trace: 'MOOD.FINITE_BEFORE_SUBJECT',
    // "is that true", "can fish breathe air", "has the mail come": a yes/no question with no "." or "!"
    // whose Finite or Subject the tagger misread (`misreadYesNo`).
    when: (clause) =>
      clause.final === '?' || clause.final === '' ? misreadYesNo(clause.view, clause.start) : false,
    decide: (clause, misread) =>
      verdict('interrogative', 0.75, wordOrder(clause, AFTER_FINITE, { label: 'misread', value: misread })),
    examples: [
      { text: 'is that true', mood: 'interrogative' },
      { text: 'has the mail come', mood: 'interrogative' },
      { text: 'does john like jazz', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.ADVERB_BEFORE_COMMAND_OPERATOR',
    trace: 'MOOD.NEGATIVE_OR_EMPHATIC_IMPERATIVE',
    // "Just don't tell him", "Always be polite": a restricting adverb before the command's operator.
    when: (clause) => adverbBeforeCommandOperator(clause.view, clause.start),
    decide: (clause) => verdict('imperative', 0.8, wordOrder(clause, NO_SUBJECT)),
    examples: [
      { text: "Just don't tell him.", mood: 'imperative' },
      { text: 'Always be polite.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.NEGATIVE_INVERSION',
    // "Nor did I speak", "Neither can we": the Finite before the Subject after a negative opening.
    when: (clause) => clause.operator?.inversion === 'negative',
    decide: (clause) =>
      verdict(
        'declarative',
        0.75,
        wordOrder(clause, AFTER_FINITE, { label: 'inversion', value: 'negative' }),
      ),
    examples: [
      { text: 'Nor did we notice the leak.', mood: 'declarative' },
      { text: 'Nor can they.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.CONDITIONAL_INVERSION',
    // "Had I known, ...", "Were it not for you, ...": a conditional clause, not a question. Cut off by a
    // comma it is a dependent clause; run on into its main clause ("Had it rained we would have
    // stayed") the clause holds the declarative main clause too.
    when: (clause) => {
      const inversion = clause.operator?.inversion;
      return inversion === 'conditional' || inversion === 'run-on';
    },
    decide: (clause) => {
      const inversion = clause.operator?.inversion ?? '';
      const premises = wordOrder(clause, AFTER_FINITE, { label: 'inversion', value: inversion });
      return inversion === 'conditional'
        ? verdict('indicative', 0.7, premises)
        : verdict('declarative', 0.65, premises);
    },
    examples: [
      { text: 'Had we left sooner, we would have caught the train.', mood: 'indicative' },
      { text: 'Had it rained we would have stayed.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.NEGATIVE_OR_EMPHATIC_IMPERATIVE',
    // "Don't pay yet", "Do come in", "Be quiet": negative or emphatic "do", or base "be", first.
    when: ({ view, start, word, operator, final }) => {
      if (operator === null) return false;
      const { after, negated } = operator;
      const nextTag = view.pos[after];
      return (
        (view.lemma[start] === 'do' &&
          (word === 'do' || word === 'don') &&
          negated &&
          (nextTag === 'VERB' || nextTag === 'AUX')) ||
        word === 'be' ||
        (word === 'do' && nextTag === 'VERB' && view.lower[after - 1] !== 'you' && final !== '?')
      );
    },
    decide: (clause) => verdict('imperative', 0.85, wordOrder(clause, NO_SUBJECT)),
    examples: [
      { text: "Don't touch the wires.", mood: 'imperative' },
      { text: 'Do come in.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.FINITE_BEFORE_SUBJECT',
    // "Is it late", "Did they call?": the Finite first and a Subject right after it. "Is not a service
    // office" (a review with the Subject left out): full "not" before a determiner and no "?" is not an
    // inverted question ("Isn't it", "Is it not" keep the Subject next).
    when: ({ view, operator, final }) => {
      if (operator === null) return false;
      const { after } = operator;
      const nextTag = view.pos[after];
      const notBeforeDeterminer = view.lower[after - 1] === 'not' && nextTag === 'DET' && final !== '?';
      return (
        nextTag !== undefined &&
        SUBJECT_START.has(nextTag) &&
        view.lower[after] !== 'that' &&
        !notBeforeDeterminer
      );
    },
    decide: (clause) => verdict('interrogative', 0.9, wordOrder(clause, AFTER_FINITE)),
    examples: [
      { text: 'Can I borrow your pen?', mood: 'interrogative' },
      { text: 'Are the shops open today?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.FORMULAIC_COMMAND',
    when: (clause) => formulaicCommand(clause.view, clause.start),
    decide: (clause, formula) =>
      verdict('imperative', 0.8, wordOrder(clause, NO_SUBJECT, { label: 'formula', value: formula })),
    examples: [
      { text: 'Have fun at the fair', mood: 'imperative' },
      { text: 'Attached please find the invoice.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.THANKS_FORMULA',
    // "Thank you for your time": a thanks formula, a complete move with no Subject (minor).
    when: (clause) => {
      const verb = clause.view.lower[clause.verbAt];
      return (verb === 'thank' || verb === 'thanks') && ellipticalSubjectVerb(clause);
    },
    decide: (clause) => verdict('minor', 0.7, wordOrder(clause, ...ELLIPTED_SUBJECT)),
    examples: [
      {
        text: 'Thank you for your recent request to speak at the spring conference of the tenants.',
        mood: 'minor',
      },
      {
        text: 'Thank you for the flowers and the lovely card from the whole team at the office.',
        mood: 'minor',
      },
    ],
  },
  {
    id: 'MOOD.ELLIPTICAL_SUBJECT',
    // "Hope this helps", "Love this park" (first-person Subject left out), "Email:" (a label): no Subject,
    // so no declarative (the guide's declarative is Subject before Finite), and no base-form command either.
    when: ellipticalSubjectVerb,
    decide: (clause) => verdict('fragment', 0.6, wordOrder(clause, ...ELLIPTED_SUBJECT)),
    examples: [
      { text: 'Hope the trip went well.', mood: 'fragment' },
      { text: 'love this little cafe', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.ADJUNCT_THEN_BASE_VERB',
    // "For details, see the list", "For the best view take the stairs": an opening adjunct, then a base verb.
    when: (clause) =>
      !clause.baseVerb &&
      clause.final !== '?' &&
      Math.max(
        verbAfterOpeningAdjunct(clause.view, clause.start),
        verbAfterOpeningPhrase(clause.view, clause.start),
      ) >= 0,
    decide: (clause) => verdict('imperative', 0.75, wordOrder(clause, NO_SUBJECT, BASE_FORM)),
    examples: [
      { text: 'For the full schedule, see the notice board.', mood: 'imperative' },
      { text: 'In a small bowl, whisk the eggs.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.NON_FINITE_ADJUNCT_THEN_COMMAND',
    // "To rinse, place the grain in a strainer", "Using a spoon, stir the sauce": an opening adjunct
    // with only non-finite verbs, a comma, then a base verb with no Subject: a command.
    when: (clause) => !clause.baseVerb && commandAfterNonFiniteAdjunct(clause) >= 0,
    decide: (clause) => verdict('imperative', 0.7, wordOrder(clause, NO_SUBJECT, BASE_FORM)),
    examples: [
      { text: 'For the following nine house prices, calculate the mean and the range.', mood: 'imperative' },
      { text: 'As a rule, and for a bit of extra flavour, add salt to the water.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.BASE_VERB_READ_AS_NOMINAL',
    // "Wait staff is ready", "Clean rooms": a "base verb" that the rest of the clause shows is a noun or adjective.
    when: (clause) => clause.baseVerb && nounReadingOfBaseVerb(clause.view, clause.verbAt),
    decide: (clause, reading) => {
      const premises = wordOrder(clause, { label: 'verb_reading', value: reading });
      return clause.hasFinite ? verdict('declarative', 0.55, premises) : verdict('fragment', 0.55, premises);
    },
    examples: [
      { text: 'Clean towels and a quiet garden.', mood: 'fragment' },
      { text: 'Clean rooms and friendly staff.', mood: 'fragment' },
      { text: 'Cool ambience.', mood: 'fragment' },
    ],
  },
  {
    id: 'MOOD.ELLIPTICAL_QUESTION',
    // "Want a burger?", "Need a lift?": with "?" the base verb asks, with "do you" left out.
    when: (clause) => commandVerb(clause) && clause.final === '?' && !politeBefore(clause.view, clause.start),
    decide: (clause) => verdict('interrogative', 0.6, wordOrder(clause, NO_SUBJECT, BASE_FORM)),
    examples: [
      { text: 'Need a lift?', mood: 'interrogative' },
      { text: 'Fancy a walk?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.LIST_ITEM_COMMAND',
    // "2 Plant the seeds": the number is the step's label, not a Subject.
    when: (clause) => commandVerb(clause) && clause.start > 0 && listNumberCommand(clause.view),
    decide: (clause) =>
      verdict(
        'imperative',
        0.8,
        wordOrder(clause, NO_SUBJECT, BASE_FORM, { label: 'list_marker', value: clause.view.lower[0] ?? '' }),
      ),
    examples: [
      { text: '2 Plant the seeds', mood: 'imperative' },
      { text: '4 Cover the pots with foil', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.NO_SUBJECT_BASE_VERB',
    when: commandVerb,
    decide: (clause) => verdict('imperative', 0.85, wordOrder(clause, NO_SUBJECT, BASE_FORM)),
    examples: [
      { text: 'Return the keys to the office.', mood: 'imperative' },
      { text: 'Stir the mixture gently.', mood: 'imperative' },
    ],
  },
  {
    id: 'MOOD.QUESTION_MARK',
    // The question mark counts only for the clause it closes: not for a reporting clause whose own
    // words end where a quotation opens ('Nonna goes "What do you think?"').
    when: (clause) => clause.final === '?' && !opensQuotation(clause.view),
    decide: (clause) => verdict('interrogative', 0.75, wordOrder(clause)),
    examples: [
      { text: 'Is there a pharmacy nearby?', mood: 'interrogative' },
      { text: 'You cancelled the order?', mood: 'interrogative' },
    ],
  },
  {
    id: 'MOOD.DEFECTIVE_VERB_IMPERATIVE',
    // "Buyer beware", "Tourists beware!": "beware" has no tensed forms, so with no operator before
    // it the clause is a command, the nominal before it a vocative rather than a Subject.
    when: (clause) => defectiveImperative(clause.view),
    decide: (clause) =>
      verdict('imperative', 0.7, wordOrder(clause, { label: 'subject_position', value: 'vocative' })),
    examples: [
      { text: 'Buyer beware', mood: 'imperative' },
      { text: 'Hikers beware!', mood: 'imperative' },
    ],
  },
  // The last rules cite whether a Subject stands before the Finite.
  {
    id: 'MOOD.SUBJECT_BEFORE_FINITE',
    when: (clause) => clause.subjectBefore && clause.hasFinite,
    decide: (clause) => verdict('declarative', 0.9, subjectOrder(clause)),
    examples: [
      { text: 'That decision we strongly regret.', mood: 'declarative' },
      { text: 'Slowly, the water rose.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.FINITE_DEFAULT',
    when: (clause) => clause.hasFinite,
    decide: (clause) => verdict('declarative', 0.6, subjectOrder(clause)),
    examples: [
      { text: 'He left the city and so came under the spell of the sea.', mood: 'declarative' },
      { text: 'She moved north and then found work at the port.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.REPORTING_VERB_BEFORE_SUBJECT',
    // "“Who is it?” said the guard": a tensed verb of saying that opens the clause before its Subject
    // reports a quotation ("asked questions", a participle before a bare noun, does not).
    // So does a common noun after the verb that the tree makes its Subject ("said council member Ruth
    // Alvarez"; MOOD.REPORTING_TREE_SUBJECT, switchable).
    when: ({ view, disabled }) => {
      const headWord = view.lower[view.head] ?? '';
      const afterHead = view.pos[view.head + 1];
      return (
        view.head === 0 &&
        QUOTING_VERBS.has(view.lemma[view.head] ?? '') &&
        headWord !== view.lemma[view.head] &&
        !headWord.endsWith('ing') &&
        (afterHead === 'DET' ||
          afterHead === 'PROPN' ||
          afterHead === 'PRON' ||
          (afterHead === 'NOUN' && disabled?.has(REPORTING_TREE_SUBJECT) !== true && treeSubjectAfter(view)))
      );
    },
    decide: (clause) =>
      verdict(
        'declarative',
        0.6,
        subjectOrder(clause, { label: 'subject_position', value: 'after_reporting_verb' }),
      ),
    examples: [
      { text: '"Who broke the vase?" said the teacher.', mood: 'declarative' },
      { text: '"Sit down," said the coach.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.COORDINATED_TENSED_VERB',
    trace: 'MOOD.ELLIPTICAL_SUBJECT',
    // "He came and left": the coordinated clause shares the Subject and its verb is tensed.
    when: ({ view, dependency, disabled }) => {
      const headWord = view.lower[view.head] ?? '';
      return (
        dependency === 'paratactic' &&
        headWord !== view.lemma[view.head] &&
        !headWord.endsWith('ing') &&
        view.lower[view.head - 1] !== 'to' &&
        // "and (b) Beta Ltd, a company incorporated in Ohio": a participle qualifying an appositive.
        !clauseParticipleOnAppositive(view.syntactic.tokens, view.lower, view.head, disabled)
      );
    },
    decide: (clause) => verdict('declarative', 0.6, subjectOrder(clause)),
    examples: [
      { text: 'He came and left.', mood: 'declarative' },
      { text: 'She knocked twice and waited.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.TREE_DETERMINER_BEFORE_TENSED_ROOT',
    // "The other moaned and left.": the root is a tensed verb (or a finite operator) with a det, amod
    // or nmod:poss before it and no nsubj, aux or cop on it; the determiner's words are the Subject the
    // parse missed, so Subject before Finite.
    when: (clause) =>
      clause.dependency === 'independent' && clause.final !== '?' && determinerBeforeTensedRoot(clause.view),
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.6,
        subjectOrder(clause, { label: 'subject_position', value: `before_finite (${found} on the root)` }),
      ),
    examples: [
      { text: 'The other moaned and left.', mood: 'declarative' },
      { text: 'The first coughed twice.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.TREE_STATEMENT_BELOW_ROOT',
    // "Spot, and her daughter, love it here.", "Now, not to upstage anyone, but theirs has been the
    // longest.": the parse roots the sentence on a word with no Subject or Finite and hangs the statement
    // below it (conj, parataxis, obl); a Subject before its Finite on a word that is no dependent clause
    // and has no subordinator is the clause's own (mood-tree.ts, `statementBelowRoot`).
    when: (clause) =>
      clause.dependency === 'independent' && clause.final !== '?' && statementBelowRoot(clause.view),
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.6,
        subjectOrder(clause, { label: 'tree_subject_finite', value: `${found} (below a root with neither)` }),
      ),
    examples: [
      {
        // (With no coordinator before the "-ing" form, SEGMENT.PARTICIPLE_IN_SUBJECT keeps "calling" out of
        // the clause's verbal group and MOOD.SUBJECT_BEFORE_FINITE reads "are" already.)
        text: 'WHEREAS, a group of farmers and traders calling themselves the Grain League are now in session in Topeka.',
        mood: 'declarative',
      },
      // (A label of capitalised words alone, "Spain: Renewing ...", is read by MOOD.SPEAKER_LABEL first.)
      { text: 'Visas in Spain: Renewing the permit is a simple matter.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.FINITE_OPERATOR_OUTSIDE_GROUP',
    // "The first front to attack the problem on is crop planning", "And for me, what I want the purpose
    // to be, is to inspire people": the clause's verbal group (an infinitive or a verb inside the
    // Subject) has no Finite, but a finite operator stands later in the clause, with no coordinator
    // before it, no Subject of its own right before it (a pronoun, or a word the parse makes a Subject)
    // and no Subject pronoun after it (no inversion): the Finite of a statement whose Subject is what
    // comes before it.
    when: (clause) =>
      clause.dependency === 'independent' && !clause.hasFinite && clause.final !== '?'
        ? finiteOperatorOutsideGroup(clause)
        : '',
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.55,
        subjectOrder(clause, { label: 'finite', value: `${found} (outside the verbal group)` }),
      ),
    examples: [
      { text: 'The first room to start the cleaning in is the kitchen.', mood: 'declarative' },
      { text: 'The best spot to watch the boats from is the old pier.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.TENSED_VERB_AFTER_INSERTION',
    // "Spot, and her daughter, Shag, love it here.", "This guy Nierman, who was a Mexican national, lived
    // there.": no Finite found, but a verb in a tensed form stands right after a comma that closes an
    // insertion (an appositive, a relative clause, an adverb) after a nominal group that opens the
    // clause or follows its opening adjunct, with no verb before it; the tagger read the verb as a
    // participle because the comma parts it from its Subject. A past form followed by a preposition or
    // by nothing ("The old mill, built in 1890.") stays a participle: a caption.
    when: (clause) =>
      clause.dependency === 'independent' &&
      !clause.hasFinite &&
      (clause.final === '.' || clause.final === '!')
        ? tensedVerbAfterInsertion(clause.view)
        : '',
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.55,
        subjectOrder(clause, { label: 'finite', value: `${found} (after an insertion between commas)` }),
      ),
    examples: [
      {
        text: 'Not long ago, FIFA, which is the governing body of world football, named this stadium a national treasure.',
        mood: 'declarative',
      },
      { text: 'More than 500 farmers, actually, planted these in their fields.', mood: 'declarative' },
    ],
  },
  {
    id: 'MOOD.PRESENT_VERB_OUTSIDE_GROUP',
    // "For older adults, being active predicts a longer life.": the clause's verbal group is non-finite
    // (a gerund, "being", an infinitive that opens the Subject), but a later lexical verb in the present
    // "-s" form, a tensed form only, stands in the clause with no subordinator or coordinator before it:
    // the Finite of a statement whose Subject is what comes before it.
    when: (clause) =>
      clause.dependency === 'independent' &&
      !clause.hasFinite &&
      (clause.final === '.' || clause.final === '!')
        ? presentVerbOutsideGroup(clause)
        : '',
    decide: (clause, found) =>
      verdict(
        'declarative',
        0.55,
        subjectOrder(clause, {
          label: 'finite',
          value: `${found} (a present form outside the verbal group)`,
        }),
      ),
    examples: [
      {
        text: 'For young children in general, being socially active predicts a richer and happier life.',
        mood: 'declarative',
      },
      {
        text: 'For many students in particular, being regularly active improves a weak memory.',
        mood: 'declarative',
      },
    ],
  },
  {
    id: 'MOOD.NON_FINITE',
    // Nothing else holds: no Finite the rules can find, so no move of its own.
    when: () => true,
    decide: (clause) => verdict('fragment', 0.6, subjectOrder(clause)),
    examples: [
      { text: 'Served with fresh bread and butter.', mood: 'fragment' },
      { text: 'Waiting for your reply', mood: 'fragment' },
    ],
  },
];

const LAST_RULE = MOOD_RULES[MOOD_RULES.length - 1] as MoodRule;

/** The ids of the mood rules in apply order, for `createPipeline({ disabledRules })`. */
export const MOOD_RULE_IDS: readonly string[] = MOOD_RULES.map((rule) => rule.id);

/**
 * Mood of a clause: the first rule of `MOOD_RULES` (skipping the ids in `disabledRules`) that holds
 * decides, with the common premises (dependency, final punctuation, projection, Finite) and its own.
 * The last rule always holds and is applied even when switched off.
 */
export function classifyMood(
  view: ClauseView,
  heading = false,
  standalone = false,
  disabledRules?: ReadonlySet<string>,
  previous?: readonly Syntactic[],
  listOperator = '',
  previousMoods?: readonly Mood[],
): MoodDecision {
  const clause = new MoodClause(
    view,
    heading,
    standalone,
    disabledRules,
    previous,
    listOperator,
    previousMoods,
  );
  const { syntactic, lower } = view;
  const premises: Premise[] = [
    { label: 'dependency', value: syntactic.dependency },
    { label: 'final_punctuation', value: view.sentenceFinal === '' ? 'none' : view.sentenceFinal },
  ];
  // A quotation keeps its own mood; the reporting clause it is projected from is the main clause.
  if (syntactic.relation === 'quote') premises.push({ label: 'projection', value: 'quoted' });
  premises.push({ label: 'finite', value: clause.hasFinite ? (lower[view.finite] ?? '') : 'none' });
  const { rule, verdict } = decideFrom(clause, 0);
  if (verdict.premises !== undefined) premises.push(...verdict.premises);
  return { mood: verdict.mood, rule, confidence: verdict.confidence, premises };
}

/** A row's id (as the trace writes it) and verdict. */
export interface RowDecision {
  readonly rule: string;
  readonly verdict: MoodVerdict;
}

/** The first row from `start` on (skipping disabled ones, but never the last) that holds, and its verdict. */
function decideFrom(clause: MoodClause, start: number): RowDecision {
  for (let index = start; index < MOOD_RULES.length; index += 1) {
    const rule = MOOD_RULES[index] as MoodRule;
    if (rule !== LAST_RULE && clause.disabled?.has(rule.id) === true) continue;
    const found = rule.when(clause);
    if (found === false || found === '') continue;
    return { rule: rule.trace ?? rule.id, verdict: rule.decide(clause, found === true ? '' : found) };
  }
  // Unreachable: the last rule always holds.
  return { rule: LAST_RULE.id, verdict: { mood: 'fragment', confidence: 0.6 } };
}

/**
 * MOOD.OPENING_VERB_MISTAGGED and MOOD.OPENING_VERB_BEFORE_QUANTITY: a command whose opening verb the
 * tagger misread (`found` is its reading), no Subject, the verb in its base form.
 */
function misreadCommandVerb(clause: MoodClause, found: string): MoodVerdict {
  return verdict(
    'imperative',
    0.6,
    wordOrder(clause, NO_SUBJECT, BASE_FORM, { label: 'verb_reading', value: found }),
  );
}

/** Moods a title-case line keeps when the other rows read it so (MOOD.TITLE_CASE_LINE). */
const COMMAND_OR_QUESTION: ReadonlySet<Mood> = new Set<Mood>(['imperative', 'interrogative']);

/**
 * MOOD.TITLE_CASE_LINE: no final punctuation, the last token a word, every word capitalised or a
 * clitic ("'ll") or one of the words a title leaves in lower case (`TITLE_LOWER_WORDS`), at least two
 * capitalised words after the first, and some lower-case letter (an all-caps line is a heading only by
 * the plain-text rules, or a statement: "THE SERVICE IS PROVIDED AS IS").
 */
function titleCaseLine(view: ClauseView): boolean {
  const { tokens } = view.syntactic;
  const count = tokens.length;
  if (view.sentenceFinal !== '' || count < 3 || view.pos[count - 1] === 'PUNCT') return false;
  // A stop glued to the last word ("in 5C.") ends a sentence.
  const last = (tokens[count - 1] as Token).text;
  if (SENTENCE_END_MARKS.test(last.charAt(last.length - 1))) return false;
  // A word broken off ("and Th-", one token by TOKEN.WORD_FRAGMENT) ends speech, not a title.
  if (last.endsWith('-')) return false;
  let capitalised = 0;
  let lowerLetter = false;
  for (let index = 0; index < count; index += 1) {
    const text = (tokens[index] as Token).text;
    const code = text.charCodeAt(0);
    if (code === 39 || code === 8217) continue;
    const upper = code >= 65 && code <= 90;
    const lower = code >= 97 && code <= 122;
    if (lower && !TITLE_LOWER_WORDS.has(view.lower[index] ?? '')) return false;
    if (upper && index > 0 && text.length > 1) capitalised += 1;
    if (!lowerLetter)
      for (let at = 1; at < text.length; at += 1) {
        const next = text.charCodeAt(at);
        if (next >= 97 && next <= 122) {
          lowerLetter = true;
          break;
        }
      }
  }
  return capitalised >= 2 && lowerLetter;
}

/**
 * "So cool", "Too bad!", "Very nice.": a degree adverb first, then one word the model's lexicon allows
 * as an adjective, then nothing but punctuation ("So go ahead", "Really think about it" stay commands).
 */
function degreeAdjectiveMinor(view: ClauseView): boolean {
  const { lower, pos } = view;
  const degree = lower[0] ?? '';
  const word = lower[1] ?? '';
  // The trained tagger reads an opening "so" as an interjection ("So true!").
  if (!DEGREE_OPENERS.has(degree) || (pos[0] !== 'ADV' && pos[0] !== 'INTJ') || lower.length < 2)
    return false;
  for (let index = 2; index < lower.length; index += 1) if (pos[index] !== 'PUNCT') return false;
  // The whole sentence: ends in its final "." or "!", or has no final punctuation at all ("So cool, I
  // love it" and "So like I said, ..." go on past the clause).
  const last = lower[lower.length - 1] ?? '';
  if (lower.length > 2 ? !MINOR_CLOSERS.has(last) : view.sentenceFinal !== '') return false;
  if (word === 'like') return false;
  if (pos[1] === 'ADJ') return true;
  if (pos[1] !== 'VERB' || !hasPosReading(word, 'ADJ')) return false;
  return degree !== 'so' || !(IMPERATIVE_VERBS.has(word) || SO_COMMAND_VERBS.has(word));
}

/**
 * A Finite before its Subject that does not ask (no "?"): 'negative' after "nor"/"neither" ("Nor did I
 * speak"); 'conditional' for "had"/"were"/"should" + Subject cut off by a comma before the next clause
 * ("Had I known, ...", "Should you need help, ...") or followed by a Subject and "would"/"could"/"might"
 * ("Had it rained we would have stayed": 'run-on'); '' otherwise.
 */
function declarativeInversion(view: ClauseView, start: number, after: number): string {
  const { lower, pos } = view;
  if (after >= lower.length || !isSubjectLike(pos[after]) || lower[after] === 'that') return '';
  for (let index = 0; index < start; index += 1)
    if (NEGATIVE_OPENERS.has(lower[index] ?? '') && pos[index] === 'CCONJ') return 'negative';
  const word = lower[start] ?? '';
  if (!CONDITIONAL_FINITES.has(word)) return '';
  for (let index = 0; index < start; index += 1) if (pos[index] !== 'PUNCT') return '';
  if (word !== 'should')
    for (let index = after + 2; index + 1 < lower.length; index += 1)
      if (pos[index] === 'PRON' && COUNTERFACTUAL_MODALS.has(lower[index + 1] ?? '')) return 'run-on';
  return lower[lower.length - 1] === ',' && after + 1 < lower.length - 1 ? 'conditional' : '';
}

/**
 * "When the ice melted, ...": a WH-adverb, then a Subject (not a Finite: "When does it open"), then a
 * comma, with no "?" at the end. Returns the index after the comma (the clause's length when the comma
 * ends it), or -1.
 */
function whAdjunctOpening(view: ClauseView, start: number): number {
  const { lower, pos } = view;
  if (!WH_SUBORDINATORS.has(lower[start] ?? '') || view.sentenceFinal === '?') return -1;
  const next = pos[start + 1];
  if (!(next === 'DET' || next === 'PRON' || next === 'NOUN' || next === 'PROPN')) return -1;
  if (FINITE_WORDS.has(lower[start + 1] ?? '')) return -1;
  for (let index = start + 3; index < lower.length; index += 1) {
    if (lower[index] !== ',') continue;
    let after = index + 1;
    while (after < lower.length && (pos[after] === 'ADV' || pos[after] === 'INTJ')) after += 1;
    return after;
  }
  return -1;
}

/**
 * "Just don't tell him", "Simply don't go there", "Always be polite": a restricting adverb, then "do" +
 * "not" + a verb, or base-form "be", with no Subject: a negative or emphatic command whose operator the
 * adverb keeps from opening the clause. Only commands: "So do I" and "Just do you know" are not read here.
 */
function adverbBeforeCommandOperator(view: ClauseView, start: number): boolean {
  const { lower, pos } = view;
  if (pos[start] !== 'ADV' || !COMMAND_ADVERBS.has(lower[start] ?? '') || pos[start + 1] !== 'AUX')
    return false;
  const operator = lower[start + 1] ?? '';
  if (operator === 'be') return view.sentenceFinal !== '?';
  if (operator !== 'do' && operator !== 'don') return false;
  const negator = lower[start + 2] ?? '';
  if (negator !== 'not' && negator !== "n't" && negator !== 'n’t' && negator !== 't') return false;
  // "Just don't know why", "Simply don't understand": a stative verb of knowing or liking after the
  // adverb usually leaves out a first-person Subject rather than commands.
  return (
    (pos[start + 3] === 'VERB' || pos[start + 3] === 'AUX') &&
    !STATIVE_AFTER_ADVERB.has(view.lemma[start + 3] ?? '')
  );
}

/** The head is a defective verb ("beware") with no auxiliary or "to" before it in the clause. */
function defectiveImperative(view: ClauseView): boolean {
  const { head, lower, pos } = view;
  if (head < 0 || !DEFECTIVE_VERBS.has(lower[head] ?? '')) return false;
  for (let index = 0; index < head; index += 1)
    if (pos[index] === 'AUX' || lower[index] === 'to' || pos[index] === 'VERB') return false;
  return true;
}

/** "Please" or "kindly" among the themes before `start`: a request, even when it ends in "?". */
function politeBefore(view: ClauseView, start: number): boolean {
  for (let index = 0; index < start; index += 1)
    if (view.lower[index] === 'please' || view.lower[index] === 'kindly') return true;
  return false;
}

/**
 * Commands in fixed wording that the tagger does not read as a base verb first: "Have fun",
 * "Have a nice day" (not "Have you ..."), "Attached please find ...". Returns the formula or ''.
 */
function formulaicCommand(view: ClauseView, start: number): string {
  const { lower } = view;
  const word = lower[start] ?? '';
  const next = lower[start + 1] ?? '';
  if (word === 'have' && view.sentenceFinal !== '?' && (next === 'fun' || next === 'a' || next === 'an'))
    return `have ${next}`;
  if (
    ENCLOSURE_PARTICIPLES.has(word) &&
    (next === 'find' || (next === 'please' && lower[start + 2] === 'find'))
  )
    return `${word} find`;
  return '';
}

/**
 * A first-person Subject left out in informal text: "love this park", "Highly recommend!", "Greatly
 * appreciate your help" (a verb of liking or judging, or an -ly intensifier before the base verb),
 * "See you later", "Talk to you soon" (closing formulas with nothing verbal after).
 */
function firstPersonEllipsis(view: ClauseView, start: number, verbAt: number): boolean {
  const { lower, pos } = view;
  const verb = lower[verbAt] ?? '';
  if (verbAt > start && ELLIPSIS_INTENSIFIERS.has(lower[start] ?? ''))
    return INTENSIFIED_ELLIPSIS_VERBS.has(verb) && view.sentenceFinal !== '?';
  if (
    FIRST_PERSON_ELLIPSIS_VERBS.has(verb) &&
    lower[verbAt + 1] !== 'to' &&
    pos[verbAt + 1] !== undefined &&
    pos[verbAt + 1] !== 'PUNCT' &&
    pos[verbAt + 1] !== 'PROPN' &&
    !WH_WORDS.has(lower[verbAt + 1] ?? '')
  ) {
    // Not "Guess what ...", "Miss Rosenthal".
    const object = lower[verbAt + 1] ?? '';
    return pos[verbAt + 1] !== 'PRON' || object === 'you' || object === 'ya' || object === 'it';
  }
  if (CLOSING_FORMULAS.has(`${verb}_${lower[verbAt + 1] ?? ''}`)) {
    const you = lower[verbAt + 1] === 'you' ? verbAt + 1 : verbAt + 2;
    return lower[you] === 'you' || lower[you] === 'ya';
  }
  return false;
}

/**
 * A "base verb" that the rest of the clause shows is a noun or adjective: followed by nouns and then a
 * Finite ("Wait staff is ready", "Bus service is available"), or an adjective-like verb before a bare
 * noun or "&" with no verb after ("Clean rooms", "Cool ambience", "Clean & tidy"). Returns the reason or ''.
 */
function nounReadingOfBaseVerb(view: ClauseView, verbAt: number): string {
  const { lower, pos } = view;
  let index = verbAt + 1;
  while (pos[index] === 'NOUN') index += 1;
  if (pos[index] === 'AUX' && FINITE_AFTER_NOMINAL.has(lower[index] ?? '')) return 'noun before finite';
  const next = pos[verbAt + 1];
  if (
    ADJECTIVE_VERBS.has(lower[verbAt] ?? '') &&
    (next === 'NOUN' || lower[verbAt + 1] === '&' || next === 'ADJ') &&
    !verbAfter(view, verbAt + 1) &&
    view.sentenceFinal !== '!'
  )
    return 'adjective before noun';
  return '';
}

/**
 * "What beautiful weather", "What nice people you are": after "what", adjectives and a noun, then
 * nothing or a Subject (an exclamative, no inversion); "What new movies are out" has the verb next.
 */
function nominalThenSubject(view: ClauseView, from: number): boolean {
  const { pos } = view;
  let index = from;
  while (pos[index] === 'ADJ' || pos[index] === 'ADV') index += 1;
  const head = index;
  while (pos[index] === 'NOUN' || pos[index] === 'PROPN') index += 1;
  if (index === head) return false;
  const after = pos[index];
  return after === undefined || after === 'PUNCT' || after === 'PRON' || after === 'DET';
}

/** "What you say makes sense", "What's happening now is bigger": the WH clause is the Subject of a later verb. */
function isFreeRelative(view: ClauseView, start: number): boolean {
  const { pos } = view;
  if (isSubjectLike(pos[start + 1]) && (pos[start + 2] === 'VERB' || pos[start + 2] === 'AUX')) return true;
  let sawVerb = false;
  let finites = 0;
  for (let index = start + 1; index < pos.length; index += 1) {
    if (pos[index] === 'VERB') sawVerb = true;
    else if (sawVerb && pos[index] === 'AUX' && view.lemma[index] === 'be') return true;
    // "What's happening in New York will happen elsewhere", "What's funny to them may be different": a
    // second finite operator after the WH clause's own is the Finite of the clause it is the Subject of.
    if (pos[index] === 'AUX' && FINITE_OPERATOR_FORMS.has(view.lower[index] ?? '')) {
      finites += 1;
      if (finites === 2 && index > start + 2 && pos[index - 1] !== 'AUX') return true;
    }
  }
  return false;
}

function invertedAfter(view: ClauseView, from: number): boolean {
  // "How big is it" (question) has the Finite before the Subject; "How big it is" (exclamative) has it after.
  for (let index = from; index < view.lower.length; index += 1) {
    const tag = view.pos[index];
    if (tag === 'AUX' || tag === 'VERB')
      return (
        (isSubjectLike(view.pos[index + 1]) || view.pos[index + 1] === 'DET') &&
        !isSubjectLike(view.pos[index - 1])
      );
    if (tag === 'PRON' || tag === 'PROPN') return false;
  }
  return false;
}

const NOMINAL_TAGS = new Set<Upos>(['NOUN', 'PROPN', 'NUM', 'ADJ']);
const ADJECTIVE_SUFFIX = /(?:ing|ful|ous|ive|ble|ic|ed|ish|less)$/;

function isFiniteAt(view: ClauseView, index: number): boolean {
  const tag = view.pos[index];
  const word = view.lower[index] ?? '';
  // "what a pleasant experience working with them": a participle is not a Finite.
  return (
    tag === 'AUX' ||
    (tag === 'VERB' && !word.endsWith('ing') && view.lower[index - 1] !== 'to') ||
    FINITE_WORDS.has(word)
  );
}

function endsAt(view: ClauseView, index: number): boolean {
  return index >= view.pos.length || view.pos[index] === 'PUNCT';
}

/**
 * A Subject at `from` followed by a Finite or verb (an adverb may come between): "you are", "that sunset
 * is" (the lite model reads "that" as SCONJ and "sunset" as a verb), "the children grow". Returns the
 * index of the Finite, or -1.
 */
function subjectThenFinite(view: ClauseView, from: number): number {
  const { lower, pos } = view;
  const word = lower[from] ?? '';
  let index = from;
  if (SUBJECT_DETERMINERS.has(word) && !endsAt(view, from + 1) && !isFiniteWordAt(view, from + 1)) {
    index = from + 2;
    while (index < from + 4 && NOMINAL_TAGS.has(pos[index] ?? 'X')) index += 1;
  } else if (SUBJECT_WORDS.has(word) || pos[from] === 'PRON') {
    if (word === 'what' || WH_WORDS.has(word)) return -1;
    index = from + 1;
  } else if (pos[from] === 'PROPN' || pos[from] === 'NOUN') {
    while (index < from + 3 && (pos[index] === 'PROPN' || pos[index] === 'NOUN')) index += 1;
  } else return -1;
  if (pos[index] === 'ADV' && !endsAt(view, index + 1)) index += 1;
  return !endsAt(view, index) && isFiniteAt(view, index) ? index : -1;
}

function isFiniteWordAt(view: ClauseView, index: number): boolean {
  return view.pos[index] === 'AUX' || FINITE_WORDS.has(view.lower[index] ?? '');
}

/** A Finite at `index` with a Subject right after it: "is it", "are the kids", "does this". */
function invertedAt(view: ClauseView, index: number): boolean {
  if (!isFiniteWordAt(view, index)) return false;
  const next = index + 1;
  if (endsAt(view, next)) return false;
  return (
    subjectThenFinite(view, next) >= 0 ||
    SUBJECT_WORDS.has(view.lower[next] ?? '') ||
    isSubjectLike(view.pos[next]) ||
    view.pos[next] === 'DET'
  );
}

/**
 * "What" + (a/an/such) + adjectives + noun, then nothing, a to-infinitive, a Subject and a Finite ("what a
 * mess you made") or a prepositional phrase: exclamative (true). A Finite right after the nominal group
 * ("what day is it", "what movies are playing"): interrogative (false). Otherwise undefined.
 */
function whatStructure(view: ClauseView, start: number): boolean | undefined {
  const { lower, pos } = view;
  let index = start + 1;
  let article = false;
  if (lower[index] === 'such') {
    article = true;
    index += 1;
  }
  if (lower[index] === 'a' || lower[index] === 'an') {
    article = true;
    index += 1;
  }
  const groupStart = index;
  let evaluative = false;
  while (index < groupStart + 5 && !endsAt(view, index)) {
    const tag = pos[index];
    const word = lower[index] ?? '';
    const modifier = index + 1 < pos.length && NOMINAL_TAGS.has(pos[index + 1] ?? 'X');
    if (tag === 'ADJ' || tag === 'ADV') {
      if (!WHAT_QUESTION_ADJECTIVES.has(word) && !DEGREE_WORDS.has(word)) evaluative = true;
    } else if (
      tag === 'VERB' &&
      modifier &&
      (ADJECTIVE_SUFFIX.test(word) || EXCLAMATIVE_ADJECTIVES.has(word))
    ) {
      // "an amazing experience": the lite model reads the participle adjective as a verb.
      evaluative = true;
    } else if (
      !(
        tag === 'NOUN' ||
        tag === 'PROPN' ||
        tag === 'NUM' ||
        (article && index === groupStart && !isFiniteWordAt(view, index))
      )
    )
      break;
    index += 1;
  }
  if (index === groupStart) return undefined;
  if (pos[groupStart] === 'ADJ' && WHAT_QUESTION_ADJECTIVES.has(lower[groupStart] ?? '')) return undefined;
  const bare = index === groupStart + 1 && EXCLAMATIVE_BARE_NOUNS.has(lower[groupStart] ?? '');
  const exclamativeGroup = article || evaluative || bare;
  if (endsAt(view, index)) return exclamativeGroup ? true : undefined;
  const word = lower[index] ?? '';
  if (word === 'to' && pos[index + 1] === 'VERB') return exclamativeGroup ? true : undefined;
  if (invertedAt(view, index)) return false;
  if (subjectThenFinite(view, index) >= 0) return exclamativeGroup ? true : undefined;
  if (isFiniteAt(view, index)) return false;
  if (pos[index] === 'ADP' && article) {
    for (let probe = index + 1; probe < pos.length; probe += 1)
      if (isFiniteWordAt(view, probe)) return !invertedAt(view, probe);
    return true;
  }
  return undefined;
}

/**
 * "How" + adjective or adverb (+ a Subject and a Finite, "of you", a to-infinitive, or nothing):
 * exclamative (true), unless the adjective measures ("how old", "how far", "how many"), which with
 * nothing after asks. A Finite right after the WH-phrase ("how old are you", "how many people came"):
 * interrogative (false). "How" + Subject + verb ("how time flies") and other shapes: undefined.
 */
function howStructure(view: ClauseView, start: number): boolean | undefined {
  const { lower, pos, lemma } = view;
  let index = start + 1;
  if (DEGREE_WORDS.has(lower[index] ?? '') && !endsAt(view, index + 1)) index += 1;
  const word = lower[index] ?? '';
  const tag = pos[index];
  if (endsAt(view, index) || SUBJECT_WORDS.has(word) || SUBJECT_DETERMINERS.has(word)) return undefined;
  const adjective =
    tag === 'ADJ' ||
    (tag === 'ADV' && word !== 'about') ||
    EXCLAMATIVE_ADJECTIVES.has(word) ||
    ((tag === 'VERB' || tag === 'NOUN') && ADJECTIVE_SUFFIX.test(word) && word !== 'thing');
  if (!adjective) {
    // "how time flies": a Subject the lite model reads as a base verb, then a verb in -s.
    const verb = lower[index + 1] ?? '';
    return tag === 'VERB' &&
      word === lemma[index] &&
      pos[index + 1] === 'VERB' &&
      verb.endsWith('s') &&
      verb !== lemma[index + 1] &&
      endsAt(view, index + 2)
      ? true
      : undefined;
  }
  const measure = HOW_QUESTION_ADJECTIVES.has(word);
  index += 1;
  if (word === 'many' || word === 'much') {
    // "how many people", "how much fun": the nominal group of the WH-phrase.
    while (
      index < start + 6 &&
      (pos[index] === 'NOUN' || pos[index] === 'ADJ') &&
      !SUBJECT_WORDS.has(lower[index] ?? '')
    )
      index += 1;
  } else if ((lower[index] === 'a' || lower[index] === 'an') && !measure) {
    index += 1;
    while (index < start + 7 && NOMINAL_TAGS.has(pos[index] ?? 'X')) index += 1;
  }
  if (endsAt(view, index)) return !measure;
  const next = lower[index] ?? '';
  if (next === 'of' && (pos[index + 1] === 'PRON' || pos[index + 1] === 'PROPN'))
    return measure ? undefined : true;
  if (next === 'to' && pos[index + 1] === 'VERB') return !measure;
  if (invertedAt(view, index)) return false;
  const finite = subjectThenFinite(view, index);
  if (finite >= 0) {
    // "how long it takes", "how much it costs": a measure asked about, with a lexical verb.
    if (measure && next === 'it' && !OPERATOR_LEMMAS.has(lemma[finite] ?? '')) return false;
    return true;
  }
  if (isFiniteAt(view, index)) return false;
  return undefined;
}

/** Tags after "is that" that make "that" the Subject ("is that true", "was that a joke"), not a complementiser. */
const AFTER_THAT_SUBJECT = new Set<Upos>(['DET', 'ADJ', 'ADV', 'NOUN', 'NUM', 'PUNCT']);

/** A plural noun ("wolves", "rabbits"), not "-ss" ("grass"). */
const PLURAL = /[^s]s$/;
/** Tags that open a nominal group after an operator ("does a dog", "did the river", "does iron"). */
const NOMINAL_OPENING = new Set<Upos>(['DET', 'PRON', 'NOUN', 'PROPN', 'VERB', 'ADJ']);
/** A past participle ("melted", "broken", "grown"). */
const PARTICIPLE = /(?:ed|en|wn)$/;

/**
 * After an operator and a Subject the lite model read as a verb ("can fish", "should dogs"), the
 * clause's own verb: a base verb ("breathe"), "be"/"have" ("should dogs be walked"), or "like" read
 * as a preposition after a plural ("would dogs like").
 */
function subjectVerbAfter(view: ClauseView, index: number): boolean {
  const { lower, pos, lemma } = view;
  const word = lower[index] ?? '';
  if (pos[index] === 'VERB' && word === lemma[index]) return true;
  if (word === 'be' || word === 'have') return !endsAt(view, index + 1);
  return word === 'like' && (lower[index - 1] ?? '').endsWith('s') && !endsAt(view, index + 1);
}

/**
 * "swimming" in "Is swimming a sport", "Is skiing dangerous", "Is smoking allowed": an -ing form right
 * after "is" followed by a complement (adjective, participle, nominal group) is the Subject; verbs that
 * link to an adjective in the progressive ("is getting cold") are left alone.
 */
function gerundSubject(view: ClauseView, index: number): boolean {
  const { lower, pos, lemma } = view;
  const word = lower[index] ?? '';
  if (pos[index] !== 'VERB' || !word.endsWith('ing') || LINKING_PROGRESSIVES.has(lemma[index] ?? ''))
    return false;
  const next = pos[index + 1];
  const after = lower[index + 1] ?? '';
  if (next === 'ADJ') return true;
  if (next === 'VERB') return PARTICIPLE.test(after) && after !== lemma[index + 1];
  if (next === 'NOUN') return endsAt(view, index + 2);
  return (after === 'a' || after === 'an') && pos[index + 2] === 'NOUN' && endsAt(view, index + 3);
}

/**
 * A yes/no question whose Finite or Subject the lite model misreads, with no "." or "!": "is that true"
 * ("that" read as SCONJ), "can fish breathe air" (the Subject read as a verb), "has the mail come" ("has"
 * read as a main verb), "does john like jazz" ("like" read as a preposition). Returns what was misread or ''.
 */
function misreadYesNo(view: ClauseView, start: number): string {
  const { lower, pos, lemma } = view;
  const word = lower[start] ?? '';
  const tag = pos[start];
  if (tag === 'AUX' && lemma[start] === 'be' && lower[start + 1] === 'that') {
    const after = pos[start + 2];
    if (
      after === undefined ||
      AFTER_THAT_SUBJECT.has(after) ||
      (after === 'PRON' && (endsAt(view, start + 3) || POSSESSIVES.has(lower[start + 2] ?? '')))
    )
      return 'that as Subject';
  }
  if (
    tag === 'AUX' &&
    MODAL_OR_DO.has(word) &&
    pos[start + 1] === 'VERB' &&
    !/(?:ing|ed)$/.test(lower[start + 1] ?? '') &&
    subjectVerbAfter(view, start + 2)
  )
    return 'Subject as verb';
  if (tag === 'AUX' && FINITE_BE_FORMS.has(word) && !isSubjectLike(pos[start + 1])) {
    // "Is everything okay": a Subject pronoun the lite model reads as a verb.
    const next = lower[start + 1] ?? '';
    if (SUBJECT_WORDS.has(next) && next !== 'that' && next !== 'there' && !endsAt(view, start + 2))
      return 'Subject pronoun as verb';
    // "Is swimming a sport", "Is skiing dangerous": a gerund Subject, not a progressive with no Subject.
    if (gerundSubject(view, start + 1)) return 'gerund Subject as progressive';
  }
  if (
    (word === 'does' || word === 'did') &&
    (tag === 'VERB' || tag === 'AUX') &&
    NOMINAL_OPENING.has(pos[start + 1] ?? 'X') &&
    !NEGATIVE_OBJECTS.has(lower[start + 1] ?? '') &&
    !endsAt(view, start + 2) &&
    // "Does the job" (a Subject left out) has only the object after "does".
    !(endsAt(view, start + 3) && (pos[start + 1] === 'DET' || pos[start + 1] === 'PRON'))
  )
    // "Does a dog bark", "Did the river flood": "does"/"did" cannot open a command, so before a nominal
    // group it is the operator of a question whose verb the lite model read as a noun.
    return 'do-support before a nominal Subject';
  if (
    word === 'do' &&
    tag === 'VERB' &&
    pos[start + 1] === 'NOUN' &&
    PLURAL.test(lower[start + 1] ?? '') &&
    (((pos[start + 2] === 'NOUN' || pos[start + 2] === 'VERB') &&
      !PLURAL.test(lower[start + 2] ?? '') &&
      !(lower[start + 2] ?? '').endsWith('ing')) ||
      (lower[start + 2] === 'like' && !endsAt(view, start + 3)))
  )
    // "Do wolves howl at the moon", "Do rabbits like lettuce": a plural Subject and a base verb read as a
    // noun or preposition; a command's object ("Do push-ups", "Do the dishes") has no base verb after it.
    return 'do-support before a plural Subject';
  if (word === 'may' && tag !== 'AUX' && start === 0) {
    // "May dogs enter the park": the month name read for the modal operator.
    const finite = subjectThenFinite(view, start + 1);
    if (finite > start + 1 && pos[finite] === 'VERB' && lower[finite] === lemma[finite])
      return 'modal read as noun';
  }
  if (FINITE_HAVE_FORMS.has(word) && tag === 'VERB') {
    const finite = subjectThenFinite(view, start + 1);
    if (
      finite > start + 1 &&
      pos[finite] === 'VERB' &&
      (word !== 'have' || lower[finite] !== lemma[finite]) &&
      !FINITE_WORDS.has(lower[start + 1] ?? '')
    )
      return 'perfect have as main verb';
    // "Have you ever ridden a horse": a Subject pronoun right after "have" (not "Have it your way").
    if (SUBJECT_PRONOUNS.has(lower[start + 1] ?? '') && lower[start + 1] !== 'it' && !endsAt(view, start + 2))
      return 'perfect have as main verb';
    // "Has the ice melted": the participle read as an adjective after the nominal Subject.
    if (
      word !== 'have' &&
      SUBJECT_DETERMINERS.has(lower[start + 1] ?? '') &&
      NOMINAL_TAGS.has(pos[start + 2] ?? 'X')
    ) {
      let index = start + 2;
      while (index < start + 5 && NOMINAL_TAGS.has(pos[index] ?? 'X') && !PARTICIPLE.test(lower[index] ?? ''))
        index += 1;
      if (index > start + 2 && pos[index] === 'ADJ' && PARTICIPLE.test(lower[index] ?? ''))
        return 'perfect have as main verb';
      // "has the mail come": a participle of the same form as the base, read as the last noun of the
      // group, with nothing after it.
      const last = index - 1;
      if (
        last > start + 2 &&
        endsAt(view, last + 1) &&
        pos[last] === 'NOUN' &&
        lower[last] === lemma[last] &&
        hasPosReading(lower[last] ?? '', 'VERB')
      )
        return 'perfect have as main verb';
    }
  }
  if (
    (word === 'does' || word === 'did') &&
    tag === 'VERB' &&
    (pos[start + 1] === 'PROPN' ||
      SUBJECT_WORDS.has(lower[start + 1] ?? '') ||
      (pos[start + 1] === 'NOUN' && (pos[start + 2] === 'VERB' || lower[start + 2] === 'like'))) &&
    !endsAt(view, start + 2)
  )
    return 'do-support as main verb';
  return '';
}

/** Parts of speech of a root that is no predicator without a copula or auxiliary. */
const VERBLESS_ROOT_TAGS = new Set<Upos>(['NOUN', 'PROPN', 'ADJ', 'NUM', 'SYM', 'X']);

/**
 * The root of the sentence's parse when it lies in this clause and is a noun, adjective, name or number
 * with no copula, auxiliary or Subject hanging on it in the clause ("word/relation"), else ''.
 */
function verblessRoot(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const root = tokens.find((token) => token.headStart === null && token.deprel === 'root');
  if (root === undefined || !VERBLESS_ROOT_TAGS.has(root.pos)) return '';
  for (const token of tokens) {
    if (token.headStart !== root.start) continue;
    if (/^(aux|cop|nsubj|csubj|expl)(:|$)/.test(token.deprel)) return '';
  }
  // A verb of the tagger's that the parse reads as anything but a noun modifier ("tap water",
  // "frequently asked questions") leaves the clause to the word-order rules.
  for (const token of tokens)
    if (
      ((token.pos === 'VERB' || token.pos === 'AUX') && !/^(amod|compound)(:|$)/.test(token.deprel)) ||
      // A Subject, copula or auxiliary anywhere in the clause: the parse sees a predicate somewhere.
      /^(nsubj|csubj|expl|aux|cop)(:|$)/.test(token.deprel) ||
      // A root with a preposition ("In 2010 ...", "At noon ...") is an opening phrase the parse took for the whole.
      (token.deprel === 'case' && token.headStart === root.start)
    )
      return '';
  return `${root.text}/${root.pos}`;
}

/**
 * Whether the word order shows a predicator the parse may have missed: a command's base verb first
 * ("Always wear gloves"), an exclamative's "what"/"how", or a tensed verb after a Subject ("The delay
 * worried investors", where the parse read "worried" as a modifier of "investors").
 */
function wordOrderPredicator(view: ClauseView): boolean {
  const { lower, lemma, pos } = view;
  let first = 0;
  while (first < pos.length && (pos[first] === 'PUNCT' || pos[first] === 'ADV' || pos[first] === 'INTJ'))
    first += 1;
  if (pos[first] === 'VERB' && lower[first] === lemma[first]) return true;
  if (lower[0] === 'what' || lower[0] === 'how') return true;
  for (let index = 1; index < pos.length; index += 1) {
    if (pos[index] !== 'VERB' && pos[index] !== 'AUX') continue;
    let subject = false;
    for (let before = 0; before < index; before += 1) if (isSubjectLike(pos[before])) subject = true;
    if (
      subject &&
      isFiniteLexicalForm(lower[index] ?? '', lemma[index] ?? '', true) &&
      lower[index] !== lemma[index]
    )
      return true;
  }
  return false;
}
