import type { Token, Upos } from '@cae/core';
import { INCLUDE_FORMS } from './lexicons/contract-lexicon';
import { CATENATIVE_VERBS, NON_FINITE_AUX } from './lexicons/mood-lexicon';
import { TIME_NOUNS } from './lexicons/transitivity-lexicon';
import {
  ABSOLUTE_QUANTIFIERS,
  FLOATING_QUANTIFIERS,
  INVERSION_BEFORE,
  NAME_JOINERS,
  NEGATORS,
  ONLY_PARTICIPLE_FORMS,
  POSSESSIVE_DETERMINERS,
  SENTENCE_END_MARKS,
  verbForm,
} from './lexicons/word-classes';
import { enumeratorAt } from './list-operator';

/** Rule id (switch it off with `createPipeline({ disabledRules })`; segment-rules.ts lists every SEGMENT id). */
export const COMPLEX_PREPOSITION = 'SEGMENT.COMPLEX_PREPOSITION';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const DETERMINED_GERUND = 'SEGMENT.DETERMINED_GERUND';

/**
 * SEGMENT.DETERMINED_GERUND: an "-ing" verb right after a determiner or a possessive is a nominal, no
 * verbal group ("the foregoing", "the following terms", "any remaining balance", "its existing customers",
 * "the signing of this lease"): UD English
 * tags "following" a VERB even there, and it opened a clause ("Notwithstanding the foregoing," | ...;
 * "None of the foregoing shall apply" read as a fragment).
 */
export function determinedGerund(tokens: TokenArrays, index: number): boolean {
  const before = tokens.pos[index - 1];
  return (
    tokens.pos[index] === 'VERB' &&
    (before === 'DET' ||
      (before === 'PRON' && POSSESSIVE_DETERMINERS.includes(tokens.lower[index - 1] ?? ''))) &&
    (tokens.lower[index] ?? '').endsWith('ing') &&
    tokens.disabledRules?.has(DETERMINED_GERUND) !== true
  );
}
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const TITLE_CASE_GERUND = 'SEGMENT.TITLE_CASE_GERUND';

const CAPITALISED_ING = /^[A-Z][a-z]+ing$/;
const CAPITALISED_WORD = /^[A-Z][A-Za-z]*[a-z]/;

/**
 * SEGMENT.TITLE_CASE_GERUND: a capitalised "-ing" word inside a Title-Case name is a nominal, no verbal
 * group ("the Operating Committee", "Marketing Materials", "the Deployment, Hosting and Maintenance
 * Specifications"): written with a capital and lower-case letters after it, with a capitalised noun right
 * after it, or after a comma or coordinator following it, or a capitalised noun or adjective right
 * before it. UD English tags the word a VERB and it opened a clause. Needs the words as written
 * (`values`); false without them.
 */
