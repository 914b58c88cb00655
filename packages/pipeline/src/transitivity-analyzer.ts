import type {
  Circumstance,
  CircumstanceType,
  Group,
  Ideational,
  Mood,
  Participant,
  ParticipantRole,
  ProcessType,
} from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  complexPrepositionAt,
  NOUN_TYPE,
  nounCircumstance,
  PLACE_ADVERBS,
  PREPOSITION_CIRCUMSTANCES,
  TIME_ADVERBS,
} from './lexicons/circumstance-lexicon';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import { INTERPERSONAL_THEMES, TEXTUAL_THEMES } from './lexicons/mood-lexicon';
import {
  DEMAND_NOUNS,
  MEETING_VERBS,
  onMatter,
  PHRASAL_PARTICLES,
  PROCESS_BY_LEMMA,
  type ProcessPrior,
  REFERENCE_FOLLOWERS,
  TAKING_ON_VERBS,
  TEXT_SAYING_VERBS,
  verbPrior,
} from './lexicons/process-lexicon';
import {
  ATTRIBUTE_WH,
  BECOMING_VERBS,
  COORDINATED_PREPOSITION_TYPE,
  DEADLINE_NOUNS,
  DEFINITE_DETERMINERS,
  DEICTIC_TIME,
  DITRANSITIVE,
  DURATION_UNITS,
  EXISTENTIAL_VERBS,
  FLOATING,
  FOR_POINT_IN_TIME,
  FRONTABLE,
  GOODS_VERBS,
  HAS_CLITICS,
  IDENTIFYING_VERBS,
  INDEFINITE,
  isOperandByPhrase,
  isParenthesisedEnumerator,
  isTimeWord,
  NOT_SUPERLATIVE,
  OBJECT_PRONOUNS,
  PASSIVE_BE,
  PER_ACCORDANCE,
  PLEASE_TYPE,
  POSSESSIVE_PRONOUNS,
  POSSESSIVE_VERBS,
  PREPOSITIONAL_RANGE_VERBS,
  PROCESS_NOUNS,
  PROJECTING_PASSIVE,
  phraseHasTime,
  prepositionType,
  QUOTE_COLON_VERBS,
  RANGE_OBJECTS,
  RECEIVER_VERBS,
  REFERENCE_NUMBER,
  RELATIVES,
  REMAIN_PREPOSITIONS,
  REMAINING_VERBS,
  SAID_PRONOUNS,
  SAYING_BEHAVIOURS,
  SAYING_WHEN_PROJECTING,
  SENSE_VERBS,
  SPEECH_EVENT_NOUNS,
  STATE_NOUNS,
  STATIVE_PARTICIPLES,
  TIME_DETERMINERS,
  TIME_NOUNS,
  TIME_OBJECT_VERBS,
  UNIQUE_MODIFIERS,
  UPON_PARTY,
  VERBIAGE_NOUNS,
  WH_ADVERBS,
  WH_INFINITIVE_COMPLEMENTS,
} from './lexicons/transitivity-lexicon';
import { MODAL_FORMS, NEGATORS, ONLY_PARTICIPLE_FORMS, S_CLITICS, wordSet } from './lexicons/word-classes';
import { everyRule, firstRule, type TableRule } from './rule-table';
import { coordinatedNominalEnd, openingCircumstanceEnd } from './theme-analyzer';

export { PLEASE_TYPE, PREPOSITION_CIRCUMSTANCES };

/** Stable ids of the participant rules, appended to `rawTransitivity.matched` when they fire. */
export const ROLE_RULES = {
  /** Passive "by" + nominal group: the nominal group is the Actor/Senser/Sayer (no "by" in the span). */
  passiveByAgent: 'ROLE.PASSIVE_BY_AGENT',
  /** Temporal nominal group ("last year", "every Sunday", "all night") is a circumstance of time. */
  temporalNominal: 'ROLE.TEMPORAL_NOMINAL',
  /** give/send/tell... + two nominal groups: Beneficiary (Receiver) then Goal (Verbiage). */
  ditransitive: 'ROLE.DITRANSITIVE',
  /** "Let's" + verb: "'s" is no participant; the verb after it is the Event. */
  letsImperative: 'ROLE.LETS',
  /** A do-Finite before the Subject is not the Event; the verb after the Subject is. */
  doSupport: 'ROLE.DO_SUPPORT',
  /** Finite before the Subject (interrogative): the Subject is the nominal group after the Finite. */
  invertedSubject: 'ROLE.INVERTED_SUBJECT',
  /** A WH or demonstrative complement fronted before the Subject ("What did you want", "What a mess this is"). */
  frontedComplement: 'ROLE.FRONTED_COMPLEMENT',
  /** Relational: carrier pairs with attribute, token with value (identifying by verb or definite complement). */
  relationalPairing: 'ROLE.RELATIONAL_PAIRING',
  /** "please"-type mental verbs: Phenomenon as Subject, Senser as object. */
  pleaseType: 'ROLE.PLEASE_TYPE',
  /** Verbs of addressing (ask, tell, warn, notify): the nominal object is the Receiver. */
  verbalReceiver: 'ROLE.VERBAL_RECEIVER',
  /** "be required/allowed to V": the Subject is the Actor of the infinitive's process. */
  projectedInfinitive: 'ROLE.PROJECTED_INFINITIVE',
  /** A postmodifying prepositional phrase ("of France") belongs to the nominal group. */
  postmodifier: 'ROLE.POSTMODIFIER',
  /** Sense verbs + adjective ("tastes bitter", "look tired") are attributive relational. */
  senseAttribute: 'PROCESS.SENSE_ATTRIBUTE',
  /** A sense verb + "like" + a nominal group ("This looks like a good deal"): relational, the like-group its Attribute. */
  senseLike: 'PROCESS.SENSE_LIKE',
  /** "continue in full force and effect": "continue" with a group of state is relational (ROLE.STATE_ATTRIBUTE). */
  continueInState: 'PROCESS.CONTINUE_IN_STATE',
  /** "look forward to X": a mental process of wanting, X its Phenomenon. */
  lookForward: 'PROCESS.LOOK_FORWARD',
  /** be + a stative participle with no agent ("is broken", "must be exhausted"): Carrier + Attribute, not passive. */
  adjectivalParticiple: 'PROCESS.ADJECTIVAL_PARTICIPLE',
  /**
   * A particle the chunker joined to the verb ("switched off | the lights", GROUP.PHRASAL_PARTICLE): the
   * nominal group after it is the object; a motion verb or a path ("walked up the hill") keeps the circumstance.
   */
  phrasalVerb: 'ROLE.PHRASAL_VERB',
  /** The object of play/run/take/have... is the Range when it names the game, distance or process ("played chess"). */
  range: 'ROLE.RANGE',
  /** "According to the report" is one prepositional group (SEGMENT.COMPLEX_PREPOSITION): a circumstance of angle. */
  complexPreposition: 'ROLE.COMPLEX_PREPOSITION',
  /** "order" + a thing (no infinitive after it) is buying, a material process ("order a pizza"). */
  orderGoods: 'PROCESS.ORDER_GOODS',
  /** whisper/shout/mutter... with a Verbiage ("whispered something") is a verbal process. */
  sayingBehaviour: 'PROCESS.SAYING_BEHAVIOUR',
  /** write/add/reply... right before a colon that ends the clause introduces what was written or said: verbal. */
  quoteColon: 'PROCESS.QUOTE_COLON',
  /**
   * Nominal groups after a non-finite clause left inside the clause ("advised us | against signing the lease",
   * "asked me | to sign the form") belong to that clause, not to this process.
   */
  nonFiniteObject: 'ROLE.NONFINITE_OBJECT',
  /** A fronted WH element whose preposition is stranded at the end ("What are you looking at?") is a circumstance. */
  strandedPreposition: 'ROLE.STRANDED_PREPOSITION',
  /** "have" + a noun of process ("had a swim", "have a look") is material, not possessive relational. */
  processNounRange: 'PROCESS.PROCESS_NOUN_RANGE',
  /** A minor clause ("Well done, team!", "Thank you so much!", mood minor) has no process and so no participants. */
  minorClause: 'PROCESS.MINOR_CLAUSE',
  /** Nominal groups inside an opening circumstance closed by a comma are no participants. */
  openingCircumstance: 'ROLE.OPENING_CIRCUMSTANCE',
  /** A name or nominal set off by a comma before a base-form verb is a Vocative, not the Subject. */
  vocative: 'ROLE.VOCATIVE',
  /** "X and Y" / "X or Y": coordinated nominal groups make one participant. */
  coordinatedNominal: 'ROLE.COORDINATED_NOMINAL',
  /** be + a Subject with a superlative or "main/only/first" (a unique role) is identifying: Subject = Value. */
  superlativeValue: 'ROLE.SUPERLATIVE_VALUE',
  /**
   * Of nominal groups before the Event set off from each other by a comma, the Subject is the one holding
   * the verb's nsubj/nsubj:pass/csubj/expl in the tree (the nearest to the verb when the parse gives two):
   * "Notwithstanding any other provision of this Agreement, the Tenant shall not sublet the Premises".
   */
  treeSubject: 'ROLE.TREE_SUBJECT',
} as const;

const SUBJECT_RELATION = /^(nsubj|csubj|expl)/;

/** Rule id of `byDeadline`, in the word-order and the tree circumstance tables. */
export const BY_DEADLINE = 'CIRCUMSTANCE.BY_DEADLINE';
const MONTHS: ReadonlySet<string> = new Set(
  'january february march april may june july august september october november december'.split(' '),
);
/** Tags of the words of a nominal group's first stretch ("the specified Delivery Dates"). */
const NOMINAL_STRETCH: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);

/**
 * CIRCUMSTANCE.BY_DEADLINE: whether the words after "by" (from `start`, before `end`) name a point in time
 * ("pay by December 31", "due by the 7th of the month", "by the end of the Term"). Only the nominal group's
 * first stretch is read, to its head (determiners, adjectives, numbers, nouns): "by the parties not to exceed
 * four months" names none, nor "by the end user"; an amount of time ("extend the Term by thirty (30) days")
 * is a measure, manner/means as "reduced by 5%" (CIRCUMSTANCE.BY_OPERAND).
 */
export function byDeadline(
  view: { readonly lower: readonly string[]; readonly pos: readonly string[] },
  start: number,
  end: number,
): boolean {
  let last = start;
  while (last < end) {
    // A number written twice, "thirty (30) days", reads as the words.
    if (
      view.lower[last] === '(' &&
      view.pos[last + 1] === 'NUM' &&
      view.lower[last + 2] === ')' &&
      last > start
    ) {
      last += 3;
      continue;
    }
    const participle = view.pos[last] === 'VERB' && (view.lower[last] ?? '').endsWith('ed') && last + 1 < end;
    if (!NOMINAL_STRETCH.has(view.pos[last] ?? '') && !participle) break;
    last += 1;
  }
  if (last === start) return false;
  const first = view.lower[start] ?? '';
  const head = view.lower[last - 1] ?? '';
  if (view.pos[start] === 'NUM' && !MONTHS.has(first) && DURATION_UNITS.has(head)) return false;
  // "whether by expiration or otherwise" is a means; "by the expiration of the Term" a time.
  if ((head === 'expiration' || head === 'expiry') && view.lower[last] !== 'of') return false;
  return (
    MONTHS.has(first) ||
    TIME_NOUNS.has(head) ||
    DEADLINE_NOUNS.has(head) ||
    /^\d+(st|nd|rd|th)$/.test(head) ||
    /^\d{1,2}:\d\d$/.test(first)
  );
}

interface Roles {
  readonly subject: ParticipantRole;
  readonly object: ParticipantRole;
  readonly second: ParticipantRole;
}

export const ROLES: Readonly<Record<ProcessType, Roles>> = {
  material: { subject: 'actor', object: 'goal', second: 'goal' },
  mental: { subject: 'senser', object: 'phenomenon', second: 'phenomenon' },
  relational: { subject: 'carrier', object: 'attribute', second: 'attribute' },
  behavioral: { subject: 'behaver', object: 'range', second: 'range' },
  verbal: { subject: 'sayer', object: 'verbiage', second: 'verbiage' },
  existential: { subject: 'existent', object: 'existent', second: 'existent' },
};

export const PASSIVE_SUBJECT: Readonly<Record<ProcessType, ParticipantRole>> = {
  material: 'goal',
  mental: 'phenomenon',
  relational: 'carrier',
  behavioral: 'behaver',
  verbal: 'verbiage',
  existential: 'existent',
};

/** Modal auxiliaries (the lexicon's modal operators and "ought"): never a lexical verb, so no WordNet prior. */
const isModalVerb = (lemma: string) => MODAL_FORMS.has(lemma) || lemma === 'ought';

/** Stable ids of the process-type rules that read the WordNet prior and the clause's frame. */
export const PROCESS_RULES = {
  /** A verb outside the hand lexicon takes the type of the largest share of its WordNet senses. */
  wordnetPrior: 'PROCESS.WORDNET_PRIOR',
  /** A verb outside the hand lexicon that projects a clause (said/reckoned that ...) is verbal or mental. */
  frameProjection: 'PROCESS.FRAME_PROJECTION',
  /** A verb outside the hand lexicon with an adjective as complement ("fell silent") is relational. */
  frameAttribute: 'PROCESS.FRAME_ATTRIBUTE',
  /** A verb of the body with a Goal or in the passive ("was injured") is material, not behavioral. */
  frameGoal: 'PROCESS.FRAME_GOAL',
  /** The tree makes the Event the complement of a copula ("is state of the art"): relational. */
  frameCopula: 'PROCESS.FRAME_COPULA',
  /** A verb outside the hand lexicon whose prior is relational, in the passive ("Costs were incurred"): material. */
  framePassive: 'PROCESS.FRAME_PASSIVE',
} as const;

/**
 * Least share of a verb's WordNet senses that its largest type needs to be taken over `material` (the
 * default): below it the senses disagree too much to move a verb off the default.
 */
export const PRIOR_MIN_SHARE = 0.8;

