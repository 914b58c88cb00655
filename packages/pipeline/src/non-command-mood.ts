import type { Mood, Premise, Syntactic } from '@cae/core';
import { INSTRUMENT_TERMS, PARTY_NOUNS, REGISTER_WORDS } from './lexicons/contract-lexicon';
import { IMPERATIVE_OPENERS, REFERENCE_COMMANDS, TITLE_LOWER_WORDS } from './lexicons/mood-lexicon';
import { ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import {
  CLAUSE_CLOSING_MARKS,
  CLOSING_QUOTE_MARKS,
  DO_FORMS,
  FINITE_BE_FORMS,
  FINITE_HAVE_FORMS,
  MODAL_FORMS,
  OPENING_QUOTE_MARKS,
  presentSForm,
} from './lexicons/word-classes';
import type { MoodClause, MoodVerdict } from './mood-classifier';

/**
 * The premises of the reading the rows after `rule` give the clause (a command), without those labelled
 * `dropped`: the word-order premises that argued for the command, which the row's own premises replace.
 */
function laterPremises(clause: MoodClause, rule: string, ...dropped: string[]): Premise[] {
  return (clause.after(rule).verdict.premises ?? []).filter((premise) => !dropped.includes(premise.label));
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const STRANDED_OPERATOR_EVENT = 'MOOD.STRANDED_OPERATOR_EVENT';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const LOWER_CASE_CUT_PIECE = 'MOOD.LOWER_CASE_CUT_PIECE';

const SUBJECT = /^(nsubj|csubj|expl)(:|$)/;

/** What a clause leaves waiting for the verb of the next one: its operator, or "to". */
interface Stranded {
  readonly word: string;
  readonly infinitive: boolean;
  /** Index of the operator (or "to") in the clause's tokens. */
  readonly at: number;
}

/**
 * The clause ends with a modal or "do" operator with no verb after it ("The deposit shall, to the
 * extent feasible,", "such party will,", "that would, individually"), past adverbs, "not", commas and
 * the adjunct words between (no verb, auxiliary or closing punctuation), or with an infinitive "to" and
 * nothing after it but a list enumerator ("has the right to", "requires the Agent to (i)"): the verb of
 * that operator or "to" is in the clause after it. Undefined otherwise.
 */
function strandedOperator(clause: Syntactic): Stranded | undefined {
  const { tokens } = clause;
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]?.pos === 'PUNCT' && tokens[last]?.text === ',') last -= 1;
  const end = tokens[last];
  if (end === undefined || CLAUSE_CLOSING_MARKS.has(end.text)) return undefined;
  // "... to (i)": a list enumerator after the "to".
  if (
    end.text === ')' &&
    tokens[last - 2]?.text === '(' &&
    ENUMERATOR_WORD.test(tokens[last - 1]?.text.toLowerCase() ?? '')
  )
    last -= 3;
  const to = tokens[last];
  if (to !== undefined && to.text.toLowerCase() === 'to' && to.pos === 'PART')
    return { word: 'to', infinitive: true, at: last };
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index] as Syntactic['tokens'][number];
    if (CLAUSE_CLOSING_MARKS.has(token.text)) return undefined;
    if (token.pos === 'AUX' || token.pos === 'VERB') {
      const word = token.text.toLowerCase();
      // (A modal is always a Finite, whether or not the clause's group was found to have one.)
      if (token.pos === 'AUX' && (MODAL_FORMS.has(word) || (token.isFinite && DO_FORMS.has(word))))
        return { word, infinitive: false, at: index };
      return undefined;
    }
  }
  return undefined;
}

/** Whether the clause has a Subject before token `operator` (by the parse's relations). */
function subjectBefore(clause: Syntactic, operator: number): boolean {
  for (let index = 0; index < operator; index += 1)
    if (SUBJECT.test(clause.tokens[index]?.deprel ?? '')) return true;
  return false;
}

