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
import { PLACE_ADVERBS, PREPOSITION_CIRCUMSTANCES, TIME_ADVERBS } from './lexicons/circumstance-lexicon';
import { lexiconTable } from './lexicons/lexicon-table';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import { INTERPERSONAL_THEMES, TEXTUAL_THEMES } from './lexicons/mood-lexicon';
import { PHRASAL_PARTICLES, PROCESS_BY_LEMMA, verbPrior } from './lexicons/process-lexicon';
import {
  DEMONSTRATIVES,
  MODAL_FORMS,
  NEGATORS,
  POSSESSIVE_DETERMINERS,
  S_CLITICS,
  wordSet,
} from './lexicons/word-classes';
import { coordinatedNominalEnd, openingCircumstanceEnd } from './theme-analyzer';

export { PREPOSITION_CIRCUMSTANCES };

const INDEFINITE = new Set(['a', 'an', 'no', 'some', 'any', 'many', 'much', 'several']);

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

/** Words that make a nominal group a circumstance of time when they determine a time noun. */
const TIME_DETERMINERS: Readonly<Record<string, readonly [CircumstanceType, string]>> = lexiconTable({
  this: ['location', 'time'],
  that: ['location', 'time'],
  last: ['location', 'time'],
  next: ['location', 'time'],
  what: ['location', 'time'],
  which: ['location', 'time'],
  one: ['location', 'time'],
  every: ['extent', 'frequency'],
  each: ['extent', 'frequency'],
  all: ['extent', 'duration'],
  whole: ['extent', 'duration'],
});
/** Nouns and adverbs that name a time: heads of temporal nominal groups ("last year", "every Sunday"). */
const TIME_NOUNS = wordSet(`
  today tomorrow yesterday tonight monday tuesday wednesday thursday friday saturday sunday
  mondays tuesdays wednesdays thursdays fridays saturdays sundays january february march april
  june july august september october november december morning mornings afternoon afternoons
  evening evenings night nights week weeks month months year years day days hour hours minute
  minutes time times weekend weekends summer winter spring autumn season century decade semester
  quarter
`);
/** A word that makes a place preposition's group a time ("in May", "at noon", "in 1990", "on Sundays"). */
export const isTimeWord = (word: string): boolean =>
  TIME_NOUNS.has(word) || word === 'may' || word === 'noon' || word === 'midnight' || /^\d{1,4}$/.test(word);
const DEICTIC_TIME = new Set(['today', 'tomorrow', 'yesterday', 'tonight']);
/** Verbal verbs that with a thing as object mean getting it, a material process ("order a pizza"). */
const GOODS_VERBS = new Set(['order']);
/** Behavioural verbs of voice that with a Verbiage are verbal ("whispered something", "shouted a warning"). */
const SAYING_BEHAVIOURS = new Set([
  'whisper',
  'mutter',
  'shout',
  'yell',
  'scream',
  'grumble',
  'mumble',
  'moan',
]);
/** Nouns of process that after take/have are the Range ("take a shower", "have a nap"). */
const PROCESS_NOUNS: ReadonlySet<string> = wordSet(
  'shower showers bath baths walk walks look glance peek nap naps break breaks rest swim stroll breath sip bite jog dip wash shave',
);
/** Verbs whose object may be a stretch of time ("spent last week", "took all day"). */
const TIME_OBJECT_VERBS = new Set([
  'spend',
  'waste',
  'take',
  'last',
  'save',
  'kill',
  'lose',
  'pass',
  'need',
  'book',
]);

/** Material verbs with two objects: Beneficiary (recipient or client) then Goal. */
const DITRANSITIVE = wordSet(
  'give send offer show hand lend buy bring teach pass sell pay owe leave get make cook find fetch grant award mail post throw bake build order promise allow deny cost save',
);
/** Verbal verbs whose nominal object is the person addressed (Receiver). */
const RECEIVER_VERBS = wordSet(
  'ask tell warn notify inform remind advise assure thank instruct urge order command question praise criticize criticise blame accuse answer call persuade convince brief update email phone text contact consult',
);
/** Nouns that are what is said rather than who is addressed ("ask a question", "tell the truth"). */
const VERBIAGE_NOUNS = wordSet(
  'question questions story stories truth lie lies joke jokes favour favor name price way time secret secrets news answer reason details difference result results date address number',
);
/** Mental verbs of the "please" type: Phenomenon as Subject, Senser as object ("The noise annoys me"). */
export const PLEASE_TYPE = wordSet(
  'please annoy surprise frighten bore worry amaze delight impress upset disturb shock scare interest excite disappoint satisfy bother puzzle confuse irritate embarrass terrify horrify fascinate thrill offend depress astonish frustrate intrigue',
);
/** Relational verbs that identify: Token as Subject, Value as complement. */
const IDENTIFYING_VERBS = wordSet(
  'mean indicate represent constitute equal signify symbolize symbolise define denote play exemplify',
);
/** Relational verbs of possession: Carrier and (possessed) Attribute. */
const POSSESSIVE_VERBS = wordSet('have own possess include contain comprise lack hold');
/** Perception verbs that with an adjective are attributive relational ("tastes bitter"). */
const SENSE_VERBS = new Set(['look', 'sound', 'smell', 'taste', 'feel', 'seem', 'appear']);
/** Passive verbs that project an infinitive whose Actor is the Subject ("Staff are required to wear"). */
const PROJECTING_PASSIVE = wordSet(
  'require allow permit expect suppose ask force oblige encourage forbid prohibit advise tell invite urge instruct authorize authorise entitle schedule',
);
/** Possessive and demonstrative determiners: they make a nominal group definite. */
const DEFINITE_DETERMINERS = new Set([...POSSESSIVE_DETERMINERS, ...DEMONSTRATIVES]);
const POSSESSIVE_PRONOUNS = new Set(['mine', 'yours', 'hers', 'ours', 'theirs']);
const FRONTABLE = new Set([
  'how',
  'what',
  'which',
  'whose',
  'whom',
  'this',
  'that',
  'these',
  'those',
  'such',
]);

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

