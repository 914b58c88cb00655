import type { ModalityType, Premise, Syntactic } from '@cae/core';
import { embeddedTokens } from './clause-scope';
import { type ClauseView, viewClause } from './clause-view';
import { CONTRACT_RULES, type ListContext, readContract, SUBJECT_RELATION } from './contract-modality';
import {
  ABILITY_OF_ADJECTIVES,
  ADDRESSEE_ACTIONS,
  AS_ONLY_PARTICIPLES,
  ATTRIBUTIVE_ONLY_MODAL_ADJECTIVES,
  CAPACITY_NOUNS,
  DEONTIC_PASSIVES,
  DOUBT_DETERMINERS,
  DOUBT_PHRASES,
  HEDGE_QUANTIFIERS,
  MANNER_USUALITY_ADVERBS,
  MANY_FEW_MEASURERS,
  MODAL_ADJECTIVES,
  MODAL_ADJUNCTS,
  MODAL_CONJUNCTIONS,
  MODAL_EXPRESSIONS,
  MODAL_NOUN_DETERMINERS,
  MODAL_NOUNS,
  MODAL_OPERATORS,
  MODAL_VERBS,
  type ModalEntry,
  OPERATOR_READINGS,
  PASSIVE_PROJECTION,
  PREDICATIVE_ONLY_MODAL_ADJECTIVES,
  PROJECTED_FROM_SUBJECTS,
  PROJECTED_SUBJECTS,
  QUANTIFIER_NOUNS,
  VAGUE_SOURCE_SAYING_VERBS,
} from './lexicons/modal-lexicon';
import { TIME_NOUNS } from './lexicons/transitivity-lexicon';
import { BE_FORMS, BE_NONFINITE, FIRST_PERSON_SUBJECTS, NEGATORS } from './lexicons/word-classes';
import { hasPosReading } from './pos-corrector';

/** Modality and polarity of a clause, with the cues that decided them. */
export interface ModalityDecision {
  readonly weight: number;
  readonly type: ModalityType | null;
  readonly polarity: 'positive' | 'negative';
  readonly cues: string[];
  readonly rule: string;
  readonly premises: Premise[];
  /**
   * The strongest probability cue that can project a that-clause ("suggest", "it is said", "it is
   * likely", "the possibility"), which a reported clause takes as its own (see `projectModality`).
   */
  readonly projection?: { readonly word: string; readonly weight: number };
}

interface Cue {
  readonly word: string;
  readonly entry: ModalEntry;
  /** Local index of the cue's token in the clause. */
  readonly index: number;
}

/** What `cueAt` found at a token: a modal cue, or the id of the rule that says it is not one. */
type Found = ModalEntry | string | undefined;

/**
 * MODALITY.PASSIVE_DEONTIC: "A security deposit is required.", "Pets are permitted.", "Smoking is
 * prohibited in all units.", "Tenants are prohibited" | "from smoking": a participle of DEONTIC_PASSIVES
 * after a form of "be" (adverbs and a negator between them), with no to-infinitive after it (that is
 * "required to", an expression), states a rule: a requirement is high obligation (not with a "for" after
 * it: "is required for cell growth" says what a process needs); a permission low obligation (negated, "not permitted", it keeps
 * its value with negative polarity, as "not allowed to" does); a prohibition high obligation with
 * negative polarity, and negated ("not prohibited") a permission.
 */
const PASSIVE_DEONTIC = 'MODALITY.PASSIVE_DEONTIC';
const DEONTIC_READINGS = {
  requirement: { weight: 0.9, type: 'obligation', kind: 'verb', rule: PASSIVE_DEONTIC },
  permission: { weight: 0.3, type: 'obligation', kind: 'verb', rule: PASSIVE_DEONTIC },
  prohibition: { weight: 0.9, type: 'obligation', kind: 'verb', rule: PASSIVE_DEONTIC, polarity: 'negative' },
  prohibitedNot: {
    weight: 0.3,
    type: 'obligation',
    kind: 'verb',
    rule: PASSIVE_DEONTIC,
    polarity: 'positive',
  },
} as const satisfies Record<string, ModalEntry>;

function deonticPassive(view: ClauseView, index: number): ModalEntry | undefined {
  const kind = DEONTIC_PASSIVES[view.lower[index] ?? ''];
  if (kind === undefined) return undefined;
  let before = index - 1;
  let negated = false;
  while (before > 0 && (view.pos[before] === 'ADV' || NEGATORS.has(view.lower[before] ?? ''))) {
    if (NEGATORS.has(view.lower[before] ?? '')) negated = true;
    before -= 1;
  }
  if (view.lemma[before] !== 'be' || view.pos[before] !== 'AUX') return undefined;
  if (view.lower[index + 1] === 'to' && infinitiveAt(view, index + 2)) return undefined;
  // "is required for cell growth", "are required in vivo for chromosome segregation": what a process
  // needs, not a rule about anyone.
  if (kind === 'requirement' && view.lower.indexOf('for', index + 1) > 0) return undefined;
  if (kind === 'requirement') return DEONTIC_READINGS.requirement;
  if (kind === 'permission') return DEONTIC_READINGS.permission;
  return negated ? DEONTIC_READINGS.prohibitedNot : DEONTIC_READINGS.prohibition;
}

