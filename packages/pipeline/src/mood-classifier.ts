import type { Mood, Premise, Upos } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  ADJECTIVE_VERBS,
  CLOSING_FORMULAS,
  ELLIPSIS_INTENSIFIERS,
  ELLIPTICAL_SUBJECT_VERBS,
  EXCLAMATIVE_ADJECTIVES,
  EXCLAMATIVE_BARE_NOUNS,
  FIRST_PERSON_ELLIPSIS_VERBS,
  HEADER_LABELS,
  IMPERATIVE_OPENERS,
  IMPERATIVE_VERBS,
  INTENSIFIED_ELLIPSIS_VERBS,
  INTERPERSONAL_THEMES,
  MINOR_EXPRESSIONS,
  MINOR_PHRASE_PREPOSITIONS,
  MINOR_TAIL_INTENSIFIERS,
  MINOR_WITH_PHRASE,
  QUOTING_VERBS,
  TEXTUAL_THEMES,
  WH_WORDS,
} from './lexicons/mood-lexicon';
import {
  FINITE_BE_FORMS,
  FINITE_OPERATOR_FORMS,
  POSSESSIVE_DETERMINERS,
  SUBJECT_PRONOUNS,
  wordSet,
} from './lexicons/word-classes';
import { applyMoodTreeRules } from './mood-tree';
import { hasPosReading } from './pos-corrector';
import { isFiniteLexicalForm, isSubjectLike } from './verbal-group';

/** The mood of a clause with the rule that decided it and the facts it saw. */
export interface MoodDecision {
  readonly mood: Mood;
  readonly rule: string;
  readonly confidence: number;
  readonly premises: Premise[];
}

const SKIP_TAGS = new Set(['PUNCT', 'CCONJ', 'INTJ', 'SYM']);
const SUBJECT_START = new Set(['PRON', 'NOUN', 'PROPN', 'DET', 'NUM', 'ADJ']);
const EXCLAMATIVE_NEXT = new Set(['ADJ', 'ADV']);
const FREE_RELATIVE_WH = new Set(['what', 'whatever', 'whoever', 'whichever']);
const ADJUNCT_OPENING = new Set(['ADP', 'ADV', 'SCONJ', 'PROPN']);
/** Adjectives of measure that "how" asks about ("how old", "how far"), rather than exclaims with. */
const HOW_QUESTION_ADJECTIVES = wordSet(
  'old long far big tall large high deep wide heavy fast late early many much often soon small short young hot cold warm good bad',
);

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

/** Tags inside an opening prepositional phrase ("For the best view", "From the north or south"). */
const PHRASE_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'ADP', 'ADV', 'CCONJ']);
/** Verbs whose past tense has the base form: after a singular noun they may be tensed ("the firm cut"). */
const SAME_FORM_PAST = new Set([
  'put',
  'set',
  'cut',
  'let',
  'hit',
  'read',
  'cost',
  'quit',
  'shut',
  'spread',
  'hurt',
]);

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

/** Index of the first token that is not punctuation (an opening quotation mark or bracket). */
function firstWordIndex(view: ClauseView): number {
  let index = 0;
  while (index < view.pos.length && view.pos[index] === 'PUNCT') index += 1;
  return index;
}

const UPPER_INITIAL = /^\p{Lu}/u;

/** Subject pronouns of a WH-clause heading ("How we move"); not "you" ("what you think" asks in chat). */
const HEADING_SUBJECTS = new Set(['i', 'we', 'they', 'he', 'she']);
const HEADING_WH = new Set(['how', 'what', 'why', 'where', 'when']);

/**
 * "How we move", "What they eat", "How the city votes": a WH-word, a Subject pronoun or a determined or
 * proper nominal group, then a lexical verb with no operator before it (so no Finite before the Subject),
 * in a short clause.
 */
