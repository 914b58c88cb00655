import type { Mood, Premise, Syntactic } from '@cae/core';
import { COORDINATORS } from './lexicons/mood-lexicon';
import { ENUMERATOR_WORD } from './lexicons/transitivity-lexicon';
import type { MoodClause, MoodVerdict } from './mood-classifier';

/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_PREDICATE = 'MOOD.COORDINATED_PREDICATE';
/** Rule id (switch it off with `createPipeline({ disabledRules })`). */
export const COORDINATED_INFINITIVE = 'MOOD.COORDINATED_INFINITIVE';

const SUBJECT = /^(nsubj|csubj|expl)(:|$)/;
const ELLIPTED: Premise = { label: 'subject_position', value: 'ellipted (coordinated predicate)' };
const ELLIPTED_TO: Premise = { label: 'subject_position', value: 'none (coordinated with a to-infinitive)' };

/** A clause that opens with a coordinator and has no Finite: a coordinated predicate ("and pay the costs"). */
function coordinatedWithoutFinite(clause: Syntactic): boolean {
  if (clause.dependency !== 'paratactic') return false;
  const first = clause.tokens.find((token) => token.pos !== 'PUNCT');
  return (
    first !== undefined &&
    first.pos === 'CCONJ' &&
    COORDINATORS.has(first.text.toLowerCase()) &&
    !clause.tokens.some((token) => token.isFinite)
  );
}

/** The clause's first word after the coordinator, punctuation and a list enumerator is a base-form verb. */
function opensWithBaseVerb(clause: Syntactic): boolean {
  const { tokens } = clause;
  let index = 0;
  while (
    index < tokens.length &&
    tokens[index]?.text !== '(' &&
    (tokens[index]?.pos === 'PUNCT' || tokens[index]?.pos === 'CCONJ')
  )
    index += 1;
  const lower = (at: number) => tokens[at]?.text.toLowerCase() ?? '';
  if (
    tokens[index]?.text === '(' &&
    tokens[index + 2]?.text === ')' &&
    ENUMERATOR_WORD.test(lower(index + 1))
  )
    index += 3;
  const token = tokens[index];
  return token !== undefined && token.pos === 'VERB' && lower(index) === token.lemma;
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
    if (coordinatedWithoutFinite(earlier)) continue;
    if (subjectBeforeFinite(earlier)) return 'declarative';
    // "(iv) To limit access to the Systems | and maintain safeguards": the first member is a
    // to-infinitive, so the second is non-finite too (its "to" left out): a fragment, no command.
    if (mood === 'imperative' && opensWithInfinitive(earlier)) return 'fragment';
    return '';
  }
  return '';
}

/** The row's verdict: the premises of the rows after it, their Subject position replaced by the ellipsis. */
export function coordinatedPredicateVerdict(clause: MoodClause, found: string): MoodVerdict {
  const { verdict } = clause.after(COORDINATED_PREDICATE);
  const premises = (verdict.premises ?? []).filter((premise) => premise.label !== 'subject_position');
  if (found === 'declarative') {
    premises.push(ELLIPTED);
    return { mood: 'declarative', confidence: 0.65, premises };
  }
  premises.push(ELLIPTED_TO);
  return { mood: 'fragment', confidence: 0.6, premises };
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