/**
 * MODALITY.REPORTED_THING: "No deaths have been reported.", "Two injuries were reported.", "The figure was
 * estimated.": a passive of saying or thinking that ends its clause, with a Subject that names what was said
 * (not "it" or "this", whose that-clause the segmenter cut off: "It is reported | that the mayor resigned"), is
 * an ordinary verbal or mental process, no attribution of a proposition to an unnamed source. (A to-infinitive
 * or a that-clause after it, "is said to have", keeps the reading.)
 */
const REPORTED_THING = 'MODALITY.REPORTED_THING';

function reportedThing(view: ClauseView, index: number): boolean {
  let next = index + 1;
  while (view.pos[next] === 'ADV') next += 1;
  if (next < view.pos.length && view.pos[next] !== 'PUNCT') return false;
  const { tokens } = view.syntactic;
  for (let at = 0; at < index; at += 1)
    if (view.heads[at] === index && SUBJECT_RELATION.test(tokens[at]?.deprel ?? ''))
      return (
        !PROJECTED_FROM_SUBJECTS.has(view.lower[at] ?? '') &&
        (view.pos[at] === 'NOUN' || view.pos[at] === 'PROPN' || view.pos[at] === 'NUM')
      );
  return false;
}

/** MODALITY.APPROXIMATE_NUMBER: "some 1,500 visitors" is "about 1,500 visitors", a measure, not a hedge. */
const APPROXIMATE_NUMBER = 'MODALITY.APPROXIMATE_NUMBER';
/**
 * MODALITY.NUMBERED_SUPERLATIVE: "the five most important parties", "two most cited papers": a numeral
 * before "most" counts the members of a superlative; "most" is no vague quantifier there.
 */
const NUMBERED_SUPERLATIVE = 'MODALITY.NUMBERED_SUPERLATIVE';
/** A numeral after a determiner or possessive ("the five", "his two"), not a year ("By 2004 most hotels"). */
const numberedSuperlative = (view: ClauseView, index: number): boolean =>
  view.pos[index - 1] === 'NUM' && (view.pos[index - 2] === 'DET' || view.pos[index - 2] === 'PRON');
/** MODALITY.NOUN_WITHOUT_COMPLEMENT: "its obligations hereunder" names a duty; "the obligation to pay" modalises. */
const NOUN_WITHOUT_COMPLEMENT = 'MODALITY.NOUN_WITHOUT_COMPLEMENT';
const round = (value: number): number => Math.round(value * 100) / 100;
/** MODALITY.CONDITIONAL_INVERSION: see `cueAt`. */
const CONDITIONAL_INVERSION = 'MODALITY.CONDITIONAL_INVERSION';
/** MODALITY.OWN_CLAUSE: see `analyzeModality`. */
const OWN_CLAUSE = 'MODALITY.OWN_CLAUSE';
/**
 * MODALITY.SUBJECT_QUANTIFIER: a vague quantifier in the Subject ("Many voters fear inflation", "Several
 * residents have reported no heat", "Some say that ...") counts people or things; it does not temper the
 * speaker's commitment, so it is no modality (weight 0). Read off the tree: the quantifier or a word it
 * hangs on within the clause is the Subject (nsubj, csubj, expl). Elsewhere ("in some cases") it stands.
 */
const SUBJECT_QUANTIFIER = 'MODALITY.SUBJECT_QUANTIFIER';

const SUBJECT_GROUP_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON']);

/**
 * MODALITY.ADDRESSEE_BELIEF: a verb of believing or seeming (MODAL_VERBS) whose Subject is "you" ("If you
 * believe your account has been compromised, ...", "If you suspect a leak, ...", "Do you think it will
 * rain?") states or asks what the addressee thinks; the speaker's own judgement of probability, the
 * interpersonal metaphor of "I believe" or "it seems", is not in it, so it is no modality (weight 0).
 */
const ADDRESSEE_BELIEF = 'MODALITY.ADDRESSEE_BELIEF';

/** Whether the verb at `index` has "you" as its Subject (its nsubj in the tree). */
function addresseeSubject(view: ClauseView, index: number): boolean {
  const { tokens } = view.syntactic;
  for (let at = 0; at < tokens.length; at += 1)
    if (view.heads[at] === index && /^nsubj/.test(tokens[at]?.deprel ?? '') && view.lower[at] === 'you')
      return true;
  return false;
}

/**
 * Whether token `index` is the clause's Subject or inside it, by the tree (heads within the clause). A clause
 * whose parse has no Subject at all ("A few historians date ...", read as a compound) falls back on word
 * order: a nominal group running from the quantifier's group up to the Finite.
 */