export function titleCaseGerund(tokens: TokenArrays, index: number): boolean {
  const { values, pos } = tokens;
  if (values === undefined || pos[index] !== 'VERB' || !CAPITALISED_ING.test(values[index] ?? ''))
    return false;
  if (tokens.disabledRules?.has(TITLE_CASE_GERUND) === true) return false;
  const capitalisedNominal = (at: number, adjective: boolean): boolean =>
    CAPITALISED_WORD.test(values[at] ?? '') &&
    (pos[at] === 'NOUN' || pos[at] === 'PROPN' || (adjective && pos[at] === 'ADJ'));
  let next = index + 1;
  if (NAME_JOINERS.has(values[next] ?? '')) next += 1;
  if (capitalisedNominal(next, false)) return true;
  return index > 0 && capitalisedNominal(index - 1, true);
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const NOT_LIMITED_TO = 'SEGMENT.NOT_LIMITED_TO';

/**
 * SEGMENT.NOT_LIMITED_TO: the index of the "but" of "including, but not limited to, ..." (a comma
 * before "but" at most, "include", "includes" or "included" too), the index of the "but" that `index`
 * (its "but", "not" or "limited") belongs to; -1 when `index` is no word of it. The words are one
 * preposition with "including": "but" opens no clause, "limited" is no verbal group.
 */
export function notLimitedToStart(tokens: TokenArrays, index: number): number {
  const { lower } = tokens;
  const word = lower[index];
  const but = word === 'but' ? index : word === 'not' ? index - 1 : word === 'limited' ? index - 2 : -1;
  if (but < 1 || lower[but] !== 'but' || lower[but + 1] !== 'not' || lower[but + 2] !== 'limited') return -1;
  if (lower[but + 3] !== 'to' && !(lower[but + 3] === ',' && lower[but + 4] === 'to')) return -1;
  const before = lower[but - 1] === ',' ? but - 2 : but - 1;
  if (!INCLUDE_FORMS.has(lower[before] ?? '')) return -1;
  return tokens.disabledRules?.has(NOT_LIMITED_TO) === true ? -1 : but;
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_MODIFIER_PARTICIPLE = 'SEGMENT.COORDINATED_MODIFIER_PARTICIPLE';

/** What may follow a participle that modifies a noun with an adjective: punctuation, or the noun. */
const MODIFIER_FOLLOWERS = new Set<Upos>(['PUNCT', 'NOUN', 'PROPN']);

/**
 * SEGMENT.COORDINATED_MODIFIER_PARTICIPLE: the past participle at `index` stands right after a
 * coordinator that follows an adjective, with no operator, verb or pronoun right before the adjective
 * ("was ready and left" is a clause), and punctuation, a noun or nothing after it: "any right, express or
 * implied, in the Software", "any actual or alleged breach", "notice, oral or written,". It modifies
 * the noun the adjective modifies; no clause of its own.
 */
export function modifierParticiple(tokens: TokenArrays, index: number): boolean {
  const { lower, lemmas, pos } = tokens;
  if (tokens.disabledRules?.has(COORDINATED_MODIFIER_PARTICIPLE) === true) return false;
  if (verbForm(lower[index] ?? '', lemmas[index] ?? '', pos[index]) !== 'part') return false;
  if (pos[index - 1] !== 'CCONJ' || pos[index - 2] !== 'ADJ') return false;
  const before = pos[index - 3];
  if (before === 'AUX' || before === 'VERB' || before === 'PRON') return false;
  const after = pos[index + 1];
  return after === undefined || MODIFIER_FOLLOWERS.has(after);
}

/** Rule id: a participle the tree hangs on an appositive noun is no Finite (see `participleOnAppositive`). */
export const PARTICIPLE_ON_APPOSITIVE = 'SEGMENT.PARTICIPLE_ON_APPOSITIVE';
export const ABSOLUTE_PARTICIPLE = 'SEGMENT.ABSOLUTE_PARTICIPLE';

/** Token arrays a verbal-group scan needs (document-level or clause-level). */
export interface TokenArrays {
  readonly lower: readonly string[];
  readonly lemmas: readonly string[];
  readonly pos: readonly Upos[];
  /** The words as written, when the arrays are a tagged text's (SEGMENT.TITLE_CASE_GERUND reads capitals). */
  readonly values?: readonly string[] | undefined;
  /** Rule ids switched off (`createPipeline({ disabledRules })`), when the arrays are a tagged text's. */
  readonly disabledRules?: ReadonlySet<string> | undefined;
  /** The parse, when the arrays are a tagged text's: head index (-1 for a root) and relation per token. */
  readonly heads?: readonly number[] | undefined;
  readonly deprels?: readonly string[] | undefined;
}

/** A verbal group (or verbal group complex) found in a token range. */
export interface VerbalGroup {
  /** First token of the group. */
  readonly start: number;
  /** Just past the last token of the group. */
  readonly end: number;
  /** The Event: last lexical verb, or the last auxiliary of a verbless group (copula). */
  readonly head: number;
  /** The Finite: first auxiliary, or the head when it is a finite lexical verb; -1 when non-finite. */
  readonly finite: number;
  /** The group opens with the infinitive marker `to`. */
  readonly infinitive: boolean;
}

const IRREGULAR_PARTICIPLE = /(?:en|wn|ne|un|ung|ugh|ought|aught|ept|elt|ilt|eft|ade|id|ot|ed)$/;

function isVerbal(tag: Upos | undefined): boolean {
  return tag === 'VERB' || tag === 'AUX';
}

/**
 * Whether a lexical verb's form can be a past participle (or a past tense): not its lemma, no "-s" or "-ing"
 * ("sold", "given", "transmitted").
 */
export function isPastForm(word: string, lemma: string): boolean {
  return word !== lemma && !/(?:s|ing)$/.test(word);
}

/** True when a lexical verb form, with no auxiliary before it, is finite (tensed) rather than -ing or base/participle. */
export function isFiniteLexicalForm(lower: string, lemma: string, hasSubjectBefore: boolean): boolean {
  if (lower.endsWith('ing') && lemma !== lower) return false;
  // "taken", "done", "seen": only ever a participle, so no Finite even after a Subject.
  if (ONLY_PARTICIPLE_FORMS.has(lower)) return false;
  if (lower === lemma) return hasSubjectBefore;
  if (lower.endsWith('s') && !lemma.endsWith('s')) return true;
  return hasSubjectBefore || !IRREGULAR_PARTICIPLE.test(lower);
}

/** "to", or the "na" of "gon na" and "ta" of "got ta" (pass 1 splits "gonna", "gotta": lemma "to"). */
function isInfinitiveTo(tokens: TokenArrays, index: number): boolean {
  const word = tokens.lower[index];
  return word === 'to' || (tokens.lemmas[index] === 'to' && (word === 'na' || word === 'ta'));
}

/**
 * Finds the verbal groups of tokens [from, to): runs of auxiliaries and verbs with negators and adverbs
 * inside, joined into one complex across catenatives ("want to go", "started running").
 */
export function findVerbalGroups(tokens: TokenArrays, from: number, to: number): VerbalGroup[] {
  const { lower, lemmas, pos } = tokens;
  const groups: VerbalGroup[] = [];
  let index = from;
  while (index < to) {
    const tag = pos[index];
    const startsInfinitive =
      isInfinitiveTo(tokens, index) && tag === 'PART' && isVerbal(nextVerbalTag(tokens, index + 1, to));
    // SEGMENT.COMPLEX_PREPOSITION: "According to the report, ...": "according to" is a preposition, no verb.
    if (
      (!isVerbal(tag) && !startsInfinitive) ||
      (isComplexPreposition(lower, index) && tokens.disabledRules?.has(COMPLEX_PREPOSITION) !== true) ||
      determinedGerund(tokens, index) ||
      titleCaseGerund(tokens, index) ||
      (lower[index] === 'limited' && notLimitedToStart(tokens, index) >= 0)
    ) {
      index += 1;
      continue;
    }
    const start = index;
    let head = -1;
    let lastAux = -1;
    let firstAux = -1;
    let cursor = index;
    while (cursor < to) {
      const current = pos[cursor];
      const word = lower[cursor] ?? '';
      if (current === 'AUX') {
        if (head >= 0 && !(CATENATIVE_VERBS.has(lemmas[head] ?? '') && lower[cursor - 1] === 'to')) break;
        if (firstAux < 0 && head < 0) firstAux = cursor;
        lastAux = cursor;
        cursor += 1;
      } else if (current === 'VERB') {
        if (head >= 0) {
          // A second lexical verb joins only after a catenative: "started running", "help build".
          const joins = CATENATIVE_VERBS.has(lemmas[head] ?? '') && (word.endsWith('ing') || lastAux > head);
          if (!joins) break;
        }
        head = cursor;
        cursor += 1;
      } else if (isInfinitiveTo(tokens, cursor) && (current === 'PART' || current === 'ADP')) {
        // GROUP.ENUMERATED_INFINITIVE: "elect to **(i)** repeat the test or (ii) terminate": a list's enumerator
        // between "to" and the verb stays inside the verbal group complex.
        const enumerator = enumeratorAt((at) => (at < to ? (lower[at] ?? '') : ''), cursor + 1);
        const enumerated =
          enumerator !== undefined &&
          enumerator.marks.length === 2 &&
          pos[enumerator.end] === 'VERB' &&
          tokens.disabledRules?.has('TREE.ENUMERATED_INFINITIVE') !== true
            ? enumerator.end - cursor - 1
            : 0;
        const nextTag = nextVerbalTag(tokens, cursor + 1 + enumerated, to);
        const anchor = head >= 0 ? head : lastAux;
        const catenative = anchor >= 0 && CATENATIVE_VERBS.has(lemmas[anchor] ?? '');
        if (cursor === start || (catenative && isVerbal(nextTag))) {
          lastAux = Math.max(lastAux, cursor + enumerated);
          cursor += 1 + enumerated;
        } else break;
      } else if ((current === 'PART' || current === 'ADV') && NEGATORS.has(word)) {
        cursor += 1;
      } else if (current === 'ADV' && head < 0 && isVerbal(pos[cursor + 1]) && cursor + 1 < to) {
        cursor += 1;
      } else break;
    }
    let end = cursor;
    if (head < 0 && firstAux === start && isInversionContext(tokens, start, from)) {
      // "Did you pay", "Has the man left": the Subject sits inside the verbal group; the Event comes after it.
      let probe = cursor;
      while (probe < to && probe < cursor + 5 && INVERTED_SUBJECT.has(pos[probe] ?? 'X')) probe += 1;
      while (probe < to && (pos[probe] === 'PART' || pos[probe] === 'ADV')) probe += 1;
      if (probe > cursor && probe < to && pos[probe] === 'VERB') {
        head = probe;
        end = probe + 1;
      }
    }
    const finalHead = head >= 0 ? head : lastAux >= 0 ? lastAux : start;
    let finite = -1;
    if (!isInfinitiveTo(tokens, start)) {
      if (firstAux >= 0 && firstAux < finalHead + 1 && pos[firstAux] === 'AUX') {
        // "Having paid the bill, ...", "Being late, ...": a non-finite auxiliary opens a non-finite group.
        if (!NON_FINITE_AUX.has(lower[firstAux] ?? '')) finite = firstAux;
      } else if (head >= 0) {
        // "He definitely locked", "We all agreed": adverbs and floating quantifiers between Subject and verb.
        let before = start - 1;
        while (
          before > from &&
          (pos[before] === 'ADV' || (pos[before] === 'DET' && FLOATING_QUANTIFIERS.has(lower[before] ?? '')))
        )
          before -= 1;
        const subjectBefore = before >= from && before < start && isSubjectLike(pos[before]);
        if (
          isFiniteLexicalForm(lower[head] ?? '', lemmas[head] ?? '', subjectBefore) &&
          !participleOnAppositive(tokens, head) &&
          !absoluteParticiple(tokens, head)
        )
          finite = head;
      }
    }
    groups.push({
      start,
      end: Math.max(end, start + 1),
      head: finalHead,
      finite,
      infinitive: isInfinitiveTo(tokens, start),
    });
    index = Math.max(end, start + 1);
  }
  return groups;
}

/**
 * SEGMENT.PARTICIPLE_ON_APPOSITIVE: "Acme Ltd, a company incorporated in Jersey", "Jane Roe, an engineer
 * trained in Lyon", "$17 - Amount allocated per person": a verb the tree hangs as `acl` on an appositive
 * noun (no comma between noun and verb) is the participle of the noun's qualifier, so the noun is no
 * Subject and the verb no Finite: a contract's list of parties is no list of statements.
 */
function participleOnAppositive(tokens: TokenArrays, verb: number): boolean {
  const { heads, deprels } = tokens;
  if (heads === undefined || deprels === undefined || deprels[verb] !== 'acl') return false;
  if (presentTense(tokens.lower[verb] ?? '', tokens.lemmas[verb] ?? '')) return false;
  const noun = heads[verb] ?? -1;
  if (noun < 0 || noun >= verb || !/^appos(:|$)/.test(deprels[noun] ?? '')) return false;
  if (tokens.disabledRules?.has(PARTICIPLE_ON_APPOSITIVE) === true) return false;
  const anchor = heads[noun] ?? -1;
  if (anchor < 0) return false;
  let anchorCase = false;
  for (let index = 0; index < anchor; index += 1)
    if (heads[index] === anchor && /^case(:|$)/.test(deprels[index] ?? '')) anchorCase = true;
  return appositiveQualifier(tokens.lower, anchor, anchorCase, noun, verb);
}

/** What may follow an absolute clause's participle: its end. */
const ABSOLUTE_CLAUSE_END = new Set([',', ')', ';', ':', '.']);

/**
 * SEGMENT.ABSOLUTE_PARTICIPLE: "by certified mail, return receipt requested, to the address below",
 * "(return receipt requested)", "sent by mail, all charges paid.": a past form the parse hangs as `acl`
 * on the noun right before it, where that noun's bare nominal group (at most three nouns and adjectives,
 * or "all" or "no" before them) is set off by a comma or "(" and the verb ends the clause (punctuation
 * after it), is the participle of an absolute clause: no Finite, so the clause is a non-finite dependent,
 * not a statement whose Subject is "return receipt".
 */
function absoluteParticiple(tokens: TokenArrays, verb: number): boolean {
  const { heads, deprels, lower, lemmas, pos } = tokens;
  if (heads === undefined || deprels === undefined || deprels[verb] !== 'acl') return false;
  const word = lower[verb] ?? '';
  const lemma = lemmas[verb] ?? '';
  if (word === lemma || word.endsWith('ing') || presentTense(word, lemma)) return false;
  if (heads[verb] !== verb - 1 || pos[verb - 1] !== 'NOUN') return false;
  const after = lower[verb + 1];
  if (after !== undefined && !ABSOLUTE_CLAUSE_END.has(after)) return false;
  let index = verb - 1;
  while (index >= 0 && (pos[index] === 'NOUN' || pos[index] === 'ADJ')) index -= 1;
  if (index >= 0 && ABSOLUTE_QUANTIFIERS.has(lower[index] ?? '')) index -= 1;
  if (verb - 1 - index > 3 || (lower[index] !== ',' && lower[index] !== '(')) return false;
  return tokens.disabledRules?.has(ABSOLUTE_PARTICIPLE) !== true;
}

/**
 * Whether an appositive noun at `noun` takes the verb at `verb` as its qualifier: no comma between them,
 * and the noun it stands beside (`anchor`) no phrase of time or place, where the parse took the clause's
 * Subject for an appositive of the opening adjunct ("Across the studies, the periods of exposure
 * followed ...", "Last June, an initiative led by Japan failed").
 */
function appositiveQualifier(
  lower: readonly string[],
  anchor: number,
  anchorCase: boolean,
  noun: number,
  verb: number,
): boolean {
  if (anchorCase || TIME_NOUNS.has(lower[anchor] ?? '')) return false;
  for (let index = noun + 1; index < verb; index += 1) if (lower[index] === ',') return false;
  // A sentence's end between them ("“Ann! Bo! Cy ...” a clerk called out"): no appositive, a new Subject.
  for (let index = Math.min(anchor, noun) + 1; index < Math.max(anchor, noun); index += 1)
    if (SENTENCE_END_MARKS.test(lower[index] ?? '')) return false;
  return true;
}

/** A verb in "-s" ("offers") is tensed, never a participle, wherever the parse hung it. */
function presentTense(word: string, lemma: string): boolean {
  return word.endsWith('s') && !lemma.endsWith('s');
}

/** `participleOnAppositive` on a clause's tokens, whose heads are start offsets. */
export function clauseParticipleOnAppositive(
  tokens: readonly Token[],
  lower: readonly string[],
  verb: number,
  disabledRules?: ReadonlySet<string>,
): boolean {
  const token = tokens[verb];
  if (token?.deprel !== 'acl' || disabledRules?.has(PARTICIPLE_ON_APPOSITIVE) === true) return false;
  if (presentTense(lower[verb] ?? '', token.lemma)) return false;
  const noun = tokens.findIndex((other) => other.start === token.headStart);
  if (noun < 0 || noun >= verb || !/^appos(:|$)/.test(tokens[noun]?.deprel ?? '')) return false;
  const anchor = tokens.findIndex((other) => other.start === tokens[noun]?.headStart);
  // The noun beside the appositive lies in an earlier clause: what it is, this clause cannot tell.
  if (anchor < 0) return false;
  const anchorStart = tokens[anchor]?.start;
  const anchorCase = tokens.some(
    (other) => other.headStart === anchorStart && /^case(:|$)/.test(other.deprel),
  );
  return appositiveQualifier(lower, anchor, anchorCase, noun, verb);
}

const INVERTED_SUBJECT = new Set<Upos>(['PRON', 'DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

function isInversionContext(tokens: TokenArrays, start: number, from: number): boolean {
  if (start === from) return true;
  let index = start - 1;
  // Skip a WH phrase's noun ("which book did"), adverbs and the like back to the opening word.
  while (
    index > from &&
    (tokens.pos[index] === 'NOUN' || tokens.pos[index] === 'ADJ' || tokens.pos[index] === 'ADV')
  )
    index -= 1;
  return INVERSION_BEFORE.has(tokens.lower[index] ?? '') || tokens.pos[index] === 'INTJ';
}

function nextVerbalTag(tokens: TokenArrays, from: number, to: number): Upos | undefined {
  let index = from;
  while (index < to && tokens.pos[index] === 'ADV') index += 1;
  return index < to ? tokens.pos[index] : undefined;
}

/** Tags that can end a Subject right before a verb. */
export function isSubjectLike(tag: Upos | undefined): boolean {
  return tag === 'PRON' || tag === 'NOUN' || tag === 'PROPN' || tag === 'NUM';
}

/** "according to" (a complex preposition the tagger may read as a verb + "to"). */
export function isComplexPreposition(lower: readonly string[], index: number): boolean {
  return lower[index] === 'according' && lower[index + 1] === 'to';
}

/** A base-form verb at `index` (the form is its lemma). */
function baseVerbAt(tree: TokenArrays, index: number): boolean {
  return tree.pos[index] === 'VERB' && tree.lower[index] === tree.lemmas[index];
}

/** "to" as the infinitive marker at `index`. */
function infinitiveToAt(tree: TokenArrays, index: number): boolean {
  return tree.lower[index] === 'to' && tree.pos[index] === 'PART';
}

/**
 * Back from `index` past the adjuncts that may stand before a verb inside an infinitive run: adverbs
 * ("fully perform") and one prepositional phrase of a preposition, determiners or adjectives and a
 * noun ("in good faith negotiate"). Returns the index before them.
 */
function pastPreverbalAdjuncts(tree: TokenArrays, index: number, from: number): number {
  let at = index;
  while (at > from && tree.pos[at] === 'ADV') at -= 1;
  if (tree.pos[at] === 'NOUN') {
    let probe = at - 1;
    while (probe > from && (tree.pos[probe] === 'ADJ' || tree.pos[probe] === 'DET')) probe -= 1;
    if (probe > from && tree.pos[probe] === 'ADP') at = probe - 1;
    while (at > from && tree.pos[at] === 'ADV') at -= 1;
  }
  return at;
}

/** Back from `index` past commas and coordinators; -1 when there are none. */
function pastSeparators(tree: TokenArrays, index: number, from: number): number {
  let at = index;
  while (at > from && (tree.pos[at] === 'CCONJ' || tree.lower[at] === ',')) at -= 1;
  return at === index ? -1 : at;
}

/**
 * SEGMENT.INFINITIVE_RUN_ADJUNCTS: the base verb at `index` is a member of a to-infinitive's run that
 * holds what SEGMENT.COORDINATED_INFINITIVE_VERBS does not pass over: adverbs or one prepositional
 * phrase before a member ("fully perform", "in good faith negotiate"), a preposition or particle left
 * after a member's verb ("enter into"), or coordinated adverbs right after the "to" ("to diligently and
 * in good faith negotiate"). Going back from the verb, not before `from`: its adjuncts, commas and
 * coordinators, then either another member (its particle, the verb, its adjuncts) and "to" or more
 * separators, or adverbs and "to".
 */
export function infinitiveRunBefore(tree: TokenArrays, index: number, from: number): boolean {
  if (!baseVerbAt(tree, index)) return false;
  // Whether the run holds an adjunct or a particle: a plain run ("to defend, indemnify and hold") is
  // SEGMENT.COORDINATED_INFINITIVE_VERBS's.
  const adjuncts = pastPreverbalAdjuncts(tree, index - 1, from);
  let extra = adjuncts !== index - 1;
  let at = pastSeparators(tree, adjuncts, from);
  while (at > from) {
    // A preposition or particle left after a member's verb ("enter into", "carry out").
    if ((tree.pos[at] === 'ADP' || tree.pos[at] === 'ADV') && baseVerbAt(tree, at - 1)) {
      at -= 1;
      extra = true;
    }
    if (baseVerbAt(tree, at)) {
      const before = pastPreverbalAdjuncts(tree, at - 1, from);
      if (before !== at - 1) extra = true;
      if (infinitiveToAt(tree, before)) return extra;
      at = pastSeparators(tree, before, from);
      continue;
    }
    // Coordinated adverbs right after the "to": "to diligently and in good faith negotiate".
    if (tree.pos[at] !== 'ADV') return false;
    while (at > from && tree.pos[at] === 'ADV') at -= 1;
    return infinitiveToAt(tree, at);
  }
  return false;
}
