import type { CircumstanceType } from '@cae/core';
import { PREPOSITION_CIRCUMSTANCES } from './circumstance-lexicon';
import { PARTY_NOUNS } from './contract-lexicon';
import { lexiconTable } from './lexicon-table';
import { BE_FORMS, DEMONSTRATIVES, POSSESSIVE_DETERMINERS, wordSet } from './word-classes';

/**
 * Closed word classes of the transitivity rules (transitivity-analyzer.ts, transitivity-tree.ts):
 * which verbs take which participants, and which words make a group a time, a definite or a unique role.
 */

/** Determiners that make a nominal group indefinite. */
export const INDEFINITE: ReadonlySet<string> = new Set([
  'a',
  'an',
  'no',
  'some',
  'any',
  'many',
  'much',
  'several',
]);

/** Words that make a nominal group a circumstance of time when they determine a time noun. */
export const TIME_DETERMINERS: Readonly<Record<string, readonly [CircumstanceType, string]>> = lexiconTable({
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
export const TIME_NOUNS: ReadonlySet<string> = wordSet(`
  today tomorrow yesterday tonight monday tuesday wednesday thursday friday saturday sunday
  mondays tuesdays wednesdays thursdays fridays saturdays sundays january february march april
  june july august september october november december morning mornings afternoon afternoons
  evening evenings night nights week weeks month months year years day days hour hours minute
  minutes time times weekend weekends summer winter spring autumn season century decade semester
  quarter
`);
/**
 * Heads of a nominal group after "by" that name a point in time, with TIME_NOUNS: a deadline ("by the
 * Effective Date", "by the end of the month", "by the later of ...").
 */
export const DEADLINE_NOUNS: ReadonlySet<string> = wordSet(`
  date dates deadline deadlines anniversary end close expiration expiry later earlier latest earliest noon
  midnight
`);
/** Words before a unit of time that say which days count ("ten business days"). */
const DAY_KINDS: ReadonlySet<string> = wordSet('business calendar working banking');
/** Units after a number that make a "by" group an amount of time, no deadline ("extended by thirty (30) days"). */
export const DURATION_UNITS: ReadonlySet<string> = wordSet(
  'day days week weeks month months year years hour hours',
);
/** Time adverbs that name a day relative to now. */
export const DEICTIC_TIME: ReadonlySet<string> = new Set(['today', 'tomorrow', 'yesterday', 'tonight']);
/** Verbal verbs that with a thing as object mean getting it, a material process ("order a pizza"). */
export const GOODS_VERBS: ReadonlySet<string> = new Set(['order']);
/** Behavioural verbs of voice that with a Verbiage are verbal ("whispered something", "shouted a warning"). */
export const SAYING_BEHAVIOURS: ReadonlySet<string> = wordSet(
  'whisper mutter shout yell scream grumble mumble moan',
);
/**
 * Verbs that, right before a colon ending their clause, introduce what was written or said after it, a verbal
 * process ("Jordan Lee <jlee@example.com> wrote:", "She added:"; PROCESS.QUOTE_COLON).
 */
export const QUOTE_COLON_VERBS: ReadonlySet<string> = wordSet('write add reply respond answer continue');
/** Nouns of process that after take/have are the Range ("take a shower", "have a nap"). */
export const PROCESS_NOUNS: ReadonlySet<string> = wordSet(
  'shower showers bath baths walk walks look glance peek nap naps break breaks rest swim stroll breath sip bite jog dip wash shave',
);
/** Verbs whose object may be a stretch of time ("spent last week", "took all day"). */
export const TIME_OBJECT_VERBS: ReadonlySet<string> = wordSet(
  'spend waste take last save kill lose pass need book',
);

/** Material verbs with two objects: Beneficiary (recipient or client) then Goal. */
export const DITRANSITIVE: ReadonlySet<string> = wordSet(
  'give send offer show hand lend buy bring teach pass sell pay owe leave get make cook find fetch grant award mail post throw bake build order promise allow deny cost save provide afford issue',
);
/**
 * Whether a nominal's head word names a party, one a thing can be given to: a pronoun, a name, a party's noun
 * (`PARTY_NOUNS`, by its lemma or lower-case form `word`) or a capitalised defined term (`surface` as written:
 * "Distributor", "the Indemnifying Party"). TREE.DOUBLE_OBJECT and PARTICIPANT.TREE_RECIPIENT.
 */
export function namesParty(tag: string | undefined, word: string, surface: string): boolean {
  return (
    tag === 'PRON' || tag === 'PROPN' || PARTY_NOUNS.has(word) || (tag === 'NOUN' && /^\p{Lu}/u.test(surface))
  );
}

/**
 * Verbs of giving and handing over whose object may follow the "to" phrase of the one it goes to ("shall deliver to
 * the Repairer **a copy of such documentation**", "shall not divulge to any person **any information**"; see
 * TREE.OBJECT_AFTER_RECIPIENT).
 */
export const TRANSFER_TO_VERBS: ReadonlySet<string> = wordSet(
  'give grant pay deliver provide disclose divulge furnish return transfer assign sell send supply license sublicense issue submit reimburse remit tender convey lend offer show communicate reveal present distribute ship refund forward mail hand allocate credit surrender render pledge loan advance contribute deposit owe lease sublease make',
);
/**
 * Nouns after "to" that name where something goes or what it is made to, not who receives it ("ship the Products to
 * the Territory", "deliver to the address", "submit any dispute to arbitration", "make changes to the Software";
 * PARTICIPANT.TREE_RECIPIENT).
 */
export const DESTINATION_NOUNS: ReadonlySet<string> = wordSet(
  'address addresses facility facilities premises territory location locations site sites warehouse warehouses account accounts port destination plant office offices court courts arbitration jurisdiction venue market markets country countries state city area region home place store stores website escrow software product products plan plans indenture section sections clause clauses article articles program programs system systems platform patent patents trademark trademarks statement statements',
);
/** Verbal verbs whose nominal object is the person addressed (Receiver). */
export const RECEIVER_VERBS: ReadonlySet<string> = wordSet(
  'ask tell warn notify inform remind advise assure thank instruct urge order command question praise criticize criticise blame accuse answer call persuade convince brief update email phone text contact consult counsel reassure caution',
);
/** Nouns that are what is said rather than who is addressed ("ask a question", "tell the truth"). */
export const VERBIAGE_NOUNS: ReadonlySet<string> = wordSet(
  'question questions story stories truth lie lies joke jokes favour favor name price way time secret secrets news answer reason details difference result results date address number',
);
/**
 * Nouns that name a saying ("respond to inquiries", "reply to the request", "answer to a complaint"): after
 * "to" in a verbal process they are what the saying answers (its Verbiage), not the one addressed.
 */
export const SPEECH_EVENT_NOUNS: ReadonlySet<string> = wordSet(
  'inquiry inquiries enquiry enquiries request requests question questions query queries complaint complaints claim claims notice notices demand demands letter letters call calls message messages email emails e-mail comment comments proposal proposals invitation invitations offer offers objection objections',
);
/** Mental verbs of the "please" type: Phenomenon as Subject, Senser as object ("The noise annoys me"). */
export const PLEASE_TYPE: ReadonlySet<string> = wordSet(
  'please convince annoy surprise frighten bore worry amaze delight impress upset disturb shock scare interest excite disappoint satisfy bother puzzle confuse irritate embarrass terrify horrify fascinate thrill offend depress astonish frustrate intrigue',
);
/** Relational verbs that identify: Token as Subject, Value as complement. */
export const IDENTIFYING_VERBS: ReadonlySet<string> = wordSet(
  'mean indicate represent constitute equal signify symbolize symbolise define denote play exemplify',
);
/** Relational verbs of possession: Carrier and (possessed) Attribute. */
export const POSSESSIVE_VERBS: ReadonlySet<string> = wordSet(
  'have own possess include contain comprise lack hold',
);
/** Perception verbs that with an adjective are attributive relational ("tastes bitter"). */
export const SENSE_VERBS: ReadonlySet<string> = wordSet('look sound smell taste feel seem appear');
/**
 * Verbs of remaining ("shall remain in full force and effect", "continues in effect", "stays in place"): with a
 * prepositional group of state right after them they are attributive relational, the group their Attribute
 * (ROLE.STATE_ATTRIBUTE; "continue" is made relational by PROCESS.CONTINUE_IN_STATE).
 */
export const REMAINING_VERBS: ReadonlySet<string> = wordSet('remain stay continue');
/** Prepositions whose group after "remain" is where or with whom it stays: its Attribute ("remain with Licensor"). */
export const REMAIN_PREPOSITIONS: ReadonlySet<string> = wordSet('in with under within at on inside outside');
/**
 * Nouns of a state a thing stays in, after "in": the group is an Attribute also of "stay" and "continue"
 * ("continue in full force and effect", "stay in place"), whose other "in" groups are circumstances ("continue in
 * good faith", "stayed in a hotel").
 */
export const STATE_NOUNS: ReadonlySet<string> = wordSet(
  'force effect place existence operation compliance standing office employment possession custody escrow default breach touch contact business session',
);
/**
 * Verbs whose prepositional phrase right after them completes the process rather than placing it (lemma ->
 * prepositions): the phrase is a participant, the Range of a material process ("enter **into an agreement**",
 * "comply **with all applicable laws**", "abide by the terms", "engage in any business") and the Attribute of a
 * relational one ("consists **of two parts**"), not a circumstance of place, accompaniment or means
 * (ROLE.PREPOSITIONAL_RANGE).
 */
export const PREPOSITIONAL_RANGE_VERBS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    enter: 'into',
    comply: 'with',
    abide: 'by',
    adhere: 'to',
    conform: 'to with',
    engage: 'in',
    participate: 'in',
    consist: 'of',
  }).map(([verb, prepositions]) => [verb, wordSet(prepositions)]),
);
/** Verbs of becoming that with an adjective are attributive relational ("grew tired"). */
export const BECOMING_VERBS: ReadonlySet<string> = wordSet('get grow turn go become remain stay keep');
/** Passive verbs that project an infinitive whose Actor is the Subject ("Staff are required to wear"). */
export const PROJECTING_PASSIVE: ReadonlySet<string> = wordSet(
  'require allow permit expect suppose ask force oblige encourage forbid prohibit advise tell invite urge instruct authorize authorise entitle schedule',
);
/** Verbs that take existential "there": be, and the verbs of existing and appearing. */
export const EXISTENTIAL_VERBS: ReadonlySet<string> = wordSet(
  'be exist remain live arise emerge occur follow',
);
/** Possessive and demonstrative determiners: they make a nominal group definite. */
export const DEFINITE_DETERMINERS: ReadonlySet<string> = new Set([
  ...POSSESSIVE_DETERMINERS,
  ...DEMONSTRATIVES,
]);
/** Independent possessive pronouns ("yours"): a definite nominal group. */
export const POSSESSIVE_PRONOUNS: ReadonlySet<string> = wordSet('mine yours hers ours theirs');
/** Words that open a complement fronted before the Subject ("What a mess this is", "How kind you are"). */
export const FRONTABLE: ReadonlySet<string> = wordSet('how what which whose whom this that these those such');
/** Clitics of "has"/"have" before "got" ("She's got", "We've got"). */
export const HAS_CLITICS: ReadonlySet<string> = new Set(["'s", '’s', "'ve", '’ve']);
/** The written forms of "be" that make a passive with a participle (the clitics left out). */
export const PASSIVE_BE: ReadonlySet<string> = new Set([...BE_FORMS].filter((form) => !form.startsWith("'")));
/** Relative pronouns: no participant of a relative clause. */
export const RELATIVES: ReadonlySet<string> = wordSet('who which that whom');
/** Quantifiers and reflexives floating alone ("they all left", "did it herself"): no participant. */
export const FLOATING: ReadonlySet<string> = wordSet(
  'all both each myself yourself himself herself itself ourselves themselves',
);
/** WH adverbs that open a question whose Subject follows the Finite ("where is the pharmacy"). */
export const WH_ADVERBS: ReadonlySet<string> = wordSet('where when how why');
/** WH adverbs that are the Attribute of a relational question ("where is the pharmacy"). */
export const ATTRIBUTE_WH: ReadonlySet<string> = wordSet('where when how');
/** Object pronouns that after a verb of saying are the Receiver ("told him"). */
export const OBJECT_PRONOUNS: ReadonlySet<string> = wordSet('me him us them');
/** Participles that after "be" name a state rather than a happening ("is broken", "are married"). */
export const STATIVE_PARTICIPLES: ReadonlySet<string> = wordSet(
  'exhausted tired broken closed married divorced engaged interested worried excited bored confused scared frightened terrified pleased satisfied disappointed surprised shocked amazed embarrassed annoyed concerned involved qualified unqualified located situated based furnished unfurnished crowded packed insured licensed registered entitled delighted thrilled lost stuck dressed employed unemployed retired spoiled spoilt',
);
/** Premodifiers that make a nominal group name a unique role ("the main cause", "our only option"). */
export const UNIQUE_MODIFIERS: ReadonlySet<string> = wordSet(
  'main only first last best worst most least chief sole primary principal biggest largest',
);
/** Words ending in "-est" that are no superlatives. */
export const NOT_SUPERLATIVE: ReadonlySet<string> = wordSet(
  'honest modest earnest interest forest west rest test nest chest',
);