function inSubject(view: ClauseView, index: number): boolean {
  const { tokens } = view.syntactic;
  for (let at = index, steps = 0; at >= 0 && steps < tokens.length; steps += 1) {
    if (SUBJECT_RELATION.test(tokens[at]?.deprel ?? '')) return true;
    at = view.heads[at] ?? -1;
  }
  if (view.finite <= index || tokens.some((token) => SUBJECT_RELATION.test(token.deprel))) return false;
  for (let at = 0; at < view.finite; at += 1) if (!SUBJECT_GROUP_TAGS.has(view.pos[at] ?? 'X')) return false;
  return true;
}
/** MODALITY.HEDGED: a low hedge adjunct beside another modal lowers its value ("might possibly"). */
const HEDGED = 'MODALITY.HEDGED';
/** MODALITY.REINFORCED: further cues raise the strongest one's value within its band ("must certainly"). */
const REINFORCED = 'MODALITY.REINFORCED';
/** MODALITY.PROJECTED: see `projectModality`. */
const PROJECTED = 'MODALITY.PROJECTED';
const NOMINAL_NEXT = new Set(['NOUN', 'ADJ', 'PROPN']);

/**
 * "how many", "too many", "so few", "as many as 500": a plain measure of quantity. "as" is a measure
 * only with its second "as" ("as many as"); otherwise it is a conjunction ("as many people left").
 */
function measured(view: ClauseView, index: number): boolean {
  const before = view.lower[index - 1] ?? '';
  if (!MANY_FEW_MEASURERS.has(before)) return false;
  if (before !== 'as') return true;
  for (let probe = index + 1; probe < view.lower.length && probe <= index + 4; probe += 1)
    if (view.lower[probe] === 'as') return true;
  return false;
}

/**
 * "Little is known about", "It is not known whether": a passive "known" with negative polarity or
 * "little" states that knowledge is lacking, as "unknown" does.
 */
function unknownReading(view: ClauseView, index: number): boolean {
  if (view.lower[index] !== 'known') return false;
  let before = index - 1;
  let negated = false;
  while (before > 0 && (view.pos[before] === 'ADV' || view.pos[before] === 'PART')) {
    if (NEGATORS.has(view.lower[before] ?? '')) negated = true;
    before -= 1;
  }
  if (!BE_FORMS.has(view.lower[before] ?? '')) return false;
  return negated || view.lower[before - 1] === 'little';
}

/**
 * "most" before an adjective and a plural noun with no determiner or possessive before it is the vague
 * quantifier ("most African nations"); "the most famous works", "his most notable films" are superlatives.
 */
function quantifyingMost(view: ClauseView, index: number): boolean {
  const next = view.pos[index + 1];
  const previous = view.pos[index - 1];
  if (view.lower[index - 1] === 'the' || previous === 'DET' || previous === 'PRON' || previous === 'PART')
    return false;
  if (next === 'NOUN') return true;
  const noun = view.lower[index + 2] ?? '';
  return next === 'ADJ' && view.pos[index + 2] === 'NOUN' && noun.endsWith('s') && !noun.endsWith('ss');
}

/**
 * MODALITY.NOMINAL_USUALITY: "Frequently asked questions", "the often cited figure", "in rarely
 * visited valleys": a usuality adverb inside a nominal group, before a participle that premodifies
 * a noun, at the start of the group (nothing, a determiner or a preposition before it). It
 * qualifies the Epithet, not the clause, so the clause is not modalised.
 */
const NOMINAL_USUALITY = 'MODALITY.NOMINAL_USUALITY';
const GROUP_START = new Set(['DET', 'ADP']);
function premodifiesNoun(view: ClauseView, index: number): boolean {
  if (index > 0 && !GROUP_START.has(view.pos[index - 1] ?? 'X')) return false;
  const next = view.lower[index + 1] ?? '';
  // "the generally accepted view": before a participle of attribution it hedges the view (as "widely").
  if (PASSIVE_PROJECTION[next] !== undefined) return false;
  const participle =
    (view.pos[index + 1] === 'VERB' || view.pos[index + 1] === 'ADJ') &&
    (next.endsWith('ed') || next.endsWith('en'));
  if (!participle) return false;
  return view.pos[index + 2] === 'NOUN';
}

/** "is considered", "was widely believed": a passive participle, attributing the view to no one named. */
function afterBe(view: ClauseView, index: number): boolean {
  let before = index - 1;
  while (before > 0 && view.pos[before] === 'ADV') before -= 1;
  return BE_NONFINITE.has(view.lemma[before] ?? '');
}

/**
 * A verb of MODAL_VERBS realises modality only as an interpersonal metaphor, i.e. when it projects
 * ("we suggest that", "I doubt he came", "as the data suggest") or takes a to-infinitive; with a
 * nominal object ("We doubt his story", "The line indicates the border") or a "to" phrase ("it
 * appeared to the guests", "is known to us") it is an ordinary process.
 */
