import type { ModalityType, Premise, Syntactic } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  BOUNDING_AFTER_NEGATOR,
  COMMITMENT_FORMS,
  DEEMING_PARTICIPLES,
  DEFINING_VERBS,
  DUTY_ATTRIBUTES,
  DUTY_MODALS,
  DUTY_NOUNS,
  INSTRUMENT_TERMS,
  PARTY_DETERMINERS,
  PARTY_NOUNS,
  PARTY_PRONOUNS,
  PARTY_STATES,
  PROVISION_PASSIVES,
  REGISTER_WORDS,
  RIGHT_NOUNS,
  THING_TERMS,
} from './lexicons/contract-lexicon';
import { FIRST_PERSON_SUBJECTS, NEGATION_WORDS } from './lexicons/word-classes';
import { enumeratorEnd, type ListMember } from './list-operator';

/**
 * MODALITY.LIST_OPERATOR switched on (the object is present): `member` when the clause is a member of a
 * list of duties the pipeline has seen opened ("The Tenant shall:" | "(a) pay the rent").
 */
export interface ListContext {
  readonly member?: ListMember;
}

/**
 * Contract language (ANNOTATION.md, "Contract and regulatory language"; docs/CONTRACT-MODALITY.md):
 * "shall" is nearly everywhere, so its value comes from the Subject (a party or a thing), the process
 * and its voice. The facts are read once per clause; the rules below are tried in order and the first
 * whose `when` holds decides.
 */

/** The modal operators the contract rules read. */
export type ContractOperator = 'shall' | 'will' | 'may' | 'must';

/** What a clause shows about its Subject, process and voice. */
export interface ContractFacts {
  /** Modal operator of the clause (or of the clause it continues), null when there is none. */
  readonly operator: ContractOperator | null;
  /** The operator stands in an earlier clause of the sentence ("MSL shall," | "provide a report"). */
  readonly inherited: boolean;
  /** MODALITY.LIST_OPERATOR: the operator is that of the clause opening the clause's list ("The Tenant shall:" | "(a) pay"). */
  readonly listed: boolean;
  readonly subject: string;
  /** The relation that gave the Subject ("nsubj", "nsubj:pass", "nominal before the operator" ...), "" when none. */
  readonly subjectRelation: string;
  /** How the process was found ("head of shall" in the tree, "word after the operator"). */
  readonly processRelation: string;
  /** party: can be bound to act; thing: the agreement, a term, a payment ...; none: no Subject found. */
  readonly subjectKind: 'party' | 'thing' | 'none';
  /** Lemma of the process after the operator ("pay", "returned" -> "return", "be"), "" when none. */
  readonly process: string;
  readonly voice: 'active' | 'passive';
  /** "shall be" before a non-verbal attribute ("shall be void", "shall be in writing"). */
  readonly copula: boolean;
  /** Defines or deems: "shall mean", "shall be deemed", "shall have the meaning", "Services shall include". */
  readonly defining: boolean;
  /** "shall be entitled to", "has the right to". */
  readonly entitlement: boolean;
  /** "shall be responsible for", "is liable", "shall have no liability". */
  readonly duty: boolean;
  /** "agrees to", "covenants to", "undertakes not to" (present tense). */
  readonly commitment: boolean;
  /** Negative polarity of the process (not "no later than", "not limited to"). */
  readonly negative: boolean;
  /** Contract register: shall, hereunder, herein ... or a capitalised party role here or just before. */
  readonly register: boolean;
}

export interface ContractRule {
  readonly id: string;
  /** What the rule reads, in plain words (shown in docs and tests). */
  readonly description: string;
  readonly when: (facts: ContractFacts) => boolean;
  readonly reading: { readonly weight: number; readonly type: ModalityType | null };
  /** Invented contract sentences this rule decides (run as its tests). */
  readonly examples: readonly string[];
}

const bindingOperator = (facts: ContractFacts): boolean =>
  facts.operator === 'shall' || facts.operator === 'must' || (facts.operator === 'will' && facts.register);