/**
 * Nominal heads that are the Range of a material process with a given verb: the domain or extent of the
 * process rather than something it is done to ("played tennis", "ran the marathon", "took a shower").
 */
export const RANGE_OBJECTS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const sports =
    'tennis football soccer chess golf basketball baseball cricket rugby hockey volleyball badminton squash poker bridge cards darts snooker pool netball handball billiards game games match matches round rounds set sets'.split(
      ' ',
    );
  const distances =
    'marathon marathons race races mile miles kilometre kilometres kilometer kilometers km lap laps distance course sprint relay length lengths'.split(
      ' ',
    );
  const map = new Map<string, ReadonlySet<string>>();
  map.set('play', new Set(sports));
  for (const verb of ['run', 'swim', 'walk', 'ride', 'cycle', 'jog', 'hike', 'row', 'sail', 'drive'])
    map.set(verb, new Set(distances));
  map.set(
    'climb',
    new Set([...distances, 'mountain', 'mountains', 'peak', 'summit', 'hill', 'cliff', 'wall']),
  );
  map.set('take', PROCESS_NOUNS);
  map.set('have', PROCESS_NOUNS);
  return map;
})();

/**
 * Verbs of arithmetic whose "by" phrase is the operand, not an agent: "shall be divided by four",
 * "multiplied by the number of days" (the phrase is a circumstance of means, ANNOTATION.md).
 */