function projects(view: ClauseView, index: number): boolean {
  let next = index + 1;
  while (view.pos[next] === 'ADV') next += 1;
  const word = view.lower[next];
  if (word === undefined || view.pos[next] === 'PUNCT') return true;
  if (word === 'that') return true;
  // "seems to work", not "appears to the senses" or "suggested to the committee".
  if (word === 'to') return infinitiveAt(view, next + 1);
  const after = view.pos[next + 1];
  return PROJECTED_SUBJECTS.has(word) && (after === 'AUX' || after === 'VERB');
}

/**
 * "as soon as possible", "the best possible result": "possible" intensifies a degree (as far as can be)
 * and does not assess the probability of anything.
 */
function intensifyingPossible(view: ClauseView, index: number): boolean {
  const before = view.lower[index - 1] ?? '';
  if (before === 'best' || before === 'worst') return true;
  if (view.pos[index - 1] === 'ADJ' && before.endsWith('est') && before.length > 4) return true;
  return before === 'as' && (view.lower[index - 3] === 'as' || view.lower[index - 4] === 'as');
}

/**
 * "In general, ferries leave on time": the usuality adjunct "generally". Not before a noun ("in
 * general use": an Epithet) nor after a nominal it postmodifies ("the genre in general": as a whole).
 */
function inGeneral(view: ClauseView, index: number): boolean {
  if (view.lower[index - 1] !== 'in' || NOMINAL_NEXT.has(view.pos[index + 1] ?? 'X')) return false;
  const before = view.pos[index - 2];
  return before !== 'NOUN' && before !== 'PROPN' && before !== 'PRON';
}

/** "without (a) doubt", "beyond doubt", "no doubt (that)": high probability, like "certainly". */
function doubtPhrase(view: ClauseView, index: number): ModalEntry | undefined {
  let before = index - 1;
  if (DOUBT_DETERMINERS.has(view.lower[before] ?? '')) before -= 1;
  return DOUBT_PHRASES[view.lower[before] ?? ''];
}

/**
 * "will"/"'ll"/"shall" and "would" are median modal operators (ANNOTATION.md lists will and would
 * in the median band whatever the time reference); the reading only decides the modality type:
 * - "I'll help you", "We will not give in", "I won't": first person, inclination (volition, refusal);
 * - "Will you help me?": a request, inclination;
 * - "The museum will open in 2025", "That will be the postman", "Will the train leave on time?":
 *   prediction, probability; legal "shall" keeps its obligation entry.
 */
function operatorReading(view: ClauseView, index: number, lemma: string, entry: ModalEntry): Found {
  if (lemma !== 'will' && lemma !== 'shall') return entry;
  let before = index - 1;
  while (before >= 0 && view.pos[before] === 'ADV') before -= 1;
  const subject = view.lower[before] ?? '';
  const question = view.sentenceFinal === '?';
  if (question && view.lower[index + 1] === 'you') return OPERATOR_READINGS.request as ModalEntry;
  if (FIRST_PERSON_SUBJECTS.has(subject)) return OPERATOR_READINGS.volition as ModalEntry;
  if (lemma === 'shall' && !question) return entry;
  return OPERATOR_READINGS.prediction as ModalEntry;
}

/**
 * MODALITY.ADDRESSEE_PERMISSION: "**You may** return to work on Monday.", "You may shower after 24 hours.",
 * "You may cancel at any time.": "may" with "you" as its Subject, in a statement, before a verb of something
 * the addressee chooses to do (`ADDRESSEE_ACTIONS`), gives permission (low obligation), as a discharge sheet,
 * a notice or terms of service do; so does "May I ...?", which asks for it. Before a verb of what happens to the addressee ("You may feel dizzy",
 * "You may notice bruising", "You may lose data") it stays probability.
 */
const ADDRESSEE_PERMISSION = 'MODALITY.ADDRESSEE_PERMISSION';
const PERMISSION: ModalEntry = {
  weight: 0.3,
  type: 'obligation',
  kind: 'operator',
  rule: ADDRESSEE_PERMISSION,
};

function addresseePermission(view: ClauseView, index: number): boolean {
  // "May I come in?", "May we leave early?": asking for permission.
  if (view.sentenceFinal === '?')
    return index === firstWord(view) && (view.lower[index + 1] === 'i' || view.lower[index + 1] === 'we');
  let before = index - 1;
  while (before >= 0 && view.pos[before] === 'ADV') before -= 1;
  if (view.lower[before] !== 'you') return false;
  let verb = index + 1;
  while (verb < view.lower.length && (view.pos[verb] === 'ADV' || view.pos[verb] === 'PART')) verb += 1;
  return ADDRESSEE_ACTIONS.has(view.lemma[verb] ?? '');
}

/** Index of the clause's first token that is not punctuation. */
function firstWord(view: ClauseView): number {
  let index = 0;
  while (index < view.pos.length && view.pos[index] === 'PUNCT') index += 1;
  return index;
}

/**
 * MODALITY.FREQUENCY_QUANTIFIER: a vague quantifier of occasions ("on **most** weeknights", "**some**
 * mornings", "**many** times") says how often, not who says so: usuality, "most" and "many" median (as
 * "usually", "often"), the others low (as "sometimes"), instead of the hedge of a vague source.
 */