/** Ordered: array order is apply order; the first rule whose `when` holds decides. */
export const CONTRACT_RULES: readonly ContractRule[] = [
  {
    id: 'MODALITY.CONTRACT_DEFINITION',
    description:
      '"shall mean", "shall constitute", "shall be deemed", "shall have the meaning", or "shall include" with no party as Subject: a definition, weight 0',
    when: (facts) =>
      facts.defining &&
      (facts.operator === 'shall' || (facts.operator === 'will' && facts.register)) &&
      (facts.process !== 'include' || facts.subjectKind !== 'party'),
    reading: { weight: 0, type: null },
    examples: [
      '"Rent" shall mean the monthly sum payable under Clause 4.',
      'The Services shall include routine maintenance of the lifts.',
      'Any notice sent by courier shall be deemed received on the second day.',
      'Words in the singular shall have the meaning of the plural where the context requires.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_ENTITLEMENT_DENIED',
    description:
      'a negated entitlement ("shall not be entitled to", "has no right to"): prohibition, obligation high, negative',
    when: (facts) => facts.entitlement && facts.negative,
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The Tenant shall not be entitled to sublet the garage.',
      'Neither party has the right to bind the other.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_ENTITLEMENT',
    description:
      '"shall be entitled to", "is entitled to", "shall have the right to": permission, obligation low',
    when: (facts) => facts.entitlement,
    reading: { weight: 0.3, type: 'obligation' },
    examples: [
      'The Landlord shall be entitled to inspect the flat once a year.',
      'The Buyer shall have the right to reject damaged goods.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_PROHIBITION',
    description:
      '"may not" with a party as Subject or in the passive, in contract register: prohibition, obligation high, negative',
    when: (facts) =>
      facts.operator === 'may' &&
      facts.negative &&
      facts.register &&
      (facts.subjectKind === 'party' || facts.voice === 'passive'),
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The Tenant may not keep pets in the flat without the consent of the Landlord.',
      'This Lease may not be varied except in writing signed by both parties hereto.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_PERMISSION',
    description:
      '"may" with a party acting as Subject or in the passive, in contract register: permission, obligation low',
    when: (facts) =>
      facts.operator === 'may' &&
      facts.register &&
      ((facts.subjectKind === 'party' && !PARTY_STATES.has(facts.process)) || facts.voice === 'passive'),
    reading: { weight: 0.3, type: 'obligation' },
    examples: [
      'The Licensee may terminate this Agreement on ninety days notice.',
      'This Agreement may be renewed by the Supplier for one further year.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_DUTY',
    description:
      '"shall be responsible for", "is liable for", "shall have no liability", "will be required to" (a party in contract register): obligation high, polarity kept',
    // "may be liable" keeps the possibility low: only a binding operator or none (with register) states a duty.
    when: (facts) =>
      facts.duty &&
      (facts.operator === 'shall' ||
        facts.operator === 'must' ||
        (facts.operator !== 'may' && facts.register)),
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The Tenant is responsible for the cost of repairs to the windows.',
      'The Carrier shall be liable for loss of the goods in transit.',
      'The Landlord shall have no liability for interest on the deposit.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_COMMITMENT',
    description:
      '"agrees to", "covenants to", "undertakes (not) to" with a party as Subject in contract register: obligation high',
    when: (facts) => facts.commitment && facts.subjectKind === 'party' && facts.register,
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The Tenant agrees to keep the garden tidy.',
      'The Supplier covenants not to disclose the price list.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_PARTY_DUTY',
    description:
      '"shall"/"must" ("will" in contract register) with a party as Subject and an act it carries out, active voice: obligation high ("shall not": prohibition, negative)',
    when: (facts) =>
      bindingOperator(facts) &&
      facts.subjectKind !== 'thing' &&
      facts.voice === 'active' &&
      !facts.copula &&
      !PARTY_STATES.has(facts.process),
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The Tenant shall pay the deposit before moving in.',
      'The Tenant shall not assign this Lease.',
      'The Distributor will keep full records of every sale made hereunder.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_PASSIVE_DUTY',
    description:
      '"shall"/"must" ("will" in contract register) in the passive of an act ("shall be paid", "shall be returned"): the party that carries it out is bound, obligation high; not the passives of construing ("shall be governed by")',
    when: (facts) =>
      bindingOperator(facts) && facts.voice === 'passive' && !PROVISION_PASSIVES.has(facts.process),
    reading: { weight: 0.9, type: 'obligation' },
    examples: [
      'The deposit shall be returned to the Tenant within thirty days.',
      'No alterations shall be made to the premises without consent.',
    ],
  },
  {
    id: 'MODALITY.CONTRACT_STIPULATION',
    description:
      '"shall" ("will" in contract register) with no party to bind (the agreement or a term as Subject, a state, a provision passive): a stipulated future state, median, probability like "will"',
    when: (facts) => facts.operator === 'shall' || (facts.operator === 'will' && facts.register),
    reading: { weight: 0.6, type: 'probability' },
    examples: [
      'This Lease shall commence on the first day of May.',
      'This Agreement shall be governed by the laws of Ontario.',
      'The indemnities in this clause shall survive termination.',
    ],
  },
];

/** The reading of the contract rules, when one applies. */
export interface ContractReading {
  readonly weight: number;
  readonly type: ModalityType | null;
  readonly polarity: 'positive' | 'negative';
  readonly rule: string;
  readonly premises: Premise[];
  /** The operator or expression the rule read ("shall", "agrees to"). */
  readonly cue: string;
}

/** The relations of a Subject in the tree (subtypes included: "nsubj:pass"). */
export const SUBJECT_RELATION = /^(nsubj|csubj|expl)(:|$)/;
const SKIPPED = new Set(['ADV', 'PART', 'PUNCT']);

/** Local index of the token a token depends on in the tree, or -1 (the root, or a head outside the clause). */
function headIndex(tokens: Syntactic['tokens'], index: number): number {
  const headStart = tokens[index]?.headStart;
  if (headStart === null || headStart === undefined) return -1;
  return tokens.findIndex((token) => token.start === headStart);
}

/** Local indexes of the tree dependents of `index` whose relation passes `relation`. */
function dependents(tokens: Syntactic['tokens'], index: number, relation: RegExp): number[] {
  const start = tokens[index]?.start;
  const found: number[] = [];
  if (start === undefined) return found;
  tokens.forEach((token, at) => {
    if (token.headStart === start && at !== index && relation.test(token.deprel)) found.push(at);
  });
  return found;
}

/** Where a Subject was found: its local index and the relation (or word-order fallback) that gave it. */
interface SubjectFound {
  readonly index: number;
  readonly relation: string;
}

const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON']);

/** The nominal right before the operator, over adverbs and "each"/"both" ("Zanotti and Aura shall each"). */
function nominalBefore(tokens: Syntactic['tokens'], operator: number): number {
  let index = operator - 1;
  while (index >= 0 && tokens[index]?.pos === 'ADV') index -= 1;
  const token = tokens[index];
  return token !== undefined && NOMINAL.has(token.pos) ? index : -1;
}

/**
 * The Subject of the operator's clause from the tree: the nsubj/nsubj:pass/csubj/expl of the process the
 * operator depends on (or of the verb that process is coordinated with: "shall keep records and provide").
 * A tree Subject cut off from the operator by a comma while a nominal stands right before the operator
 * ("Notwithstanding anything herein to the contrary, Tadeo and Diplomat will confer", where the parse takes
 * "anything" for the Subject) gives way to that nominal. Without a tree Subject: the nearest subject
 * relation before the operator, else the nearest nominal.
 */
function subjectOf(tokens: Syntactic['tokens'], operator: number): SubjectFound | undefined {
  const process = headIndex(tokens, operator);
  let found: SubjectFound | undefined;
  if (process >= 0) {
    const own = dependents(tokens, process, SUBJECT_RELATION);
    const shared =
      own.length === 0 && tokens[process]?.deprel === 'conj'
        ? dependents(tokens, headIndex(tokens, process), SUBJECT_RELATION)
        : [];
    const index = own[0] ?? shared[0];
    if (index !== undefined && index < operator) {
      const relation = tokens[index]?.deprel ?? 'nsubj';
      found = { index, relation: own.length > 0 ? relation : `${relation} (shared by conj)` };
    }
  }
  const before = nominalBefore(tokens, operator);
  if (found !== undefined && before >= 0 && before !== found.index) {
    for (let index = found.index + 1; index < before; index += 1)
      if (tokens[index]?.text === ',') return { index: before, relation: 'nominal before the operator' };
  }
  if (found !== undefined) return found;
  for (let index = operator - 1; index >= 0; index -= 1)
    if (SUBJECT_RELATION.test(tokens[index]?.deprel ?? ''))
      return { index, relation: tokens[index]?.deprel ?? '' };
  if (before >= 0) return { index: before, relation: 'nominal before the operator' };
  for (let index = operator - 1; index >= 0; index -= 1)
    if (NOMINAL.has(tokens[index]?.pos ?? '')) return { index, relation: 'nearest nominal' };
  return undefined;
}

/** Local index of the Subject before `before` (by its relation, else the nearest nominal), for clauses with no operator. */
function subjectIndex(tokens: Syntactic['tokens'], before: number): number {
  for (let index = before - 1; index >= 0; index -= 1)
    if (SUBJECT_RELATION.test(tokens[index]?.deprel ?? '')) return index;
  for (let index = before - 1; index >= 0; index -= 1) {
    const pos = tokens[index]?.pos;
    if (pos === 'NOUN' || pos === 'PROPN' || pos === 'PRON') return index;
  }
  return -1;
}

/**
 * Kind of a Subject with its conjuncts: "Zanotti and Aura" is a party when one conjunct is (the conj
 * dependents in the tree, or a nominal joined by "and"/"or" right before it when the parse missed them).
 */
function coordinatedKindOf(tokens: Syntactic['tokens'], index: number): ContractFacts['subjectKind'] {
  const kind = subjectKindOf(tokens, index);
  if (kind !== 'thing') return kind;
  const conjuncts = dependents(tokens, index, /^conj/);
  const joiner = tokens[index - 1]?.text.toLowerCase() ?? '';
  if ((joiner === 'and' || joiner === 'or') && NOMINAL.has(tokens[index - 2]?.pos ?? ''))
    conjuncts.push(index - 2);
  const head = headIndex(tokens, index);
  if (tokens[index]?.deprel === 'conj' && head >= 0 && head < index) conjuncts.push(head);
  return conjuncts.some((other) => subjectKindOf(tokens, other) === 'party') ? 'party' : kind;
}

function subjectKindOf(tokens: Syntactic['tokens'], index: number): ContractFacts['subjectKind'] {
  const token = tokens[index];
  if (token === undefined) return 'none';
  const lower = token.text.toLowerCase();
  const lemma = token.lemma.toLowerCase();
  if (PARTY_NOUNS.has(lemma) || PARTY_NOUNS.has(lower)) return 'party';
  if (token.pos === 'PRON' || token.pos === 'DET') return PARTY_PRONOUNS.has(lower) ? 'party' : 'thing';
  if (nameLike(token)) return THING_TERMS.has(lemma) || THING_TERMS.has(lower) ? 'thing' : 'party';
  return 'thing';
}

const CAPITALS = /^[A-Z][A-Z0-9&.-]*[A-Z0-9]$/;

/**
 * A name: a proper noun, or a word in capitals ("CERES", "S2K", "ELEPHANT TALK") that the tagger reads
 * as a common noun (the treebank tags many capitalised headline words NOUN).
 */
function nameLike(token: Syntactic['tokens'][number]): boolean {
  return token.pos === 'PROPN' || (token.pos === 'NOUN' && CAPITALS.test(token.text));
}

/** Negative polarity, leaving out negators that bound a quantity or a list ("no later than", "not limited to"). */
function negativeIn(lower: readonly string[], from: number, to: number): boolean {
  // Words in brackets are an aside ("rights held by the listing Party (if no ownership)"): they negate nothing.
  let depth = 0;
  for (let index = from; index < to; index += 1) {
    const word = lower[index] ?? '';
    if (word === '(' || word === '[') depth += 1;
    else if ((word === ')' || word === ']') && depth > 0) depth -= 1;
    if (depth > 0 || !NEGATION_WORDS.has(word)) continue;
    if (BOUNDING_AFTER_NEGATOR.has(lower[index + 1] ?? '')) continue;
    if (word === 'not' && lower[index - 1] === 'but') continue;
    if (word === 'not' && lower[index - 1] === 'or' && lower[index - 2] === 'whether') continue;
    return true;
  }
  return false;
}

const isRegisterToken = (token: Syntactic['tokens'][number]): boolean => {
  const lower = token.text.toLowerCase();
  if (REGISTER_WORDS.has(lower)) return true;
  const first = token.text.charAt(0);
  if (first === first.toLowerCase()) return false;
  return PARTY_NOUNS.has(token.lemma.toLowerCase()) || INSTRUMENT_TERMS.has(lower);
};

/** Determiners before "Terms" that name a document's terms of use ("these Terms", "our Terms of Service"). */
const TERMS_DETERMINERS: ReadonlySet<string> = new Set(['these', 'the', 'our', 'its', 'such']);

/**
 * "these Terms", "the Terms of Service": terms of use name themselves the way a contract does ("this
 * Agreement"), and bind the reader as a party ("You may not share your account" is a prohibition).
 */
function termsOfUse(token: Syntactic['tokens'][number], before: string | undefined): boolean {
  return token.text === 'Terms' && before !== undefined && TERMS_DETERMINERS.has(before);
}

/**
 * A Subject that marks contract register by itself: a name in capitals ("ELEPHANT TALK", "CERES", "MSL")
 * or a party noun after "each", "either", "neither", "both" ("each party will execute").
 */
function subjectRegister(tokens: Syntactic['tokens'], index: number): boolean {
  const token = tokens[index];
  if (token === undefined) return false;
  if (nameLike(token) && /^[A-Z][A-Z&.-]+$/.test(token.text)) return true;
  if (!PARTY_NOUNS.has(token.lemma.toLowerCase())) return false;
  const before = tokens[index - 1]?.text.toLowerCase() ?? '';
  return PARTY_DETERMINERS.has(before);
}

/** Negation on the Subject itself ("no party shall", "neither Party may"). */
function negatedSubject(tokens: Syntactic['tokens'], index: number): boolean {
  const token = tokens[index];
  if (token === undefined) return false;
  for (const other of tokens)
    if (other.headStart === token.start && NEGATION_WORDS.has(other.text.toLowerCase())) return true;
  return NEGATION_WORDS.has(tokens[index - 1]?.text.toLowerCase() ?? '');
}

/** The Subject of a clause that has none of its own, from an earlier clause of its sentence ("The headings are ... | and shall not affect"). */
function earlierSubject(
  view: ClauseView,
  previous: readonly Syntactic[],
): { tokens: Syntactic['tokens']; index: number } | undefined {
  for (let back = previous.length - 1, seen = 0; back >= 0 && seen < 3; back -= 1, seen += 1) {
    const clause = previous[back] as Syntactic;
    if (clause.sentenceIndex !== view.syntactic.sentenceIndex) return undefined;
    for (let index = clause.tokens.length - 1; index >= 0; index -= 1)
      if (SUBJECT_RELATION.test(clause.tokens[index]?.deprel ?? '')) return { tokens: clause.tokens, index };
  }
  return undefined;
}

/** The nsubj/nsubj:pass/csubj/expl of the operator's head that the tree puts in an earlier clause of the sentence. */
function treeSubjectBefore(
  view: ClauseView,
  operator: number,
  previous: readonly Syntactic[],
): { tokens: Syntactic['tokens']; index: number } | undefined {
  const tokens = view.syntactic.tokens;
  const process = headIndex(tokens, operator);
  const processStart = tokens[process]?.start;
  if (processStart === undefined) return undefined;
  for (let back = previous.length - 1, seen = 0; back >= 0 && seen < 3; back -= 1, seen += 1) {
    const clause = previous[back] as Syntactic;
    if (clause.sentenceIndex !== view.syntactic.sentenceIndex) return undefined;
    const index = clause.tokens.findIndex(
      (token) => token.headStart === processStart && SUBJECT_RELATION.test(token.deprel),
    );
    if (index >= 0) return { tokens: clause.tokens, index };
  }
  return undefined;
}

function registerOf(view: ClauseView, previous: readonly Syntactic[]): boolean {
  if (hasRegisterToken(view.syntactic.tokens)) return true;
  for (const clause of previous) if (hasRegisterToken(clause.tokens)) return true;
  return false;
}

// Whether a clause's tokens hold a register token, kept per token array: each clause is asked again as
// one of the earlier clauses of the next five.
const REGISTER_TOKENS = new WeakMap<Syntactic['tokens'], boolean>();

function hasRegisterToken(tokens: Syntactic['tokens']): boolean {
  let found = REGISTER_TOKENS.get(tokens);
  if (found === undefined) {
    found = tokens.some(
      (token, index) => isRegisterToken(token) || termsOfUse(token, tokens[index - 1]?.text.toLowerCase()),
    );
    REGISTER_TOKENS.set(tokens, found);
  }
  return found;
}

interface ProcessFacts {
  process: string;
  voice: 'active' | 'passive';
  copula: boolean;
  defining: boolean;
  entitlement: boolean;
  duty: boolean;
  /** How the process was found: the operator's head in the tree, or the word after the operator. */
  relation: string;
}

const VERB_CHAIN = /^(aux|cop)/;

/**
 * Where the process starts, from the tree: the operator's head when it stands after the operator, or the
 * first be/have auxiliary or copula of that head between the two ("shall - to the extent possible - be
 * limited": "be"; "shall each promptly cease": "cease"). Undefined when the tree gives none.
 */
function treeProcessStart(view: ClauseView, operator: number): number | undefined {
  const tokens = view.syntactic.tokens;
  const process = headIndex(tokens, operator);
  if (process <= operator) return undefined;
  const tag = view.pos[process];
  if (tag !== 'VERB' && tag !== 'AUX' && tag !== 'ADJ' && tag !== 'NOUN') return undefined;
  for (const index of dependents(tokens, process, VERB_CHAIN))
    if (index > operator && !DUTY_MODALS.has(view.lemma[index] ?? '')) return index;
  return process;
}

/** A past participle after "be"/"have"; the tagger reads some as adjectives ("shall be limited to"). */
const participle = (lower: string, lemma: string, pos: string): boolean =>
  (pos === 'VERB' && (lower !== lemma || /(ed|en)$/.test(lower))) || (pos === 'ADJ' && /[^e]ed$/.test(lower));

/** The process after index `at` (the operator, or -1 for the start of a continuing clause). */
function processAfter(view: ClauseView, at: number): ProcessFacts {
  const { lower, lemma, pos } = view;
  const facts: ProcessFacts = {
    process: '',
    voice: 'active',
    copula: false,
    defining: false,
    entitlement: false,
    duty: false,
    relation: at < 0 ? 'first verb of the clause' : 'word after the operator',
  };
  let index = at + 1;
  // Skip adverbs, "not", punctuation and a second operator ("shall not and will not have").
  while (index < lower.length) {
    const tag = pos[index] ?? 'X';
    if (SKIPPED.has(tag) || (tag === 'CCONJ' && pos[index + 1] === 'AUX')) index += 1;
    else if (tag === 'AUX' && DUTY_MODALS.has(lemma[index] ?? '')) index += 1;
    else break;
  }
  const fromTree = at >= 0 && view.pos[at] === 'AUX' ? treeProcessStart(view, at) : undefined;
  if (fromTree !== undefined) {
    facts.relation = `head of ${lower[at] ?? ''}`;
    index = fromTree;
  }
  if (index >= lower.length) return facts;
  const word = lemma[index] ?? '';
  const next = (from: number): number => {
    let probe = from;
    while (probe < lower.length && SKIPPED.has(pos[probe] ?? 'X')) probe += 1;
    return probe;
  };
  if (word === 'be') {
    const after = next(index + 1);
    const form = lower[after] ?? '';
    facts.process = 'be';
    if (form === 'entitled') facts.entitlement = true;
    else if (DUTY_ATTRIBUTES.has(form)) facts.duty = true;
    else if (DEEMING_PARTICIPLES.has(form)) {
      facts.defining = true;
      facts.process = lemma[after] ?? form;
      facts.voice = 'passive';
    } else if (participle(form, lemma[after] ?? '', pos[after] ?? 'X')) {
      facts.process = lemma[after] ?? form;
      facts.voice = 'passive';
    } else facts.copula = true;
    return facts;
  }
  if (word === 'have') {
    const after = next(index + 1);
    if (participle(lower[after] ?? '', lemma[after] ?? '', pos[after] ?? 'X')) {
      facts.process = lemma[after] ?? '';
      return facts;
    }
    facts.process = 'have';
    for (let probe = index + 1; probe < lower.length && probe <= index + 5; probe += 1) {
      const noun = lower[probe] ?? '';
      if (pos[probe] !== 'NOUN' && pos[probe] !== 'PROPN') continue;
      // "the sole right (to determine)", "the option to renew"; plural "rights" only before "to".
      if (RIGHT_NOUNS.has(noun)) facts.entitlement = noun !== 'rights' || lower[probe + 1] === 'to';
      else if (DUTY_NOUNS.has(noun)) facts.duty = true;
      else if (noun === 'meaning' || noun === 'meanings') facts.defining = true;
      break;
    }
    return facts;
  }
  facts.process = word;
  if (DEFINING_VERBS.has(word)) facts.defining = true;
  return facts;
}

/**
 * The operator a continuing clause takes from an earlier clause of its sentence: "MSL shall," | "if
 * requested," | "provide a report" is one verbal group cut in two by the segmenter; "Supplier shall keep
 * records" | "and provide a copy" coordinates a second verb under the same operator. Returns the earlier
 * clause and the operator's index in it.
 */
function inheritedOperator(
  view: ClauseView,
  previous: readonly Syntactic[],
  enumerated: boolean,
): { clause: Syntactic; index: number; from?: number } | undefined {
  const fromTree = treeInheritedOperator(view, previous);
  if (fromTree !== undefined) return fromTree;
  if (view.finite >= 0) return undefined;
  // MODALITY.LIST_OPERATOR (`enumerated`): past a list enumerator ("Tenant shall (a) pay the rent; | and
  // (b) keep the premises in repair").
  const enumerator = enumerated ? enumeratorEnd(view.syntactic.tokens) : -1;
  let first = Math.max(0, enumerator);
  // A coordinated clause with its Subject and operator left out ("Supplier shall keep records | and
  // provide a copy on request") shares the operator of the clause it is coordinated with.
  const conjunct = view.syntactic.dependency === 'paratactic';
  while (
    first < view.lower.length &&
    (view.pos[first] === 'PUNCT' || view.pos[first] === 'ADV' || (conjunct && view.pos[first] === 'CCONJ'))
  )
    first += 1;
  const word = view.lower[first] ?? '';
  const base = view.pos[first] === 'VERB' ? word === view.lemma[first] : word === 'be' || word === 'have';
  if (!base) return undefined;
  const sentence = view.syntactic.sentenceIndex;
  for (let back = previous.length - 1, seen = 0; back >= 0 && seen < 3; back -= 1, seen += 1) {
    const clause = previous[back] as Syntactic;
    if (clause.sentenceIndex !== sentence) return undefined;
    // The earlier clause holds an operator with no verb after it ("Company shall, upon request,").
    let operator = -1;
    for (let index = 0; index < clause.tokens.length; index += 1) {
      const token = clause.tokens[index];
      if (token?.pos === 'AUX' && DUTY_MODALS.has(token.lemma)) operator = index;
      else if (!conjunct && operator >= 0 && (token?.pos === 'VERB' || token?.pos === 'AUX')) operator = -1;
    }
    if (operator >= 0)
      return enumerator >= 0 ? { clause, index: operator, from: enumerator } : { clause, index: operator };
  }
  return undefined;
}

/**
 * The operator of an earlier clause of the sentence that the tree hangs on this clause's verb as its aux
 * ("Such suspension shall - to the extent possible -" | "be limited to the Location Areas": "shall" is an
 * aux of "limited"), whatever the segmenter made of the words between.
 */
function treeInheritedOperator(
  view: ClauseView,
  previous: readonly Syntactic[],
): { clause: Syntactic; index: number } | undefined {
  // The starts of this clause's verbs and adjectives, gathered once an earlier clause has an operator.
  let starts: Set<number> | undefined;
  const sentence = view.syntactic.sentenceIndex;
  for (let back = previous.length - 1, seen = 0; back >= 0 && seen < 3; back -= 1, seen += 1) {
    const clause = previous[back] as Syntactic;
    if (clause.sentenceIndex !== sentence) return undefined;
    const { tokens } = clause;
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index] as Syntactic['tokens'][number];
      if (
        token.pos !== 'AUX' ||
        !DUTY_MODALS.has(token.lemma) ||
        !/^aux/.test(token.deprel) ||
        token.headStart === null
      )
        continue;
      if (starts === undefined) {
        starts = new Set<number>();
        const own = view.syntactic.tokens;
        for (let at = 0; at < own.length; at += 1) {
          const tag = view.pos[at];
          if (tag === 'VERB' || tag === 'AUX' || tag === 'ADJ') starts.add((own[at] as typeof token).start);
        }
        if (starts.size === 0) return undefined;
      }
      if (starts.has(token.headStart)) return { clause, index };
    }
  }
  return undefined;
}

/** Index of the clause's own modal operator (not the noun "will" of "good will"), or -1. */
function operatorIndex(view: ClauseView): number {
  for (let index = 0; index < view.lower.length; index += 1) {
    if (view.pos[index] !== 'AUX') continue;
    const lemma = view.lemma[index] ?? '';
    const word = view.lower[index] ?? '';
    if (DUTY_MODALS.has(lemma) || DUTY_MODALS.has(word)) return index;
  }
  return -1;
}

/** Facts of the clause, or undefined when it has nothing the contract rules read. */
export function contractFacts(
  view: ClauseView,
  previous: readonly Syntactic[] = [],
  list?: ListContext,
): ContractFacts | undefined {
  const tokens = view.syntactic.tokens;
  const own = operatorIndex(view);
  let operator: ContractOperator | null = null;
  let subject = -1;
  let subjectTokens = tokens;
  let inherited = false;
  let listed = false;
  let processFrom = -1;
  let commitment = false;
  let subjectRelation = '';
  let negative: boolean;
  if (own >= 0) {
    const lemma = view.lemma[own] ?? '';
    operator = (DUTY_MODALS.has(lemma) ? lemma : view.lower[own]) as ContractOperator;
    const found = subjectOf(tokens, own);
    subject = found?.index ?? -1;
    subjectRelation = found?.relation ?? '';
    processFrom = own;
    negative = negativeIn(view.lower, 0, view.lower.length);
    const treeEarlier = treeSubjectBefore(view, own, previous);
    if (treeEarlier !== undefined) {
      // The tree hangs a Subject of this clause's process in an earlier clause ("that no claiming" |
      // "or indemnified party shall be entitled to"): its negation counts; a Subject of this clause
      // stays the one the rules read.
      negative ||= negatedSubject(treeEarlier.tokens, treeEarlier.index);
      if (subject < 0) {
        subjectTokens = treeEarlier.tokens;
        subject = treeEarlier.index;
        subjectRelation = `${treeEarlier.tokens[treeEarlier.index]?.deprel ?? ''} (earlier clause)`;
      }
    } else if (subject < 0) {
      const earlier = earlierSubject(view, previous);
      if (earlier !== undefined) {
        subjectTokens = earlier.tokens;
        subject = earlier.index;
        subjectRelation = `${earlier.tokens[earlier.index]?.deprel ?? ''} (earlier clause)`;
        negative ||= negatedSubject(earlier.tokens, earlier.index);
      }
    }
  } else {
    const member = list?.member;
    const earlier =
      inheritedOperator(view, previous, list !== undefined) ??
      (member === undefined
        ? undefined
        : { clause: member.opener, index: member.operator, from: member.from });
    if (earlier !== undefined) {
      const lemma = earlier.clause.tokens[earlier.index]?.lemma.toLowerCase() ?? '';
      inherited = true;
      listed = earlier.clause === member?.opener;
      // MODALITY.LIST_OPERATOR: a list opened by a verb of undertaking ("Distributor agrees to:" | "(a)
      // purchase the goods") binds its members as "agrees to" binds its own process.
      if (DUTY_MODALS.has(lemma)) operator = lemma as ContractOperator;
      else commitment = listed;
      if (earlier.from !== undefined) processFrom = earlier.from - 1;
      subjectTokens = earlier.clause.tokens;
      const found = subjectOf(earlier.clause.tokens, earlier.index);
      subject = found?.index ?? -1;
      subjectRelation = found?.relation ?? '';
      // "it shall, within four days, so notify": the Subject before the operator's clause, if any.
      const earlierLower = earlier.clause.tokens.map((token) => token.text.toLowerCase());
      negative =
        negativeIn(earlierLower, 0, earlierLower.length) || negativeIn(view.lower, 0, view.lower.length);
    } else {
      // No operator: a commitment ("agrees to"), a duty ("is responsible for") or an entitlement ("is entitled to").
      negative = negativeIn(view.lower, 0, view.lower.length);
      for (let index = 0; index < view.lower.length; index += 1) {
        const word = view.lower[index] ?? '';
        // The tagger may read "covenants" as a noun; after a determiner it is one ("the covenants to").
        if (COMMITMENT_FORMS.has(word) && (view.pos[index] === 'VERB' || view.pos[index - 1] !== 'DET')) {
          const to = view.lower[index + 1] === 'not' ? index + 2 : index + 1;
          if (view.lower[to] === 'to') {
            commitment = true;
            subject = subjectIndex(tokens, index);
            processFrom = to;
            break;
          }
        }
        const lemma = view.lemma[index] ?? '';
        if ((lemma === 'be' || lemma === 'have') && view.finite === index) {
          const probe = processAfter(view, index - 1);
          if (probe.entitlement || probe.duty) {
            subject = subjectIndex(tokens, index);
            processFrom = index - 1;
            break;
          }
        }
      }
      if (!commitment && processFrom < 0) return undefined;
    }
  }
  // "I shall write again", "Shall we go?": volition and requests keep their general reading.
  const subjectWord = subject < 0 ? '' : (subjectTokens[subject]?.text.toLowerCase() ?? '');
  if (
    (operator === 'shall' || operator === 'will') &&
    (FIRST_PERSON_SUBJECTS.has(subjectWord) || view.sentenceFinal === '?')
  )
    return undefined;
  const process =
    commitment && !listed
      ? {
          process: view.lemma[processFrom + 1] ?? '',
          voice: 'active' as const,
          copula: false,
          defining: false,
          entitlement: false,
          duty: false,
          relation: 'word after the commitment',
        }
      : processAfter(view, processFrom);
  if (operator === null && !commitment && !process.entitlement && !process.duty) return undefined;
  const { relation: processRelation, ...processFacts } = process;
  return {
    operator,
    inherited,
    listed,
    subject: subject < 0 ? '' : (subjectTokens[subject]?.text ?? ''),
    subjectKind: subject < 0 ? 'none' : coordinatedKindOf(subjectTokens, subject),
    subjectRelation: subject < 0 ? '' : subjectRelation || (subjectTokens[subject]?.deprel ?? ''),
    ...processFacts,
    processRelation,
    commitment,
    negative,
    register: registerOf(view, previous) || subjectRegister(subjectTokens, subject),
  };
}

/** The premises that cite the facts a contract rule read. */
function factPremises(facts: ContractFacts): Premise[] {
  const process = facts.entitlement
    ? 'entitlement'
    : facts.duty
      ? 'duty'
      : facts.defining
        ? `${facts.process}: defining`
        : facts.copula
          ? 'be: copula'
          : facts.process === ''
            ? 'none'
            : `${facts.process}: ${facts.voice}`;
  return [
    {
      label: 'contract_operator',
      value:
        facts.operator === null
          ? facts.commitment
            ? facts.listed
              ? 'commitment (MODALITY.LIST_OPERATOR: the clause opening the list)'
              : 'commitment'
            : 'none'
          : facts.listed
            ? `${facts.operator} (MODALITY.LIST_OPERATOR: the clause opening the list)`
            : facts.inherited
              ? `${facts.operator} (earlier clause)`
              : facts.operator,
    },
    {
      label: 'contract_subject',
      value: facts.subject === '' ? 'none' : `${facts.subject}: ${facts.subjectKind}`,
    },
    {
      label: 'contract_subject_relation',
      value: facts.subjectRelation === '' ? 'none' : facts.subjectRelation,
    },
    { label: 'contract_process', value: process },
    { label: 'contract_process_relation', value: facts.processRelation },
    { label: 'contract_register', value: facts.register ? 'present' : 'absent' },
  ];
}

/** Applies the first contract rule that holds, or undefined when none does (the general reading stays). */
export function readContract(
  view: ClauseView,
  previous: readonly Syntactic[] = [],
  list?: ListContext,
  disabled?: ReadonlySet<string>,
): ContractReading | undefined {
  const facts = contractFacts(view, previous, list);
  if (facts === undefined) return undefined;
  // A row switched off (`createPipeline({ disabledRules })`) is skipped: the next row that holds decides.
  const rule = CONTRACT_RULES.find(
    (candidate) => disabled?.has(candidate.id) !== true && candidate.when(facts),
  );
  if (rule === undefined) return undefined;
  return {
    weight: rule.reading.weight,
    type: rule.reading.type,
    polarity: facts.negative ? 'negative' : 'positive',
    rule: rule.id,
    premises: factPremises(facts),
    cue: facts.operator ?? (facts.commitment ? 'agrees to' : facts.entitlement ? 'entitled' : 'responsible'),
  };
}