export const OPERAND_BY_VERBS: ReadonlySet<string> = wordSet('divide multiply');

/** Words that make a "by" phrase a quantity ("increased by 5 percent", "reduced by ten per cent"). */
export const QUANTITY_WORDS: ReadonlySet<string> = wordSet('percent per cent % basis points');

/**
 * Whether the passive "by" phrase over local tokens (start, end) after "by" at `by` is no agent: the
 * verb is one of arithmetic (OPERAND_BY_VERBS), or the phrase is a number or an amount ("by four",
 * "by 5%", "by ten percent", "by $100"), which no process takes as its doer.
 */
export function isOperandByPhrase(
  lower: readonly string[],
  pos: readonly string[],
  by: number,
  end: number,
  verbLemma: string | null,
): boolean {
  if (verbLemma !== null && OPERAND_BY_VERBS.has(verbLemma)) return true;
  let index = by + 1;
  while (index < end && (pos[index] === 'DET' || lower[index] === '$' || pos[index] === 'SYM')) index += 1;
  if (index >= end || pos[index] !== 'NUM') return false;
  // A number and what counts it only: "four", "5 %", "ten percent", "100 basis points", "thirty (30) days",
  // "ten business days".
  for (let next = index + 1; next < end; next += 1) {
    const word = lower[next] ?? '';
    if (pos[next] === 'NUM' || pos[next] === 'PUNCT' || QUANTITY_WORDS.has(word)) continue;
    if (!DURATION_UNITS.has(word) && !DAY_KINDS.has(word)) return false;
  }
  return true;
}