const FREQUENCY_QUANTIFIER = 'MODALITY.FREQUENCY_QUANTIFIER';
/** Plural nouns of occasions that TIME_NOUNS does not list. */
const OCCASIONS: ReadonlySet<string> = new Set(['weeknights', 'weekdays', 'occasions']);
const OFTEN: ModalEntry = { weight: 0.6, type: 'usuality', kind: 'adjunct', rule: FREQUENCY_QUANTIFIER };
const SOMETIMES: ModalEntry = { weight: 0.3, type: 'usuality', kind: 'adjunct', rule: FREQUENCY_QUANTIFIER };

function cueAt(view: ClauseView, index: number, off: (id: string) => boolean): Found {
  const found = lexicalCueAt(view, index, off);
  if (typeof found !== 'object' || found.kind !== 'hedge' || off(FREQUENCY_QUANTIFIER)) return found;
  // The quantified noun, past adjectives: a plural noun of time ("weeknights", "mornings", "times").
  let noun = index + 1;
  while (view.pos[noun] === 'ADJ') noun += 1;
  const head = view.lower[noun] ?? '';
  if (view.pos[noun] !== 'NOUN' || !head.endsWith('s') || !(TIME_NOUNS.has(head) || OCCASIONS.has(head)))
    return found;
  const word = view.lower[index] ?? '';
  return word === 'most' || word === 'many' ? OFTEN : SOMETIMES;
}

function lexicalCueAt(view: ClauseView, index: number, off: (id: string) => boolean): Found {
  const word = view.lower[index] ?? '';
  const lemma = view.lemma[index] ?? '';
  const tag = view.pos[index];
  if (tag === 'AUX') {
    const key = MODAL_OPERATORS[lemma] !== undefined ? lemma : word;
    const operator = MODAL_OPERATORS[key];
    if (operator !== undefined && MODAL_NOUN_DETERMINERS.has(view.lower[index - 1] ?? '')) return undefined;
    // MODALITY.CONDITIONAL_INVERSION: "Should any Agreement be terminated, ...": the "should" that opens
    // an inverted conditional clause (SEGMENT.INVERTED_CONDITIONAL, relation "should") means "if", no
    // obligation or probability.
    if (
      word === 'should' &&
      view.syntactic.relation === 'should' &&
      firstWord(view) === index &&
      !off(CONDITIONAL_INVERSION)
    )
      return CONDITIONAL_INVERSION;
    if (operator !== undefined) {
      if (key === 'may' && !off(ADDRESSEE_PERMISSION) && addresseePermission(view, index)) return PERMISSION;
      return operatorReading(view, index, key, operator);
    }
  }
  if (word === 'general' && inGeneral(view, index)) return MODAL_ADJUNCTS.generally;
  // "without doubt", "beyond any doubt", whatever the tagger made of "doubt" there.
  if (word === 'doubt' && tag !== 'NOUN') {
    const phrase = doubtPhrase(view, index);
    if (phrase !== undefined) return phrase;
  }
  if (word === 'most' && numberedSuperlative(view, index) && !off(NUMBERED_SUPERLATIVE))
    return NUMBERED_SUPERLATIVE;
  if (view.lower[index + 1] === 'to' && infinitiveAt(view, index + 2)) {
    const expression = MODAL_EXPRESSIONS[word] ?? MODAL_EXPRESSIONS[lemma];
    if (
      expression !== undefined &&
      (tag === 'VERB' || tag === 'ADJ' || tag === 'AUX' || (tag === 'NOUN' && CAPACITY_NOUNS.has(word)))
    )
      return expression;
  }
  if (tag === 'ADV') {
    if (MANNER_USUALITY_ADVERBS.has(word) && view.pos[index - 1] === 'VERB') return undefined;
    if (MODAL_ADJUNCTS[word]?.type === 'usuality' && premodifiesNoun(view, index) && !off(NOMINAL_USUALITY))
      return NOMINAL_USUALITY;
    if (word === 'most') return quantifyingMost(view, index) ? HEDGE_QUANTIFIERS.most : undefined;
    return MODAL_ADJUNCTS[word];
  }
  if ((word === 'many' || word === 'few') && measured(view, index)) return undefined;
  // "some 1,500 visitors": "some" before a numeral approximates the number ("about"), not a vague source.
  if (word === 'some' && view.pos[index + 1] === 'NUM' && !off(APPROXIMATE_NUMBER)) return APPROXIMATE_NUMBER;
  if (tag === 'DET' || tag === 'PRON') return HEDGE_QUANTIFIERS[word];
  if (tag === 'ADJ' && word === 'certain') {
    const next = view.pos[index + 1];
    if (next === 'NOUN' || next === 'ADJ' || next === 'PROPN') return HEDGE_QUANTIFIERS[word];
  }
  if (tag === 'ADJ') {
    if (view.lower[index + 1] === 'of' && ABILITY_OF_ADJECTIVES[word] !== undefined)
      return ABILITY_OF_ADJECTIVES[word];
    if (word === 'possible' && intensifyingPossible(view, index)) return undefined;
    if (PREDICATIVE_ONLY_MODAL_ADJECTIVES.has(word) && NOMINAL_NEXT.has(view.pos[index + 1] ?? 'X'))
      return undefined;
  }
  if ((tag === 'VERB' || tag === 'ADJ') && !off(PASSIVE_DEONTIC)) {
    const deontic = deonticPassive(view, index);
    if (deontic !== undefined) return deontic;
  }
  if (tag === 'ADJ' || tag === 'VERB') {
    // "most" is a vague quantifier before a noun ("most critics"), a superlative before an adjective.
    const quantifier = tag === 'ADJ' && (word !== 'most' || quantifyingMost(view, index));
    const attributiveOnly =
      ATTRIBUTIVE_ONLY_MODAL_ADJECTIVES.has(word) && !NOMINAL_NEXT.has(view.pos[index + 1] ?? 'X');
    const adjective = attributiveOnly
      ? undefined
      : (MODAL_ADJECTIVES[word] ?? (quantifier ? HEDGE_QUANTIFIERS[word] : undefined));
    if (adjective !== undefined) return adjective;
  }
  if (tag === 'VERB') {
    if (unknownReading(view, index)) return MODAL_ADJECTIVES.unknown;
    const passive = PASSIVE_PROJECTION[word];
    if (passive !== undefined && afterBe(view, index)) {
      if (AS_ONLY_PARTICIPLES.has(word) ? view.lower[index + 1] === 'as' : projects(view, index)) {
        if (!off(REPORTED_THING) && reportedThing(view, index)) return REPORTED_THING;
        return passive;
      }
    }
    const verb = MODAL_VERBS[lemma];
    return verb !== undefined && (projects(view, index) || afterBe(view, index)) ? verb : undefined;
  }
  if (tag === 'NOUN' || tag === 'PROPN') {
    // "Several critics", "Certain terms", "Still others": quantifiers the tagger read as nouns.
    if (QUANTIFIER_NOUNS.has(word)) {
      const next = view.pos[index + 1];
      if (word === 'others' || next === 'NOUN' || next === 'ADJ' || next === 'PROPN')
        return HEDGE_QUANTIFIERS[word];
    }
    if (tag === 'PROPN') return undefined;
    if (lemma === 'doubt') return doubtPhrase(view, index);
    const projecting = misreadProjectingVerb(view, index);
    if (projecting !== undefined) return projecting;
    // "a number of critics": vague quantity, like "several".
    if (lemma === 'number' && view.lower[index - 1] === 'a' && view.lower[index + 1] === 'of')
      return HEDGE_QUANTIFIERS.several;
    // "the obligation to pay", "a requirement that": a noun of obligation modalises only with its
    // complement; "its obligations hereunder", "the pressure obligation is subject to" name a duty.
    const noun = MODAL_NOUNS[lemma];
    // At the end of the clause the complement was cut off into the next one ("an obligation" | "to notify").
    const after = view.lower[index + 1];
    if (noun?.type === 'obligation' && after !== undefined && after !== 'to' && after !== 'that')
      return off(NOUN_WITHOUT_COMPLEMENT) ? noun : NOUN_WITHOUT_COMPLEMENT;
    return noun;
  }
  if (tag === 'SCONJ') return MODAL_CONJUNCTIONS[word];
  return undefined;
}