/**
 * MOOD.STRANDED_OPERATOR_EVENT: "The deposit shall, to the extent feasible, | be held in a separate
 * account", "the party will, | if a claim is made, | notify the other party", "that would, individually
 * | or in the aggregate, have an adverse effect", "has the right to | terminate this lease": where the
 * segmenter left a modal or "do" operator (or an infinitive "to") at the end of a clause with no verb
 * after it, the next main clause of the sentence that the rows after this one read as a command (a base
 * verb, no Subject, no Finite) holds that operator's Event: it continues the statement, no command. The
 * clause with the operator is the nearest earlier one of the sentence, past at most two dependent clauses
 * between them ("if a claim is made"). The mood is that clause's (declarative or indicative), or
 * declarative when it has a Subject before the operator; after "to", a `fragment` (a non-finite
 * dependent clause). Returns the mood ('' when the row does not hold), then a tab and the operator.
 */
export function strandedOperatorMood(clause: MoodClause): string {
  const { previous, previousMoods } = clause;
  if (previous === undefined || previousMoods === undefined) return '';
  const { syntactic } = clause.view;
  if (syntactic.dependency !== 'independent' && syntactic.dependency !== 'paratactic') return '';
  // No Finite of its own but a base form that the group finder may have taken for one ("owe", "be").
  const ownFinite = syntactic.tokens.some((token) => {
    const word = token.text.toLowerCase();
    return token.isFinite && (MODAL_FORMS.has(word) || word !== token.lemma);
  });
  if (ownFinite) return '';
  const found = strandedBefore(clause, previousMoods);
  if (found === '' || clause.after(STRANDED_OPERATOR_EVENT).verdict.mood !== 'imperative') return '';
  return found;
}

/** The mood and operator `strandedOperatorMood` finds in the clauses before ('' when none). */
function strandedBefore(clause: MoodClause, previousMoods: readonly Mood[]): string {
  const previous = clause.previous ?? [];
  const { syntactic } = clause.view;
  const opensWithCoordinator = syntactic.tokens.find((token) => token.pos !== 'PUNCT')?.pos === 'CCONJ';
  let skipped = 0;
  for (let back = previous.length - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) return '';
    const stranded = strandedOperator(earlier);
    if (stranded !== undefined) {
      // "shall not apply to | or in any way limit": a "to" before a coordinator is a preposition.
      if (stranded.infinitive) return opensWithCoordinator ? '' : 'fragment\tto';
      const mood = previousMoods[back] as Mood;
      if (mood === 'declarative' || mood === 'indicative') return `${mood}\t${stranded.word}`;
      return subjectBefore(earlier, stranded.at) ? `declarative\t${stranded.word}` : '';
    }
    if (earlier.dependency !== 'hypotactic' && earlier.dependency !== 'embedded') return '';
    skipped += 1;
    if (skipped > 2) return '';
  }
  return '';
}

/** MOOD.STRANDED_OPERATOR_EVENT's verdict: the mood found, the operator of the clause before its Finite. */
export function strandedOperatorVerdict(clause: MoodClause, found: string): MoodVerdict {
  const [mood, word] = found.split('\t') as [Mood, string];
  const premises = laterPremises(clause, STRANDED_OPERATOR_EVENT, 'subject_position', 'finite');
  premises.push(
    word === 'to'
      ? { label: 'subject_position', value: 'none (a to-infinitive whose "to" ends the clause before)' }
      : { label: 'subject_position', value: "ellipted (the Event of the clause before's operator)" },
    { label: 'finite', value: word === 'to' ? 'none' : `${word} (the clause before, with no verb after it)` },
  );
  return { mood, confidence: 0.6, premises };
}

/** The clause's first word (past punctuation and a list enumerator) opens in lower case, and is no "please". */
function opensLowerCase(clause: Syntactic): boolean {
  const { tokens } = clause;
  let index = 0;
  while (index < tokens.length && tokens[index]?.pos === 'PUNCT') index += 1;
  const first = tokens[index];
  if (first === undefined || !/^\p{Ll}/u.test(first.text)) return false;
  return !IMPERATIVE_OPENERS.has(first.text.toLowerCase());
}