/**
 * Verbs the hand lexicon files under another type that say when they project a clause: "The line
 * represents the border" is relational, "Licensee represents that it owns the Software" is verbal (a
 * party's statement), as are "warrants that", "certifies that", "covenants that".
 */
export const SAYING_WHEN_PROJECTING: ReadonlySet<string> = wordSet(
  'represent warrant certify covenant stipulate add',
);

/** "(i)", "(a)", "(12)": the word of a list enumerator in parentheses. */
export const ENUMERATOR_WORD = /^(?:[ivx]{1,5}|[a-z]|\d{1,2})$/;

/**
 * Whether the tokens [start, end) are one list enumerator in parentheses ("Licensee shall **(a)** pay",
 * "RemainCo **(i)** shall not use"): no participant, whatever the tagger or the parser made of it.
 */
export function isParenthesisedEnumerator(lower: readonly string[], start: number, end: number): boolean {
  return (
    end === start + 1 &&
    ENUMERATOR_WORD.test(lower[start] ?? '') &&
    lower[start - 1] === '(' &&
    lower[end] === ')'
  );
}

/** Linking verbs: a participle after them is an adjectival Attribute ("The room felt crowded"). */
export const LINKING_VERBS: ReadonlySet<string> = new Set([
  'feel',
  'seem',
  'look',
  'sound',
  'appear',
  'become',
  'remain',
]);