/** Verbs that take existential "there": be, and the verbs of existing and appearing. */
const EXISTENTIAL_VERBS = new Set(['be', 'exist', 'remain', 'live', 'arise', 'emerge', 'occur', 'follow']);

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

/** Process type, participants and circumstances (ANNOTATION.md, "Process type"). */
export function analyzeTransitivity(
  view: ClauseView,
  passiveIn: boolean,
  polarity: 'positive' | 'negative',
  mood: Mood,
  frame: TransitivityFrame = {},
): Ideational {
  const { syntactic } = view;
  const groups = syntactic.groups;
  const fired: string[] = [];
  const consumed = new Set<Group>();
  let head = view.head;
  let event: Group | undefined = view.verbalGroup;
  let passive = passiveIn;
  if (event !== undefined && head >= 0) {
    const at = groups.indexOf(event);
    const next = groups[at + 1];
    const after = groups[at + 2];
    const lemma = view.lemma[head];
    if (lemma === 'let' && next?.type === 'nominal' && S_CLITICS.has(view.lower[next.start] ?? '')) {
      // "Let's start": "'s" is no participant; the Event is the next verb (or the word the tagger took for a noun).
      consumed.add(next);
      let verb = next.end > next.start + 1 ? next.start + 1 : -1;
      for (let index = at + 2; verb < 0 && index < groups.length; index += 1) {
        const candidate = groups[index] as Group;
        if (candidate.type === 'verbal') verb = candidate.head;
        else if (candidate.type === 'nominal') {
          verb = candidate.start;
          if (candidate.end === candidate.start + 1) consumed.add(candidate);
        }
      }
      if (verb >= 0) {
        head = verb;
        event = {
          type: 'verbal',
          start: verb,
          end: verb + 1,
          head: verb,
          text: view.syntactic.tokens[verb]?.text ?? '',
        };
      }
      fired.push(ROLE_RULES.letsImperative);
    } else if (lemma === 'do' && head === event.start && view.finite === head && next?.type === 'nominal') {
      // "How many houses did the flood destroy?": the do-Finite is not the Event; the verb after the Subject is.
      if (after?.type === 'verbal' && view.pos[after.head] === 'VERB') {
        head = after.head;
        event = after;
        fired.push(ROLE_RULES.doSupport);
      } else if (
        after !== undefined &&
        after.start === after.end - 1 &&
        after.start === next.end &&
        (after.type === 'adjectival' || after.type === 'nominal') &&
        PROCESS_BY_LEMMA.has(view.lower[after.start] ?? '') &&
        groups[at + 3] === undefined
      ) {
        head = after.start;
        event = after;
        fired.push(ROLE_RULES.doSupport);
      }
    }
  }
  // "must be anonymised": a be-form before an -ed/-en verb the lemmatiser did not know is passive too.
  if (
    !passive &&
    event !== undefined &&
    head >= 0 &&
    view.pos[head] === 'VERB' &&
    /(?:ed|en)$/.test(view.lower[head] ?? '')
  ) {
    for (let index = event.start; index < head; index += 1)
      if (PASSIVE_BE.has(view.lower[index] ?? '')) passive = true;
  }
  let prepositionalTo = -1;
  if (passive && event !== undefined && head >= 0) {
    let to = -1;
    for (let index = head + 1; index < event.end; index += 1) if (view.lower[index] === 'to') to = index;
    if (to >= 0 && PROJECTING_PASSIVE.has(view.lemma[head] ?? '')) {
      // "Staff are required to wear badges": the Subject is the Actor of the infinitive's process.
      let verb = -1;
      for (let index = to + 1; index < event.end; index += 1) if (view.pos[index] === 'VERB') verb = index;
      if (verb >= 0) {
        passive = view.lower[to + 1] === 'be' && verb > to + 1;
        head = verb;
        fired.push(ROLE_RULES.projectedInfinitive);
      }
    } else if (to >= 0) prepositionalTo = to; // "exposed to direct sunlight": "to" is a preposition.
  }
  // "We've got plenty of time", "She's got a new job": "have got" is possessive "have", a relational process.
  const nextAfterEvent =
    event === undefined ? undefined : groups.find((group) => group.start >= (event as Group).end);
  const verbLemma =
    head >= 0
      ? view.lower[head] === 'got' &&
        (view.lemma[head - 1] === 'have' ||
          (HAS_CLITIC.has(view.lower[head - 1] ?? '') && nextAfterEvent?.type === 'nominal'))
        ? 'have'
        : (view.lemma[head] ?? null)
      : null;
  let processType: ProcessType = 'relational';
  let matched = 'PROCESS.VERBLESS';
  if (
    event !== undefined &&
    head >= 0 &&
    event.end === head + 2 &&
    PHRASAL_PARTICLES.get(verbLemma ?? '')?.has(view.lower[head + 1] ?? '') === true
  )
    fired.push(ROLE_RULES.phrasalVerb);
  // "There is a king", "Is there a pharmacy?" (the Finite before "there"), "there lived a king".
  // The tagger may read the "there" right before a verb of existing as an adverb ("Once upon a time there
  // lived a king": there/ADV): with no nsubj of the verb in the tree, it is the existential Subject.
  const existential =
    head >= 0 &&
    view.lower.some(
      (word, index) =>
        word === 'there' &&
        ((view.pos[index] === 'PRON' &&
          (index < head ||
            (index === head + 1 && (view.pos[head] === 'AUX' || view.pos[head] === 'VERB')))) ||
          (view.pos[index] === 'ADV' && index === head - 1 && !hasTreeSubject(view, head))),
    );
  if (existential && verbLemma !== null && EXISTENTIAL_VERBS.has(verbLemma)) {
    processType = 'existential';
    matched = 'PROCESS.THERE_BE';
  } else if (verbLemma !== null) {
    const listed = PROCESS_BY_LEMMA.get(verbLemma);
    processType = listed ?? 'material';
    matched = listed === undefined ? 'PROCESS.DEFAULT_MATERIAL' : `PROCESS.LEXICON:${verbLemma}`;
    if (listed === undefined) {
      // The hand lexicon keeps priority; a verb outside it takes its WordNet prior, then its frame.
      // Auxiliaries and modals left as the Event ("can u see", "I'd like") are no lexical verbs: WordNet's
      // "can" (preserve in tins) and "will" (bequeath) say nothing about them.
      const prior = view.pos[head] === 'AUX' || isModalVerb(verbLemma) ? undefined : verbPrior(verbLemma);
      if (prior !== undefined && prior.share >= PRIOR_MIN_SHARE) {
        processType = prior.type;
        matched = `${PROCESS_RULES.wordnetPrior}:${verbLemma}`;
        if (
          processType === 'behavioral' &&
          (passive || (nextAfterEvent?.type === 'nominal' && nextAfterEvent.start === event?.end))
        ) {
          // "nobody was injured", "she bandaged his arm": a behavioral process has a Behaver only, so a
          // verb of the body done to someone (a Goal, or a passive) is material.
          processType = 'material';
          matched = PROCESS_RULES.frameGoal;
        }
      }
      const adjectiveNext =
        nextAfterEvent?.type === 'adjectival' &&
        nextAfterEvent.start === event?.end &&
        view.pos[nextAfterEvent.head] === 'ADJ';
      if (frame.projects === true) {
        // "The Inn touts that ...", "I reckon it works": a clause that projects another says or senses.
        const verbal = prior?.shares.verbal ?? 0;
        const mental = prior?.shares.mental ?? 0;
        processType = mental > verbal ? 'mental' : 'verbal';
        matched = PROCESS_RULES.frameProjection;
      } else if (adjectiveNext && !passive) {
        // "The room fell silent", "We ended up tired": an adjective as complement is an Attribute.
        processType = 'relational';
        matched = PROCESS_RULES.frameAttribute;
      }
    }
    const object =
      nextAfterEvent?.type === 'nominal' && nextAfterEvent.start === event?.end ? nextAfterEvent : undefined;
    if (
      processType === 'verbal' &&
      GOODS_VERBS.has(verbLemma) &&
      !passive &&
      object !== undefined &&
      view.pos[object.head] === 'NOUN' &&
      !(view.lower[object.end] === 'to' && view.pos[object.end] === 'PART') &&
      view.lower[object.end] !== 'that'
    ) {
      // "Shall we order a pizza?": "order" a thing is to buy it (material); "ordered them to leave" stays verbal.
      processType = 'material';
      matched = ROLE_RULES.orderGoods;
    } else if (
      processType === 'behavioral' &&
      SAYING_BEHAVIOURS.has(verbLemma) &&
      object !== undefined &&
      temporalKind(view, object, groups) === null
    ) {
      // "He whispered something to his brother": with a Verbiage the process is one of saying (verbal).
      processType = 'verbal';
      matched = ROLE_RULES.sayingBehaviour;
    }
    if (
      verbLemma === 'have' &&
      nextAfterEvent?.type === 'nominal' &&
      nextAfterEvent.start === event?.end &&
      nextAfterEvent.head > nextAfterEvent.start &&
      PROCESS_NOUNS.has(view.lower[nextAfterEvent.head] ?? '')
    ) {
      // "We had a swim", "Have a look": "have" + a noun of process is a material process with a Range.
      processType = 'material';
      matched = ROLE_RULES.processNounRange;
    }
    if (
      nextAfterEvent?.type === 'adjectival' &&
      nextAfterEvent.start === event?.end &&
      (SENSE_VERBS.has(verbLemma) || BECOMING_VERBS.has(verbLemma)) &&
      !passive
    ) {
      // "The soup smells good", "He grew tired": attributive relational, Carrier + Attribute.
      processType = 'relational';
      matched = ROLE_RULES.senseAttribute;
    } else if (
      SENSE_VERBS.has(verbLemma) &&
      !passive &&
      event !== undefined &&
      !groups.some((group) => group.start >= (event as Group).end && group.type === 'nominal') &&
      groups.some(
        (group) =>
          group.end <= (event as Group).start &&
          group.end > group.start + 1 &&
          group.type === 'adjectival' &&
          view.lower[group.start] === 'how',
      )
    ) {
      // "How beautiful the garden looks!": the fronted how-adjective is the Attribute of a sense verb.
      processType = 'relational';
      matched = ROLE_RULES.senseAttribute;
    }
  }
  // "Equipment is state of the art": the tagger took the predicate for a verb, but the tree hangs a
  // copula on it, so the clause is relational whatever the word would be as a verb.
  // A present participle after "be" ("Isn't the store closing early?") is progressive: a copula the
  // parser hung on it is the auxiliary.
  const progressive = view.pos[head] === 'VERB' && (view.lower[head] ?? '').endsWith('ing');
  if (processType !== 'existential' && head >= 0 && verbLemma !== 'be' && !passive && !progressive) {
    const headStart = view.syntactic.tokens[head]?.start;
    if (
      headStart !== undefined &&
      view.syntactic.tokens.some((token) => token.deprel === 'cop' && token.headStart === headStart)
    ) {
      processType = 'relational';
      matched = PROCESS_RULES.frameCopula;
    }
  }
  // "The apartment is fully furnished", "You must be exhausted": be + a stative participle with no
  // by-agent and no object describes a state (Attribute), not a happening done to the Subject.
  let participleAttribute: { start: number; end: number } | undefined;
  if (
    passive &&
    head >= 0 &&
    event !== undefined &&
    STATIVE_PARTICIPLES.has(view.lower[head] ?? '') &&
    nextAfterEvent?.type !== 'nominal' &&
    !groups.some(
      (group) => group.start >= head && group.type === 'prepositional' && view.lower[group.start] === 'by',
    )
  ) {
    let start = head;
    while (start > event.start && view.pos[start - 1] === 'ADV' && !NEGATORS.has(view.lower[start - 1] ?? ''))
      start -= 1;
    participleAttribute = { start, end: head + 1 };
    passive = false;
    processType = 'relational';
    matched = ROLE_RULES.adjectivalParticiple;
  }
  const minor = mood === 'minor';
  if (minor) fired.push(ROLE_RULES.minorClause);
  const participants: Participant[] = [];
  const circumstances: Circumstance[] = [];
  const roles = ROLES[processType];
  // "Despite weeks of talks between unions and management, workers walked out": nominal groups inside
  // an opening circumstance (up to the comma that closes it) are no participants.
  {
    let at = 0;
    while (at < groups.length && (groups[at] as Group).type !== 'prepositional') {
      const type = (groups[at] as Group).type;
      if (type !== 'conjunction' && type !== 'adverbial') break;
      at += 1;
    }
    const close = openingCircumstanceEnd(view, groups, at);
    const last = groups[close - 1];
    if (close > at + 1 && last !== undefined && last.end <= (event?.start ?? -1)) {
      for (let index = at + 1; index < close; index += 1) {
        const group = groups[index] as Group;
        if (group.type === 'nominal') {
          consumed.add(group);
          fired.push(ROLE_RULES.openingCircumstance);
        }
      }
    }
  }
  const relative = syntactic.relation === 'relative';
  const please = processType === 'mental' && PLEASE_TYPE.has(verbLemma ?? '');

  // Candidate nominal groups: temporal groups and function words are set aside.
  const isCandidate = (group: Group): boolean => {
    if (consumed.has(group)) return false;
    if (group.type === 'conjunction')
      return (
        view.lower[group.start] === 'that' &&
        isLastWord(view, group.end) &&
        event !== undefined &&
        group.start >= event.end
      );
    if (group.type !== 'nominal') return false;
    const headWord = view.lower[group.head] ?? '';
    if (headWord === 'there' && processType === 'existential') return false;
    if (TEXTUAL_THEMES.has(headWord) || (relative && RELATIVES.has(headWord))) return false;
    if (group.start === group.end - 1 && FLOATING.has(headWord)) return false;
    return true;
  };
  const eventStart = event?.start ?? Number.POSITIVE_INFINITY;
  const eventEnd = event?.end ?? 0;
  const pre = groups.filter((group) => group.end <= eventStart && isCandidate(group));
  const nonFinite = nonFiniteStart(view, groups, eventEnd);
  if (
    nonFinite < Number.POSITIVE_INFINITY &&
    groups.some((group) => group.start > nonFinite && isCandidate(group))
  )
    fired.push(ROLE_RULES.nonFiniteObject);
  const post = groups.filter(
    (group) => group.start >= eventEnd && group.start < nonFinite && group !== event && isCandidate(group),
  );
  // "Sarah, pass me the salt", "Everyone, sit down": a short nominal group set off by a comma before a
  // base-form verb (no Finite before it) is a Vocative, not the Subject.
  const vocative = pre[0];
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
  ) {
    pre.shift();
    consumed.add(vocative);
    fired.push(ROLE_RULES.vocative);
  }
  // Temporal nominal groups are circumstances ("Yesterday the server crashed", "played every Sunday").
  const temporalOk =
    processType !== 'relational' && processType !== 'mental' && !TIME_OBJECT_VERBS.has(verbLemma ?? '');
  const timeCircumstance = (group: Group): Circumstance | null => {
    const kind = temporalKind(view, group, groups);
    return kind === null ? null : circumstance(kind[0], kind[1], group);
  };
  for (const list of [pre, post]) {
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const group = list[index] as Group;
      if (list === pre ? pre.length < 2 : !temporalOk) continue;
      const found = timeCircumstance(group);
      if (found === null) continue;
      circumstances.push(found);
      consumed.add(group);
      list.splice(index, 1);
      fired.push(ROLE_RULES.temporalNominal);
    }
  }

  // Subject and fronted complement.
  const finiteGroup =
    view.finite >= 0
      ? groups.find(
          (group) => group.type === 'verbal' && group.start <= view.finite && view.finite < group.end,
        )
      : undefined;
  let subject: Group | undefined;
  let fronted: { start: number; end: number } | undefined;
  const inverted =
    finiteGroup !== undefined &&
    event !== undefined &&
    finiteGroup !== event &&
    finiteGroup.end <= event.start;
  if (inverted && finiteGroup !== undefined) {
    subject = pre.find((group) => group.start >= finiteGroup.end);
    const before = pre.filter((group) => group.end <= finiteGroup.start);
    if (subject !== undefined) fired.push(ROLE_RULES.invertedSubject);
    if (subject !== undefined && before.length > 0)
      fronted = { start: (before[0] as Group).start, end: (before[before.length - 1] as Group).end };
  } else if (pre.length > 0) {
    subject = pre[0];
    const last = pre[pre.length - 1] as Group;
    const separate =
      pre.length >= 2 && separated(view, groups, (pre[pre.length - 2] as Group).end, last.start);
    const fromTree = separate ? treeSubjectGroup(view, pre, head) : undefined;
    if (fromTree !== undefined && fromTree !== subject) {
      subject = fromTree;
      fired.push(ROLE_RULES.treeSubject);
    } else if (pre.length >= 2 && !separate) {
      const first = pre[0] as Group;
      const how = groups.find((group) => group.end === first.start && view.lower[group.start] === 'how');
      const start = how?.start ?? first.start;
      subject = last;
      if (FRONTABLE.has(view.lower[start] ?? ''))
        fronted = { start, end: (pre[pre.length - 2] as Group).end };
    }
  }
  if (fronted === undefined && subject !== undefined && processType === 'relational' && !inverted) {
    // "How kind you are!": a how-group before the Subject is the fronted Attribute.
    const how = groups.find(
      (group) =>
        group.end === (subject as Group).start &&
        group.end > group.start + 1 &&
        (group.type === 'adjectival' || group.type === 'adverbial') &&
        view.lower[group.start] === 'how',
    );
    if (how !== undefined) fronted = { start: how.start, end: how.end };
  }
  // "Is the store open?", "where is the nearest pharmacy": the Subject follows the Finite.
  let whAttribute: { start: number; end: number } | undefined;
  if (subject === undefined && event !== undefined && processType !== 'existential' && post.length > 0) {
    const first = post[0] as Group;
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
    if (first.start === event.end && (polar || WH_ADVERBS.has(whLead))) {
      subject = first;
      post.shift();
      fired.push(ROLE_RULES.invertedSubject);
      if (processType === 'relational' && ATTRIBUTE_WH.has(whLead) && lead.length > 0)
        whAttribute = { start: (lead[0] as Group).start, end: (lead[lead.length - 1] as Group).end };
    }
  }
  // "Which hospital did they take him to?", "What are you looking at?": a fronted WH element whose
  // preposition is stranded at the end is the complement of that preposition, so a circumstance (in a
  // verbal clause, "to" marks the Receiver: "Who did you talk to?"), not a participant of the process.
  let strandedReceiver = false;
  if (fronted !== undefined && event !== undefined && processType !== 'relational') {
    const last = groups.filter((group) => group.type !== 'conjunction').pop();
    const word = last === undefined ? '' : (view.lower[last.start] ?? '');
    const known = PREPOSITION_CIRCUMSTANCES[word];
    if (
      last?.type === 'prepositional' &&
      last.end === last.start + 1 &&
      last.start >= event.end &&
      isLastWord(view, last.end) &&
      known !== undefined &&
      PHRASAL_PARTICLES.get(verbLemma ?? '')?.has(word) !== true
    ) {
      consumed.add(last);
      fired.push(ROLE_RULES.strandedPreposition);
      if (word === 'to' && processType === 'verbal') strandedReceiver = true;
      else {
        const [type, subtype] = word === 'for' ? (['cause', 'purpose'] as const) : known;
        circumstances.push(circumstanceSpan(view, type, subtype, fronted.start, fronted.end));
        fronted = undefined;
      }
    }
  }
  if (fronted !== undefined) fired.push(ROLE_RULES.frontedComplement);

  // Complements after the Event.
  const objects = post.filter((group) => group !== subject);
  const complementRoles: ParticipantRole[] = [];
  let subjectRole: ParticipantRole = passive ? PASSIVE_SUBJECT[processType] : roles.subject;
  let frontedRole: ParticipantRole = roles.object;
  const firstObject = objects[0];
  const secondObject = objects[1];
  const twoObjects =
    firstObject !== undefined && secondObject !== undefined && secondObject.start === firstObject.end;
  if (processType === 'relational') {
    const adjective = groups.find(
      (group) =>
        group.type === 'adjectival' && group.start >= eventEnd && group !== event && !consumed.has(group),
    );
    const complement = firstObject ?? adjective;
    let identifying = false;
    let reversed = false;
    if (fronted !== undefined || whAttribute !== undefined || POSSESSIVE_VERBS.has(verbLemma ?? ''))
      identifying = false;
    else if (IDENTIFYING_VERBS.has(verbLemma ?? '')) identifying = true;
    else if (
      verbLemma === 'be' &&
      complement?.type === 'nominal' &&
      subject !== undefined &&
      uniqueRole(view, subject)
    ) {
      // "Our biggest customer is a hospital in Leeds": a superlative (or main/only/first) Subject names a
      // unique role, so the clause identifies it: the Subject is the Value, the complement the Token.
      identifying = true;
      reversed = true;
      fired.push(ROLE_RULES.superlativeValue);
    } else if (complement?.type === 'nominal' && definite(view, complement)) {
      identifying = true;
      reversed =
        subject !== undefined &&
        view.lower[subject.start] === 'the' &&
        view.pos[subject.head] === 'NOUN' &&
        view.pos[complement.head] === 'PROPN';
    }
    subjectRole = identifying ? (reversed ? 'value' : 'token') : 'carrier';
    complementRoles.push(identifying ? (reversed ? 'token' : 'value') : 'attribute');
    frontedRole = 'attribute';
    if (event !== undefined) fired.push(ROLE_RULES.relationalPairing);
  } else if (processType === 'behavioral') {
    // ANNOTATION.md: a behavioral process has the Behaver as its only participant.
  } else if (processType === 'mental' && please) {
    if (passive) subjectRole = 'senser';
    else if (firstObject !== undefined) {
      subjectRole = 'phenomenon';
      complementRoles.push('senser');
      fired.push(ROLE_RULES.pleaseType);
    }
  } else if (processType === 'verbal') {
    const addressing = RECEIVER_VERBS.has(verbLemma ?? '');
    if (passive && addressing) subjectRole = 'receiver';
    if (twoObjects) {
      complementRoles.push('receiver', 'verbiage');
      fired.push(ROLE_RULES.ditransitive);
    } else if (firstObject !== undefined) {
      const word = view.lower[firstObject.head] ?? '';
      const receiver = !passive && ((addressing && !VERBIAGE_NOUNS.has(word)) || OBJECT_PRONOUNS.has(word));
      complementRoles.push(receiver ? 'receiver' : 'verbiage');
      if (receiver) fired.push(ROLE_RULES.verbalReceiver);
    }
  } else if (processType === 'material' && twoObjects && DITRANSITIVE.has(verbLemma ?? '')) {
    complementRoles.push('beneficiary', 'goal');
    fired.push(ROLE_RULES.ditransitive);
  } else if (firstObject !== undefined) {
    const role = objectRole(view, processType, firstObject, verbLemma ?? '');
    if (role === 'range') fired.push(ROLE_RULES.range);
    complementRoles.push(role);
  }

  if (event === undefined || minor) {
    // A verbless clause (minor clause, fragment) has no process, so no participants.
    subject = undefined;
    fronted = undefined;
    objects.length = 0;
  }
  // "Each kit contains two syringes and a vial": nominal groups joined by "and"/"or" are one participant.
  const coordinated = new Map<Group, number>();
  for (const group of [subject, ...objects]) {
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
    coordinated.set(group, (groups[after - 1] as Group).end);
    fired.push(ROLE_RULES.coordinatedNominal);
  }
  const withCoordinates = (group: Group, role: ParticipantRole, found: Participant): Participant => {
    const end = coordinated.get(group);
    return end === undefined ? found : spanParticipant(view, role, group.start, end);
  };
  if (subject !== undefined)
    participants.push(
      withCoordinates(
        subject,
        subjectRole,
        participantOf(view, groups, subject, subjectRole, consumed, event),
      ),
    );
  if (participleAttribute !== undefined && event !== undefined)
    participants.push(spanParticipant(view, 'attribute', participleAttribute.start, participleAttribute.end));
  if (fronted !== undefined)
    participants.push(
      spanParticipant(view, strandedReceiver ? 'receiver' : frontedRole, fronted.start, fronted.end),
    );
  if (whAttribute !== undefined)
    participants.push(spanParticipant(view, 'attribute', whAttribute.start, whAttribute.end));

  const objectSet = new Set(objects);
  let complementCount = 0;
  const behavioral = processType === 'behavioral';
  for (const group of groups) {
    if (consumed.has(group) || group === event || group === subject) continue;
    const after = event === undefined || group.start >= event.end;
    if (objectSet.has(group)) {
      if (behavioral) continue;
      if (prepositionalTo >= 0 && group.start === event?.end) {
        circumstances.push(circumstanceSpan(view, 'location', 'place', prepositionalTo, group.end));
        continue;
      }
      const role = complementRoles[complementCount] ?? roles.second;
      complementCount += 1;
      participants.push(
        withCoordinates(group, role, participantOf(view, groups, group, role, consumed, undefined)),
      );
    } else if (
      group.type === 'adjectival' &&
      event !== undefined &&
      after &&
      processType === 'relational' &&
      whAttribute === undefined
    ) {
      if (fronted !== undefined) continue;
      participants.push(
        participant(complementCount === 0 ? (complementRoles[0] ?? 'attribute') : 'attribute', group),
      );
      complementCount += 1;
    } else if (group.type === 'prepositional') {
      const preposition = view.lower[group.start] ?? '';
      if (preposition === 'by' && passive && group.end > group.start + 1 && !hasTimeWord(view, group)) {
        // "delayed by fog": the by-phrase's nominal group is the Actor (Senser, Sayer).
        const role = please ? 'phenomenon' : ROLES[processType].subject;
        participants.push(
          participantOf(view, groups, { ...group, start: group.start + 1 }, role, consumed, undefined),
        );
        fired.push(ROLE_RULES.passiveByAgent);
        continue;
      }
      if (preposition === 'to' && processType === 'verbal') {
        participants.push(participant('receiver', group));
        continue;
      }
      if (
        processType === 'relational' &&
        event !== undefined &&
        verbLemma === 'be' &&
        complementRoles.length > 0 &&
        firstObject === undefined &&
        fronted === undefined &&
        whAttribute === undefined &&
        complementCount === 0 &&
        after &&
        !groups.some((other) => other.type === 'adjectival' && other.start >= eventEnd)
      ) {
        // "Any change must be in writing": a circumstantial Attribute.
        participants.push(participant('attribute', group));
        complementCount += 1;
        continue;
      }
      const known = PREPOSITION_CIRCUMSTANCES[preposition];
      if (known === undefined) continue;
      if (preposition === 'according') fired.push(ROLE_RULES.complexPreposition);
      let [type, subtype] = known;
      if (type === 'location' && subtype === 'place') {
        for (let index = group.start + 1; index < group.end; index += 1) {
          if (isTimeWord(view.lower[index] ?? '')) subtype = 'time';
        }
      }
      if (preposition === 'for' && !hasTimeWord(view, group)) [type, subtype] = ['cause', 'purpose'];
      circumstances.push(circumstance(type, subtype, group));
    } else if (group.type === 'adverbial') {
      if (fronted !== undefined && group.start >= fronted.start && group.end <= fronted.end) continue;
      if (whAttribute !== undefined && group.start >= whAttribute.start && group.end <= whAttribute.end)
        continue;
      const word = view.lower[group.head] ?? '';
      if (MODAL_ADJUNCTS[word] !== undefined || TEXTUAL_THEMES.has(word) || INTERPERSONAL_THEMES.has(word))
        continue;
      if (view.pos[group.head] !== 'ADV') continue;
      // The existential "there" right before the Event is its Subject, no place.
      if (word === 'there' && processType === 'existential' && group.head === head - 1) continue;
      if (PLACE_ADVERBS.has(word)) circumstances.push(circumstance('location', 'place', group));
      else if (TIME_ADVERBS.has(word)) circumstances.push(circumstance('location', 'time', group));
      else if (word.endsWith('ly')) circumstances.push(circumstance('manner', 'quality', group));
    }
  }
  if (fired.length > 0) matched = `${matched} ${[...new Set(fired)].join(' ')}`;
  return {
    clauseId: syntactic.id,
    processType,
    participants,
    circumstances,
    rawTransitivity: {
      verbLemma,
      voice: verbLemma === null ? null : passive ? 'passive' : 'active',
      polarity,
      matched,
    },
  };
}

