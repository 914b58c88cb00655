import type { Mood, Premise, Syntactic } from '@cae/core';
import {
  COORDINATORS,
  IMPERATIVE_OPENERS,
  MODAL_OR_DO,
  RELATIVE_MARKERS,
  SUBORDINATORS,
} from './lexicons/mood-lexicon';
import { ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import { presentSForm } from './lexicons/word-classes';
import { pastCoordinator } from './list-operator';
import type { MoodClause, MoodVerdict } from './mood-classifier';

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_PREDICATE = 'MOOD.COORDINATED_PREDICATE';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_INFINITIVE = 'MOOD.COORDINATED_INFINITIVE';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_TENSED_PREDICATE = 'MOOD.COORDINATED_TENSED_PREDICATE';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_DEPENDENT = 'MOOD.COORDINATED_DEPENDENT';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_WITH_NON_COMMAND = 'MOOD.COORDINATED_WITH_NON_COMMAND';
/** Rule id of the statement-host reading of MOOD.COORDINATED_WITH_NON_COMMAND (see `coordinatedNonCommandMood`). */
export const COORDINATED_WITH_DECLARATIVE_BARE_HEAD = 'MOOD.COORDINATED_WITH_DECLARATIVE_BARE_HEAD';

const SUBJECT = /^(nsubj|csubj|expl)(:|$)/;
const ELLIPTED: Premise = { label: 'subject_position', value: 'ellipted (coordinated predicate)' };
const ELLIPTED_DEPENDENT: Premise = {
  label: 'subject_position',
  value: 'ellipted (coordinated with a dependent clause)',
};
const ELLIPTED_TO: Premise = { label: 'subject_position', value: 'none (coordinated with a to-infinitive)' };
const ELLIPTED_LIST: Premise = {
  label: 'subject_position',
  value: 'none (coordinated with a list item without a Finite)',
};

/**
 * A paratactic clause that opens with a coordinator, or with a list enumerator in parentheses ("(b) keep
 * the records", a member of a list of predicates), past punctuation.
 */
function opensAsMember(clause: Syntactic): boolean {
  if (clause.dependency !== 'paratactic') return false;
  const { tokens } = clause;
  let index = 0;
  while (index < tokens.length && tokens[index]?.pos === 'PUNCT' && tokens[index]?.text !== '(') index += 1;
  const first = tokens[index];
  if (first === undefined) return false;
  if (first.pos === 'CCONJ') return COORDINATORS.has(first.text.toLowerCase());
  return (
    first.text === '(' &&
    tokens[index + 2]?.text === ')' &&
    ENUMERATOR_WORD.test(tokens[index + 1]?.text.toLowerCase() ?? '')
  );
}

/** A clause that opens with a coordinator (or a list enumerator) and has no Finite: a coordinated predicate ("and pay the costs"). */
function coordinatedWithoutFinite(clause: Syntactic): boolean {
  return opensAsMember(clause) && !clause.tokens.some((token) => token.isFinite);
}

/** A clause that opens with a coordinator and has a Finite but no Subject before it ("and shall not disclose it"). */
function coordinatedEllipticalFinite(clause: Syntactic): boolean {
  if (clause.dependency !== 'paratactic') return false;
  const first = clause.tokens.find((token) => token.pos !== 'PUNCT');
  if (first === undefined || first.pos !== 'CCONJ' || !COORDINATORS.has(first.text.toLowerCase()))
    return false;
  return clause.tokens.some((token) => token.isFinite) && !subjectBeforeFinite(clause);
}

/** Index of the clause's first word after the coordinator, punctuation and a list enumerator ("(b)"). */
function firstWordAfterCoordinator(clause: Syntactic): number {
  const { tokens } = clause;
  let index = pastCoordinator(tokens);
  const lower = (at: number) => tokens[at]?.text.toLowerCase() ?? '';
  if (
    tokens[index]?.text === '(' &&
    tokens[index + 2]?.text === ')' &&
    ENUMERATOR_WORD.test(lower(index + 1))
  )
    index += 3;
  return index;
}

/** The clause's first word after the coordinator, punctuation, a list enumerator and an adverb is a base-form verb. */
function opensWithBaseVerb(clause: Syntactic): boolean {
  let index = firstWordAfterCoordinator(clause);
  // Adverbs before the verb ("(ii) promptly repair any damage").
  while (clause.tokens[index]?.pos === 'ADV' && clause.tokens[index + 1]?.pos === 'VERB') index += 1;
  const token = clause.tokens[index];
  return token !== undefined && token.pos === 'VERB' && token.text.toLowerCase() === token.lemma;
}

/**
 * The clause's first word after the coordinator (and a list enumerator) is a verb in its tensed "-s"
 * form ("and agrees to repay"): a form that is never a base form, participle or "-ing" form.
 */
function opensWithTensedVerb(clause: Syntactic): boolean {
  const token = clause.tokens[firstWordAfterCoordinator(clause)];
  if (token === undefined || token.pos !== 'VERB') return false;
  return presentSForm(token.text.toLowerCase(), token.lemma);
}

/** The clause opens (past punctuation, a coordinator and a list label) with "to" and a verb. */
function opensWithInfinitive(clause: Syntactic): boolean {
  const { tokens } = clause;
  for (let index = 0; index < tokens.length - 1; index += 1) {
    const token = tokens[index] as Syntactic['tokens'][number];
    if (token.text.toLowerCase() === 'to') return tokens[index + 1]?.pos === 'VERB';
    if (
      token.pos === 'PUNCT' ||
      token.pos === 'CCONJ' ||
      token.pos === 'NUM' ||
      /^[ivx]+$|^[a-z]$/i.test(token.text)
    )
      continue;
    return false;
  }
  return false;
}

/** Whether the clause has a Subject before its Finite (by the parse's relations): it states. */
function subjectBeforeFinite(clause: Syntactic): boolean {
  const finite = clause.tokens.findIndex((token) => token.isFinite);
  if (finite < 0) return false;
  for (let index = 0; index < finite; index += 1)
    if (SUBJECT.test(clause.tokens[index]?.deprel ?? '')) return true;
  return false;
}

/**
 * MOOD.COORDINATED_PREDICATE: "Distributor shall maintain the records | and pay the costs", "Licensee
 * shall not copy | or modify the Software", "Licensee shall (a) pay the fees | and (b) keep the
 * records": a clause that opens with a coordinator, has no Finite and that the rows after this one read
 * as imperative (a base verb with no Subject), or a fragment whose first word (past a list enumerator) is a base verb, is the second member of a coordinated predicate when
 * the clause it is coordinated with (the nearest earlier independent or paratactic clause of its
 * sentence, past other such members) has a Subject before its Finite: it shares that Subject and Finite
 * (ellipsis), so it is declarative like the first member. After a command ("Shut the door | and sit
 * down") it stays imperative. A row of `MOOD_RULES` (the first): `when` gives the mood it reads ('' when
 * it does not hold), `decide` its verdict.
 */
export function coordinatedPredicateMood(clause: MoodClause): '' | Mood {
  const { previous } = clause;
  if (previous === undefined) return '';
  const { syntactic } = clause.view;
  if (!coordinatedWithoutFinite(syntactic)) return '';
  // A command's form, or a fragment whose first word after the coordinator (and a list enumerator in
  // parentheses: "and (b) keep the records") is a base-form verb.
  const { mood } = clause.after(COORDINATED_PREDICATE).verdict;
  if (mood !== 'imperative' && !(mood === 'fragment' && opensWithBaseVerb(syntactic))) return '';
  for (let back = previous.length - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) return '';
    if (earlier.dependency !== 'independent' && earlier.dependency !== 'paratactic') continue;
    if (coordinatedWithoutFinite(earlier)) {
      // "(i) to collect the rent; and (ii) to keep the books | and then pay": a member before it is a
      // to-infinitive, so this one is non-finite too.
      if (mood === 'imperative' && opensWithInfinitive(earlier)) return 'fragment';
      continue;
    }
    if (subjectBeforeFinite(earlier)) return 'declarative';
    // "Each party shall hold it in confidence | and shall not disclose it | nor use it": a member with a
    // Finite but no Subject of its own shares the Subject of a clause further back, as this one does.
    if (coordinatedEllipticalFinite(earlier)) continue;
    // "(iv) To limit access to the Systems | and maintain safeguards": the first member is a
    // to-infinitive, so the second is non-finite too (its "to" left out): a fragment, no command.
    if (mood === 'imperative' && opensWithInfinitive(earlier)) return 'fragment';
    // "(d) preserve the confidentiality of the Information, | and take all precautions": the member
    // before is a list item of a predicate list ("shall: (a) ...; (d) preserve ..."), its enumerator and
    // a base verb with no Finite, which no command opens: this member is non-finite too.
    if (
      mood === 'imperative' &&
      listPredicate(earlier) &&
      clause.disabled?.has(LIST_PREDICATE_MEMBER) !== true
    )
      return 'fragment';
    return '';
  }
  return '';
}