/** Nouns whose complement opens with "into" ("Research into sleep"). */
export const INTO_NOUNS: ReadonlySet<string> = new Set([
  'research',
  'inquiry',
  'enquiry',
  'probe',
  'foray',
  'insight',
]);

/** Verbs whose object is the Subject of an infinitive after it ("ask him to go", "let them stay", "help us finish"). */
export const CONTROL_VERBS: ReadonlySet<string> = wordSet(
  'ask tell want allow expect force require enable help cause encourage let make get persuade invite order urge need like love prefer advise permit teach remind',
);

/**
 * Nouns of a period of time in the singular ("morning", "week", "monday", "summer"); narrower than TIME_NOUNS
 * (no plurals, months, "today" or "hour").
 */
export const TIME_PERIOD_NOUNS: ReadonlySet<string> = wordSet(
  'morning afternoon evening night day week weekend month year summer winter spring autumn time monday tuesday wednesday thursday friday saturday sunday',
);

/** Rule id of `referenceNumber`, in the word-order and the tree circumstance tables. */
export const REFERENCE_NUMBER = 'CIRCUMSTANCE.REFERENCE_NUMBER';
/** Nouns a number after which names a part of a text, not a year ("Section 7", "Article 12", "Exhibit 3"). */
const REFERENCE_NOUNS: ReadonlySet<string> = wordSet(
  'section sections article articles clause clauses paragraph paragraphs exhibit exhibits schedule schedules appendix annex attachment item items part chapter page pages rule note table figure subsection',
);