const HAS_CLITIC = new Set(["'s", '’s', "'ve", '’ve']);
const PASSIVE_BE = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', 'am']);
const RELATIVES = new Set(['who', 'which', 'that', 'whom']);
const FLOATING = new Set([
  'all',
  'both',
  'each',
  'myself',
  'yourself',
  'himself',
  'herself',
  'itself',
  'ourselves',
  'themselves',
]);
const WH_ADVERBS = new Set(['where', 'when', 'how', 'why']);
const ATTRIBUTE_WH = new Set(['where', 'when', 'how']);
const OBJECT_PRONOUNS = new Set(['me', 'him', 'us', 'them']);
/** Verbs of becoming that with an adjective are attributive relational ("grew tired"). */
const BECOMING_VERBS = new Set(['get', 'grow', 'turn', 'go', 'become', 'remain', 'stay', 'keep']);

/** Participles that after "be" name a state rather than a happening ("is broken", "are married"). */
const STATIVE_PARTICIPLES = wordSet(
  'exhausted tired broken closed married divorced engaged interested worried excited bored confused scared frightened terrified pleased satisfied disappointed surprised shocked amazed embarrassed annoyed concerned involved qualified unqualified located situated based furnished unfurnished crowded packed insured licensed registered entitled delighted thrilled lost stuck dressed employed unemployed retired spoiled spoilt',
);
/** Premodifiers that make a nominal group name a unique role ("the main cause", "our only option"). */
const UNIQUE_MODIFIERS = new Set([
  'main',
  'only',
  'first',
  'last',
  'best',
  'worst',
  'most',
  'least',
  'chief',
  'sole',
  'primary',
  'principal',
  'biggest',
  'largest',
]);
const NOT_SUPERLATIVE = new Set([
  'honest',
  'modest',
  'earnest',
  'interest',
  'forest',
  'west',
  'rest',
  'test',
  'nest',
  'chest',
]);

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