/** Rule id of the list-item reading of MOOD.COORDINATED_PREDICATE (see `coordinatedPredicateMood`). */
export const LIST_PREDICATE_MEMBER = 'MOOD.COORDINATED_WITH_LIST_ITEM';

/** The clause opens with a list enumerator in parentheses and a base verb, and has no Finite ("(d) preserve it"). */
function listPredicate(clause: Syntactic): boolean {
  return (
    opensEnumerated(clause) && opensWithBaseVerb(clause) && !clause.tokens.some((token) => token.isFinite)
  );
}

/** The row's verdict: the premises of the rows after it, their Subject position replaced by the ellipsis. */
export function coordinatedPredicateVerdict(clause: MoodClause, found: string): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_PREDICATE);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  if (found === 'declarative') {
    premises.push(ELLIPTED);
    return { mood: 'declarative', confidence: 0.65, premises };
  }
  premises.push(listMemberBefore(clause) ? ELLIPTED_LIST : ELLIPTED_TO);
  return { mood: 'fragment', confidence: 0.6, premises };
}

/** Whether the member the clause is coordinated with is a list item's predicate (for the verdict's premise). */
function listMemberBefore(clause: MoodClause): boolean {
  const { previous } = clause;
  const { sentenceIndex } = clause.view.syntactic;
  for (let back = (previous?.length ?? 0) - 1; back >= 0; back -= 1) {
    const earlier = previous?.[back] as Syntactic;
    if (earlier.sentenceIndex !== sentenceIndex) return false;
    if (earlier.dependency !== 'independent' && earlier.dependency !== 'paratactic') continue;
    if (coordinatedWithoutFinite(earlier)) continue;
    return listPredicate(earlier) && !opensWithInfinitive(earlier);
  }
  return false;
}