/**
 * CIRCUMSTANCE.REFERENCE_NUMBER: whether the word at `index` is a number that names a part of a text ("in Section
 * **7**", "under Article 12"): no time word, so "in Section 7" stays a place (before, location/time as "in 1990").
 */
export function referenceNumber(lower: readonly string[], index: number): boolean {
  return /^\d/.test(lower[index] ?? '') && REFERENCE_NOUNS.has(lower[index - 1] ?? '');
}

/** Rule id of `perAccordance`, in the word-order and the tree circumstance tables. */
export const PER_ACCORDANCE = 'CIRCUMSTANCE.PER_ACCORDANCE';

/**
 * CIRCUMSTANCE.PER_ACCORDANCE: whether "per" at `at` means "in accordance with" ("**per** your request", "per the
 * terms of this Agreement", "per Exhibit 9", "per Section 4"): a determiner, a possessive, a name or a part of a text
 * after it. "per hour", "per annum", "$5 per unit" (a unit after it) stay a rate (extent).
 */
export function perAccordance(lower: readonly string[], pos: readonly string[], at: number): boolean {
  if (lower[at] !== 'per') return false;
  const next = at + 1;
  return (
    pos[next] === 'DET' ||
    pos[next] === 'PRON' ||
    pos[next] === 'PROPN' ||
    REFERENCE_NOUNS.has(lower[next] ?? '')
  );
}

/** Rule id of `forPointInTime`, in the word-order and the tree circumstance tables. */
export const FOR_POINT_IN_TIME = 'CIRCUMSTANCE.FOR_POINT_IN_TIME';
const WEEKDAYS: ReadonlySet<string> = wordSet('monday tuesday wednesday thursday friday saturday sunday');
const PARTS_OF_DAY: ReadonlySet<string> = wordSet('morning afternoon evening night');

/**
 * CIRCUMSTANCE.FOR_POINT_IN_TIME: whether "for" at `at` opens a point in time, not a duration, in the words up to
 * `end`: "schedule a call for next week", "booked for tomorrow (morning)", "set for Monday", "for next Friday".
 * "for a week", "for two days", "for the next two weeks" stay durations.
 */
export function forPointInTime(lower: readonly string[], at: number, end: number): boolean {
  if (lower[at] !== 'for') return false;
  const first = lower[at + 1] ?? '';
  const length = end - at - 1;
  if ((DEICTIC_TIME.has(first) && first !== 'yesterday') || WEEKDAYS.has(first))
    return length === 1 || (length === 2 && PARTS_OF_DAY.has(lower[at + 2] ?? ''));
  return length === 2 && first === 'next' && TIME_PERIOD_NOUNS.has(lower[at + 2] ?? '');
}

/**
 * A word that makes a place preposition's group a time ("in May", "at noon", "in 1990", "on Sundays"); with `dates`, also
 * "date" ("on the date of delivery", "from the date first written above"), which after a verb of deciding names what
 * is decided ("agree on a delivery date": matter), so the check for that leaves it out.
 */
export const isTimeWord = (word: string, dates = true): boolean =>
  TIME_NOUNS.has(word) ||
  word === 'may' ||
  word === 'noon' ||
  word === 'midnight' ||
  (dates && (word === 'date' || word === 'dates')) ||
  /^\d{1,4}$/.test(word);

/** Which of the rules that retype a preposition's phrase are on (each id switches its part). */
export interface PrepositionSwitches {
  /** CIRCUMSTANCE.REFERENCE_NUMBER ("in Section 7" holds no time word). */
  readonly references: boolean;
  /** CIRCUMSTANCE.FOR_POINT_IN_TIME ("for next week" a time). */
  readonly pointsInTime: boolean;
  /** CIRCUMSTANCE.PER_ACCORDANCE ("per your request" manner/comparison). */
  readonly perAccordance: boolean;
  /** CIRCUMSTANCE.UPON_PARTY ("binding upon the parties" a place, not a time). */
  readonly uponParty: boolean;
  /** CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE ("from and against any claims" typed by "against"). */
  readonly coordinatedPrepositions: boolean;
}