/** The verb of a to-infinitive at `index` ("is said to be", "tend to grow"), not "said to Americans". */
function infinitiveAt(view: ClauseView, index: number): boolean {
  let at = index;
  while (view.pos[at] === 'ADV') at += 1;
  if (view.pos[at] === 'VERB' || view.pos[at] === 'AUX') return true;
  // "is thought to date from": a base form the tagger read as a noun, with no determiner after "to".
  const word = view.lower[at] ?? '';
  return view.pos[at] === 'NOUN' && word === view.lemma[at] && hasPosReading(word, 'VERB');
}

const SUBJECT_TAGS = new Set(['NOUN', 'PROPN']);

/**
 * "practitioners of PT claim that ...": a verb of MODAL_VERBS the tagger read as a noun, right after a
 * nominal Subject and before the "that" of the clause it projects ("the claim that" and "their claim
 * that" have a determiner before the noun and stay nouns).
 */
function misreadProjectingVerb(view: ClauseView, index: number): ModalEntry | undefined {
  const entry = MODAL_VERBS[view.lower[index] ?? ''];
  if (entry === undefined || view.lower[index + 1] !== 'that') return undefined;
  return SUBJECT_TAGS.has(view.pos[index - 1] ?? 'X') ? entry : undefined;
}

/**
 * A low hedge adjunct ("possibly", "perhaps") that, beside another modal, lowers its value. "widely"
 * (0.4, "widely believed") spreads an attribution rather than lowering it, so it reinforces instead.
 */
const isHedge = (cue: Cue): boolean =>
  cue.entry.kind === 'adjunct' && cue.entry.type === 'probability' && cue.entry.weight < 0.35;