/**
 * The clause's coordinator is part of a hyphenated word broken at a line end ("cease- | and-desist
 * order"): no member of a coordination.
 */
function hyphenatedCoordinator(clause: Syntactic): boolean {
  const { tokens } = clause;
  const at = tokens.findIndex((token) => token.pos === 'CCONJ');
  const next = tokens[at + 1];
  return at >= 0 && next !== undefined && next.text === '-' && next.start === tokens[at]?.end;
}

/**
 * The earlier clause of the same sentence that holds the word the parse hangs the member's first verb
 * on (its `conj` head), past the sentence's other clauses; undefined when the head is in no earlier
 * clause of the sentence, or when the verb is not a tensed "-s" form (`tensed`) or a base form.
 */
function coordinatedWith(clause: MoodClause, tensed: boolean): Syntactic | undefined {
  const { previous } = clause;
  if (previous === undefined) return undefined;
  const { syntactic } = clause.view;
  if (!coordinatedWithoutFinite(syntactic) || hyphenatedCoordinator(syntactic)) return undefined;
  if (tensed ? !opensWithTensedVerb(syntactic) : !opensWithBaseVerb(syntactic)) return undefined;
  const head = syntactic.tokens[firstWordAfterCoordinator(syntactic)]?.headStart ?? null;
  if (head === null) return undefined;
  for (let back = previous.length - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) return undefined;
    if (head >= earlier.start && head < earlier.end) return earlier;
  }
  return undefined;
}