/** Rule id of the coordinated prepositions' type (`prepositionType`), in the word-order and the tree circumstance tables. */
export const COORDINATED_PREPOSITION_TYPE = 'CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE';

/** Rule id of `uponParty`, in the word-order and the tree circumstance tables. */
export const UPON_PARTY = 'CIRCUMSTANCE.UPON_PARTY';
const UPON_PRONOUNS: ReadonlySet<string> = wordSet('it them him her us you me each');

/**
 * CIRCUMSTANCE.UPON_PARTY: "shall be binding **upon the parties** and their successors", "binding upon it", "upon
 * Licensee": "upon" before a party (its first noun one of PARTY_NOUNS, or a personal pronoun) is on whom something
 * rests, not a time as "upon written notice", "upon the occurrence" are: a place, as "on the parties".
 */
export function uponParty(
  lower: readonly string[],
  pos: readonly string[],
  at: number,
  end: number,
): boolean {
  if (lower[at] !== 'upon') return false;
  for (let index = at + 1; index < end; index += 1) {
    const tag = pos[index];
    if (tag === 'DET' || tag === 'ADJ' || tag === 'NUM') continue;
    // (A possessor is no head: "upon the Company's acceptance", "upon the parties' mutual agreement" are times.)
    if (lower[index + 1] === "'s" || lower[index + 1] === "'" || lower[index + 1] === '’s') continue;
    if (tag === 'PRON') return UPON_PRONOUNS.has(lower[index] ?? '');
    return (tag === 'NOUN' || tag === 'PROPN') && PARTY_NOUNS.has(lower[index] ?? '');
  }
  return false;
}

/** Whether the words [from, end) hold a time word ("in May", "in 1990"), a number that names a part of a text aside. */
export function phraseHasTime(
  lower: readonly string[],
  from: number,
  end: number,
  references: boolean,
  dates = true,
): boolean {
  for (let index = from; index < end; index += 1)
    if (isTimeWord(lower[index] ?? '', dates) && !(references && referenceNumber(lower, index))) return true;
  return false;
}

/** Nouns of a stretch of time that a "for" phrase measures ("for a **period** of one (1) year", "for the **Term**"). */
const PERIOD_NOUNS: ReadonlySet<string> = wordSet('period periods duration term');

/**
 * Whether the "for" phrase at `at` (up to `end`) has a noun of a stretch of time as its first noun ("for a period of
 * one (1) year", "for the Term", "for the duration of the project"): a duration, not a purpose, whether or not a time
 * word follows. The first noun only: "for breach of any term" stays a purpose.
 */
function forPeriod(lower: readonly string[], pos: readonly string[], at: number, end: number): boolean {
  for (let index = at + 1; index < end; index += 1) {
    const tag = pos[index];
    if (tag === 'DET' || tag === 'ADJ' || tag === 'NUM' || tag === 'ADV') continue;
    return (tag === 'NOUN' || tag === 'PROPN') && PERIOD_NOUNS.has(lower[index] ?? '');
  }
  return false;
}

/**
 * The circumstance a phrase opened by the one-word preposition at `at` names, up to `end`, for the word-order groups
 * and the tree's obliques alike: the preposition's type (PREPOSITION_CIRCUMSTANCES); a place before a time word a
 * time ("in May"); "for" with no time word a purpose; "per your request" manner/comparison; "for next week" a time.
 * Undefined for a preposition the table does not know. What only a caller knows (the verb's matter, the noun's type,
 * a preposition of several words) it adds itself.
 */