function whClauseHeading(view: ClauseView, start: number): boolean {
  const { lower, pos, lemma } = view;
  if (!HEADING_WH.has(lower[start] ?? '') || lower.length - start > 10) return false;
  let verb = start + 1;
  if (HEADING_SUBJECTS.has(lower[verb] ?? '')) verb += 1;
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
    (form !== lemma[verb] || HEADING_SUBJECTS.has(lower[verb - 1] ?? ''))
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

const IS_FORMS = new Set(["'s", '’s', 'is']);

/** Continuatives and response words that open a turn ("Alright, ...", "Nah, ..."), whatever their tag. */
const DISCOURSE_OPENERS = new Set([
  'alright',
  'okay',
  'ok',
  'yeah',
  'yes',
  'yep',
  'nah',
  'no',
  'um',
  'uh',
  'hey',
]);

/** Pronouns that can only be objects or are indefinite: after "have" they are the causee, not a Subject. */
const CAUSEE_PRONOUNS = new Set([
  'me',
  'him',
  'us',
  'them',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'anyone',
  'anybody',
]);

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

const VOCATIVE_PRONOUNS = new Set(['everyone', 'everybody', 'all', 'guys', 'folks', 'y’all', "y'all"]);
const PHRASE_SUBJECTS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it']);

/**
 * MOOD.MINOR_FORMULA: a chain of minor expressions, optionally closed by intensifiers ("Thank you so
 * much", "No problem at all"), a prepositional phrase after a greeting-type expression ("Good luck with the
 * exam"), or a vocative ("Kind regards, Anna", "Well done, team!", "Yes, of course"). Returns the
 * expressions matched, or '' when the clause is not such a formula. Reads at most a few words ahead.
 */
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
    let matched = 0;
    for (let size = Math.min(4, count - index); size >= 1 && matched === 0; size -= 1) {
      let key = lower[index] ?? '';
      for (let offset = 1; offset < size; offset += 1) key += `_${lower[index + offset] ?? ''}`;
      if (MINOR_EXPRESSIONS.has(key)) matched = size;
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
  if (
    index < count &&
    MINOR_WITH_PHRASE.has(lastFound) &&
    MINOR_PHRASE_PREPOSITIONS.has(lower[index] ?? '')
  ) {
    // "Good luck with the exam", "Thanks for helping": no Finite and no Subject pronoun in the phrase.
    for (let probe = index + 1; probe < count; probe += 1) {
      if (pos[probe] === 'AUX' || PHRASE_SUBJECTS.has(lower[probe] ?? '')) return '';
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

/**
 * Mood (ANNOTATION.md, "Mood"): dependent clauses are indicative or fragment; independent clauses are
 * decided by what comes first (WH-element, Finite, base verb, Subject), then by the question mark.
 */
export function classifyMood(
  view: ClauseView,
  heading = false,
  standalone = false,
  disabledRules?: ReadonlySet<string>,
): MoodDecision {
  const { syntactic, lower, pos, lemma } = view;
  const premises: Premise[] = [
    { label: 'dependency', value: syntactic.dependency },
    { label: 'final_punctuation', value: view.sentenceFinal === '' ? 'none' : view.sentenceFinal },
  ];
  // A quotation keeps its own mood; the reporting clause it is projected from is the main clause.
  if (syntactic.relation === 'quote') premises.push({ label: 'projection', value: 'quoted' });
  const hasFinite = view.finite >= 0;
  premises.push({ label: 'finite', value: hasFinite ? (lower[view.finite] ?? '') : 'none' });
  const decide = (mood: Mood, rule: string, confidence: number): MoodDecision => ({
    mood,
    rule,
    confidence,
    premises,
  });

  if (heading) {
    // A heading names what follows ("Deposit", "Paying the rent"): no move of its own, whatever its words.
    premises.push({ label: 'block', value: 'heading' });
    return decide('fragment', 'MOOD.HEADING', 0.9);
  }
  if (
    syntactic.dependency === 'hypotactic' &&
    syntactic.parentClauseId === null &&
    view.sentenceFinal === '?' &&
    hasFinite
  ) {
    // "If anyone else has voted?", "Because it was raining?": a dependent clause with no clause to depend
    // on in its sentence is a move of its own, and its question mark makes it a question.
    premises.push({ label: 'parent_clause', value: 'none' });
    return decide('interrogative', 'MOOD.STANDALONE_DEPENDENT_QUESTION', 0.65);
  }
  if (standalone && syntactic.dependency === 'hypotactic' && hasFinite) {
    // "Because I said so.", "When she was a kitten she looked like a snack cake.": no independent clause
    // in the sentence, so this one makes its move; indicative is kept for clauses that make none.
    premises.push({ label: 'parent_clause', value: 'none' });
    return decide('declarative', 'MOOD.STANDALONE_DEPENDENT_STATEMENT', 0.6);
  }
  if (syntactic.dependency === 'hypotactic' || syntactic.dependency === 'embedded') {
    return hasFinite
      ? decide('indicative', 'MOOD.DEPENDENT_FINITE', 0.85)
      : decide('fragment', 'MOOD.DEPENDENT_NON_FINITE', 0.75);
  }
  const line = dataLine(view);
  if (line !== '') {
    // "04/26/2001 07:17 AM", "Email: anna@example.org", "Sent: Monday": a time stamp, an address or a
    // header field names a value; it has no Subject and no Finite and makes no move.
    premises.push({ label: 'line', value: line });
    return decide('fragment', 'MOOD.DATA_LINE', 0.8);
  }
  if (isMinorText(view)) {
    // "Right?", "Okay?", "No?": a minor move with a question mark asks for confirmation (ANNOTATION.md:
    // a question mark makes the clause interrogative).
    if (view.sentenceFinal === '?') return decide('interrogative', 'MOOD.MINOR_QUESTION', 0.7);
    return decide('minor', 'MOOD.MINOR_EXPRESSION', 0.85);
  }
  const formula = lower.length <= 12 ? minorFormula(view) : '';
  if (formula !== '' && view.sentenceFinal !== '?') {
    premises.push({ label: 'minor_formula', value: formula });
    return decide('minor', 'MOOD.MINOR_FORMULA', 0.75);
  }
  if (view.sentenceFinal !== '?' && degreeAdjectiveMinor(view)) {
    // "So cool!", "Very nice.", "Too bad": a degree adverb and an adjective the model read as a verb
    // ("cool", "true") make a complete move with no predicator, not a command.
    premises.push({ label: 'degree_adjective', value: `${lower[0] ?? ''} ${lower[1] ?? ''}` });
    return decide('minor', 'MOOD.DEGREE_ADJECTIVE_MINOR', 0.75);
  }
  const tree = applyMoodTreeRules(view, firstExperientialIndex(view), disabledRules);
  if (tree !== undefined) {
    // Subject and Finite as the parse shows them (mood-tree.ts, MOOD_TREE_RULES).
    premises.push(...tree.premises);
    return decide(tree.rule.mood, tree.rule.id, 0.85);
  }
  const verbless = view.sentenceFinal === '?' || wordOrderPredicator(view) ? '' : verblessRoot(view);
  if (verbless !== '') {
    // "Horrible tap water.", "Game tonight at 7, it's time to go.", "THE PRESIDENT: I appreciate that.":
    // the parse makes a noun, adjective or name with no copula or auxiliary the root of the sentence,
    // so the main clause has no Finite; what hangs on it (a parataxis) is its own clause.
    premises.push({ label: 'tree_root', value: verbless });
    premises.push({ label: 'tree_finite', value: 'none (no aux or cop on the root)' });
    return decide('fragment', 'MOOD.TREE_VERBLESS_ROOT', 0.7);
  }
  const start = firstExperientialIndex(view);
  const word = lower[start] ?? '';
  const tag = pos[start];
  premises.push({ label: 'first_element', value: word === '' ? 'none' : `${word}/${tag ?? ''}` });

  if (
    WH_WORDS.has(word) &&
    word !== 'that' &&
    view.sentenceFinal !== '?' &&
    (word.endsWith('ever') ||
      (FREE_RELATIVE_WH.has(word) &&
        (view.sentenceFinal === '.' || view.sentenceFinal === '!') &&
        isFreeRelative(view, start)))
  ) {
    // "What you say makes sense.", "Whatever you order, ...": a free relative, not a question.
    premises.push({ label: 'wh_element', value: `${word} (free relative)` });
    return hasFinite
      ? decide('declarative', 'MOOD.FREE_RELATIVE_SUBJECT', 0.6)
      : decide('fragment', 'MOOD.FREE_RELATIVE_SUBJECT', 0.5);
  }
  const opening = whAdjunctOpening(view, start);
  if (opening >= 0) {
    // "When a young girl, she moved south": without "?", "when"/"where" + a nominal + comma opens an
    // adjunct the segmenter could not cut off (it has no verb it knows), not a question. (Openings with a
    // verb, even one the model misread, are cut off as dependent clauses: POS.VERB_IN_OPENING_CLAUSE.)
    premises.push({ label: 'wh_element', value: `${word} (dependent clause)` });
    return decide(
      hasFinite || opening < lower.length ? 'declarative' : 'indicative',
      'MOOD.WH_ADJUNCT_OPENING',
      0.6,
    );
  }
  if (WH_WORDS.has(word) && view.sentenceFinal !== '?') {
    // "How to apply:", "How to grow basil": a WH-word and an infinitive with no "?" is a heading, a
    // non-finite clause; "How we move", "What they eat" (no final punctuation: a title) is a WH-clause
    // with its Subject before its verb: a statement by form, not a question.
    const infinitive = lower[start + 2] ?? '';
    // A title: the verb capitalised ("How to Grow Basil") or a colon after the clause ("How to apply:");
    // "how to make pancakes" typed to an assistant asks.
    const title =
      lower[lower.length - 1] === ':' || UPPER_INITIAL.test(syntactic.tokens[start + 2]?.text ?? '');
    if (
      lower[start + 1] === 'to' &&
      title &&
      (pos[start + 2] === 'VERB' || (infinitive === lemma[start + 2] && hasPosReading(infinitive, 'VERB')))
    ) {
      premises.push({ label: 'wh_element', value: `${word} to (heading)` });
      return decide('fragment', 'MOOD.WH_INFINITIVE_HEADING', 0.7);
    }
    if (
      word === 'which' &&
      start === firstWordIndex(view) &&
      (view.sentenceFinal === '.' || view.sentenceFinal === '!') &&
      !WHICH_DETERMINED.has(pos[start + 1] ?? 'X') &&
      lower[start + 1] !== 'one' &&
      lower[start + 1] !== 'of'
    ) {
      // "Which is why we left.", "Which feels odd to me.": a relative clause continuing the previous
      // sentence (its "which" is the Subject or an element before it), stated rather than asked.
      premises.push({ label: 'wh_element', value: 'which (continuative relative)' });
      return decide('declarative', 'MOOD.CONTINUATIVE_RELATIVE', 0.6);
    }
    if (view.sentenceFinal === '' && whClauseHeading(view, start)) {
      // A title ("How we move"): Subject before Finite in a clause of its own, so declarative by form;
      // indicative is kept for clauses that depend on another.
      premises.push({ label: 'wh_element', value: `${word} (heading)` });
      return decide('declarative', 'MOOD.WH_CLAUSE_HEADING', 0.6);
    }
  }
  if (WH_WORDS.has(word) && word !== 'that') {
    // "What a lovely day", "How kind you are" vs "What day is it", "How old are you": the order of
    // Subject and Finite after the WH-phrase decides (undefined: no clear structure, the older rules).
    const structural =
      view.sentenceFinal === '?'
        ? undefined
        : word === 'what'
          ? whatStructure(view, start)
          : word === 'how'
            ? howStructure(view, start)
            : undefined;
    if (structural !== undefined) {
      premises.push({ label: 'wh_element', value: `${word} ${lower[start + 1] ?? ''}` });
      premises.push({
        label: 'after_wh_phrase',
        value: structural ? 'subject_then_finite_or_none' : 'finite_then_subject',
      });
      return structural
        ? decide('exclamative', 'MOOD.EXCLAMATIVE_WH', 0.8)
        : decide('interrogative', 'MOOD.WH_ELEMENT', 0.8);
    }
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
    const exclaims =
      view.sentenceFinal === '!' || word === 'what' || (hasFinite && !invertedAfter(view, start + 2));
    // "How kind you are!", "How I hate these meetings!": "how" with the Subject before the Finite and
    // "!"; "How lovely", "How amazing" (no verb, an evaluative adjective) exclaim without punctuation.
    // "How very kind", "How incredibly beautiful": an intensifier before the adjective.
    const adjectiveAt = next === 'ADV' && pos[start + 2] === 'ADJ' ? start + 2 : start + 1;
    const evaluative = !HOW_QUESTION_ADJECTIVES.has(lower[adjectiveAt] ?? '');
    const howExclaims =
      word === 'how' &&
      view.sentenceFinal !== '?' &&
      ((view.sentenceFinal === '!' && !invertedAfter(view, start + 1)) ||
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
            : FEELING_VERBS.has(lower[start + 2] ?? ''))));
    if ((exclamativeOpening && view.sentenceFinal !== '?' && exclaims) || howExclaims) {
      premises.push({ label: 'wh_element', value: `${word} ${lower[start + 1] ?? ''}` });
      return decide('exclamative', 'MOOD.EXCLAMATIVE_WH', 0.8);
    }
    premises.push({ label: 'wh_element', value: word });
    return decide('interrogative', 'MOOD.WH_ELEMENT', view.sentenceFinal === '?' ? 0.95 : 0.8);
  }
  if (view.head < 0) {
    if (view.sentenceFinal === '?') return decide('interrogative', 'MOOD.QUESTION_MARK', 0.7);
    return decide('fragment', 'MOOD.NO_PREDICATOR', 0.7);
  }
  if (
    word === 'let' ||
    word === "let's" ||
    (word === 'lets' &&
      lower[start + 1] === lemma[start + 1] &&
      (pos[start + 1] === 'VERB' ||
        // "Lets call it a day", "Lets open up": the lite model reads the base verb as a noun or adjective.
        ((pos[start + 1] === 'NOUN' || pos[start + 1] === 'ADJ') &&
          IMPERATIVE_VERBS.has(lower[start + 1] ?? ''))))
  ) {
    premises.push({ label: 'subject_position', value: 'none' });
    return decide('imperative', 'MOOD.LET_IMPERATIVE', 0.9);
  }
  if (
    word === 'have' &&
    view.sentenceFinal !== '?' &&
    CAUSEE_PRONOUNS.has(lower[start + 1] ?? '') &&
    pos[start + 2] === 'VERB' &&
    lower[start + 2] === lemma[start + 2]
  ) {
    // "Have someone hold the ladder", "Have them call me": causative "have", an object pronoun and a
    // base verb, is a command ("Have they called?" has a Subject pronoun and asks).
    premises.push({ label: 'subject_position', value: 'none' });
    return decide('imperative', 'MOOD.CAUSATIVE_HAVE_IMPERATIVE', 0.75);
  }
  if (
    syntactic.dependency === 'paratactic' &&
    view.sentenceFinal !== '?' &&
    pos[0] === 'CCONJ' &&
    start > 0 &&
    pos[start - 1] === 'CCONJ' &&
    (tag === 'AUX' || (tag === 'VERB' && view.finite === start))
  ) {
    // "She has a way with children and is able to capture them", "They are not a park, but are
    // beautiful": a coordinated clause whose Finite comes first shares the Subject of the clause before
    // it; with no question mark closing it, it states (SEGMENT.QUESTION_MARK_CLOSES keeps a "?" to
    // the clause it ends).
    premises.push({ label: 'subject_position', value: 'ellipted (coordinated)' });
    return decide('declarative', 'MOOD.COORDINATED_ELLIPSIS', 0.65);
  }
  const yesNo = view.sentenceFinal === '?' || view.sentenceFinal === '' ? misreadYesNo(view, start) : '';
  if (yesNo !== '') {
    premises.push({ label: 'subject_position', value: 'after_finite' });
    premises.push({ label: 'misread', value: yesNo });
    return decide('interrogative', 'MOOD.FINITE_BEFORE_SUBJECT', 0.75);
  }
  if (adverbBeforeCommandOperator(view, start)) {
    premises.push({ label: 'subject_position', value: 'none' });
    return decide('imperative', 'MOOD.NEGATIVE_OR_EMPHATIC_IMPERATIVE', 0.8);
  }
  if (
    (tag === 'AUX' && !NON_FINITE_AUX.has(word)) ||
    (tag === 'VERB' && (word === 'do' || word === 'does' || word === 'did') && verbAfter(view, start + 1))
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
    const nextTag = pos[after];
    const inversion = view.sentenceFinal === '?' ? '' : declarativeInversion(view, start, after);
    if (inversion !== '') {
      // "Nor did I speak", "Neither can we": the Finite before the Subject after a negative opening;
      // "Had I known, ...", "Were it not for you, ...": a conditional clause, not a question.
      premises.push({ label: 'subject_position', value: 'after_finite' });
      premises.push({ label: 'inversion', value: inversion });
      if (inversion === 'negative') return decide('declarative', 'MOOD.NEGATIVE_INVERSION', 0.75);
      // Cut off by a comma the conditional is a dependent clause; run on into its main clause
      // ("Had it rained we would have stayed") the clause holds the declarative main clause too.
      return inversion === 'conditional'
        ? decide('indicative', 'MOOD.CONDITIONAL_INVERSION', 0.7)
        : decide('declarative', 'MOOD.CONDITIONAL_INVERSION', 0.65);
    }
    if (
      (lemma[start] === 'do' &&
        (word === 'do' || word === 'don') &&
        negated &&
        (nextTag === 'VERB' || nextTag === 'AUX')) ||
      word === 'be' ||
      (word === 'do' && nextTag === 'VERB' && lower[after - 1] !== 'you' && view.sentenceFinal !== '?')
    ) {
      premises.push({ label: 'subject_position', value: 'none' });
      return decide('imperative', 'MOOD.NEGATIVE_OR_EMPHATIC_IMPERATIVE', 0.85);
    }
    // "Is not a service office" (a review with the Subject left out): full "not" before a determiner
    // and no "?" is not an inverted question ("Isn't it", "Is it not" keep the Subject next).
    const notBeforeDeterminer = lower[after - 1] === 'not' && nextTag === 'DET' && view.sentenceFinal !== '?';
    if (
      nextTag !== undefined &&
      SUBJECT_START.has(nextTag) &&
      lower[after] !== 'that' &&
      !notBeforeDeterminer
    ) {
      premises.push({ label: 'subject_position', value: 'after_finite' });
      return decide('interrogative', 'MOOD.FINITE_BEFORE_SUBJECT', 0.9);
    }
  }
  const command = formulaicCommand(view, start);
  if (command !== '') {
    premises.push({ label: 'subject_position', value: 'none' });
    premises.push({ label: 'formula', value: command });
    return decide('imperative', 'MOOD.FORMULAIC_COMMAND', 0.8);
  }
  let verbAt = start;
  // "Just call me", "Simply type in the link": adverbs inside the verbal group before the base verb.
  while (pos[verbAt] === 'ADV' && verbAt + 1 < lower.length && verbAt - start < 2) verbAt += 1;
  if (pos[verbAt] !== 'VERB') verbAt = start;
  const verbWord = lower[verbAt] ?? '';
  if (
    pos[verbAt] === 'VERB' &&
    verbWord === lemma[verbAt] &&
    (ELLIPTICAL_SUBJECT_VERBS.has(verbWord) ||
      (lower[verbAt + 1] === ':' && verbAt === 0) ||
      firstPersonEllipsis(view, start, verbAt))
  ) {
    // "Thank you for your time": a thanks formula, a complete move with no Subject (minor). "Hope this
    // helps", "Love this park" (first-person Subject left out), "Email:" (a label): no Subject, so no
    // declarative (the guide's declarative is Subject before Finite), and no base-form command either.
    premises.push({ label: 'subject_position', value: 'ellipted' });
    premises.push({ label: 'tree_subject', value: 'none (no nsubj/csubj/expl)' });
    if (verbWord === 'thank' || verbWord === 'thanks') return decide('minor', 'MOOD.THANKS_FORMULA', 0.7);
    return decide('fragment', 'MOOD.ELLIPTICAL_SUBJECT', 0.6);
  }
  const baseVerb =
    pos[verbAt] === 'VERB' &&
    verbWord === lemma[verbAt] &&
    (view.verbalGroup?.start === verbAt || view.verbalGroup?.start === start);
  const adjunctVerb = baseVerb
    ? -1
    : Math.max(verbAfterOpeningAdjunct(view, start), verbAfterOpeningPhrase(view, start));
  if (adjunctVerb >= 0 && view.sentenceFinal !== '?') {
    premises.push({ label: 'subject_position', value: 'none' });
    premises.push({ label: 'verb_form', value: 'base' });
    return decide('imperative', 'MOOD.ADJUNCT_THEN_BASE_VERB', 0.75);
  }
  const notCommand = baseVerb ? nounReadingOfBaseVerb(view, verbAt) : '';
  if (notCommand !== '') {
    premises.push({ label: 'verb_reading', value: notCommand });
    return hasFinite
      ? decide('declarative', 'MOOD.BASE_VERB_READ_AS_NOMINAL', 0.55)
      : decide('fragment', 'MOOD.BASE_VERB_READ_AS_NOMINAL', 0.55);
  }
  if (
    baseVerb ||
    ((word === 'never' || word === 'always') &&
      pos[start + 1] === 'VERB' &&
      lower[start + 1] === lemma[start + 1])
  ) {
    premises.push({ label: 'subject_position', value: 'none' });
    premises.push({ label: 'verb_form', value: 'base' });
    // "Want a burger?", "Need a lift?": with "?" the base verb asks, with "do you" left out.
    if (view.sentenceFinal === '?' && !politeBefore(view, start))
      return decide('interrogative', 'MOOD.ELLIPTICAL_QUESTION', 0.6);
    if (start > 0 && listNumberCommand(view)) {
      // "2 Plant the seeds": the number is the step's label, not a Subject.
      premises.push({ label: 'list_marker', value: lower[0] ?? '' });
      return decide('imperative', 'MOOD.LIST_ITEM_COMMAND', 0.8);
    }
    return decide('imperative', 'MOOD.NO_SUBJECT_BASE_VERB', 0.85);
  }
  if (view.sentenceFinal === '?') return decide('interrogative', 'MOOD.QUESTION_MARK', 0.75);
  if (defectiveImperative(view)) {
    // "Buyer beware", "Tourists beware!": "beware" has no tensed forms, so with no operator before
    // it the clause is a command, the nominal before it a vocative rather than a Subject.
    premises.push({ label: 'subject_position', value: 'vocative' });
    return decide('imperative', 'MOOD.DEFECTIVE_VERB_IMPERATIVE', 0.7);
  }
  const finiteAt = hasFinite ? view.finite : view.head;
  let subjectBefore = false;
  for (let index = start; index < finiteAt; index += 1) if (isSubjectLike(pos[index])) subjectBefore = true;
  premises.push({ label: 'subject_position', value: subjectBefore ? 'before_finite' : 'none' });
  if (subjectBefore && hasFinite) return decide('declarative', 'MOOD.SUBJECT_BEFORE_FINITE', 0.9);
  if (view.sentenceFinal === '!' && (lower[start] === 'what' || lower[start] === 'how')) {
    return decide('exclamative', 'MOOD.EXCLAMATIVE_WH', 0.7);
  }
  if (hasFinite) return decide('declarative', 'MOOD.FINITE_DEFAULT', 0.6);
  const headWord = lower[view.head] ?? '';
  const afterHead = pos[view.head + 1];
  if (
    view.head === 0 &&
    QUOTING_VERBS.has(lemma[view.head] ?? '') &&
    headWord !== lemma[view.head] &&
    !headWord.endsWith('ing') &&
    (afterHead === 'DET' || afterHead === 'PROPN' || afterHead === 'PRON')
  ) {
    // "“Who is it?” said the guard": a tensed verb of saying that opens the clause before its Subject
    // reports a quotation ("asked questions", a participle before a bare noun, does not).
    premises.push({ label: 'subject_position', value: 'after_reporting_verb' });
    return decide('declarative', 'MOOD.REPORTING_VERB_BEFORE_SUBJECT', 0.6);
  }
  if (
    syntactic.dependency === 'paratactic' &&
    headWord !== lemma[view.head] &&
    !headWord.endsWith('ing') &&
    lower[view.head - 1] !== 'to'
  ) {
    // "He came and left": the coordinated clause shares the Subject and its verb is tensed.
    return decide('declarative', 'MOOD.ELLIPTICAL_SUBJECT', 0.6);
  }
  return decide('fragment', 'MOOD.NON_FINITE', 0.6);
}

/** Degree adverbs that open a verbless "so cool"-type move. */
const DEGREE_OPENERS = new Set(['so', 'too', 'very', 'really', 'pretty', 'super', 'quite']);
/** Base verbs that the lexicon also lists as adjectives but that follow "so" as commands ("So go!"). */
const SO_COMMAND_VERBS = new Set(['go', 'come']);
const MINOR_CLOSERS = new Set(['.', '!', '…', '...', '!!', '!!!']);

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

const NEGATIVE_OPENERS = new Set(['nor', 'neither']);
const CONDITIONAL_FINITES = new Set(['had', 'were', 'should']);
const COUNTERFACTUAL_MODALS = new Set(['would', 'could', 'might']);

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

/** WH-adverbs that also open a dependent clause of time or place ("When it rains, ...", "Where it ends, ..."). */
const WH_SUBORDINATORS = new Set(['when', 'where', 'whenever', 'wherever']);

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

/** Adverbs that restrict or time a command from before its operator ("just don't", "always be"). */
const COMMAND_ADVERBS = new Set(['just', 'simply', 'always', 'never', 'also']);

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
const STATIVE_AFTER_ADVERB = wordSet('know think care understand believe like want need see get mind');

/** Verbs with only a base form (no "-s", past or participle): outside a verbal group, a command. */
const DEFECTIVE_VERBS = new Set(['beware']);

/** The head is a defective verb ("beware") with no auxiliary or "to" before it in the clause. */
function defectiveImperative(view: ClauseView): boolean {
  const { head, lower, pos } = view;
  if (head < 0 || !DEFECTIVE_VERBS.has(lower[head] ?? '')) return false;
  for (let index = 0; index < head; index += 1)
    if (pos[index] === 'AUX' || lower[index] === 'to' || pos[index] === 'VERB') return false;
  return true;
}

/** Verbs of feeling that "how" + Subject exclaims with ("how I miss them", "how we laughed"). */
const FEELING_VERBS = new Set(['love', 'hate', 'miss', 'wish', 'adore', 'envy', 'admire']);

/** "Please" or "kindly" among the themes before `start`: a request, even when it ends in "?". */
function politeBefore(view: ClauseView, start: number): boolean {
  for (let index = 0; index < start; index += 1)
    if (view.lower[index] === 'please' || view.lower[index] === 'kindly') return true;
  return false;
}

/** Non-finite forms of auxiliaries: "Being a student, I ..." does not put a Finite before the Subject. */
const NON_FINITE_AUX = new Set(['being', 'having', 'been']);
const FINITE_AFTER_NOMINAL = wordSet(
  'is are was were will would can could has have had does did should must may might',
);

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
  if (word === 'attached' && (next === 'find' || (next === 'please' && lower[start + 2] === 'find')))
    return 'attached find';
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

/** Adjectives of a WH-question's nominal group ("what other options", "what new features"). */
const WHAT_QUESTION_ADJECTIVES = wordSet(
  'other else new different next last first second same main best latest current following',
);

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

/** Finite forms the lite model sometimes tags as something else. */
const FINITE_WORDS = wordSet(
  "is are was were am 's 're 'm ’s ’re has have had do does did will would can could shall should must may might",
);
const SUBJECT_WORDS = wordSet(
  'i you we he she they it this that these those there one everyone everybody everything nothing',
);
const SUBJECT_DETERMINERS = wordSet('the a an my your his her our their its this that these those some');
const DEGREE_WORDS = wordSet(
  'very so really incredibly truly absolutely utterly extremely simply terribly awfully quite',
);
const NOMINAL_TAGS = new Set<Upos>(['NOUN', 'PROPN', 'NUM', 'ADJ']);
/** Verbs of the Finite that a measure question with "it" does not use as a Subject's verb ("how long it takes"). */
const OPERATOR_LEMMAS = new Set(['be', 'have']);
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

const PERFECT_HAVE = new Set(['has', 'have', 'had']);
const POSSESSIVES = new Set(POSSESSIVE_DETERMINERS);
const MODAL_OR_DO = wordSet('can could will would shall should may might must do does did');
/** Tags after "is that" that make "that" the Subject ("is that true", "was that a joke"), not a complementiser. */
const AFTER_THAT_SUBJECT = new Set<Upos>(['DET', 'ADJ', 'ADV', 'NOUN', 'NUM', 'PUNCT']);

/** A plural noun ("wolves", "rabbits"), not "-ss" ("grass"). */
const PLURAL = /[^s]s$/;
/** Tags that open a nominal group after an operator ("does a dog", "did the river", "does iron"). */
const NOMINAL_OPENING = new Set<Upos>(['DET', 'PRON', 'NOUN', 'PROPN', 'VERB', 'ADJ']);
/** Objects of main-verb "do" rather than Subjects ("did nothing wrong", "does none of it"). */
const NEGATIVE_OBJECTS = new Set(['nothing', 'none', 'it', 'that', 'this', 'so', 'something', 'anything']);
/** A past participle ("melted", "broken", "grown"). */
const PARTICIPLE = /(?:ed|en|wn)$/;
/** Verbs whose progressive takes an adjective ("is getting cold", "is looking good"): no gerund Subject. */
const LINKING_PROGRESSIVES = wordSet(
  'get go feel look become seem grow turn sound stay keep remain come prove taste smell run',
);

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
  if (PERFECT_HAVE.has(word) && tag === 'VERB') {
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