/**
 * MOOD.COORDINATED_TENSED_PREDICATE: "The Maker pays the fees, | and agrees to repay the loan": a
 * clause that opens with a coordinator and then a verb in its tensed "-s" form, but in which no Finite
 * was found (the verbal group "agrees to repay" has its base-form head last, and no Subject before it),
 * so that the rows after this one read it as a fragment, is the second member of a coordinated predicate
 * when the parse hangs the verb on a main (independent or paratactic) clause with a Subject before its
 * Finite: its own Finite is the "-s" verb, its Subject the first member's (ellipsis): declarative. Hung
 * on a dependent clause ("if the other party breaches | and fails to cure"), MOOD.COORDINATED_DEPENDENT
 * reads it.
 */
export function coordinatedTensedMood(clause: MoodClause): boolean {
  const earlier = coordinatedWith(clause, true);
  if (earlier === undefined) return false;
  if (earlier.dependency !== 'independent' && earlier.dependency !== 'paratactic') return false;
  if (coordinatedWithoutFinite(earlier) || !subjectBeforeFinite(earlier)) return false;
  return clause.after(COORDINATED_TENSED_PREDICATE).verdict.mood === 'fragment';
}

/** MOOD.COORDINATED_TENSED_PREDICATE's verdict: declarative, its Subject ellipted. */
export function coordinatedTensedVerdict(clause: MoodClause): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_TENSED_PREDICATE);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  premises.push(ELLIPTED);
  return { mood: 'declarative', confidence: 0.6, premises };
}

/** The clause's Finite is a modal or "do" form, which takes a base-form verb ("shall bind", "does pay"). */
function modalFinite(clause: Syntactic): boolean {
  const finite = clause.tokens.find((token) => token.isFinite);
  return finite !== undefined && MODAL_OR_DO.has(finite.text.toLowerCase());
}

/**
 * A subordinator or relative word ("that", "if", "which") comes before the clause's Finite: it shows
 * itself a dependent clause (a parenthesis the segmenter left dependent does not).
 */
function opensDependent(clause: Syntactic): boolean {
  for (const token of clause.tokens) {
    if (token.isFinite) return false;
    const word = token.text.toLowerCase();
    if (token.pos === 'SCONJ' || SUBORDINATORS.has(word) || RELATIVE_MARKERS.has(word)) return true;
  }
  return false;
}

/** The clause's Finite, lower-cased ('' without one). */
function finiteWord(clause: Syntactic): string {
  return clause.tokens.find((token) => token.isFinite)?.text.toLowerCase() ?? '';
}

/** The clause opens (past a coordinator) with a list enumerator in parentheses ("or (ii) make changes"). */
function opensEnumerated(clause: Syntactic): boolean {
  const { tokens } = clause;
  let index = 0;
  while (index < tokens.length && tokens[index]?.pos === 'CCONJ') index += 1;
  return tokens[index]?.text === '(' && firstWordAfterCoordinator(clause) === index + 3;
}

/** The clause holds a list enumerator in parentheses ("(i) defend the claim"). */
function enumerated(clause: Syntactic): boolean {
  const { tokens } = clause;
  return tokens.some(
    (token, index) =>
      token.text === '(' &&
      tokens[index + 2]?.text === ')' &&
      ENUMERATOR_WORD.test(tokens[index + 1]?.text.toLowerCase() ?? ''),
  );
}

/**
 * The member's verb hangs on a to-infinitive inside the dependent clause ("which could affect the
 * ability to record, process, | and report the data"): it is a member of the infinitive, not of the
 * clause's modal.
 */
function infinitiveBeforeHead(dependent: Syntactic, member: Syntactic): boolean {
  const head = member.tokens[firstWordAfterCoordinator(member)]?.headStart ?? null;
  const finite = dependent.tokens.findIndex((token) => token.isFinite);
  for (let index = Math.max(finite, 0); index < dependent.tokens.length; index += 1) {
    const token = dependent.tokens[index];
    if (token === undefined || head === null || token.start >= head) break;
    if (token.text.toLowerCase() === 'to' && token.pos === 'PART') return true;
  }
  return false;
}

/** Rule id of the opening-dependent reading of MOOD.COORDINATED_DEPENDENT (see `coordinatedDependentMood`). */
export const OPENING_DEPENDENT_MEMBER = 'MOOD.COORDINATED_OPENING_DEPENDENT';