/**
 * MOOD.LOWER_CASE_CUT_PIECE: a main clause that the rows after this one read as a command but whose
 * first word is in lower case is a piece of a clause cut from the text before it, no command: `fragment`
 * (cut-off text). It holds for an independent clause that opens its sentence after a clause that does
 * not close one (no ".", "!", "?", ":" or ";" at its end: a page footer, "CONFIDENTIAL TREATMENT", a
 * line the sentence splitter ended: "Page 20 of 60 | respect to the leases"), and for one that follows a
 * main clause of its own sentence that is no command ("No conduct shall be construed to modify, | amend
 * or affect any provision", "including copyrights, patents, | mask works, trademarks"; after a command the
 * piece may be the next one of a run: "Stop, | look, | and listen"): a command opening in lower case
 * after an opening dependent clause ("If it rains, stay home") is no such piece, nor one after "please" or
 * "kindly".
 */
export function lowerCaseCutPiece(clause: MoodClause): boolean {
  const { previous } = clause;
  const before = previous?.[previous.length - 1];
  if (before === undefined) return false;
  const { syntactic } = clause.view;
  if (syntactic.dependency !== 'independent' || !opensLowerCase(syntactic)) return false;
  if (clause.after(LOWER_CASE_CUT_PIECE).verdict.mood !== 'imperative') return false;
  if (before.sentenceIndex !== syntactic.sentenceIndex) {
    const last = [...before.tokens].reverse().find((token) => token.text !== ')' && token.text !== '"');
    return last !== undefined && !CLAUSE_CLOSING_MARKS.has(last.text);
  }
  for (let back = (previous?.length ?? 0) - 1; back >= 0; back -= 1) {
    const earlier = previous?.[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) return false;
    // After a command the piece may be the next command of a run ("Stop, | look, | and listen").
    if (earlier.dependency === 'independent' || earlier.dependency === 'paratactic')
      return clause.previousMoods?.[back] !== 'imperative';
  }
  return false;
}