/** Upper end of the band of a value (ANNOTATION.md: low about 0.3, median about 0.6, high about 0.9). */
const bandCeiling = (weight: number): number => (weight < 0.45 ? 0.44 : weight < 0.75 ? 0.74 : 1);

/**
 * Modality (ANNOTATION.md, "Modality"): the strongest cue sets the value and further cues reinforce it
 * within its band; a low hedge adjunct beside another modal lowers the value ("might possibly" <
 * "might"); negation keeps the value and sets negative polarity. Nothing modalised stays 0.
 */
export function analyzeModality(
  view: ClauseView,
  previous?: readonly Syntactic[],
  list?: ListContext,
  disabled?: ReadonlySet<string>,
): ModalityDecision {
  const off = (id: string): boolean => disabled?.has(id) === true;
  const cues: Cue[] = [];
  const notModal: string[] = [];
  let negative = false;
  const { tokens } = view.syntactic;
  // Read from the tree only once a cue is found (most clauses have none).
  let embedded: Set<number> | undefined;
  for (let index = 0; index < tokens.length; index += 1) {
    if (tokens[index]?.isNegation) negative = true;
    const found = cueAt(view, index, off);
    if (found === undefined) continue;
    embedded ??= embeddedTokens(view.syntactic, view.finite);
    if (!off(OWN_CLAUSE) && embedded.has(index)) {
      // MODALITY.OWN_CLAUSE: a cue in a dependent clause the segmenter left inside this one ("if
      // possible", "when she could", "and if he were correct it is unclear") modalises that clause, not this one.
      if (typeof found !== 'string') notModal.push(`${view.lower[index] ?? ''}: MODALITY.OWN_CLAUSE`);
      continue;
    }
    if (typeof found === 'string') notModal.push(`${view.lower[index] ?? ''}: ${found}`);
    else if (found.kind === 'hedge' && !off(SUBJECT_QUANTIFIER) && inSubject(view, index))
      notModal.push(`${view.lower[index] ?? ''}: ${SUBJECT_QUANTIFIER}`);
    else if (found.kind === 'verb' && !off(ADDRESSEE_BELIEF) && addresseeSubject(view, index))
      notModal.push(`${view.lower[index] ?? ''}: ${ADDRESSEE_BELIEF}`);
    else cues.push({ word: view.lower[index] ?? '', entry: found, index });
  }
  const polarity = negative ? 'negative' : 'positive';
  const premises: Premise[] = [{ label: 'polarity_marker', value: negative ? 'present' : 'absent' }];
  if (notModal.length > 0) premises.push({ label: 'not_modal', value: notModal.join(', ') });
  const contract = readContract(view, previous, list, disabled);
  if (contract !== undefined) {
    // Contract language: the Subject, the process and its voice decide (src/contract-modality.ts).
    const words = cues.map((cue) => cue.word);
    if (!words.includes(contract.cue)) words.push(contract.cue);
    premises[0] = {
      label: 'polarity_marker',
      value: contract.polarity === 'negative' ? 'present' : 'absent',
    };
    premises.push({ label: 'modal_cues', value: words.join(', ') }, ...contract.premises);
    return {
      weight: contract.weight,
      type: contract.type,
      polarity: contract.polarity,
      cues: contract.weight === 0 ? [] : words,
      rule: contract.rule,
      premises,
    };
  }
  const member = list?.member;
  if (cues.length === 0 && member !== undefined) {
    // MODALITY.LIST_OPERATOR: a member of a list of duties whose opener the contract rules do not read
    // ("The insurance policy must:" | "1. include the Customer as an additional insured") takes the
    // opener's modality; its own negation counts too.
    const opener = analyzeModality(viewClause(member.opener), undefined, undefined, disabled);
    if (opener.weight > 0) {
      const listPolarity = negative || opener.polarity === 'negative' ? 'negative' : 'positive';
      premises[0] = { label: 'polarity_marker', value: listPolarity === 'negative' ? 'present' : 'absent' };
      premises.push(
        { label: 'modal_cues', value: opener.cues.join(', ') },
        { label: 'list_opener', value: member.opener.text },
      );
      return {
        weight: opener.weight,
        type: opener.type,
        polarity: listPolarity,
        cues: opener.cues,
        rule: 'MODALITY.LIST_OPERATOR',
        premises,
      };
    }
  }
  if (cues.length === 0) {
    premises.push({ label: 'modal_cues', value: 'none' });
    return { weight: 0, type: null, polarity, cues: [], rule: 'MODALITY.NONE', premises };
  }
  let strongest = cues[0] as Cue;
  let hedge: Cue | undefined;
  let otherWeakest: Cue | undefined;
  let hedges = 0;
  for (const cue of cues) {
    if (cue.entry.weight > strongest.entry.weight) strongest = cue;
    if (isHedge(cue)) {
      hedges += 1;
      if (hedge === undefined || cue.entry.weight < hedge.entry.weight) hedge = cue;
    } else if (otherWeakest === undefined || cue.entry.weight < otherWeakest.entry.weight) otherWeakest = cue;
  }
  let weight = strongest.entry.weight;
  let rule = `MODALITY.${strongest.entry.kind.toUpperCase()}`;
  if (hedge !== undefined && (otherWeakest !== undefined || hedges > 1) && !off(HEDGED)) {
    const other = otherWeakest?.entry.weight ?? hedge.entry.weight;
    weight = Math.max(0.1, Math.min(hedge.entry.weight, other) - 0.05 * hedges);
    rule = HEDGED;
  } else if (cues.length > 1 && !off(REINFORCED)) {
    weight = Math.min(bandCeiling(weight), weight + 0.03 * (cues.length - 1));
    rule = REINFORCED;
  }
  premises.push({ label: 'modal_cues', value: cues.map((cue) => cue.word).join(', ') });
  const rules = cues.flatMap((cue) => (cue.entry.rule === undefined ? [] : [cue.entry.rule]));
  if (rules.length > 0) premises.push({ label: 'modal_rules', value: [...new Set(rules)].join(', ') });
  // The operator types the clause, unless a stronger obligation stands beside it ("will be required to").
  const operator = cues.find((cue) => cue.entry.kind === 'operator');
  const primary =
    operator === undefined ||
    (strongest.entry.type === 'obligation' && strongest.entry.weight > operator.entry.weight)
      ? strongest
      : operator;
  let projection: Cue | undefined;
  for (const cue of cues)
    if (
      cue.entry.type === 'probability' &&
      PROJECTING_KINDS.has(cue.entry.kind) &&
      (projection === undefined || cue.entry.weight > projection.entry.weight)
    )
      projection = cue;
  projection ??= vagueSayer(view, cues);
  return {
    weight: round(weight),
    type: primary.entry.type,
    polarity: primary.entry.polarity ?? polarity,
    cues: cues.map((cue) => cue.word),
    rule,
    premises,
    ...(projection === undefined
      ? {}
      : { projection: { word: projection.word, weight: projection.entry.weight } }),
  };
}