/** Whether `dependent` is the first clause of its sentence (no earlier clause of the sentence before it). */
function opensSentence(clause: MoodClause, dependent: Syntactic): boolean {
  const previous = clause.previous ?? [];
  const at = previous.indexOf(dependent);
  if (at < 0) return false;
  const before = previous[at - 1];
  return before === undefined || before.sentenceIndex !== dependent.sentenceIndex;
}

/** The nearest main (independent or paratactic, finite) clause of the sentence before `dependent`. */
function mainClauseBefore(clause: MoodClause, dependent: Syntactic): Syntactic | undefined {
  const previous = clause.previous ?? [];
  for (let back = previous.indexOf(dependent) - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== dependent.sentenceIndex) return undefined;
    if (earlier.dependency !== 'independent' && earlier.dependency !== 'paratactic') continue;
    if (!coordinatedWithoutFinite(earlier)) return earlier;
  }
  return undefined;
}

/**
 * MOOD.COORDINATED_DEPENDENT: "The Tenant agrees | that this lease shall bind its heirs | and inure to
 * the benefit of the Buyer", "if the other party breaches this Agreement | and fails to cure the breach":
 * a clause that opens with a coordinator and a verb, has no Finite, and that the parse hangs on a
 * dependent (hypotactic or embedded) clause with a Subject before its Finite is a member of that clause:
 * dependent too, `indicative` like it, not a statement sharing the main clause's Subject nor a fragment.
 * A tensed "-s" verb ("fails") is its own Finite. A base verb ("inure") shares the dependent clause's
 * Finite, so that one must be a modal or "do" form ("shall bind") and the main clause's Finite one that
 * takes no base form ("agrees"); where the main clause has a modal too ("shall ensure that ... shall
 * bind ... and inure") either could be shared, and the row leaves the clause to
 * MOOD.COORDINATED_PREDICATE.
 */
export function coordinatedDependentMood(clause: MoodClause): boolean {
  const { syntactic } = clause.view;
  const dependentOf = (earlier: Syntactic | undefined) =>
    earlier !== undefined &&
    (earlier.dependency === 'hypotactic' || earlier.dependency === 'embedded') &&
    subjectBeforeFinite(earlier) &&
    opensDependent(earlier) &&
    (!opensEnumerated(syntactic) || enumerated(earlier));
  // A tensed "-s" member agrees with a present "-s" Finite ("breaches | and fails", "is | or fails"),
  // not with a past or modal one ("as if Provider had performed the Services | and agrees to pay").
  const tensed = coordinatedWith(clause, true);
  if (dependentOf(tensed) && finiteWord(tensed as Syntactic).endsWith('s')) return true;
  const base = coordinatedWith(clause, false);
  if (base === undefined || !dependentOf(base) || !modalFinite(base)) return false;
  if (infinitiveBeforeHead(base, syntactic)) return false;
  const main = mainClauseBefore(clause, base);
  // MOOD.COORDINATED_OPENING_DEPENDENT: "If the Buyer does not pay the rent | or keep the flat clean, the
  // Seller may …", "In the event that …": the dependent clause opens the sentence, so the member, before
  // any main clause, can only share its Subject and Finite.
  if (main === undefined)
    return (
      base.dependency === 'hypotactic' &&
      opensSentence(clause, base) &&
      clause.disabled?.has(OPENING_DEPENDENT_MEMBER) !== true
    );
  return main.tokens.some((token) => token.isFinite) && !modalFinite(main);
}

/** MOOD.COORDINATED_DEPENDENT's verdict: indicative like the dependent clause, its Subject ellipted. */
export function coordinatedDependentVerdict(clause: MoodClause): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_DEPENDENT);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  premises.push(ELLIPTED_DEPENDENT);
  return { mood: 'indicative', confidence: 0.6, premises };
}

/**
 * MOOD.COORDINATED_INFINITIVE: "The Buyer shall use its best efforts | to register the mark | or
 * assist the Seller in doing so": a coordinated member with no Finite that the rows after
 * MOOD.COORDINATED_PREDICATE would read as sharing the Subject and Finite of a stating clause, and whose
 * nearest earlier clause of its sentence (past relative clauses) is a dependent to-infinitive with no
 * Finite, is the second member of that infinitive ("to" left out): non-finite like it, a `fragment`, not a command
 * nor a statement sharing the main clause's Subject. A row of `MOOD_RULES`, before
 * MOOD.COORDINATED_PREDICATE.
 */