/** MOOD.LOWER_CASE_CUT_PIECE's verdict: a fragment, the lower-case opening its premise. */
export function lowerCaseCutPieceVerdict(clause: MoodClause): MoodVerdict {
  const premises = laterPremises(clause, LOWER_CASE_CUT_PIECE);
  premises.push({ label: 'block', value: 'piece cut from the clause before (opens in lower case)' });
  return { mood: 'fragment', confidence: 0.55, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const QUOTED_TERM = 'MOOD.QUOTED_TERM';

/**
 * The index just past the quoted terms that open the clause ('"Change in Control"', '"MTBUR" or
 * "Mean Time"'): an opening quotation mark, capitalised words, a closing one, and more such terms after
 * "or", "and" or a comma; -1 when the clause does not open with one.
 */
function quotedTermsEnd(tokens: Syntactic['tokens']): number {
  let index = 0;
  let end = -1;
  while (index < tokens.length) {
    if (!OPENING_QUOTE_MARKS.has(tokens[index]?.text ?? '')) return end;
    const first = tokens[index + 1];
    if (first === undefined || !/^\p{Lu}/u.test(first.text)) return end;
    let close = index + 1;
    while (close < tokens.length && close - index <= 8 && !CLOSING_QUOTE_MARKS.has(tokens[close]?.text ?? ''))
      close += 1;
    if (!CLOSING_QUOTE_MARKS.has(tokens[close]?.text ?? '')) return end;
    // A term holds words only: '"Go home,"' and '"Stop!"' are quoted speech.
    for (let inside = index + 1; inside < close; inside += 1)
      if (
        tokens[inside]?.pos === 'PUNCT' ||
        !/^\p{Lu}|^(?:a|an|the|of|in|on|to|for|and|or|by|with|between)$/u.test(tokens[inside]?.text ?? '')
      )
        return end;
    end = close + 1;
    index = end;
    while (tokens[index]?.text === ',' || /^(or|and)$/i.test(tokens[index]?.text ?? '')) index += 1;
  }
  return end;
}

/**
 * MOOD.QUOTED_TERM: '"Change in Control" has the meaning given in Schedule 1', '"Supply Failure" means
 * ...': a clause that opens with a defined term in quotation marks, whose first word the tagger read as
 * a verb ("Change", "Supply", "Calendar"), so that the rows after this one read a command, is no command:
 * the quoted term is the Subject. With a Finite right after it (a modal, "is", "has", a tensed "-s" form
 * such as "means" or "includes") the clause is `declarative`; with nothing after it but punctuation
 * ('"Commercialize"', a term in a list of terms) it is a `fragment`. Returns the mood ('' when the row
 * does not hold).
 */
export function quotedTermMood(clause: MoodClause): '' | Mood {
  const { tokens } = clause.view.syntactic;
  const end = quotedTermsEnd(tokens);
  if (end < 0) return '';
  let next = end;
  // A parenthesis after the term ('"Agreement" (as amended) means').
  if (tokens[next]?.text === '(') {
    while (next < tokens.length && tokens[next]?.text !== ')') next += 1;
    next += 1;
  }
  const after = tokens[next];
  let mood: '' | Mood = '';
  if (after === undefined || tokens.slice(next).every((token) => token.pos === 'PUNCT')) mood = 'fragment';
  else {
    const word = after.text.toLowerCase();
    if (
      MODAL_FORMS.has(word) ||
      FINITE_BE_FORMS.has(word) ||
      FINITE_HAVE_FORMS.has(word) ||
      presentSForm(word, after.lemma)
    )
      mood = 'declarative';
  }
  if (mood === '' || clause.after(QUOTED_TERM).verdict.mood !== 'imperative') return '';
  return mood;
}

/** MOOD.QUOTED_TERM's verdict: the mood found, the quoted term the Subject (or the whole clause). */
export function quotedTermVerdict(clause: MoodClause, found: string): MoodVerdict {
  const premises = laterPremises(clause, QUOTED_TERM, 'subject_position', 'verb_form');
  premises.push(
    found === 'declarative'
      ? { label: 'subject_position', value: 'before_finite (a quoted term)' }
      : { label: 'block', value: 'quoted term' },
  );
  return { mood: found as Mood, confidence: 0.7, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const LABEL_LINE = 'MOOD.LABEL_LINE';

const CAPITALISED = /^\p{Lu}/u;
const LABEL_KEY = /^(?:[A-Z]|[0-9]{1,3})$/;

/**
 * MOOD.LABEL_LINE: "Notice to PREMIER:", "Copy to:", "Party A: Beike Ltd." (a notice block, a
 * signature block): a clause that the rows after this one read as a command but opens with a
 * capitalised word and then either "to" alone, or "to" and capitalised names before a colon ("Notice
 * to", "Copy to:", "Notice to SELLER:"), or a single capital letter or number and a colon ("Party A:"),
 * is a label: a `fragment`, no command. Returns what it found ('' when the row does not hold).
 */
export function labelLine(clause: MoodClause): string {
  const { tokens } = clause.view.syntactic;
  const first = tokens[0];
  if (
    first === undefined ||
    !CAPITALISED.test(first.text) ||
    IMPERATIVE_OPENERS.has(first.text.toLowerCase())
  )
    return '';
  const second = tokens[1]?.text ?? '';
  let found = '';
  if (LABEL_KEY.test(second) && tokens[2]?.text === ':') found = `${first.text} ${second}:`;
  else if (second.toLowerCase() === 'to') {
    let index = 2;
    while (index < tokens.length && index < 8 && CAPITALISED.test(tokens[index]?.text ?? '')) index += 1;
    if ((index === 2 && index === tokens.length) || tokens[index]?.text === ':') found = `${first.text} to`;
  }
  if (found === '' || clause.after(LABEL_LINE).verdict.mood !== 'imperative') return '';
  return found;
}

/** MOOD.LABEL_LINE's verdict: a fragment, the label its premise. */
export function labelLineVerdict(clause: MoodClause, found: string): MoodVerdict {
  const premises = laterPremises(clause, LABEL_LINE, 'subject_position', 'verb_form');
  premises.push({ label: 'block', value: `label (${found})` });
  return { mood: 'fragment', confidence: 0.7, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const CONTRACT_TITLE_LINE = 'MOOD.CONTRACT_TITLE_LINE';

/** Tags right after a command's verb ("Pay the rent", "Turn off", "Sign here", "Send it"), never after a title's first word. */
const COMMAND_NEXT = new Set(['DET', 'PRON', 'PART', 'ADV']);

/** A word of contract register: "shall", "hereunder", a capitalised party or instrument ("Party", "Agreement"). */
function registerToken(token: Syntactic['tokens'][number]): boolean {
  const lower = token.text.toLowerCase();
  if (REGISTER_WORDS.has(lower)) return true;
  if (!CAPITALISED.test(token.text)) return false;
  return PARTY_NOUNS.has(token.lemma.toLowerCase()) || INSTRUMENT_TERMS.has(lower);
}

/**
 * The clause is a title: two to ten words, each capitalised, a number ("3.1", "A.") or a word a title
 * leaves in lower case ("of", "and"), with no punctuation but brackets, dashes and slashes inside and a
 * full stop, a colon or nothing at its end ("Note Portfolio.", "Change Control Procedures", "Rate Per
 * kW (nameplate) Per Year"); the word after the first is no determiner, pronoun, particle or adverb, the
 * way a command's object or particle would follow its verb ("Pay the Rent", "Turn Off").
 */
function titleWords(clause: Syntactic): boolean {
  const { tokens } = clause;
  let words = 0;
  let last = tokens.length - 1;
  if (last >= 0 && (tokens[last]?.text === '.' || tokens[last]?.text === ':')) last -= 1;
  for (let index = 0; index <= last; index += 1) {
    const token = tokens[index] as Syntactic['tokens'][number];
    if (token.pos === 'PUNCT' || !/\p{L}|\p{N}/u.test(token.text)) {
      if (!/^[()\-–—/]$/.test(token.text)) return false;
      continue;
    }
    words += 1;
    const lower = token.text.toLowerCase();
    if (!/^[\p{Lu}\p{N}]/u.test(token.text) && !TITLE_LOWER_WORDS.has(lower)) return false;
  }
  if (words < 2 || words > 10) return false;
  const second = tokens[1];
  return second !== undefined && !COMMAND_NEXT.has(second.pos) && second.deprel !== 'compound:prt';
}

/**
 * MOOD.CONTRACT_TITLE_LINE: "Note Portfolio.", "Change Control Procedures", "Search Engine Exemption
 * Clause", "HOURLY RATE 1.": in contract register (a register word, party or instrument in the clause or
 * the few clauses before it), an independent clause in title case (`titleWords`) that the rows after
 * this one read as a command, its first word a noun the tagger read as a verb, is the title of a
 * section, a schedule or a table: a heading, `fragment`. Outside contracts, title-case commands ("Turn
 * Off The Lights") stay to the other rows (MOOD.TITLE_CASE_LINE leaves them), and so do "PLEASE TAKE
 * NOTICE" and a cross-reference ("See Exhibit A").
 */
export function contractTitleLine(clause: MoodClause): boolean {
  const { syntactic } = clause.view;
  if (syntactic.dependency !== 'independent' || !titleWords(syntactic)) return false;
  // "PLEASE TAKE NOTICE", "See Exhibit A": a politeness marker or a cross-reference is a command.
  const first = syntactic.tokens[0]?.text.toLowerCase() ?? '';
  if (IMPERATIVE_OPENERS.has(first) || REFERENCE_COMMANDS.has(first)) return false;
  const register =
    syntactic.tokens.some(registerToken) ||
    (clause.previous ?? []).some((earlier) => earlier.tokens.some(registerToken));
  return register && clause.after(CONTRACT_TITLE_LINE).verdict.mood === 'imperative';
}

/** MOOD.CONTRACT_TITLE_LINE's verdict: a heading, a fragment. */
export function contractTitleLineVerdict(clause: MoodClause): MoodVerdict {
  const premises = laterPremises(clause, CONTRACT_TITLE_LINE, 'subject_position', 'verb_form');
  premises.push({ label: 'block', value: 'title-case line in contract register' });
  return { mood: 'fragment', confidence: 0.65, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const VERB_NOUN_COORDINATION = 'MOOD.VERB_NOUN_COORDINATION';

/**
 * MOOD.VERB_NOUN_COORDINATION: "Use and retention of standard forms;", "Conduct and actions of the
 * Managers": a clause that the rows after this one read as a command, whose first word (read as a base
 * verb) is coordinated ("and", "or") with a noun that "of" follows, is a nominal group, a list item or a
 * title: `fragment`. A command's verb is coordinated with a verb ("Wash and dry the dishes") and is not
 * followed by "of". Returns the words found ('' when the row does not hold).
 */
export function verbNounCoordination(clause: MoodClause): string {
  const { tokens } = clause.view.syntactic;
  let index = 0;
  while (index < tokens.length && (tokens[index]?.pos === 'PUNCT' || tokens[index]?.pos === 'NUM'))
    index += 1;
  const verb = tokens[index];
  const coordinator = tokens[index + 1]?.text.toLowerCase() ?? '';
  const noun = tokens[index + 2];
  if (verb === undefined || noun === undefined || verb.pos !== 'VERB') return '';
  if ((coordinator !== 'and' && coordinator !== 'or') || noun.pos !== 'NOUN') return '';
  if (tokens[index + 3]?.text.toLowerCase() !== 'of') return '';
  if (clause.after(VERB_NOUN_COORDINATION).verdict.mood !== 'imperative') return '';
  return `${verb.text} ${coordinator} ${noun.text} of`;
}

/** MOOD.VERB_NOUN_COORDINATION's verdict: a fragment, the nominal group its premise. */
export function verbNounCoordinationVerdict(clause: MoodClause, found: string): MoodVerdict {
  const premises = laterPremises(clause, VERB_NOUN_COORDINATION, 'subject_position', 'verb_form');
  premises.push({ label: 'block', value: `nominal group (${found})` });
  return { mood: 'fragment', confidence: 0.65, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const ONE_WORD_PIECE = 'MOOD.ONE_WORD_PIECE';

/**
 * MOOD.ONE_WORD_PIECE: "own, manage, operate, | maintain, | or have any interest in", "to modify, |
 * limit, | or describe the scope": a clause of one verb (after a coordinator, if any) and a comma, that
 * the rows after this one read as a command, is a member of a list the segmenter cut at its commas: a
 * `fragment` (cut-off text). It holds after a clause of its own sentence, in contract register (a register
 * word, party or instrument in the clauses before it): "Stop, look, and listen." stays commands. Returns
 * the word.
 */
export function oneWordPiece(clause: MoodClause): string {
  const { tokens } = clause.view.syntactic;
  let index = 0;
  if (tokens[index]?.pos === 'CCONJ') index += 1;
  const word = tokens[index];
  if (word === undefined || word.pos !== 'VERB' || tokens[index + 1]?.text !== ',') return '';
  if (index + 2 !== tokens.length) return '';
  // Inside a sentence of contract register, after a clause of its own sentence: "Stop, look, and
  // listen." stays a run of commands.
  const previous = clause.previous ?? [];
  const before = previous[previous.length - 1];
  if (before === undefined || before.sentenceIndex !== clause.view.syntactic.sentenceIndex) return '';
  if (!previous.some((earlier) => earlier.tokens.some(registerToken))) return '';
  if (clause.after(ONE_WORD_PIECE).verdict.mood !== 'imperative') return '';
  return word.text;
}

/** MOOD.ONE_WORD_PIECE's verdict: a fragment, the word its premise. */
export function oneWordPieceVerdict(clause: MoodClause, found: string): MoodVerdict {
  const premises = laterPremises(clause, ONE_WORD_PIECE, 'subject_position', 'verb_form');
  premises.push({ label: 'block', value: `list member cut at a comma (${found})` });
  return { mood: 'fragment', confidence: 0.6, premises };
}