export function prepositionType(
  lower: readonly string[],
  pos: readonly string[],
  first: number,
  end: number,
  switches: PrepositionSwitches,
): readonly [CircumstanceType, string | null] | undefined {
  if (PREPOSITION_CIRCUMSTANCES[lower[first] ?? ''] === undefined) return undefined;
  let at = first;
  // CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE: prepositions joined by "and" or "or" that share one noun take the type
  // of the last, the one next to it ("indemnify and hold harmless ... **from and against** any and all claims" matter,
  // as "against any losses" is; "on or before the Closing Date" a time either way).
  // "by and between the parties" (a contract's preamble) is the idiom of "by", not a place.
  const idiom = lower[first] === 'by' && (lower[first + 2] === 'between' || lower[first + 2] === 'among');
  if (switches.coordinatedPrepositions && !idiom)
    while (
      (lower[at + 1] === 'and' || lower[at + 1] === 'or') &&
      pos[at + 2] === 'ADP' &&
      PREPOSITION_CIRCUMSTANCES[lower[at + 2] ?? ''] !== undefined &&
      at + 3 < end
    )
      at += 2;
  const preposition = lower[at] ?? '';
  const known = PREPOSITION_CIRCUMSTANCES[preposition] as readonly [CircumstanceType, string | null];
  let [type, subtype] = known;
  const timed = phraseHasTime(lower, at + 1, end, switches.references);
  if (type === 'location' && subtype === 'place' && timed) subtype = 'time';
  // "on or about September 23": a time where the first preposition, of place, has a time word after it.
  if (at !== first && timed && PREPOSITION_CIRCUMSTANCES[lower[first] ?? '']?.[0] === 'location')
    [type, subtype] = ['location', 'time'];
  if (preposition === 'for' && !timed && !forPeriod(lower, pos, at, end))
    [type, subtype] = ['cause', 'purpose'];
  if (switches.perAccordance && perAccordance(lower, pos, at)) [type, subtype] = ['manner', 'comparison'];
  if (switches.pointsInTime && forPointInTime(lower, at, end)) [type, subtype] = ['location', 'time'];
  if (switches.uponParty && !timed && uponParty(lower, pos, at, end)) [type, subtype] = ['location', 'place'];
  return [type, subtype];
}

/** Pronouns that name what is said, never who is addressed ("I emailed it", "Did you report that?"). */
export const SAID_PRONOUNS: ReadonlySet<string> = wordSet(
  'it this that something everything anything nothing',
);
/** WH-words that can be a to-infinitive's fronted complement ("what to do", "which form to sign"). */
export const WH_INFINITIVE_COMPLEMENTS: ReadonlySet<string> = wordSet('what which whom who whatever');

/**
 * Means of proceeding: a procedure, an act or a writing by which something is done, or a way of carrying goods ("by
 * reference", "by written notice", "by mutual agreement", "by a written instrument", "by operation of law", "by
 * arbitration", "by air"): a passive "by" phrase on one of these nouns is the means, no agent
 * (CIRCUMSTANCE.TREE_BY_PROCEDURE), unless a demonstrative or possessive points at one document ("by this
 * Agreement", "by its terms"); so is "by operation of law".
 */
export const MEANS_OF_PROCEEDING: ReadonlySet<string> = wordSet(
  'reference notice notification instrument agreement consent arbitration mediation litigation merger consolidation contract amendment resolution vote air sea rail freight means transmission',
);
/**
 * Verbs whose passive "by" phrase names a writing that acts, an agent even when its noun is a means of proceeding
 * ("to be bound by a confidentiality agreement", "governed by an agreement", "as permitted by written agreement").
 */
export const DOCUMENT_AGENT_VERBS: ReadonlySet<string> = wordSet(
  'bind govern supersede replace cover contemplate permit require authorize prohibit restrict limit define',
);
/** Means of sending a message, a thing or a payment ("by email", "by post", "by hand", "by wire transfer", "by check"): an oblique of means, never an agent (TREE.MEANS_AGENT). */
export const MEANS_OF_SENDING: ReadonlySet<string> = wordSet(
  'email e-mail mail post phone telephone fax courier facsimile telecopy telecopier telex messenger hand transfer check cheque',
);