export function coordinatedInfinitiveMood(clause: MoodClause): boolean {
  const { previous } = clause;
  if (previous === undefined) return false;
  const { syntactic } = clause.view;
  if (!coordinatedWithoutFinite(syntactic)) return false;
  for (let back = previous.length - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) return false;
    if (earlier.dependency === 'embedded') continue;
    if (
      earlier.dependency !== 'hypotactic' ||
      earlier.tokens.some((token) => token.isFinite) ||
      !opensWithInfinitive(earlier)
    )
      return false;
    // Only where the member would otherwise share a stating clause's Subject and Finite: after a command
    // ("Go to the site to register | and cast your vote") it may be the command's second member.
    return coordinatedPredicateMood(clause) === 'declarative';
  }
  return false;
}

/** MOOD.COORDINATED_INFINITIVE's verdict: non-finite like the infinitive it is coordinated with. */
export function coordinatedInfinitiveVerdict(clause: MoodClause): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_PREDICATE);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  premises.push(ELLIPTED_TO);
  return { mood: 'fragment', confidence: 0.6, premises };
}

const ELLIPTED_HOST: Premise = {
  label: 'subject_position',
  value: 'ellipted (coordinated with a clause that is no command)',
};

/** The moods a member takes from the clause it is coordinated with (MOOD.COORDINATED_WITH_NON_COMMAND). */
const HOST_MOODS: ReadonlySet<Mood> = new Set<Mood>(['declarative', 'indicative', 'fragment']);

/**
 * MOOD.COORDINATED_WITH_NON_COMMAND: "has the power to execute and deliver this Agreement | and perform
 * its obligations", "the Prospectus did not contain an untrue statement | or omit to state a material
 * fact", "which would cause harm to the Restaurant | and thereby depreciate its value": a member that
 * opens with a coordinator, has no Finite, and that the rows after this one read as a command, in a
 * sentence none of whose earlier clauses is a command, continues the clause it is coordinated with (the
 * earlier clause of the sentence that holds its verb's head in the tree, where that head is a verb with a Subject,
 * an auxiliary, a "to" or a copula of its own or is no base form: "kindly sign | and return" stays a
 * command whatever mood the clause of "sign" got, and so does a member beside "please" or "kindly"): it takes
 * that clause's mood, declarative or indicative (its Subject and Finite left out), or fragment when that
 * clause is a dependent one with no Finite or the verb a to-infinitive (a to-infinitive's second member). After a clause of another
 * mood ("Thanks, | and have a nice day") it stays a command. The earlier clauses' moods come from the
 * pipeline (`previousMoods`). A row of `MOOD_RULES`, before the rows it revises.
 */