/**
 * Nominal heads that are the Range of a material process with a given verb: the domain or extent of the
 * process rather than something it is done to ("played tennis", "ran the marathon", "took a shower").
 */
const RANGE_OBJECTS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const sports =
    'tennis football soccer chess golf basketball baseball cricket rugby hockey volleyball badminton squash poker bridge cards darts snooker pool netball handball billiards game games match matches round rounds set sets'.split(
      ' ',
    );
  const distances =
    'marathon marathons race races mile miles kilometre kilometres kilometer kilometers km lap laps distance course sprint relay length lengths'.split(
      ' ',
    );
  const behaviours = PROCESS_NOUNS;
  const map = new Map<string, ReadonlySet<string>>();
  map.set('play', new Set(sports));
  for (const verb of ['run', 'swim', 'walk', 'ride', 'cycle', 'jog', 'hike', 'row', 'sail', 'drive'])
    map.set(verb, new Set(distances));
  map.set(
    'climb',
    new Set([...distances, 'mountain', 'mountains', 'peak', 'summit', 'hill', 'cliff', 'wall']),
  );
  map.set('take', behaviours);
  map.set('have', behaviours);
  return map;
})();

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

function hasTimeWord(view: ClauseView, group: Group): boolean {
  for (let index = group.start + 1; index < group.end; index += 1)
    if (isTimeWord(view.lower[index] ?? '')) return true;
  return false;
}

function participant(role: ParticipantRole, group: Group): Participant {
  return { role, text: group.text, start: group.start, end: group.end };
}

function circumstance(type: CircumstanceType, subtype: string | null, group: Group): Circumstance {
  return { type, subtype, text: group.text, start: group.start, end: group.end };
}