/**
 * "Some say that the well is cursed", "Others have written that ...": a vague quantifier in front of
 * a verb of saying or opinion attributes the projected proposition to no one named, so the reported
 * clause takes the hedge as its probability, as with "it is said that".
 */
function vagueSayer(view: ClauseView, cues: readonly Cue[]): Cue | undefined {
  const head = view.head;
  if (head < 0 || !VAGUE_SOURCE_SAYING_VERBS.has(view.lemma[head] ?? '')) return undefined;
  return cues.find((cue) => cue.entry.kind === 'hedge' && cue.index < head);
}

/** Kinds of cue that, as probability, can project a clause: "suggest that", "it is said that", "it is likely that", "the possibility that". */
const PROJECTING_KINDS = new Set(['verb', 'expression', 'adjective', 'noun']);
/** Relations of a clause projected by its parent (clause-segmenter.ts): reported speech or thought, and that-clauses. */
const PROJECTED_RELATIONS = new Set(['reported', 'that']);

/**
 * Interpersonal metaphor of modality (Halliday): in "Some critics argue that the film is too long" or
 * "It is believed that the king died", the projecting clause realises the probability of the projected
 * proposition, so the reported clause is modalised at the metaphor's value when it has no stronger cue
 * of its own. `parent` is the modality of the clause it depends on, or undefined.
 */
export function projectModality(
  own: ModalityDecision,
  relation: string | null,
  parent: ModalityDecision | undefined,
  disabled?: ReadonlySet<string>,
): ModalityDecision {
  if (disabled?.has(PROJECTED) === true) return own;
  const projection = parent?.projection;
  if (projection === undefined || relation === null || !PROJECTED_RELATIONS.has(relation)) return own;
  if (projection.weight <= own.weight) return own;
  return {
    weight: projection.weight,
    type: 'probability',
    polarity: own.polarity,
    cues: [...own.cues, projection.word],
    rule: PROJECTED,
    premises: [...own.premises, { label: 'projected_by', value: projection.word }],
  };
}

/**
 * The modality rules `createPipeline({ disabledRules })` switches off, in the order they apply: the readings
 * that make a cue no modality, the contract rows (contract-modality.ts), the list operator, and how cues combine.
 */
export const MODALITY_RULE_IDS: readonly string[] = [
  CONDITIONAL_INVERSION,
  NUMBERED_SUPERLATIVE,
  NOMINAL_USUALITY,
  APPROXIMATE_NUMBER,
  SUBJECT_QUANTIFIER,
  FREQUENCY_QUANTIFIER,
  ADDRESSEE_PERMISSION,
  ADDRESSEE_BELIEF,
  NOUN_WITHOUT_COMPLEMENT,
  OWN_CLAUSE,
  PASSIVE_DEONTIC,
  REPORTED_THING,
  ...CONTRACT_RULES.map((rule) => rule.id),
  'MODALITY.LIST_OPERATOR',
  HEDGED,
  REINFORCED,
  PROJECTED,
];