export function coordinatedNonCommandMood(clause: MoodClause): '' | Mood {
  const { previous, previousMoods } = clause;
  if (previous === undefined || previousMoods === undefined) return '';
  const { syntactic } = clause.view;
  if (!coordinatedWithoutFinite(syntactic)) return '';
  const first = firstWordAfterCoordinator(syntactic);
  const verb = syntactic.tokens.findIndex(
    (token, index) => index >= first && (token.pos === 'VERB' || token.pos === 'AUX'),
  );
  const head = syntactic.tokens[verb]?.headStart ?? null;
  let host = -1;
  let nearest = -1;
  if (head === null) return '';
  for (let back = previous.length - 1; back >= 0; back -= 1) {
    const earlier = previous[back] as Syntactic;
    if (earlier.sentenceIndex !== syntactic.sentenceIndex) break;
    if (previousMoods[back] === 'imperative') return '';
    if (nearest < 0) nearest = back;
    if (host < 0 && head >= earlier.start && head < earlier.end) host = back;
  }
  if (host < 0 || nearest < 0) return '';
  const earlierHost = previous[host] as Syntactic;
  // The verb the member is coordinated with has its own Subject, auxiliary, "to" or copula, or is no
  // base form: "kindly sign | and return" (a command, whatever mood its clause got) stays one.
  const headToken = earlierHost.tokens.find((token) => token.start === head);
  if (headToken === undefined || (headToken.pos !== 'VERB' && headToken.pos !== 'AUX')) return '';
  const bare =
    headToken.text.toLowerCase() === headToken.lemma.toLowerCase() &&
    !earlierHost.tokens.some(
      (token) => token.headStart === head && /^(nsubj|csubj|expl|aux|mark|cop)(:|$)/.test(token.deprel),
    );
  // MOOD.COORDINATED_WITH_DECLARATIVE_BARE_HEAD: a bare verb in a clause read as a statement ("Bank
  // shall not (a) decompile, reverse compile | or disassemble it") shares that clause's Subject and
  // Finite, so the member states too; politeness markers still keep "kindly sign | and return" a command.
  if (
    bare &&
    (previousMoods[host] !== 'declarative' ||
      clause.disabled?.has(COORDINATED_WITH_DECLARATIVE_BARE_HEAD) === true)
  )
    return '';
  // "If the draft suits you, kindly sign | and return a copy": a politeness marker opens a command,
  // wherever the segmenter put it.
  for (const clauseTokens of [earlierHost.tokens, syntactic.tokens])
    if (clauseTokens.some((token) => IMPERATIVE_OPENERS.has(token.text.toLowerCase()))) return '';
  const at = host;
  const mood = previousMoods[at] as Mood;
  if (!HOST_MOODS.has(mood)) return '';
  // A fragment only when it is a dependent clause, or the verb is a to-infinitive ("subject to the
  // Agent's obligation to pay the expenses | and fund the payment"), not "Great seeing you, | and take care".
  if (
    mood === 'fragment' &&
    earlierHost.dependency !== 'hypotactic' &&
    earlierHost.dependency !== 'embedded' &&
    !earlierHost.tokens.some(
      (token) => token.headStart === head && token.deprel === 'mark' && token.text.toLowerCase() === 'to',
    )
  )
    return '';
  return clause.after(COORDINATED_WITH_NON_COMMAND).verdict.mood === 'imperative' ? mood : '';
}

/** MOOD.COORDINATED_WITH_NON_COMMAND's verdict: the mood of the clause it continues, its Subject ellipted. */
export function coordinatedNonCommandVerdict(clause: MoodClause, found: string): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_WITH_NON_COMMAND);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  premises.push(ELLIPTED_HOST);
  return { mood: found as Mood, confidence: 0.55, premises };
}

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const DUTY_LIST_MEMBER = 'MOOD.DUTY_LIST_MEMBER';

/**
 * MOOD.DUTY_LIST_MEMBER: "The Committee shall: | (i) review the budget; | (ii) prepare the plan, | and
 * report to the Board", "IBM will: install the servers; | and conduct a boarding call": a member of a
 * list of duties (the pipeline's list state, src/list-operator.ts: a clause with a colon after its
 * operator opens the list, members open with an enumerator or continue a member, then a base-form verb
 * with no Finite of their own) that the rows after this one read as a command or a fragment shares the
 * head's Subject and Finite (ellipsis): the same duty, `declarative`. Returns the head's operator ('' when
 * the row does not hold).
 */
export function dutyListMemberModal(clause: MoodClause): string {
  if (clause.listOperator === '') return '';
  const { mood } = clause.after(DUTY_LIST_MEMBER).verdict;
  return mood === 'imperative' || mood === 'fragment' ? clause.listOperator : '';
}

/** MOOD.DUTY_LIST_MEMBER's verdict: declarative, Subject and Finite those of the list's head. */
export function dutyListMemberVerdict(clause: MoodClause, modal: string): MoodVerdict {
  const { verdict } = clause.after(DUTY_LIST_MEMBER);
  const premises = (verdict.premises ?? []).filter(
    (premise) => premise.label !== 'subject_position' && premise.label !== 'finite',
  );
  premises.push(
    { label: 'subject_position', value: 'ellipted (member of a list of duties)' },
    { label: 'finite', value: `${modal} (the list's head, before its colon)` },
  );
  return { mood: 'declarative', confidence: 0.65, premises };
}