/** What the clause's frame says beyond its own words. */
export interface TransitivityFrame {
  /** The clause projects a reported, quoted or ccomp clause. */
  readonly projects?: boolean;
  /** Rule ids switched off (`createPipeline({ disabledRules })`): the next rule of the stage decides. */
  readonly disabled?: ReadonlySet<string>;
}

/** The token at `head` has an nsubj/nsubj:pass/csubj/expl dependent in the clause. */
function hasTreeSubject(view: ClauseView, head: number): boolean {
  const headStart = view.syntactic.tokens[head]?.start;
  return view.syntactic.tokens.some(
    (token) => token.headStart === headStart && SUBJECT_RELATION.test(token.deprel),
  );
}

/** The group of `candidates` holding the last nsubj/nsubj:pass/csubj/expl of the token at `head` in the tree. */
function treeSubjectGroup(view: ClauseView, candidates: readonly Group[], head: number): Group | undefined {
  const tokens = view.syntactic.tokens;
  const headStart = head >= 0 ? tokens[head]?.start : undefined;
  if (headStart === undefined) return undefined;
  let found: Group | undefined;
  for (const group of candidates)
    for (let index = group.start; index < group.end; index += 1) {
      const token = tokens[index];
      if (token?.headStart === headStart && SUBJECT_RELATION.test(token.deprel)) found = group;
    }
  return found;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * What the stages know and have decided about one clause. Each stage reads what the earlier stages
 * decided and writes its own part: the Event and voice (`head`, `event`, `passive`), the process
 * (`verbLemma`, `processType`, `matched`), the candidate groups (`pre`, `post`), the Subject and fronted
 * complement, the roles of the complements, then the participants and circumstances.
 */
export interface TransitivityState {
  readonly view: ClauseView;
  readonly groups: Group[];
  readonly mood: Mood;
  readonly frame: TransitivityFrame;
  /** Ids of the participant rules that fired, appended to `matched` (first firing order). */
  readonly fired: string[];
  /** Groups taken by a rule: no participant of their own. */
  readonly consumed: Set<Group>;
  // The Event and voice.
  head: number;
  event: Group | undefined;
  passive: boolean;
  /** "exposed to direct sunlight": the "to" inside the passive verbal group that is a preposition. */
  prepositionalTo: number;
  // The process.
  nextAfterEvent: Group | undefined;
  verbLemma: string | null;
  processType: ProcessType;
  /** The rule that decided the process type (`rawTransitivity.matched` before the fired ids). */
  matched: string;
  /** The hand lexicon does not list the verb: its WordNet prior and frame decide. */
  unlisted: boolean;
  /** The verb decided the process type (lexicon or default), not existential "there". */
  lexical: boolean;
  prior: ProcessPrior | undefined;
  participleAttribute: Span | undefined;
  // The candidate groups before and after the Event.
  pre: Group[];
  post: Group[];
  nonFinite: number;
  // The Subject and fronted complements.
  finiteGroup: Group | undefined;
  inverted: boolean;
  subject: Group | undefined;
  fronted: Span | undefined;
  whAttribute: Span | undefined;
  strandedReceiver: boolean;
  // The complements' roles.
  objects: Group[];
  /** The first object before a verbless clause's objects are cleared. */
  firstObject: Group | undefined;
  complementRoles: ParticipantRole[];
  subjectRole: ParticipantRole;
  frontedRole: ParticipantRole;
  /** Relational: the complement (first object or adjective) and whether the clause identifies. */
  complement: Group | undefined;
  identifying: boolean;
  reversed: boolean;
  coordinated: Map<Group, number>;
  // The result.
  readonly participants: Participant[];
  readonly circumstances: Circumstance[];
  complementCount: number;
}

/**
 * A rule of a clause-level stage: `when` reads the state, `decide` (its `then`) writes it. `cites` is the
 * id the reasoning trace (`rawTransitivity.matched`) names when the rule decides, `null` for a rule the
 * trace does not name (its outputs are those of the rule chain it replaced, which named none); default
 * the rule's id.
 */
export interface TransitivityRule extends TableRule<TransitivityState, TransitivityState, void> {
  readonly cites?: string | null;
}
/** A rule of the complement stage: it applies to one group of the clause. */
export interface GroupRule extends TableRule<Group, TransitivityState, void> {
  readonly cites?: string | null;
}

const fire = (state: TransitivityState, id: string): void => {
  state.fired.push(id);
};
const decideProcess = (state: TransitivityState, type: ProcessType, matched: string): void => {
  state.processType = type;
  state.matched = matched;
};
const eventStart = (state: TransitivityState): number => state.event?.start ?? Number.POSITIVE_INFINITY;
const eventEnd = (state: TransitivityState): number => state.event?.end ?? 0;
/** The nominal group right after the Event, or undefined. */
const objectNext = (state: TransitivityState): Group | undefined => {
  const next = state.nextAfterEvent;
  return next?.type === 'nominal' && next.start === state.event?.end ? next : undefined;
};
/**
 * PROCESS.MEETING_DEMAND: a noun of demand (DEMAND_NOUNS) among the first words after the Event, before any
 * punctuation or verb, or, in the passive, before the Event.
 */
function demandAround(state: TransitivityState): boolean {
  const { view } = state;
  const end = eventEnd(state);
  if (state.passive) {
    for (let at = 0; at < eventStart(state) && at < view.lemma.length; at += 1)
      if (DEMAND_NOUNS.has(view.lemma[at] ?? '')) return true;
    return false;
  }
  for (let at = end; at < end + 10 && at < view.lemma.length; at += 1) {
    if (view.pos[at] === 'PUNCT' || view.pos[at] === 'VERB') return false;
    if (DEMAND_NOUNS.has(view.lemma[at] ?? '')) return true;
  }
  return false;
}
/** PROCESS.TEXT_SAYING: the verb says where a text states something (see TEXT_SAYING_VERBS). */
function textSaying(state: TransitivityState): boolean {
  const { view, head, verbLemma } = state;
  const follows = verbLemma === null || head < 0 ? undefined : TEXT_SAYING_VERBS.get(verbLemma);
  if (follows === undefined) return false;
  // "as otherwise provided": adverbs between "as" and the verb.
  let before = head - 1;
  while (before >= 0 && view.pos[before] === 'ADV') before -= 1;
  const afterAs = view.lower[before] === 'as';
  const next = view.lower[head + 1] ?? '';
  if (follows.has('')) return afterAs && objectNext(state) === undefined;
  if (!follows.has(next)) return false;
  if (next === 'forth') return true;
  return afterAs || REFERENCE_FOLLOWERS.has(view.lower[head + 2] ?? '');
}
const isPlease = (state: TransitivityState): boolean =>
  state.processType === 'mental' && PLEASE_TYPE.has(state.verbLemma ?? '');

// ---------------------------------------------------------------------------------------------------
// Stage 1, the Event: which verbal group is the process (first rule that holds decides).

/** "How many houses did the flood destroy?": the Event after a do-Finite and the Subject, or undefined. */
function doSupportEvent(state: TransitivityState): { head: number; event: Group } | undefined {
  const { view, groups, event, head } = state;
  if (event === undefined || head < 0) return undefined;
  const at = groups.indexOf(event);
  const next = groups[at + 1];
  const after = groups[at + 2];
  if (view.lemma[head] !== 'do' || head !== event.start || view.finite !== head || next?.type !== 'nominal')
    return undefined;
  if (after?.type === 'verbal' && view.pos[after.head] === 'VERB') return { head: after.head, event: after };
  if (
    after !== undefined &&
    after.start === after.end - 1 &&
    after.start === next.end &&
    (after.type === 'adjectival' || after.type === 'nominal') &&
    PROCESS_BY_LEMMA.has(view.lower[after.start] ?? '') &&
    groups[at + 3] === undefined
  )
    return { head: after.start, event: after };
  return undefined;
}

export const EVENT_RULES: readonly TransitivityRule[] = [
  {
    // "Let's start": "'s" is no participant; the Event is the next verb (or the word the tagger took for a noun).
    id: ROLE_RULES.letsImperative,
    when: ({ view, groups, event, head }) => {
      if (event === undefined || head < 0 || view.lemma[head] !== 'let') return false;
      const next = groups[groups.indexOf(event) + 1];
      return next?.type === 'nominal' && S_CLITICS.has(view.lower[next.start] ?? '');
    },
    decide: (state) => {
      const { view, groups } = state;
      const at = groups.indexOf(state.event as Group);
      const next = groups[at + 1] as Group;
      state.consumed.add(next);
      let verb = next.end > next.start + 1 ? next.start + 1 : -1;
      for (let index = at + 2; verb < 0 && index < groups.length; index += 1) {
        const candidate = groups[index] as Group;
        if (candidate.type === 'verbal') verb = candidate.head;
        else if (candidate.type === 'nominal') {
          verb = candidate.start;
          if (candidate.end === candidate.start + 1) state.consumed.add(candidate);
        }
      }
      if (verb >= 0) {
        state.head = verb;
        state.event = {
          type: 'verbal',
          start: verb,
          end: verb + 1,
          head: verb,
          text: view.syntactic.tokens[verb]?.text ?? '',
        };
      }
      fire(state, ROLE_RULES.letsImperative);
    },
    examples: [{ text: "Let's start the meeting.", expect: 'goal=the meeting' }],
  },
  {
    // "How many houses did the flood destroy?": the do-Finite is not the Event; the verb after the Subject is.
    id: ROLE_RULES.doSupport,
    when: (state) => doSupportEvent(state) !== undefined,
    decide: (state) => {
      const found = doSupportEvent(state) as { head: number; event: Group };
      state.head = found.head;
      state.event = found.event;
      fire(state, ROLE_RULES.doSupport);
    },
    examples: [{ text: 'How many trees did the storm uproot?', expect: 'goal=How many trees' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 2, the voice (every rule that holds applies, in order).

export const VOICE_RULES: readonly TransitivityRule[] = [
  {
    // "must be anonymised": a be-form before an -ed/-en verb the lemmatiser did not know is passive too.
    id: 'VOICE.BE_PARTICIPLE',
    cites: null,
    when: ({ view, passive, event, head }) => {
      if (passive || event === undefined || head < 0 || view.pos[head] !== 'VERB') return false;
      if (!/(?:ed|en)$/.test(view.lower[head] ?? '')) return false;
      for (let index = event.start; index < head; index += 1)
        if (PASSIVE_BE.has(view.lower[index] ?? '')) return true;
      return false;
    },
    decide: (state) => {
      state.passive = true;
    },
    examples: [{ text: 'All records must be anonymised.', expect: 'voice=passive' }],
  },
  {
    // "A portrait painted by his sister", "Acme Ltd, a company incorporated in Ohio": in a fragment
    // (no Finite), a past participle with no auxiliary that the parse hangs as `acl` on a noun before it
    // qualifies that noun, which undergoes the process: passive (the "by" phrase is the Actor).
    id: 'VOICE.PARTICIPLE_QUALIFIER',
    cites: null,
    when: ({ view, passive, event, head, mood }) => {
      // In a clause read as a statement the parse may have hung the tensed verb on its Subject ("the
      // storm threatened the coast"): only a clause the mood rules found no Finite in.
      if (passive || event === undefined || head < 0 || mood !== 'fragment' || view.pos[head] !== 'VERB')
        return false;
      const token = view.syntactic.tokens[head];
      if (token?.deprel !== 'acl' || event.start !== head) return false;
      const word = view.lower[head] ?? '';
      if (word.endsWith('ing') || word === (view.lemma[head] ?? '').toLowerCase()) return false;
      if (!/(?:ed|en|wn|ne)$/.test(word) && !ONLY_PARTICIPLE_FORMS.has(word)) return false;
      const noun = view.syntactic.tokens.findIndex((other) => other.start === token.headStart);
      return noun >= 0 && noun < head && NOMINAL_TAGS.has(view.pos[noun] ?? 'X');
    },
    decide: (state) => {
      state.passive = true;
    },
    examples: [{ text: 'A portrait painted by his sister in 1901.', expect: 'voice=passive' }],
  },
];

const NOMINAL_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/**
 * The "forward" group right after the Event of "look", and the "to" group right after it ("looking forward to your
 * reply"), or undefined. A clause that ends at "forward" ("I look forward | to meeting you", the gerund a clause of
 * its own) has no to-group.
 */
function lookForwardGroups(state: TransitivityState): { forward: Group; to?: Group } | undefined {
  const { view, verbLemma, event, groups } = state;
  if (
    verbLemma !== 'look' ||
    event === undefined ||
    state.frame.disabled?.has(ROLE_RULES.lookForward) === true
  )
    return undefined;
  const at = groups.indexOf(event);
  const forward = groups[at + 1];
  if (
    forward === undefined ||
    forward.start !== event.end ||
    forward.end !== forward.start + 1 ||
    view.lower[forward.start] !== 'forward'
  )
    return undefined;
  const to = groups[at + 2];
  if (to === undefined) {
    for (let index = forward.end; index < view.lower.length; index += 1)
      if (view.pos[index] !== 'PUNCT') return undefined;
    return { forward };
  }
  if (to.start !== forward.end || to.type !== 'prepositional' || view.lower[to.start] !== 'to')
    return undefined;
  return { forward, to };
}

/** Rule id of the Attribute of a verb of remaining (see `stateGroup`). */
const STATE_ATTRIBUTE = 'ROLE.STATE_ATTRIBUTE';

/**
 * The prepositional group right after the Event of a verb of remaining that says what state its Subject stays in
 * (ROLE.STATE_ATTRIBUTE): after "remain" a group of "in", "with", "under", "at", "on" ... with no time word ("shall
 * remain in full force and effect", "Title shall remain with Licensor"; not "remain at all times", "remain for two
 * years"); after "stay" or "continue" only "in" + a noun of state ("continue in effect"; not "continue in good
 * faith"). Undefined otherwise.
 */
function stateGroup(state: TransitivityState): Group | undefined {
  const { view, verbLemma, event, passive } = state;
  const next = state.nextAfterEvent;
  if (
    verbLemma === null ||
    passive ||
    !REMAINING_VERBS.has(verbLemma) ||
    next?.type !== 'prepositional' ||
    event === undefined ||
    next.start !== event.end ||
    next.end <= next.start + 1
  )
    return undefined;
  const preposition = view.lower[next.start] ?? '';
  const references = state.frame.disabled?.has(REFERENCE_NUMBER) !== true;
  if (phraseHasTime(view.lower, next.start + 1, next.end, references)) return undefined;
  if (verbLemma === 'remain') return REMAIN_PREPOSITIONS.has(preposition) ? next : undefined;
  return preposition === 'in' && stateNoun(state, next) ? next : undefined;
}

/** Whether the noun of a prepositional group's first nominal is a noun of state: "in (full) force", "in good standing". */
function stateNoun({ view }: TransitivityState, group: Group): boolean {
  for (let index = group.start + 1; index < group.end; index += 1) {
    const tag = view.pos[index];
    if (tag === 'ADJ' || tag === 'DET') continue;
    return STATE_NOUNS.has(view.lower[index] ?? '');
  }
  return false;
}

/** The nominal group joined to a group of state by "and" or "or" ("in full force | and | effect"), or undefined. */
function stateConjunct(state: TransitivityState, group: Group): Group | undefined {
  const word = state.view.lower[group.end];
  if (word !== 'and' && word !== 'or') return undefined;
  const next = state.groups.find((candidate) => candidate.start === group.end + 1);
  return next?.type === 'nominal' ? next : undefined;
}

/** A sense verb ("look", "sound", "feel") with "like" + a nominal group right after its Event (ROLE_RULES.senseLike). */
function senseLike(state: TransitivityState): boolean {
  const { view, verbLemma, event, passive } = state;
  const next = state.nextAfterEvent;
  return (
    verbLemma !== null &&
    !passive &&
    state.lexical &&
    SENSE_VERBS.has(verbLemma) &&
    state.frame.disabled?.has(ROLE_RULES.senseLike) !== true &&
    next?.type === 'prepositional' &&
    next.start === event?.end &&
    next.end > next.start + 1 &&
    view.lower[next.start] === 'like'
  );
}

/** The last "to" inside a passive verbal group after its verb ("are required to wear", "exposed to"), or -1. */
function passiveTo({ view, passive, event, head }: TransitivityState): number {
  if (!passive || event === undefined || head < 0) return -1;
  let to = -1;
  for (let index = head + 1; index < event.end; index += 1) if (view.lower[index] === 'to') to = index;
  return to;
}
/** The verb of the infinitive after `to` inside the Event, or -1. */
function infinitiveVerb({ view, event }: TransitivityState, to: number): number {
  let verb = -1;
  for (let index = to + 1; index < (event?.end ?? 0); index += 1)
    if (view.pos[index] === 'VERB') verb = index;
  return verb;
}

/** Stage 3, "to" inside a passive verbal group (first rule that holds decides). */
export const PASSIVE_TO_RULES: readonly TransitivityRule[] = [
  {
    // "Staff are required to wear badges": the Subject is the Actor of the infinitive's process.
    id: ROLE_RULES.projectedInfinitive,
    when: (state) => {
      const to = passiveTo(state);
      return (
        to >= 0 &&
        PROJECTING_PASSIVE.has(state.view.lemma[state.head] ?? '') &&
        infinitiveVerb(state, to) >= 0
      );
    },
    decide: (state) => {
      const to = passiveTo(state);
      const verb = infinitiveVerb(state, to);
      state.passive = state.view.lower[to + 1] === 'be' && verb > to + 1;
      state.head = verb;
      fire(state, ROLE_RULES.projectedInfinitive);
    },
    examples: [{ text: 'Staff are required to wear badges.', expect: 'voice=active' }],
  },
  {
    // "exposed to direct sunlight": "to" is a preposition; the group after the Event is a place.
    id: 'VOICE.PREPOSITIONAL_TO',
    cites: null,
    when: (state) => passiveTo(state) >= 0 && !PROJECTING_PASSIVE.has(state.view.lemma[state.head] ?? ''),
    decide: (state) => {
      state.prepositionalTo = passiveTo(state);
    },
    examples: [
      { text: 'The samples were exposed to direct sunlight.', expect: 'location/place=to direct sunlight' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 4, the verb: its lemma and a particle joined to it (every rule that holds applies).

export const VERB_RULES: readonly TransitivityRule[] = [
  {
    // "We've got plenty of time", "She's got a new job": "have got" is possessive "have", a relational process.
    id: 'PROCESS.HAVE_GOT',
    cites: null,
    when: ({ view, head, nextAfterEvent }) =>
      head >= 0 &&
      view.lower[head] === 'got' &&
      (view.lemma[head - 1] === 'have' ||
        (HAS_CLITICS.has(view.lower[head - 1] ?? '') && nextAfterEvent?.type === 'nominal')),
    decide: (state) => {
      state.verbLemma = 'have';
    },
    examples: [{ text: "They've got two cats.", expect: 'process=relational' }],
  },
  {
    // A particle the chunker joined to the verb ("switched off | the lights"): the nominal group after it is the object.
    id: ROLE_RULES.phrasalVerb,
    when: ({ view, event, head, verbLemma }) =>
      event !== undefined &&
      head >= 0 &&
      event.end === head + 2 &&
      PHRASAL_PARTICLES.get(verbLemma ?? '')?.has(view.lower[head + 1] ?? '') === true,
    decide: (state) => fire(state, ROLE_RULES.phrasalVerb),
    examples: [{ text: 'She switched off the lights.', expect: 'goal=the lights' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 5, the process type from the verb (first rule that holds decides; none: a verbless clause).

/**
 * "There is a king", "Is there a pharmacy?" (the Finite before "there"), "there lived a king". The tagger
 * may read the "there" right before a verb of existing as an adverb ("Once upon a time there lived a
 * king": there/ADV): with no nsubj of the verb in the tree, it is the existential Subject.
 */
function existentialThere({ view, head }: TransitivityState): boolean {
  return (
    head >= 0 &&
    view.lower.some(
      (word, index) =>
        word === 'there' &&
        ((view.pos[index] === 'PRON' &&
          (index < head ||
            (index === head + 1 && (view.pos[head] === 'AUX' || view.pos[head] === 'VERB')))) ||
          (view.pos[index] === 'ADV' && index === head - 1 && !hasTreeSubject(view, head))),
    )
  );
}

export const PROCESS_RULES_BY_VERB: readonly TransitivityRule[] = [
  {
    id: 'PROCESS.THERE_BE',
    when: (state) =>
      state.verbLemma !== null && EXISTENTIAL_VERBS.has(state.verbLemma) && existentialThere(state),
    decide: (state) => decideProcess(state, 'existential', 'PROCESS.THERE_BE'),
    examples: [{ text: 'Long ago there lived a wise queen.', expect: 'process=existential' }],
  },
  {
    // The hand lexicon (lexicons/process-lexicon.ts) keeps priority.
    id: 'PROCESS.LEXICON',
    when: ({ verbLemma }) => verbLemma !== null && PROCESS_BY_LEMMA.has(verbLemma),
    decide: (state) => {
      const lemma = state.verbLemma as string;
      decideProcess(state, PROCESS_BY_LEMMA.get(lemma) as ProcessType, `PROCESS.LEXICON:${lemma}`);
      state.lexical = true;
    },
    examples: [{ text: 'The committee discussed the budget.', expect: 'process=verbal' }],
  },
  {
    // A verb outside the hand lexicon is material until its prior or frame says otherwise. Auxiliaries and
    // modals left as the Event ("can u see", "I'd like") are no lexical verbs: WordNet's "can" (preserve in
    // tins) and "will" (bequeath) say nothing about them, so they get no prior.
    id: 'PROCESS.DEFAULT_MATERIAL',
    when: ({ verbLemma }) => verbLemma !== null,
    decide: (state) => {
      const lemma = state.verbLemma as string;
      decideProcess(state, 'material', 'PROCESS.DEFAULT_MATERIAL');
      state.unlisted = true;
      state.lexical = true;
      state.prior = state.view.pos[state.head] === 'AUX' || isModalVerb(lemma) ? undefined : verbPrior(lemma);
    },
    examples: [{ text: 'The crew zorbled the cargo.', expect: 'process=material' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 6, the process type refined by the WordNet prior, the frame and the verb's complements (every
// rule that holds applies, in order: a later one overrides an earlier one).

export const PROCESS_REFINING_RULES: readonly TransitivityRule[] = [
  {
    // "The assignee assumes all of the obligations", "assume the defense of any claim": a verb of sensing
    // that, with a nominal object and no projected clause, takes something on (TAKING_ON_VERBS) is material;
    // "We assume that the price will rise" stays mental.
    id: 'PROCESS.TAKING_ON',
    when: (state) =>
      state.verbLemma !== null &&
      TAKING_ON_VERBS.has(state.verbLemma) &&
      state.frame.projects !== true &&
      (state.passive || objectNext(state) !== undefined),
    decide: (state) => decideProcess(state, 'material', 'PROCESS.TAKING_ON'),
    examples: [{ text: 'The assignee assumes all of the obligations.', expect: 'process=material' }],
  },
  {
    // "Developer must satisfy all Franchisor's criteria", "satisfy its obligations", "such judgment shall be
    // satisfied by the Guarantor": a verb of the "please" type meets a demand there (DEMAND_NOUNS in the object,
    // or in the passive's Subject), a material process ("The answer satisfied him" stays mental).
    id: 'PROCESS.MEETING_DEMAND',
    when: (state) => state.verbLemma !== null && MEETING_VERBS.has(state.verbLemma) && demandAround(state),
    decide: (state) => decideProcess(state, 'material', 'PROCESS.MEETING_DEMAND'),
    examples: [
      { text: 'Developer must satisfy all of the criteria then in effect.', expect: 'process=material' },
      { text: 'Such judgment shall be satisfied by the Guarantor.', expect: 'process=material' },
    ],
  },
  {
    id: PROCESS_RULES.wordnetPrior,
    when: ({ unlisted, prior }) => unlisted && prior !== undefined && prior.share >= PRIOR_MIN_SHARE,
    decide: (state) => {
      const prior = state.prior as ProcessPrior;
      decideProcess(state, prior.type, `${PROCESS_RULES.wordnetPrior}:${state.verbLemma}`);
    },
    examples: [{ text: 'She pondered the question.', expect: 'process=mental' }],
  },
  {
    // "Costs were incurred by the Buyer", "costs incurred by Licensee": WordNet files some verbs of doing among its
    // stative senses (postpone, defer, incur); a relational process has no passive with a doer, so an unlisted
    // verb in the passive keeps the default (material, the Subject its Goal).
    id: PROCESS_RULES.framePassive,
    when: (state) => state.unlisted && state.passive && state.processType === 'relational',
    decide: (state) => decideProcess(state, 'material', PROCESS_RULES.framePassive),
    examples: [{ text: 'Costs were incurred by the Buyer.', expect: 'process=material' }],
  },
  {
    // "nobody was injured", "she bandaged his arm": a behavioral process has a Behaver only, so a verb of the
    // body done to someone (a Goal, or a passive) is material.
    id: PROCESS_RULES.frameGoal,
    when: (state) =>
      state.unlisted &&
      state.processType === 'behavioral' &&
      (state.passive || objectNext(state) !== undefined),
    decide: (state) => decideProcess(state, 'material', PROCESS_RULES.frameGoal),
    examples: [{ text: 'Nobody was injured.', expect: 'process=material' }],
  },
  {
    // "The Inn touts that ...", "I reckon it works": a clause that projects another says or senses.
    id: PROCESS_RULES.frameProjection,
    when: ({ unlisted, frame }) => unlisted && frame.projects === true,
    decide: (state) => {
      const verbal = state.prior?.shares.verbal ?? 0;
      const mental = state.prior?.shares.mental ?? 0;
      decideProcess(state, mental > verbal ? 'mental' : 'verbal', PROCESS_RULES.frameProjection);
    },
    examples: [{ text: 'The Inn touts that its rooms are the best in town.', expect: 'process=verbal' }],
  },
  {
    // "Licensee represents that it owns the Software": a listed verb that says when it projects a clause
    // (lexicons/transitivity-lexicon.ts) is verbal there ("The line represents the border" stays relational).
    id: 'PROCESS.FRAME_PROJECTION_SAYING',
    cites: null,
    when: ({ verbLemma, frame }) =>
      frame.projects === true && verbLemma !== null && SAYING_WHEN_PROJECTING.has(verbLemma),
    decide: (state) => decideProcess(state, 'verbal', 'PROCESS.FRAME_PROJECTION_SAYING'),
    examples: [{ text: 'The Licensee represents that it owns the Software.', expect: 'process=verbal' }],
  },
  {
    // "as set forth in Section 4", "hereinafter referred to as", "except as otherwise provided in this Agreement":
    // a verb with which a text says where it states something (TEXT_SAYING_VERBS) is verbal there, the
    // Subject of the passive its Verbiage; "Licensee shall provide the services", "The team set out on Monday", "The
    // patient was referred to a specialist" stay material.
    id: 'PROCESS.TEXT_SAYING',
    when: textSaying,
    decide: (state) => {
      decideProcess(state, 'verbal', 'PROCESS.TEXT_SAYING');
      // "the prices set out in this Agreement", "the exhibits referred to herein": with nothing said after the
      // verb, what was said is the Subject, a participle with no be-form (passive, the Subject its Verbiage).
      const after = state.head + (state.verbLemma === 'provide' ? 1 : 2);
      const said = state.groups.some((group) => group.type === 'nominal' && group.start === after);
      if (!said && objectNext(state) === undefined) state.passive = true;
    },
    examples: [
      { text: 'The fees are set forth in Schedule A.', expect: 'process=verbal' },
      // (In "The documents referred to in Section 4 are attached" the participle postmodifies the Subject: the
      // clause's process is "attach".)
      { text: 'The exhibits are referred to in Section 4.', expect: 'process=verbal' },
      { text: 'the exhibits referred to herein', expect: 'process=verbal' },
    ],
  },
  {
    // "The room fell silent", "We ended up tired": an adjective as complement is an Attribute.
    id: PROCESS_RULES.frameAttribute,
    when: (state) => {
      const next = state.nextAfterEvent;
      return (
        state.unlisted &&
        state.frame.projects !== true &&
        !state.passive &&
        next?.type === 'adjectival' &&
        next.start === state.event?.end &&
        state.view.pos[next.head] === 'ADJ' &&
        // "Review other scheduled jobs": an adjective of the object's nominal group is no complement.
        state.view.syntactic.tokens[next.head]?.deprel !== 'amod'
      );
    },
    decide: (state) => decideProcess(state, 'relational', PROCESS_RULES.frameAttribute),
    examples: [{ text: 'The door swung open.', expect: 'process=relational' }],
  },
  {
    // "Shall we order a pizza?": "order" a thing is to buy it (material); "ordered them to leave" stays verbal.
    id: ROLE_RULES.orderGoods,
    when: (state) => {
      const { view, verbLemma } = state;
      const object = objectNext(state);
      return (
        verbLemma !== null &&
        state.lexical &&
        state.processType === 'verbal' &&
        GOODS_VERBS.has(verbLemma) &&
        !state.passive &&
        object !== undefined &&
        view.pos[object.head] === 'NOUN' &&
        !(view.lower[object.end] === 'to' && view.pos[object.end] === 'PART') &&
        view.lower[object.end] !== 'that'
      );
    },
    decide: (state) => decideProcess(state, 'material', ROLE_RULES.orderGoods),
    examples: [{ text: 'Shall we order a pizza?', expect: 'process=material' }],
  },
  {
    // "On Tue, Mar 4, 2025 Jordan Lee <jlee@example.com> wrote:", "She added:": a verb of writing or saying
    // with no object, a colon right after it ending the clause: what follows is what was written (verbal).
    id: ROLE_RULES.quoteColon,
    when: (state) => {
      const { view, verbLemma, event } = state;
      if (verbLemma === null || event === undefined || !QUOTE_COLON_VERBS.has(verbLemma) || state.passive)
        return false;
      if (view.lower[event.end] !== ':' || objectNext(state) !== undefined) return false;
      for (let index = event.end + 1; index < view.lower.length; index += 1)
        if (view.pos[index] !== 'PUNCT') return false;
      return true;
    },
    decide: (state) => decideProcess(state, 'verbal', ROLE_RULES.quoteColon),
    examples: [{ text: 'On Tue, Mar 4, 2025 at 9:12 AM Jordan Lee wrote:', expect: 'process=verbal' }],
  },
  {
    // "He whispered something to his brother": with a Verbiage the process is one of saying (verbal).
    id: ROLE_RULES.sayingBehaviour,
    when: (state) => {
      const object = objectNext(state);
      return (
        state.verbLemma !== null &&
        state.lexical &&
        state.processType === 'behavioral' &&
        SAYING_BEHAVIOURS.has(state.verbLemma) &&
        object !== undefined &&
        temporalKind(state.view, object, state.groups) === null
      );
    },
    decide: (state) => decideProcess(state, 'verbal', ROLE_RULES.sayingBehaviour),
    examples: [{ text: 'He whispered something to his brother.', expect: 'process=verbal' }],
  },
  {
    // "We had a swim", "Have a look": "have" + a noun of process is a material process with a Range.
    id: ROLE_RULES.processNounRange,
    when: (state) => {
      const object = objectNext(state);
      return (
        state.verbLemma === 'have' &&
        state.lexical &&
        object !== undefined &&
        object.head > object.start &&
        PROCESS_NOUNS.has(state.view.lower[object.head] ?? '')
      );
    },
    decide: (state) => decideProcess(state, 'material', ROLE_RULES.processNounRange),
    examples: [{ text: 'We had a swim before breakfast.', expect: 'process=material' }],
  },
  {
    // "The soup smells good", "He grew tired": attributive relational, Carrier + Attribute; "How beautiful
    // the garden looks!": the fronted how-adjective is the Attribute of a sense verb.
    id: ROLE_RULES.senseAttribute,
    when: (state) => {
      const { view, verbLemma, event, groups, passive } = state;
      if (verbLemma === null || passive || !state.lexical) return false;
      const next = state.nextAfterEvent;
      if (
        next?.type === 'adjectival' &&
        next.start === event?.end &&
        (SENSE_VERBS.has(verbLemma) || BECOMING_VERBS.has(verbLemma))
      )
        return true;
      return (
        SENSE_VERBS.has(verbLemma) &&
        event !== undefined &&
        !groups.some((group) => group.start >= event.end && group.type === 'nominal') &&
        groups.some(
          (group) =>
            group.end <= event.start &&
            group.end > group.start + 1 &&
            group.type === 'adjectival' &&
            view.lower[group.start] === 'how',
        )
      );
    },
    decide: (state) => decideProcess(state, 'relational', ROLE_RULES.senseAttribute),
    examples: [
      { text: 'The soup smells good.', expect: 'process=relational' },
      { text: 'How beautiful the garden looks!', expect: 'process=relational' },
    ],
  },
  {
    // "Looking forward to your reply", "We look forward to the meeting": "look forward to" wants something
    // (mental, desiderative); "forward" is part of the process, not a circumstance of place, and the to-group is
    // the Phenomenon (ROLE.LOOK_FORWARD_PHENOMENON).
    id: ROLE_RULES.lookForward,
    when: (state) => lookForwardGroups(state) !== undefined,
    decide: (state) => {
      state.consumed.add((lookForwardGroups(state) as { forward: Group }).forward);
      decideProcess(state, 'mental', ROLE_RULES.lookForward);
    },
    examples: [
      { text: 'We are looking forward to the meeting.', expect: 'process=mental' },
      { text: 'We are looking forward to the meeting.', expect: 'phenomenon=to the meeting' },
    ],
  },
  {
    // "This Agreement shall continue in full force and effect": "continue" with a group of state after it says
    // the state its Subject stays in, like "remain" (attributive relational; ROLE.STATE_ATTRIBUTE).
    id: ROLE_RULES.continueInState,
    when: (state) => state.verbLemma === 'continue' && stateGroup(state) !== undefined,
    decide: (state) => decideProcess(state, 'relational', ROLE_RULES.continueInState),
    examples: [
      { text: 'This Agreement shall continue in full force and effect.', expect: 'process=relational' },
    ],
  },
  {
    // "This looks like a good deal", "It sounds like a plan": a sense verb with "like" + a nominal group right
    // after it is attributive relational (ANNOTATION.md: the like-group is the Attribute, ROLE.CIRCUMSTANTIAL_ATTRIBUTE).
    id: ROLE_RULES.senseLike,
    when: (state) => senseLike(state),
    decide: (state) => decideProcess(state, 'relational', ROLE_RULES.senseLike),
    examples: [
      { text: 'This looks like a good deal.', expect: 'process=relational' },
      { text: 'He looks like his father.', expect: 'attribute=like his father' },
    ],
  },
  {
    // "Equipment is state of the art": the tagger took the predicate for a verb, but the tree hangs a copula
    // on it, so the clause is relational whatever the word would be as a verb. A present participle after
    // "be" ("Isn't the store closing early?") is progressive: a copula the parser hung on it is the auxiliary.
    id: PROCESS_RULES.frameCopula,
    when: ({ view, head, verbLemma, passive, processType }) => {
      if (processType === 'existential' || head < 0 || verbLemma === 'be' || passive) return false;
      if (view.pos[head] === 'VERB' && (view.lower[head] ?? '').endsWith('ing')) return false;
      const headStart = view.syntactic.tokens[head]?.start;
      return (
        headStart !== undefined &&
        view.syntactic.tokens.some((token) => token.deprel === 'cop' && token.headStart === headStart)
      );
    },
    decide: (state) => decideProcess(state, 'relational', PROCESS_RULES.frameCopula),
    examples: [{ text: 'The object was to smuggle explosives.', expect: 'process=relational' }],
  },
  {
    // "The apartment is fully furnished", "You must be exhausted": be + a stative participle with no by-agent
    // and no object describes a state (Attribute), not a happening done to the Subject.
    id: ROLE_RULES.adjectivalParticiple,
    when: ({ view, passive, head, event, nextAfterEvent, groups }) =>
      passive &&
      head >= 0 &&
      event !== undefined &&
      STATIVE_PARTICIPLES.has(view.lower[head] ?? '') &&
      nextAfterEvent?.type !== 'nominal' &&
      !groups.some(
        (group) => group.start >= head && group.type === 'prepositional' && view.lower[group.start] === 'by',
      ),
    decide: (state) => {
      const { view, head } = state;
      const event = state.event as Group;
      let start = head;
      while (
        start > event.start &&
        view.pos[start - 1] === 'ADV' &&
        !NEGATORS.has(view.lower[start - 1] ?? '')
      )
        start -= 1;
      state.participleAttribute = { start, end: head + 1 };
      state.passive = false;
      decideProcess(state, 'relational', ROLE_RULES.adjectivalParticiple);
    },
    examples: [{ text: 'The apartment is fully furnished.', expect: 'attribute=fully furnished' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 7, the clause's scope: what is no participant of this process (every rule that holds applies).

/** Whether a group can be a participant (temporal groups and function words set aside). */
function isCandidate(state: TransitivityState, group: Group): boolean {
  const { view, event } = state;
  if (state.consumed.has(group)) return false;
  if (group.type === 'conjunction')
    return (
      view.lower[group.start] === 'that' &&
      isLastWord(view, group.end) &&
      event !== undefined &&
      group.start >= event.end
    );
  if (group.type !== 'nominal') return false;
  // PARTICIPANT.TREE_ENUMERATOR in the word order: "Licensee shall (a) pay", "RemainCo (i) shall not".
  if (isParenthesisedEnumerator(view.lower, group.start, group.end)) return false;
  const headWord = view.lower[group.head] ?? '';
  if (headWord === 'there' && state.processType === 'existential') return false;
  if (
    TEXTUAL_THEMES.has(headWord) ||
    (state.view.syntactic.relation === 'relative' && RELATIVES.has(headWord))
  )
    return false;
  if (group.start === group.end - 1 && FLOATING.has(headWord)) return false;
  return true;
}

/** "Despite weeks of talks, workers walked out": the groups of an opening circumstance closed by a comma. */
function openingCircumstance({
  view,
  groups,
  event,
}: TransitivityState): { from: number; to: number } | undefined {
  let at = 0;
  while (at < groups.length && (groups[at] as Group).type !== 'prepositional') {
    const type = (groups[at] as Group).type;
    if (type !== 'conjunction' && type !== 'adverbial') break;
    at += 1;
  }
  const close = openingCircumstanceEnd(view, groups, at);
  const last = groups[close - 1];
  if (close > at + 1 && last !== undefined && last.end <= (event?.start ?? -1))
    return { from: at + 1, to: close };
  return undefined;
}

export const SCOPE_RULES: readonly TransitivityRule[] = [
  {
    // A minor clause ("Well done, team!", "Thank you so much!") has no process and so no participants.
    id: ROLE_RULES.minorClause,
    when: ({ mood }) => mood === 'minor',
    decide: (state) => fire(state, ROLE_RULES.minorClause),
    examples: [{ text: 'Thank you so much!', expect: '-=you' }],
  },
  {
    // "Despite weeks of talks between unions and management, workers walked out": nominal groups inside an
    // opening circumstance (up to the comma that closes it) are no participants.
    id: ROLE_RULES.openingCircumstance,
    when: (state) => {
      const found = openingCircumstance(state);
      if (found === undefined) return false;
      for (let index = found.from; index < found.to; index += 1)
        if ((state.groups[index] as Group).type === 'nominal') return true;
      return false;
    },
    decide: (state) => {
      const found = openingCircumstance(state) as { from: number; to: number };
      for (let index = found.from; index < found.to; index += 1) {
        const group = state.groups[index] as Group;
        if (group.type === 'nominal') {
          state.consumed.add(group);
          fire(state, ROLE_RULES.openingCircumstance);
        }
      }
    },
    examples: [
      {
        text: 'Despite weeks of talks between unions and management, workers walked out.',
        expect: '-=weeks',
      },
    ],
  },
  {
    // "advised us | against signing the lease", "asked me | to sign the form": nominal groups after a
    // non-finite clause left inside the clause belong to that clause, not to this process.
    id: ROLE_RULES.nonFiniteObject,
    when: (state) => {
      const start = nonFiniteStart(state.view, state.groups, eventEnd(state));
      return (
        start < Number.POSITIVE_INFINITY &&
        state.groups.some((group) => group.start > start && isCandidate(state, group))
      );
    },
    decide: (state) => {
      state.nonFinite = nonFiniteStart(state.view, state.groups, eventEnd(state));
      fire(state, ROLE_RULES.nonFiniteObject);
    },
    examples: [{ text: 'The agent asked me to sign the form.', expect: '-=the form' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 8, vocatives and temporal groups among the candidates (every rule that holds applies).

/** "Sarah, pass me the salt": the first candidate when it is a Vocative, else undefined. */
function vocativeGroup(state: TransitivityState): Group | undefined {
  const { view, event, head, groups } = state;
  const vocative = state.pre[0];
  if (
    vocative !== undefined &&
    event !== undefined &&
    head >= 0 &&
    vocative.end - vocative.start <= 3 &&
    view.lower[vocative.end] === ',' &&
    view.pos[head] === 'VERB' &&
    view.lower[head] === view.lemma[head] &&
    (event.start === head || view.lemma[event.start] === 'do') &&
    groups.every(
      (group) => group.start <= vocative.end || group.start >= event.start || group.type === 'adverbial',
    )
  )
    return vocative;
  return undefined;
}

/** Temporal nominal groups may be circumstances in this list ("Yesterday the server crashed", "played every Sunday"). */
function temporalAllowed(state: TransitivityState, list: Group[]): boolean {
  if (list === state.pre) return state.pre.length >= 2;
  return (
    state.processType !== 'relational' &&
    state.processType !== 'mental' &&
    !TIME_OBJECT_VERBS.has(state.verbLemma ?? '')
  );
}

export const CANDIDATE_RULES: readonly TransitivityRule[] = [
  {
    // "Sarah, pass me the salt", "Everyone, sit down": a short nominal group set off by a comma before a
    // base-form verb (no Finite before it) is a Vocative, not the Subject.
    id: ROLE_RULES.vocative,
    when: (state) => vocativeGroup(state) !== undefined,
    decide: (state) => {
      const vocative = state.pre.shift() as Group;
      state.consumed.add(vocative);
      fire(state, ROLE_RULES.vocative);
    },
    examples: [{ text: 'Sarah, pass me the salt.', expect: '-=Sarah' }],
  },
  {
    // Temporal nominal groups are circumstances ("Yesterday the server crashed", "played every Sunday").
    id: ROLE_RULES.temporalNominal,
    when: (state) =>
      [state.pre, state.post].some(
        (list) =>
          temporalAllowed(state, list) &&
          list.some((group) => temporalKind(state.view, group, state.groups) !== null),
      ),
    decide: (state) => {
      for (const list of [state.pre, state.post]) {
        for (let index = list.length - 1; index >= 0; index -= 1) {
          const group = list[index] as Group;
          if (!temporalAllowed(state, list)) continue;
          const kind = temporalKind(state.view, group, state.groups);
          if (kind === null) continue;
          state.circumstances.push(circumstance(kind[0], kind[1], group));
          state.consumed.add(group);
          list.splice(index, 1);
          fire(state, ROLE_RULES.temporalNominal);
        }
      }
    },
    examples: [{ text: 'The kids played football every evening.', expect: 'extent/frequency=every evening' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 9, the Subject (first rule that holds decides).

/** Whether the last two candidates before the Event are set off from each other (a comma or conjunction). */
function preSeparated(state: TransitivityState): boolean {
  const { pre } = state;
  return (
    pre.length >= 2 &&
    separated(
      state.view,
      state.groups,
      (pre[pre.length - 2] as Group).end,
      (pre[pre.length - 1] as Group).start,
    )
  );
}

export const SUBJECT_RULES: readonly TransitivityRule[] = [
  {
    // Finite before the Subject (interrogative): the Subject is the nominal group after the Finite; what comes
    // before the Finite is a fronted complement.
    id: ROLE_RULES.invertedSubject,
    when: ({ inverted }) => inverted,
    decide: (state) => {
      const finiteGroup = state.finiteGroup as Group;
      state.subject = state.pre.find((group) => group.start >= finiteGroup.end);
      const before = state.pre.filter((group) => group.end <= finiteGroup.start);
      if (state.subject !== undefined) fire(state, ROLE_RULES.invertedSubject);
      if (state.subject !== undefined && before.length > 0)
        state.fronted = { start: (before[0] as Group).start, end: (before[before.length - 1] as Group).end };
    },
    examples: [{ text: 'What did you want?', expect: 'senser=you' }],
  },
  {
    // Of nominal groups before the Event set off from each other by a comma, the Subject is the one holding
    // the verb's nsubj in the tree.
    id: ROLE_RULES.treeSubject,
    when: (state) => {
      if (!preSeparated(state)) return false;
      const fromTree = treeSubjectGroup(state.view, state.pre, state.head);
      return fromTree !== undefined && fromTree !== state.pre[0];
    },
    decide: (state) => {
      state.subject = treeSubjectGroup(state.view, state.pre, state.head);
      fire(state, ROLE_RULES.treeSubject);
    },
    examples: [
      {
        text: 'Notwithstanding any other provision of this Agreement, the Tenant shall not sublet the Premises.',
        expect: 'actor=the Tenant',
      },
    ],
  },
  {
    // "What a mess this is": of two candidates before the Event not set off from each other, the last is the
    // Subject; the ones before it are a fronted complement when they open with a WH or demonstrative word.
    id: 'SUBJECT.LAST_BEFORE_EVENT',
    cites: null,
    when: (state) => state.pre.length >= 2 && !preSeparated(state),
    decide: (state) => {
      const { view, groups, pre } = state;
      const first = pre[0] as Group;
      const how = groups.find((group) => group.end === first.start && view.lower[group.start] === 'how');
      const start = how?.start ?? first.start;
      state.subject = pre[pre.length - 1];
      if (FRONTABLE.has(view.lower[start] ?? ''))
        state.fronted = { start, end: (pre[pre.length - 2] as Group).end };
    },
    examples: [{ text: 'What a mess this is!', expect: 'carrier=this' }],
  },
  {
    // "What to do if ...", "Which form to sign": a WH-word before a to-infinitive in a clause with no Finite is
    // the infinitive's fronted complement; the clause has no Subject.
    id: 'SUBJECT.WH_BEFORE_INFINITIVE',
    cites: null,
    when: (state) => {
      const { view, pre, event } = state;
      if (view.finite >= 0 || event === undefined || pre.length !== 1) return false;
      const group = pre[0] as Group;
      return view.lower[event.start] === 'to' || view.lower[event.start - 1] === 'to'
        ? WH_INFINITIVE_COMPLEMENTS.has(view.lower[group.start] ?? '')
        : false;
    },
    decide: (state) => {
      const group = state.pre[0] as Group;
      state.fronted = { start: group.start, end: group.end };
    },
    examples: [{ text: 'What to bring to the inspection', expect: 'goal=What' }],
  },
  {
    // The first candidate before the Event is the Subject.
    id: 'SUBJECT.FIRST_BEFORE_EVENT',
    cites: null,
    when: ({ pre }) => pre.length > 0,
    decide: (state) => {
      state.subject = state.pre[0];
    },
    examples: [{ text: 'The tenant must return the keys.', expect: 'actor=The tenant' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 10, fronted and inverted elements (every rule that holds applies, in order).

/** "where is the nearest pharmacy": what opens the clause before the Event (WH word, polar question). */
function leadBeforeEvent(state: TransitivityState): { lead: Group[]; whLead: string; polar: boolean } {
  const { view, groups } = state;
  const event = state.event as Group;
  const lead = groups.filter((group) => group.end <= event.start && group.type !== 'conjunction');
  const whLead =
    lead.length > 0 && lead.every((group) => group.type === 'adverbial' || group.type === 'adjectival')
      ? (view.lower[(lead[0] as Group).start] ?? '')
      : '';
  const polar =
    lead.length === 0 &&
    view.finite === event.start &&
    view.pos[event.start] === 'AUX' &&
    view.lower[event.start] !== 'be' &&
    (view.sentenceFinal === '?' || view.sentenceFinal === '');
  return { lead, whLead, polar };
}

/** "What are you looking at?": the stranded preposition at the end, when the fronted element is its complement. */
function strandedPreposition(state: TransitivityState): Group | undefined {
  const { view, groups, event, fronted } = state;
  if (fronted === undefined || event === undefined || state.processType === 'relational') return undefined;
  const last = groups.filter((group) => group.type !== 'conjunction').pop();
  const word = last === undefined ? '' : (view.lower[last.start] ?? '');
  if (
    last?.type === 'prepositional' &&
    last.end === last.start + 1 &&
    last.start >= event.end &&
    isLastWord(view, last.end) &&
    PREPOSITION_CIRCUMSTANCES[word] !== undefined &&
    PHRASAL_PARTICLES.get(state.verbLemma ?? '')?.has(word) !== true
  )
    return last;
  return undefined;
}

export const FRONTED_RULES: readonly TransitivityRule[] = [
  {
    // "How kind you are!": a how-group before the Subject is the fronted Attribute.
    id: 'SUBJECT.HOW_ATTRIBUTE',
    cites: null,
    when: ({ view, groups, fronted, subject, processType, inverted }) =>
      fronted === undefined &&
      subject !== undefined &&
      processType === 'relational' &&
      !inverted &&
      groups.some(
        (group) =>
          group.end === subject.start &&
          group.end > group.start + 1 &&
          (group.type === 'adjectival' || group.type === 'adverbial') &&
          view.lower[group.start] === 'how',
      ),
    decide: (state) => {
      const subject = state.subject as Group;
      const how = state.groups.find(
        (group) =>
          group.end === subject.start &&
          group.end > group.start + 1 &&
          (group.type === 'adjectival' || group.type === 'adverbial') &&
          state.view.lower[group.start] === 'how',
      ) as Group;
      state.fronted = { start: how.start, end: how.end };
    },
    examples: [{ text: 'How tall the tower is!', expect: 'attribute=How tall' }],
  },
  {
    // "Is the store open?", "where is the nearest pharmacy": the Subject follows the Finite. A clause with no
    // Finite ("How to get your deposit back", "Where to file a complaint") has no Subject to follow it: the
    // nominal after its verb is a complement.
    id: 'SUBJECT.AFTER_FINITE',
    cites: ROLE_RULES.invertedSubject,
    when: (state) => {
      const { subject, event, processType, post } = state;
      if (subject !== undefined || event === undefined || processType === 'existential' || post.length === 0)
        return false;
      if (state.view.finite < 0) return false;
      const { whLead, polar } = leadBeforeEvent(state);
      return (post[0] as Group).start === event.end && (polar || WH_ADVERBS.has(whLead));
    },
    decide: (state) => {
      const { lead, whLead } = leadBeforeEvent(state);
      state.subject = state.post.shift();
      fire(state, ROLE_RULES.invertedSubject);
      if (state.processType === 'relational' && ATTRIBUTE_WH.has(whLead) && lead.length > 0)
        state.whAttribute = { start: (lead[0] as Group).start, end: (lead[lead.length - 1] as Group).end };
    },
    examples: [{ text: 'Where is the nearest pharmacy?', expect: 'attribute=Where' }],
  },
  {
    // "Which hospital did they take him to?", "What are you looking at?": a fronted WH element whose
    // preposition is stranded at the end is the complement of that preposition, so a circumstance (in a
    // verbal clause, "to" marks the Receiver: "Who did you talk to?"), not a participant of the process.
    id: ROLE_RULES.strandedPreposition,
    when: (state) => strandedPreposition(state) !== undefined,
    decide: (state) => {
      const last = strandedPreposition(state) as Group;
      const word = state.view.lower[last.start] ?? '';
      state.consumed.add(last);
      fire(state, ROLE_RULES.strandedPreposition);
      if (word === 'to' && state.processType === 'verbal') state.strandedReceiver = true;
      else {
        const fronted = state.fronted as Span;
        const known = PREPOSITION_CIRCUMSTANCES[word] as readonly [CircumstanceType, string | null];
        const [type, subtype] = word === 'for' ? (['cause', 'purpose'] as const) : known;
        state.circumstances.push(circumstanceSpan(state.view, type, subtype, fronted.start, fronted.end));
        state.fronted = undefined;
      }
    },
    examples: [{ text: 'Which hospital did they take him to?', expect: 'location/place=Which hospital' }],
  },
  {
    // A WH or demonstrative complement fronted before the Subject ("What did you want", "What a mess this is").
    id: ROLE_RULES.frontedComplement,
    when: ({ fronted }) => fronted !== undefined,
    decide: (state) => fire(state, ROLE_RULES.frontedComplement),
    examples: [{ text: 'What did you want?', expect: 'phenomenon=What' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 11, relational clauses: attributive or identifying (first rule that holds decides; none: attributive).

export const IDENTIFICATION_RULES: readonly TransitivityRule[] = [
  {
    // A fronted or WH Attribute, or a verb of possession: attributive.
    id: 'RELATIONAL.ATTRIBUTIVE_FRAME',
    cites: null,
    when: ({ fronted, whAttribute, verbLemma }) =>
      fronted !== undefined || whAttribute !== undefined || POSSESSIVE_VERBS.has(verbLemma ?? ''),
    decide: (state) => {
      state.identifying = false;
    },
    examples: [{ text: 'The club owns the land.', expect: 'attribute=the land' }],
  },
  {
    // mean, represent, constitute ...: identifying, Token as Subject, Value as complement.
    id: 'RELATIONAL.IDENTIFYING_VERB',
    cites: null,
    when: ({ verbLemma }) => IDENTIFYING_VERBS.has(verbLemma ?? ''),
    decide: (state) => {
      state.identifying = true;
    },
    examples: [{ text: 'A red light means danger.', expect: 'value=danger' }],
  },
  {
    // "Our biggest customer is a hospital in Leeds": a superlative (or main/only/first) Subject names a
    // unique role, so the clause identifies it: the Subject is the Value, the complement the Token.
    id: ROLE_RULES.superlativeValue,
    when: ({ view, verbLemma, complement, subject }) =>
      verbLemma === 'be' &&
      complement?.type === 'nominal' &&
      subject !== undefined &&
      uniqueRole(view, subject),
    decide: (state) => {
      state.identifying = true;
      state.reversed = true;
      fire(state, ROLE_RULES.superlativeValue);
    },
    examples: [
      { text: 'Our biggest customer is a hospital in Leeds.', expect: 'value=Our biggest customer' },
    ],
  },
  {
    // A definite nominal complement identifies ("She is the manager"); "the capital is Paris": reversed.
    id: 'RELATIONAL.DEFINITE_COMPLEMENT',
    cites: null,
    when: ({ view, complement }) => complement?.type === 'nominal' && definite(view, complement),
    decide: (state) => {
      const { view, subject } = state;
      const complement = state.complement as Group;
      state.identifying = true;
      state.reversed =
        subject !== undefined &&
        view.lower[subject.start] === 'the' &&
        view.pos[subject.head] === 'NOUN' &&
        view.pos[complement.head] === 'PROPN';
    },
    examples: [{ text: 'She is the manager.', expect: 'value=the manager' }],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 12, the roles of the Subject and the complements (first rule that holds decides).

export const COMPLEMENT_ROLE_RULES: readonly TransitivityRule[] = [
  {
    // Relational: carrier pairs with attribute, token with value (identifying by verb or definite complement).
    id: ROLE_RULES.relationalPairing,
    when: ({ processType }) => processType === 'relational',
    decide: (state) => {
      const end = eventEnd(state);
      const adjective = state.groups.find(
        (group) =>
          group.type === 'adjectival' &&
          group.start >= end &&
          group !== state.event &&
          !state.consumed.has(group),
      );
      // ROLE.ADJECTIVE_BEFORE_OBJECT: "He seemed happy this morning": an adjective right after the Event is the
      // complement, not a nominal group after it (here a time, the tree's obl).
      const object = state.objects[0];
      state.complement =
        adjective !== undefined &&
        object !== undefined &&
        adjective.start === end &&
        object.start > adjective.start &&
        state.frame.disabled?.has('ROLE.ADJECTIVE_BEFORE_OBJECT') !== true
          ? adjective
          : (object ?? adjective);
      firstRule(IDENTIFICATION_RULES, state, state, state.frame.disabled);
      const { identifying, reversed } = state;
      state.subjectRole = identifying ? (reversed ? 'value' : 'token') : 'carrier';
      state.complementRoles.push(identifying ? (reversed ? 'token' : 'value') : 'attribute');
      state.frontedRole = 'attribute';
      if (state.event !== undefined) fire(state, ROLE_RULES.relationalPairing);
    },
    examples: [{ text: 'The soup is cold.', expect: 'carrier=The soup' }],
  },
  {
    // ANNOTATION.md: a behavioral process has the Behaver as its only participant.
    id: 'ROLE.BEHAVER_ONLY',
    cites: null,
    when: ({ processType }) => processType === 'behavioral',
    decide: () => {},
    examples: [{ text: 'She yawned her way through the talk.', expect: 'behaver=She' }],
  },
  {
    // "please"-type mental verbs: Phenomenon as Subject, Senser as object ("The noise annoys me").
    id: ROLE_RULES.pleaseType,
    when: (state) => isPlease(state),
    decide: (state) => {
      if (state.passive) state.subjectRole = 'senser';
      else if (state.objects[0] !== undefined) {
        state.subjectRole = 'phenomenon';
        state.complementRoles.push('senser');
        fire(state, ROLE_RULES.pleaseType);
      }
    },
    examples: [{ text: 'The noise annoys me.', expect: 'senser=me' }],
  },
  {
    // give/send/tell... + two nominal groups: Receiver then Verbiage in a verbal process.
    id: 'ROLE.DITRANSITIVE_VERBAL',
    cites: ROLE_RULES.ditransitive,
    when: (state) => state.processType === 'verbal' && twoObjects(state),
    decide: (state) => {
      state.complementRoles.push('receiver', 'verbiage');
      fire(state, ROLE_RULES.ditransitive);
    },
    examples: [{ text: 'She told the children a story.', expect: 'receiver=the children' }],
  },
  {
    // Verbs of addressing (ask, tell, warn, notify): the nominal object is the Receiver, else the Verbiage.
    id: ROLE_RULES.verbalReceiver,
    when: (state) => state.processType === 'verbal' && state.objects[0] !== undefined,
    decide: (state) => {
      const word = state.view.lower[(state.objects[0] as Group).head] ?? '';
      const addressing = RECEIVER_VERBS.has(state.verbLemma ?? '');
      // "I emailed it to the manager", "She explained this to us": a thing said, the Receiver after "to".
      // (Not before a second complement: "She called it the best year of her life" names it.)
      const said =
        (SAID_PRONOUNS.has(word) && state.objects.length === 1 && state.post.length <= 1) ||
        state.view.lower[(state.objects[0] as Group).end] === 'to';
      const receiver =
        !state.passive && ((addressing && !said && !VERBIAGE_NOUNS.has(word)) || OBJECT_PRONOUNS.has(word));
      state.complementRoles.push(receiver ? 'receiver' : 'verbiage');
      if (receiver) fire(state, ROLE_RULES.verbalReceiver);
    },
    examples: [{ text: 'Please notify the landlord.', expect: 'receiver=the landlord' }],
  },
  {
    // give/send/buy... + two nominal groups: Beneficiary then Goal in a material process.
    id: ROLE_RULES.ditransitive,
    when: (state) =>
      state.processType === 'material' && twoObjects(state) && DITRANSITIVE.has(state.verbLemma ?? ''),
    decide: (state) => {
      state.complementRoles.push('beneficiary', 'goal');
      fire(state, ROLE_RULES.ditransitive);
    },
    examples: [{ text: 'My aunt sent the twins a parcel.', expect: 'beneficiary=the twins' }],
  },
  {
    // The object of play/run/take/have... is the Range when it names the game, distance or process.
    id: ROLE_RULES.range,
    when: ({ objects }) => objects[0] !== undefined,
    decide: (state) => {
      const role = objectRole(
        state.view,
        state.processType,
        state.objects[0] as Group,
        state.verbLemma ?? '',
      );
      if (role === 'range') fire(state, ROLE_RULES.range);
      state.complementRoles.push(role);
    },
    examples: [{ text: 'They played chess.', expect: 'range=chess' }],
  },
];

/** Two nominal objects right after each other ("gave her the keys"). */
function twoObjects({ objects }: TransitivityState): boolean {
  const first = objects[0];
  const second = objects[1];
  return first !== undefined && second !== undefined && second.start === first.end;
}

/** Rule id: see CIRCUMSTANCE.PREPOSITION. */
export const COMPLEX_PREPOSITION_GROUP = 'CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP';
/** Rule id: see CIRCUMSTANCE.PREPOSITION. */
export const COORDINATED_PREPOSITION_GROUP = 'CIRCUMSTANCE.COORDINATED_PREPOSITION_GROUP';

/** Rule id: see conjunctionGroup. */
export const CONJUNCTION_GROUP = 'CIRCUMSTANCE.CONJUNCTION_GROUP';

/**
 * CIRCUMSTANCE.CONJUNCTION_GROUP: a prepositional group that opens the clause with the words of the clause's own
 * binding conjunction of several words (its relation, SEGMENT.COMPLEX_CONJUNCTION: "**to the extent** that (a)
 * Losses are attributable ...", "**In the event** that (i) any Item is returned", where the parse did not give the
 * conjunction its verb) is that conjunction, no circumstance (before, "to the extent" of place).
 */
function conjunctionGroup(group: { start: number; end: number }, state: TransitivityState): boolean {
  const relation = state.view.syntactic.relation;
  if (relation === null || !relation.includes(' ')) return false;
  let first = 0;
  while (state.view.pos[first] === 'PUNCT') first += 1;
  if (group.start !== first) return false;
  const words = state.view.lower.slice(group.start, group.end).join(' ');
  if (!(relation === words || relation.startsWith(`${words} `))) return false;
  if (state.frame.disabled?.has(CONJUNCTION_GROUP) === true) return false;
  fire(state, CONJUNCTION_GROUP);
  return true;
}

/** Rule id: see formLabel. */
export const FORM_LABEL = 'CIRCUMSTANCE.FORM_LABEL';

/**
 * CIRCUMSTANCE.FORM_LABEL: a preposition alone before a colon, opening its clause, is the label of a form's field, no
 * circumstance: a contract's signature block ("**By:** /s/ Tom Watson", "By: Name: Title:", 115 of the 137 lone "By"
 * circumstances of 40 CUAD contracts), a message's header ("To: Legal", "From: the Licensee"). Before, each was a
 * circumstance of means or place with no noun.
 */
function formLabel(group: { start: number; end: number }, state: TransitivityState): boolean {
  if (group.end !== group.start + 1 || state.view.lower[group.end] !== ':') return false;
  // Opening the clause (after list marks): "The test is available at: <address>" keeps its preposition.
  for (let index = 0; index < group.start; index += 1) if (state.view.pos[index] !== 'PUNCT') return false;
  if (state.frame.disabled?.has(FORM_LABEL) === true) return false;
  fire(state, FORM_LABEL);
  return true;
}

/** Rule id of the ROLE.VERBAL_TO_RECEIVER guard: a "to" of a preposition of several words is no Receiver's. */
export const VERBAL_TO_COMPLEX = 'ROLE.VERBAL_TO_COMPLEX';
/**
 * Words before "to" that make one preposition with it ("similar to", "from time to time"), besides the "X to"
 * prepositions of COMPLEX_PREPOSITION_CIRCUMSTANCES ("pursuant to", "prior to", "with respect to").
 */
const TO_PREPOSITION_HEADS: ReadonlySet<string> = wordSet(
  'according similar contrary next up time reference relating related pertaining applicable equal attached thereto hereto',
);
/** Whether the "to" at `at` belongs to a preposition of several words. */
function toOfComplexPreposition(lower: readonly string[], at: number): boolean {
  if (TO_PREPOSITION_HEADS.has(lower[at - 1] ?? '')) return true;
  for (const back of [1, 2, 3]) {
    const found = complexPrepositionAt(lower, at - back);
    if (found !== undefined && found.words > back) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Stage 13, what has no participants and what makes one (every rule that holds applies).

export const PARTICIPANT_SCOPE_RULES: readonly TransitivityRule[] = [
  {
    // A verbless clause (minor clause, fragment) has no process, so no participants.
    id: 'ROLE.VERBLESS',
    cites: null,
    when: ({ event, mood }) => event === undefined || mood === 'minor',
    decide: (state) => {
      state.subject = undefined;
      state.fronted = undefined;
      state.objects.length = 0;
    },
    examples: [{ text: 'Well done, team!', expect: '-=team' }],
  },
  {
    // "Each kit contains two syringes and a vial": nominal groups joined by "and"/"or" are one participant.
    id: ROLE_RULES.coordinatedNominal,
    when: ({ subject, objects }) => subject !== undefined || objects.length > 0,
    decide: (state) => {
      const { view, groups, event, consumed } = state;
      for (const group of [state.subject, ...state.objects]) {
        if (group === undefined) continue;
        const at = groups.indexOf(group);
        const after = coordinatedNominalEnd(
          view,
          groups,
          at,
          (next) => !consumed.has(next) && (event === undefined || next.start !== event.end),
        );
        if (after === at + 1) continue;
        for (let index = at + 2; index < after; index += 2) consumed.add(groups[index] as Group);
        state.coordinated.set(group, (groups[after - 1] as Group).end);
        fire(state, ROLE_RULES.coordinatedNominal);
      }
    },
    examples: [
      { text: 'Each kit contains two syringes and a vial.', expect: 'attribute=two syringes and a vial' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------
// Stage 14, the groups after the Subject: complements, by-agents, circumstances (per group, first rule
// that holds decides; none: the group is no element).

/** A participant for `group`, spanning its coordinates when it heads a coordination. */
function withCoordinates(
  state: TransitivityState,
  group: Group,
  role: ParticipantRole,
  found: Participant,
): Participant {
  const end = state.coordinated.get(group);
  return end === undefined ? found : spanParticipant(state.view, role, group.start, end);
}
const isObject = (group: Group, state: TransitivityState): boolean => state.objects.includes(group);
const afterEvent = (group: Group, state: TransitivityState): boolean =>
  state.event === undefined || group.start >= state.event.end;

export const GROUP_RULES: readonly GroupRule[] = [
  {
    // A behavioral process has no object participant.
    id: 'ROLE.BEHAVIORAL_NO_OBJECT',
    cites: null,
    when: (group, state) => state.processType === 'behavioral' && isObject(group, state),
    decide: () => {},
    examples: [{ text: 'The baby slept the whole time.', expect: '-=the whole time' }],
  },
  {
    // "exposed to direct sunlight": the nominal group after a passive's preposition "to" is a place.
    id: 'CIRCUMSTANCE.PASSIVE_TO',
    cites: null,
    when: (group, state) =>
      isObject(group, state) && state.prepositionalTo >= 0 && group.start === state.event?.end,
    decide: (group, state) => {
      state.circumstances.push(
        circumstanceSpan(state.view, 'location', 'place', state.prepositionalTo, group.end),
      );
    },
    examples: [
      { text: 'The samples were exposed to direct sunlight.', expect: 'location/place=to direct sunlight' },
    ],
  },
  {
    // A nominal complement after the Event takes the next complement role (else the process type's second).
    id: 'ROLE.COMPLEMENT',
    cites: null,
    when: isObject,
    decide: (group, state) => {
      const role = state.complementRoles[state.complementCount] ?? ROLES[state.processType].second;
      state.complementCount += 1;
      state.participants.push(
        withCoordinates(
          state,
          group,
          role,
          participantOf(state.view, state.groups, group, role, state.consumed, undefined),
        ),
      );
    },
    examples: [{ text: 'The tenant must return the keys.', expect: 'goal=the keys' }],
  },
  {
    // An adjective after the Event of a relational process is its Attribute (or Value); a fronted one stays fronted.
    id: 'ROLE.ADJECTIVE_ATTRIBUTE',
    cites: null,
    when: (group, state) =>
      group.type === 'adjectival' &&
      state.event !== undefined &&
      afterEvent(group, state) &&
      state.processType === 'relational' &&
      state.whAttribute === undefined,
    decide: (group, state) => {
      if (state.fronted !== undefined) return;
      state.participants.push(
        participant(
          state.complementCount === 0 ? (state.complementRoles[0] ?? 'attribute') : 'attribute',
          group,
        ),
      );
      state.complementCount += 1;
    },
    examples: [{ text: 'The soup is cold.', expect: 'attribute=cold' }],
  },
  {
    // "shall be divided by four", "was reduced by 5%": the "by" phrase of a verb of arithmetic, or one
    // that is a number or an amount, is the operand or the degree, no agent: a circumstance of means.
    id: 'CIRCUMSTANCE.BY_OPERAND',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.view.lower[group.start] === 'by' &&
      state.passive &&
      isOperandByPhrase(state.view.lower, state.view.pos, group.start, group.end, state.verbLemma),
    decide: (group, state) => {
      state.circumstances.push(circumstance('manner', 'means', group));
    },
    examples: [
      { text: 'The sum shall be divided by four.', expect: 'manner/means=by four' },
      { text: 'The rent was reduced by ten percent.', expect: 'manner/means=by ten percent' },
    ],
  },
  {
    // "delayed by fog": the by-phrase's nominal group is the Actor (Senser, Sayer), without "by".
    id: ROLE_RULES.passiveByAgent,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.view.lower[group.start] === 'by' &&
      state.passive &&
      group.end > group.start + 1 &&
      !hasTimeWord(state.view, group),
    decide: (group, state) => {
      const role = isPlease(state) ? 'phenomenon' : ROLES[state.processType].subject;
      state.participants.push(
        participantOf(
          state.view,
          state.groups,
          { ...group, start: group.start + 1 },
          role,
          state.consumed,
          undefined,
        ),
      );
      fire(state, ROLE_RULES.passiveByAgent);
    },
    examples: [{ text: 'The bridge was damaged by the flood.', expect: 'actor=the flood' }],
  },
  {
    // "The Company will respond to inquiries", "reply to the request": "to" + a noun naming a saying
    // (lexicons/transitivity-lexicon.ts) after a verb of saying is what is answered, the Verbiage, not
    // the one addressed.
    id: 'ROLE.VERBAL_TO_VERBIAGE',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.view.lower[group.start] === 'to' &&
      state.processType === 'verbal' &&
      SPEECH_EVENT_NOUNS.has(state.view.lower[firstNoun(state.view, group)] ?? ''),
    decide: (group, state) => {
      state.participants.push(participant('verbiage', group));
    },
    examples: [{ text: 'The Company will respond to inquiries.', expect: 'verbiage=to inquiries' }],
  },
  {
    // "She talked to the manager": "to" + nominal group after a verb of saying is the Receiver; not the "to" of
    // a preposition of several words ("pursuant to", "subject to", "with respect to", "from time to time"; the
    // group is its circumstance: ROLE.VERBAL_TO_COMPLEX) or before the verb.
    id: 'ROLE.VERBAL_TO_RECEIVER',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.view.lower[group.start] === 'to' &&
      state.processType === 'verbal' &&
      (state.frame.disabled?.has(VERBAL_TO_COMPLEX) === true ||
        (!toOfComplexPreposition(state.view.lower, group.start) &&
          (state.head < 0 || group.start > state.head))),
    decide: (group, state) => {
      state.participants.push(participant('receiver', group));
    },
    examples: [{ text: 'She explained the plan to the manager.', expect: 'receiver=to the manager' }],
  },
  {
    // "Looking forward to your reply": the to-group of "look forward" is the Phenomenon (PROCESS.LOOK_FORWARD).
    id: 'ROLE.LOOK_FORWARD_PHENOMENON',
    cites: null,
    when: (group, state) => state.processType === 'mental' && lookForwardGroups(state)?.to === group,
    decide: (group, state) => {
      state.participants.push(participant('phenomenon', group));
    },
    examples: [{ text: 'I look forward to your reply.', expect: 'phenomenon=to your reply' }],
  },
  {
    // "Any change must be in writing": a prepositional group as the only complement of "be" is a
    // circumstantial Attribute; so is "like" + a nominal group after a sense verb ("It sounds like a plan").
    id: 'ROLE.CIRCUMSTANTIAL_ATTRIBUTE',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.processType === 'relational' &&
      state.event !== undefined &&
      (state.verbLemma === 'be' || (senseLike(state) && group.start === state.event.end)) &&
      state.complementRoles.length > 0 &&
      state.firstObject === undefined &&
      state.fronted === undefined &&
      state.whAttribute === undefined &&
      state.complementCount === 0 &&
      afterEvent(group, state) &&
      !state.groups.some((other) => other.type === 'adjectival' && other.start >= eventEnd(state)),
    decide: (group, state) => {
      state.participants.push(participant('attribute', group));
      state.complementCount += 1;
    },
    examples: [{ text: 'Any change must be in writing.', expect: 'attribute=in writing' }],
  },
  {
    // "The Company may enter into a sponsorship agreement", "Licensee shall comply with all applicable laws", "The Fee
    // consists of two parts": the phrase of a prepositional verb's own preposition right after it completes the
    // process: the Range of a material process, the Attribute of a relational one (PREPOSITIONAL_RANGE_VERBS).
    id: 'ROLE.PREPOSITIONAL_RANGE',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      group.end > group.start + 1 &&
      !state.passive &&
      state.event !== undefined &&
      group.start === state.event.end &&
      // (Relational only for "consist": "are engaged in a broad range of transactions" has its Attribute already.)
      (state.processType === 'material' ||
        (state.processType === 'relational' && state.verbLemma === 'consist')) &&
      state.firstObject === undefined &&
      state.complementCount === 0 &&
      PREPOSITIONAL_RANGE_VERBS.get(state.verbLemma ?? '')?.has(state.view.lower[group.start] ?? '') ===
        true &&
      // (Not a state entered: "enters into (full) force on the Signing Date"; "engage in the business of" is a Range.)
      !(state.verbLemma === 'enter' && stateNoun(state, group)),
    decide: (group, state) => {
      state.participants.push(participant(state.processType === 'relational' ? 'attribute' : 'range', group));
      state.complementCount += 1;
    },
    examples: [
      {
        text: 'The Company may enter into a sponsorship agreement.',
        expect: 'range=into a sponsorship agreement',
      },
      { text: 'Licensee shall comply with all applicable laws.', expect: 'range=with all applicable laws' },
      { text: 'The Fee consists of two parts.', expect: 'attribute=of two parts' },
    ],
  },
  {
    // "The Agreement shall remain in full force and effect", "Title shall remain with Licensor": the group of state
    // after a verb of remaining is its (circumstantial) Attribute, as after "be" (stateGroup).
    id: STATE_ATTRIBUTE,
    cites: null,
    when: (group, state) =>
      state.processType === 'relational' &&
      group === stateGroup(state) &&
      (state.firstObject === undefined || state.firstObject === stateConjunct(state, group)) &&
      state.fronted === undefined &&
      state.whAttribute === undefined &&
      state.complementCount === 0,
    decide: (group, state) => {
      const conjunct = stateConjunct(state, group);
      if (conjunct === undefined) state.participants.push(participant('attribute', group));
      else {
        state.consumed.add(conjunct);
        state.participants.push(spanParticipant(state.view, 'attribute', group.start, conjunct.end));
      }
      state.complementCount += 1;
    },
    examples: [
      {
        text: 'The remainder of this Agreement shall remain in full force and effect.',
        expect: 'attribute=in full force and effect',
      },
      { text: 'Title to the Products shall remain with Licensor.', expect: 'attribute=with Licensor' },
    ],
  },
  {
    // "pay by December 31", "due by the 7th of the month": "by" before a point in time is a time, not a means.
    id: BY_DEADLINE,
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      state.view.lower[group.start] === 'by' &&
      byDeadline(state.view, group.start + 1, group.end),
    decide: (group, state) => {
      state.circumstances.push(circumstance('location', 'time', group));
    },
    examples: [
      { text: 'The Licensee shall pay the fee by December 31.', expect: 'location/time=by December 31' },
      { text: 'The Buyer shall pay the invoice by March 31.', expect: 'location/time=by March 31' },
    ],
  },
  {
    // A prepositional group is a circumstance of the type its preposition names (lexicons/circumstance-lexicon.ts);
    // a place preposition before a time word makes a time, "for" with no time word a purpose.
    id: 'CIRCUMSTANCE.PREPOSITION',
    cites: null,
    when: (group, state) =>
      group.type === 'prepositional' &&
      PREPOSITION_CIRCUMSTANCES[state.view.lower[group.start] ?? ''] !== undefined &&
      !conjunctionGroup(group, state) &&
      !formLabel(group, state),
    decide: (group, state) => {
      const { view } = state;
      const preposition = view.lower[group.start] ?? '';
      if (preposition === 'according') fire(state, ROLE_RULES.complexPreposition);
      const disabled = state.frame.disabled;
      // CIRCUMSTANCE.COORDINATED_PREPOSITION_GROUP: "from | and | against any | and | all claims": a preposition left
      // alone before "and"/"or" and another prepositional group shares that group's noun ("from and against", "by or on
      // behalf of", "with or without"), and a determiner left alone before "and"/"or" and a nominal group ("any and all
      // claims") shares its head; one circumstance, typed by the last preposition (the one next to the noun).
      const coordinating = disabled?.has(COORDINATED_PREPOSITION_GROUP) !== true;
      let end = group.end;
      // The last preposition's group (the group itself unless prepositions were coordinated).
      let last: Group = group;
      /** Takes the coordinator at `end` and the group after it in when they share what follows. */
      const coordinate = (wanted: 'prepositional' | 'nominal'): boolean => {
        if (!coordinating || (view.lower[end] !== 'and' && view.lower[end] !== 'or')) return false;
        const coordinator = state.groups.find((other) => other.start === end && other.type === 'conjunction');
        const next =
          coordinator === undefined
            ? undefined
            : state.groups.find((other) => other.start === coordinator.end);
        if (
          coordinator === undefined ||
          next === undefined ||
          state.consumed.has(next) ||
          next === state.event
        )
          return false;
        const shared =
          wanted === 'prepositional'
            ? view.pos[end - 1] === 'ADP' && next.type === 'prepositional' && next.end > next.start + 1
            : view.pos[end - 1] === 'DET' && next.type === 'nominal';
        if (!shared) return false;
        state.consumed.add(coordinator);
        state.consumed.add(next);
        end = next.end;
        if (wanted === 'prepositional') last = next;
        fire(state, COORDINATED_PREPOSITION_GROUP);
        return true;
      };
      while (coordinate('prepositional'));
      // CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP: a preposition of several words cut before its last word ("on behalf |
      // of the Supplier", "in accordance | with the law": the chunker opens a group at each preposition) takes the next
      // group in, the phrase's noun.
      const complex = complexPrepositionAt(view.lower, last.start);
      if (complex !== undefined && disabled?.has(COMPLEX_PREPOSITION_GROUP) !== true) {
        const next = state.groups.find((other) => other.start === end);
        if (
          last.start + complex.words === end + 1 &&
          next !== undefined &&
          next.type === 'prepositional' &&
          next.end > next.start + 1 &&
          !state.consumed.has(next) &&
          next !== state.event
        ) {
          state.consumed.add(next);
          end = next.end;
        }
      }
      while (coordinate('nominal'));
      const span = { start: group.start, end };
      // (`when` holds only for a preposition PREPOSITION_CIRCUMSTANCES knows.)
      let [type, subtype] = prepositionType(view.lower, view.pos, group.start, end, {
        references: disabled?.has(REFERENCE_NUMBER) !== true,
        pointsInTime: disabled?.has(FOR_POINT_IN_TIME) !== true,
        perAccordance: disabled?.has(PER_ACCORDANCE) !== true,
        uponParty: disabled?.has(UPON_PARTY) !== true,
        coordinatedPrepositions: disabled?.has(COORDINATED_PREPOSITION_TYPE) !== true,
      }) as readonly [CircumstanceType, string | null];
      // "agree upon the fees", "commented on the report": what is decided or said about (ON_MATTER_VERBS).
      if (onMatter(state.verbLemma, preposition) && !hasTimeWord(view, span, false))
        [type, subtype] = ['matter', null];
      // "at its own expense", "in its sole discretion": a noun of means, judgement or request (CIRCUMSTANCE.NOUN_TYPE).
      const byNoun = nounCircumstance(preposition, view.lower[end - 1] ?? '', end === group.start + 2);
      if (byNoun !== undefined && type === 'location' && disabled?.has(NOUN_TYPE) !== true) {
        [type, subtype] = byNoun;
        fire(state, NOUN_TYPE);
      }
      // A group opening with a preposition of several words takes its type ("to the extent necessary": condition, not
      // place by "to"; "in addition to the fee": accompaniment), as the tree's obliques do
      // (CIRCUMSTANCE.TREE_COMPLEX_PREPOSITION).
      if (
        complex !== undefined &&
        last.start + complex.words <= end &&
        disabled?.has(COMPLEX_PREPOSITION_GROUP) !== true
      ) {
        [type, subtype] = [complex.type, complex.subtype];
        fire(state, COMPLEX_PREPOSITION_GROUP);
      }
      state.circumstances.push(
        end === group.end
          ? circumstance(type, subtype, group)
          : circumstanceSpan(view, type, subtype, group.start, end),
      );
    },
    examples: [{ text: 'We walked in the garden.', expect: 'location/place=in the garden' }],
  },
  {
    // An adverb of place, time or manner (-ly) is a circumstance; modal, textual and interpersonal adjuncts,
    // the existential "there" and adverbs inside a fronted or WH element are not.
    id: 'CIRCUMSTANCE.ADVERB',
    cites: null,
    when: (group, state) => {
      if (group.type !== 'adverbial') return false;
      const { view, fronted, whAttribute } = state;
      if (fronted !== undefined && group.start >= fronted.start && group.end <= fronted.end) return false;
      if (whAttribute !== undefined && group.start >= whAttribute.start && group.end <= whAttribute.end)
        return false;
      const word = view.lower[group.head] ?? '';
      if (MODAL_ADJUNCTS[word] !== undefined || TEXTUAL_THEMES.has(word) || INTERPERSONAL_THEMES.has(word))
        return false;
      if (view.pos[group.head] !== 'ADV') return false;
      if (word === 'there' && state.processType === 'existential' && group.head === state.head - 1)
        return false;
      return PLACE_ADVERBS.has(word) || TIME_ADVERBS.has(word) || word.endsWith('ly');
    },
    decide: (group, state) => {
      const word = state.view.lower[group.head] ?? '';
      if (PLACE_ADVERBS.has(word)) state.circumstances.push(circumstance('location', 'place', group));
      else if (TIME_ADVERBS.has(word)) state.circumstances.push(circumstance('location', 'time', group));
      else state.circumstances.push(circumstance('manner', 'quality', group));
    },
    examples: [{ text: 'The children played outside.', expect: 'location/place=outside' }],
  },
];

/** The first noun of a group ("to **inquiries** from customers"), or -1. */
function firstNoun(view: ClauseView, group: Group): number {
  for (let index = group.start; index < group.end; index += 1)
    if (view.pos[index] === 'NOUN' || view.pos[index] === 'PROPN' || view.pos[index] === 'PRON') return index;
  return -1;
}

/** The stages of `analyzeTransitivity`, in the order they run, with how each applies its rules. */
export const TRANSITIVITY_STAGES: readonly {
  readonly name: string;
  readonly apply: 'first' | 'every' | 'per group, first';
  readonly rules: readonly (TransitivityRule | GroupRule)[];
}[] = [
  { name: 'event', apply: 'first', rules: EVENT_RULES },
  { name: 'voice', apply: 'every', rules: VOICE_RULES },
  { name: 'passive "to"', apply: 'first', rules: PASSIVE_TO_RULES },
  { name: 'verb', apply: 'every', rules: VERB_RULES },
  { name: 'process type from the verb', apply: 'first', rules: PROCESS_RULES_BY_VERB },
  { name: 'process type from prior and frame', apply: 'every', rules: PROCESS_REFINING_RULES },
  { name: 'clause scope', apply: 'every', rules: SCOPE_RULES },
  { name: 'candidates', apply: 'every', rules: CANDIDATE_RULES },
  { name: 'subject', apply: 'first', rules: SUBJECT_RULES },
  { name: 'fronted and inverted', apply: 'every', rules: FRONTED_RULES },
  { name: 'identification', apply: 'first', rules: IDENTIFICATION_RULES },
  { name: 'complement roles', apply: 'first', rules: COMPLEMENT_ROLE_RULES },
  { name: 'participant scope', apply: 'every', rules: PARTICIPANT_SCOPE_RULES },
  { name: 'groups', apply: 'per group, first', rules: GROUP_RULES },
];

/**
 * Process type, participants and circumstances (ANNOTATION.md, "Process type"): the stages of
 * `TRANSITIVITY_STAGES` run in order on one state, each with its runner (rule-table.ts).
 */
export function analyzeTransitivity(
  view: ClauseView,
  passive: boolean,
  polarity: 'positive' | 'negative',
  mood: Mood,
  frame: TransitivityFrame = {},
): Ideational {
  const { syntactic } = view;
  const groups = syntactic.groups;
  const disabled = frame.disabled;
  const state: TransitivityState = {
    view,
    groups,
    mood,
    frame,
    fired: [],
    consumed: new Set<Group>(),
    head: view.head,
    event: view.verbalGroup,
    passive,
    prepositionalTo: -1,
    nextAfterEvent: undefined,
    verbLemma: null,
    processType: 'relational',
    matched: 'PROCESS.VERBLESS',
    unlisted: false,
    lexical: false,
    prior: undefined,
    participleAttribute: undefined,
    pre: [],
    post: [],
    nonFinite: Number.POSITIVE_INFINITY,
    finiteGroup: undefined,
    inverted: false,
    subject: undefined,
    fronted: undefined,
    whAttribute: undefined,
    strandedReceiver: false,
    objects: [],
    firstObject: undefined,
    complementRoles: [],
    subjectRole: 'carrier',
    frontedRole: 'attribute',
    complement: undefined,
    identifying: false,
    reversed: false,
    coordinated: new Map<Group, number>(),
    participants: [],
    circumstances: [],
    complementCount: 0,
  };
  // The Event and voice.
  if (state.event !== undefined && state.head >= 0) firstRule(EVENT_RULES, state, state, disabled);
  everyRule(VOICE_RULES, state, state, disabled);
  firstRule(PASSIVE_TO_RULES, state, state, disabled);
  // The verb and the process type.
  const event = state.event;
  state.nextAfterEvent = event === undefined ? undefined : groups.find((group) => group.start >= event.end);
  state.verbLemma = state.head >= 0 ? (view.lemma[state.head] ?? null) : null;
  everyRule(VERB_RULES, state, state, disabled);
  firstRule(PROCESS_RULES_BY_VERB, state, state, disabled);
  everyRule(PROCESS_REFINING_RULES, state, state, disabled);
  // What is a participant of this process at all.
  everyRule(SCOPE_RULES, state, state, disabled);
  const start = eventStart(state);
  const end = eventEnd(state);
  state.pre = groups.filter((group) => group.end <= start && isCandidate(state, group));
  state.post = groups.filter(
    (group) =>
      group.start >= end && group.start < state.nonFinite && group !== event && isCandidate(state, group),
  );
  everyRule(CANDIDATE_RULES, state, state, disabled);
  // The Subject and fronted complements.
  const finite = view.finite;
  state.finiteGroup =
    finite >= 0
      ? groups.find((group) => group.type === 'verbal' && group.start <= finite && finite < group.end)
      : undefined;
  state.inverted =
    state.finiteGroup !== undefined &&
    event !== undefined &&
    state.finiteGroup !== event &&
    state.finiteGroup.end <= event.start;
  firstRule(SUBJECT_RULES, state, state, disabled);
  everyRule(FRONTED_RULES, state, state, disabled);
  // The roles of the Subject and the complements after the Event.
  state.objects = state.post.filter((group) => group !== state.subject);
  state.firstObject = state.objects[0];
  const roles = ROLES[state.processType];
  state.subjectRole = state.passive
    ? state.processType === 'verbal' && RECEIVER_VERBS.has(state.verbLemma ?? '')
      ? 'receiver'
      : PASSIVE_SUBJECT[state.processType]
    : roles.subject;
  state.frontedRole = roles.object;
  firstRule(COMPLEMENT_ROLE_RULES, state, state, disabled);
  everyRule(PARTICIPANT_SCOPE_RULES, state, state, disabled);
  // The participants in order: Subject, participle Attribute, fronted complement, WH Attribute, then the groups.
  const { participants, subject, subjectRole } = state;
  if (subject !== undefined)
    participants.push(
      withCoordinates(
        state,
        subject,
        subjectRole,
        participantOf(view, groups, subject, subjectRole, state.consumed, state.event),
      ),
    );
  if (state.participleAttribute !== undefined && state.event !== undefined)
    participants.push(
      spanParticipant(view, 'attribute', state.participleAttribute.start, state.participleAttribute.end),
    );
  if (state.fronted !== undefined)
    participants.push(
      spanParticipant(
        view,
        state.strandedReceiver ? 'receiver' : state.frontedRole,
        state.fronted.start,
        state.fronted.end,
      ),
    );
  if (state.whAttribute !== undefined)
    participants.push(spanParticipant(view, 'attribute', state.whAttribute.start, state.whAttribute.end));
  for (const group of groups) {
    if (state.consumed.has(group) || group === state.event || group === state.subject) continue;
    firstRule(GROUP_RULES, group, state, disabled);
  }
  let matched = state.matched;
  if (state.fired.length > 0) matched = `${matched} ${[...new Set(state.fired)].join(' ')}`;
  const { verbLemma } = state;
  return {
    clauseId: syntactic.id,
    processType: state.processType,
    participants,
    circumstances: state.circumstances,
    rawTransitivity: {
      verbLemma,
      voice: verbLemma === null ? null : state.passive ? 'passive' : 'active',
      polarity,
      matched,
    },
  };
}

/** Whether a nominal group's premodifiers make it a unique role: a superlative, "main", "only", "first". */
function uniqueRole(view: ClauseView, group: Group): boolean {
  for (let index = group.start; index < group.head; index += 1) {
    const word = view.lower[index] ?? '';
    if (UNIQUE_MODIFIERS.has(word)) return true;
    if (view.pos[index] === 'ADJ' && word.length > 4 && word.endsWith('est') && !NOT_SUPERLATIVE.has(word))
      return true;
  }
  return false;
}

const NON_FINITE_MARKERS = new Set<Group['type']>(['prepositional', 'conjunction']);

/**
 * Start of a non-finite clause the segmenter left inside this clause, after the Event: a to-infinitive
 * verbal group ("asked me to sign the form"), an -ing verb after a preposition ("advised us against
 * signing the lease"), or a preposition + gerund the tagger read as a noun ("warned us about opening the
 * box"), either followed by a nominal group. Infinity when there is none.
 */
function nonFiniteStart(view: ClauseView, groups: readonly Group[], eventEnd: number): number {
  for (let index = 0; index < groups.length; index += 1) {
    const group = groups[index] as Group;
    if (group.start < eventEnd) continue;
    const next = groups[index + 1];
    if (group.type === 'verbal') {
      const previous = groups[index - 1];
      if (view.lower[group.start] === 'to' && view.pos[group.start] === 'PART') return group.start;
      const word = view.lower[group.head] ?? '';
      if (
        view.pos[group.head] === 'VERB' &&
        word.endsWith('ing') &&
        previous !== undefined &&
        previous.end === group.start &&
        NON_FINITE_MARKERS.has(previous.type) &&
        (view.pos[previous.start] === 'ADP' || view.pos[previous.start] === 'SCONJ') &&
        previous.end === previous.start + 1
      )
        return previous.start;
    } else if (
      group.type === 'prepositional' &&
      group.end === group.start + 2 &&
      (view.lower[group.start + 1] ?? '').endsWith('ing') &&
      next?.type === 'nominal' &&
      next.start === group.end
    )
      return group.start;
  }
  return Number.POSITIVE_INFINITY;
}

/** Whether the tokens from `from` on are only punctuation. */
function isLastWord(view: ClauseView, from: number): boolean {
  for (let index = from; index < view.pos.length; index += 1) if (view.pos[index] !== 'PUNCT') return false;
  return true;
}

/** Whether a conjunction group or punctuation lies between two token positions. */
function separated(view: ClauseView, groups: readonly Group[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (view.pos[index] === 'PUNCT') return true;
  return groups.some((group) => group.type === 'conjunction' && group.start >= from && group.end <= to);
}

/** Type of a temporal nominal group ("last year", "every Sunday", "tomorrow morning"), or null. */
function temporalKind(
  view: ClauseView,
  group: Group,
  groups: readonly Group[],
): readonly [CircumstanceType, string] | null {
  const headWord = view.lower[group.head] ?? '';
  if (!TIME_NOUNS.has(headWord)) return null;
  const first = view.lower[group.start] ?? '';
  if (group.start === group.head) {
    // "Yesterday", "tomorrow morning" (after the time adverb), "Sundays".
    if (DEICTIC_TIME.has(headWord)) return ['location', 'time'];
    const previous = groups.find((other) => other.end === group.start);
    if (previous !== undefined && DEICTIC_TIME.has(view.lower[previous.end - 1] ?? ''))
      return ['location', 'time'];
    return null;
  }
  if (DEICTIC_TIME.has(first)) return ['location', 'time'];
  return TIME_DETERMINERS[first] ?? null;
}

/** A definite nominal group (the, possessive or demonstrative determiner, proper noun, "yours"). */
function definite(view: ClauseView, group: Group): boolean {
  const first = view.lower[group.start] ?? '';
  if (INDEFINITE.has(first)) return false;
  return (
    first === 'the' ||
    DEFINITE_DETERMINERS.has(first) ||
    view.pos[group.head] === 'PROPN' ||
    POSSESSIVE_PRONOUNS.has(view.lower[group.head] ?? '') ||
    view.lower.slice(group.start, group.end).some((word) => word === "'s" || word === '’s')
  );
}

/**
 * A participant from a nominal group, with its postmodifiers: "of" phrases after it, and for the Subject any
 * prepositional phrases up to the Event ("The key to success is ...").
 */
function participantOf(
  view: ClauseView,
  groups: readonly Group[],
  group: Group,
  role: ParticipantRole,
  consumed: Set<Group>,
  event: Group | undefined,
): Participant {
  let end = group.end;
  const taken: Group[] = [];
  for (;;) {
    const next = groups.find((candidate) => candidate.start === end);
    if (next?.type !== 'prepositional' || next.end <= next.start + 1) break;
    taken.push(next);
    end = next.end;
    if (view.lower[next.start] !== 'of') {
      const following = groups.find((candidate) => candidate.start === end);
      if (event === undefined || following === undefined || following.type !== 'verbal') {
        taken.pop();
        end = next.start;
        break;
      }
    }
  }
  for (const next of taken) consumed.add(next);
  if (end === group.end && groups.includes(group)) return participant(role, group);
  return spanParticipant(view, role, group.start, end);
}

function spanParticipant(view: ClauseView, role: ParticipantRole, start: number, end: number): Participant {
  return { role, text: spanText(view, start, end), start, end };
}

function circumstanceSpan(
  view: ClauseView,
  type: CircumstanceType,
  subtype: string | null,
  start: number,
  end: number,
): Circumstance {
  return { type, subtype, text: spanText(view, start, end), start, end };
}

/** The document text of tokens [start, end) of a clause. */
export function spanText(view: ClauseView, start: number, end: number): string {
  const { syntactic } = view;
  const first = syntactic.tokens[start];
  const last = syntactic.tokens[end - 1];
  if (first === undefined || last === undefined) return '';
  return syntactic.text.slice(first.start - syntactic.start, last.end - syntactic.start);
}

function objectRole(
  view: ClauseView,
  processType: ProcessType,
  group: Group,
  verbLemma: string,
): ParticipantRole {
  if (processType === 'material' && RANGE_OBJECTS.get(verbLemma)?.has(view.lower[group.head] ?? '') === true)
    return 'range';
  if (processType === 'material' && view.pos[group.head] === 'PRON' && group.end - group.start === 1) {
    // "gave her the keys": a pronoun directly after the verb followed by another group is the Beneficiary.
    const next = view.syntactic.groups.find((candidate) => candidate.start === group.end);
    if (next?.type === 'nominal') return 'beneficiary';
  }
  if (
    processType === 'material' &&
    INDEFINITE.has(view.lower[group.start] ?? '') &&
    view.lemma[view.head] === 'take'
  )
    return 'range';
  return ROLES[processType].object;
}

function hasTimeWord(view: ClauseView, group: { start: number; end: number }, dates = true): boolean {
  for (let index = group.start + 1; index < group.end; index += 1)
    if (isTimeWord(view.lower[index] ?? '', dates)) return true;
  return false;
}

function participant(role: ParticipantRole, group: Group): Participant {
  return { role, text: group.text, start: group.start, end: group.end };
}

function circumstance(type: CircumstanceType, subtype: string | null, group: Group): Circumstance {
  return { type, subtype, text: group.text, start: group.start, end: group.end };
}

/** Ids of every rule of the word-order transitivity stages, in apply order (for `disabledRules`). */
export const TRANSITIVITY_RULE_IDS: readonly string[] = TRANSITIVITY_STAGES.flatMap((stage) =>
  stage.rules.map((rule) => rule.id),
);
