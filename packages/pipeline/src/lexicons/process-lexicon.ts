import type { ProcessType } from '@cae/core';
import { lexiconTable } from './lexicon-table';
import { words } from './word-classes';
import { WORDNET_VERB_PRIORS } from './wordnet-priors';

/** Verb lemmas by process type (ANNOTATION.md, "Process type"); material is also the default for unknown verbs. */
export const PROCESS_VERBS: Readonly<Record<ProcessType, readonly string[]>> = {
  material: words(`
    do make build return pay kick give take put bring send buy sell get go come move run walk drive fly
    cease discontinue halt
    omit ensure
    carry hold open close cut break fix repair create produce use apply add remove install set start begin
    stop finish end complete change turn leave arrive enter push pull throw catch hit write read
    cook eat drink wash clean play work help provide deliver increase decrease reduce grow raise rise fall
    drop lose win pick place keep offer serve sign submit download upload click press print pass ship
    transfer receive collect spend save invest charge cost destroy kill attack defend protect cover fill
    join meet visit travel return treat cure inject induce activate inhibit bind block regulate express
    mediate stimulate suppress enhance promote prevent cause result lead affect modify replace
    develop design implement perform conduct carry operate manage organize organise control handle process
    generate form establish found launch release publish deliver feed hang lay lift mount paint plant
    pour sew shake shut sit stand spread steal strike swim tear tie wear wrap dig fight hunt shoot
    climb jump ride sail draw fold hide mix stir boil bake fry heat cool freeze melt burn wake
    assign allocate attach bake dial fetch grab hire invite marry move order pack park post reach rent
    repay replace reserve restore retrieve scan select share sort split store stretch sweep switch test
    try update upgrade vote wait wipe withdraw accelerate migrate infect isolate purify synthesize
    transfect transform measure analyze analyse examine investigate evaluate assess compare calculate compute
    inspect audit deduct subtract withhold refund reimburse leak
    count combine divide separate connect link integrate extend expand limit restrict improve optimize
    enable allow let require support require target trigger enroll recruit administer randomize
    operate treat undergo exercise
    postpone perpetuate imperil jeopardise jeopardize endanger implicate embroil outlive
  `),
  mental: words(`
    think know believe feel see hear notice perceive want like love hate fear enjoy prefer wish hope
    need desire understand realize realise remember forget recognize recognise doubt wonder suppose
    imagine consider expect assume guess suspect mind appreciate admire dislike detest regret trust
    worry care decide learn discover find sense smell taste mean intend plan value envy miss crave
    long dread please surprise amaze bore frighten scare interest excite disappoint satisfy concern
    bother puzzle confuse convince persuade note observe identify determine detect predict estimate
    judge hypothesize hypothesise speculate presume annoy delight impress upset disturb shock irritate
    embarrass terrify horrify fascinate thrill offend depress astonish frustrate intrigue reconsider rethink
  `),
  relational: words(`
    be become seem appear look sound remain stay have own possess include contain comprise consist
    involve constitute represent equal mean indicate signify symbolize resemble belong lack deserve
    weigh measure cost exemplify characterize characterise define reflect show demonstrate reveal
    correlate associate relate depend base exhibit display feature suggest imply prove turn grow get keep
    exceed total number span range
  `),
  behavioral: words(`
    laugh cry breathe cough sneeze smile frown sigh yawn sleep dream watch listen stare gaze glance
    grin giggle weep sob snore shiver tremble blink nod wink chat gossip grumble mutter whisper
    scream shout yell moan groan sniff taste faint sweat pray dance sing meditate sit rest
    procrastinate loiter sulk
  `),
  verbal: words(`
    say tell ask report claim promise state announce explain describe mention reply answer respond
    argue insist suggest propose recommend advise warn inform notify remind confirm deny admit
    acknowledge agree disagree declare assert comment note remark add write speak talk
    discuss call name thank praise criticize criticise blame accuse complain request demand order
    command urge instruct question query assure predict repeat quote translate summarize summarise
    emphasize emphasise stress conclude communicate express announce advertise testify apologize apologise
    disclose divulge specify
  `),
  existential: words(`exist occur happen arise emerge ensue prevail persist`),
};

/** Lemmas whose process type is fixed before any other list is looked at (ordered lookup avoids ambiguity). */
const PRIORITY: Readonly<Record<string, ProcessType>> = lexiconTable({
  be: 'relational',
  have: 'relational',
  become: 'relational',
  seem: 'relational',
  say: 'verbal',
  tell: 'verbal',
  ask: 'verbal',
  think: 'mental',
  know: 'mental',
  see: 'mental',
  want: 'mental',
  like: 'mental',
  watch: 'behavioral',
  listen: 'behavioral',
  look: 'behavioral',
  measure: 'material',
  treat: 'material',
  find: 'mental',
  show: 'relational',
  suggest: 'verbal',
  get: 'material',
  grow: 'material',
  keep: 'material',
  turn: 'material',
  mean: 'relational',
  indicate: 'relational',
  note: 'mental',
  predict: 'mental',
  estimate: 'mental',
  taste: 'mental',
  sit: 'material',
  write: 'material',
  // "Add the sugar", "add a dashboard": material; "She added that ..." is verbal by PROCESS.FRAME_PROJECTION_SAYING.
  add: 'material',
  express: 'verbal',
});

/** Lemma -> process type, built once from PROCESS_VERBS with PRIORITY applied last. */
export const PROCESS_BY_LEMMA: ReadonlyMap<string, ProcessType> = (() => {
  const map = new Map<string, ProcessType>();
  for (const type of ['material', 'existential', 'behavioral', 'relational', 'verbal', 'mental'] as const) {
    for (const lemma of PROCESS_VERBS[type]) map.set(lemma, type);
  }
  for (const [lemma, type] of Object.entries(PRIORITY)) map.set(lemma, type);
  return map;
})();

/** A lemma -> words table whose words are written space-separated, as a map of sets. */
function wordSets(entries: Readonly<Record<string, string>>): ReadonlyMap<string, ReadonlySet<string>> {
  const map = new Map<string, ReadonlySet<string>>();
  for (const [lemma, particles] of Object.entries(entries)) map.set(lemma, new Set(words(particles)));
  return map;
}

/**
 * Phrasal verbs with a nominal object: verb lemma -> the particles that make one lexical verb with it
 * ("switch off the lights", "turned down the offer", "knocked down power lines"). A particle listed here,
 * right after the verb, belongs to the verbal group, so the nominal group after it is the object, not a
 * circumstance. Motion verbs ("walk up the hill", "run down the street") are left out on purpose: there
 * the particle opens a circumstance of place.
 */
export const PHRASAL_PARTICLES: ReadonlyMap<string, ReadonlySet<string>> = wordSets(
  lexiconTable<string>({
    back: 'up',
    blow: 'up out',
    break: 'down off up',
    bring: 'up back in out down about',
    call: 'off back in',
    carry: 'out',
    clean: 'up out',
    clear: 'up out away',
    close: 'down off',
    cross: 'out off',
    cut: 'off down out back',
    fill: 'in out up',
    find: 'out',
    give: 'up away back out',
    hand: 'in out over back',
    hold: 'up back off',
    kick: 'off out',
    knock: 'down over out off',
    lay: 'off out down',
    leave: 'out behind',
    let: 'down out off',
    lock: 'up away',
    look: 'up',
    loop: 'in',
    pay: 'off back',
    pick: 'up out',
    plug: 'in',
    point: 'out',
    print: 'out off',
    pull: 'down off out',
    put: 'off on out away down back',
    rule: 'out',
    send: 'over out back off',
    set: 'up off out',
    shut: 'down off',
    sort: 'out',
    switch: 'off on',
    take: 'off out over away back',
    tear: 'down up off',
    throw: 'away out',
    tidy: 'up away',
    top: 'up',
    try: 'on out',
    turn: 'off on down up over',
    use: 'up',
    wash: 'up off away',
    wipe: 'out off',
    work: 'out',
    write: 'down off',
  }),
);

/**
 * Heads of nominal groups that name a path or place: after a particle ("turned down the street", "ran up
 * the stairs") the particle is a preposition of place even for a phrasal verb.
 */
export const PATH_NOUNS: ReadonlySet<string> = new Set(
  words(`
    street streets road roads hill hills stairs staircase steps path lane avenue corridor hall hallway
    river slope track trail ladder mountain alley highway motorway drive aisle road corner
  `),
);

/** A verb's process-type prior from WordNet's supersenses: each type's share of its senses (0..1). */
export interface ProcessPrior {
  /** The type with the largest share. */
  readonly type: ProcessType;
  /** Its share, 0..1. */
  readonly share: number;
  readonly shares: Readonly<Partial<Record<ProcessType, number>>>;
}

const PRIOR_CODES: Readonly<Record<string, ProcessType>> = {
  m: 'material',
  e: 'mental',
  r: 'relational',
  b: 'behavioral',
  v: 'verbal',
};
const MATERIAL_PRIOR: ProcessPrior = Object.freeze({
  type: 'material',
  share: 1,
  shares: Object.freeze({ material: 1 }),
});
let priors: Map<string, ProcessPrior | string> | undefined;

/**
 * The WordNet prior of a verb lemma (src/lexicons/wordnet-priors.ts, built by scripts/build-wordnet.ts),
 * or undefined for a lemma WordNet does not list as a verb. Parsed on first use.
 * @example verbPrior('tout') // { type: 'verbal', share: 1, ... }
 */
export function verbPrior(lemma: string): ProcessPrior | undefined {
  if (priors === undefined) {
    priors = new Map();
    for (const line of WORDNET_VERB_PRIORS.split('\n')) {
      const space = line.indexOf(' ');
      if (space < 0) priors.set(line, MATERIAL_PRIOR);
      else priors.set(line.slice(0, space), line.slice(space + 1));
    }
  }
  const found = priors.get(lemma);
  if (found === undefined || typeof found !== 'string') return found;
  const shares: Partial<Record<ProcessType, number>> = {};
  let type: ProcessType = 'material';
  let share = 0;
  for (const [, code = '', value = '0'] of found.matchAll(/([a-z])(\d+)/g)) {
    const which = PRIOR_CODES[code];
    if (which === undefined) continue;
    shares[which] = Number(value) / 100;
    if (Number(value) / 100 > share) [type, share] = [which, Number(value) / 100];
  }
  const prior: ProcessPrior = Object.freeze({ type, share, shares: Object.freeze(shares) });
  priors.set(lemma, prior);
  return prior;
}

/**
 * Prepositional verbs, lemma -> its prepositions: left after a passive or reduced relative whose Subject was the
 * preposition's object ("the documents **referred to** in Section 4", "as **provided for** in the Plan", "is
 * **entered into** as of"), the preposition belongs with the verb (TREE.STRANDED_PREPOSITION).
 */
export const PREPOSITIONAL_VERBS: ReadonlyMap<string, ReadonlySet<string>> = wordSets(
  lexiconTable<string>({
    refer: 'to',
    provide: 'for',
    call: 'for',
    account: 'for',
    pay: 'for',
    agree: 'to upon',
    enter: 'into',
    speak: 'to',
    deal: 'with',
    rely: 'on upon',
    comply: 'with',
    attend: 'to',
    look: 'into',
  }),
);

/**
 * Verbs with which a text says where it states something (PROCESS.TEXT_SAYING), lemma -> the word that must
 * follow: "as **set forth** in Section 4", "the terms **set out** in Schedule 1", "hereinafter **referred to**
 * as", "except as otherwise **provided** in this Agreement" ("": right after "as", with no object). But for
 * "forth", the verb also comes right after "as" or the word after the particle is one of REFERENCE_FOLLOWERS.
 */
export const TEXT_SAYING_VERBS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['set', new Set(['forth', 'out'])],
  ['refer', new Set(['to'])],
  ['provide', new Set([''])],
]);

/** Words after "referred to" that show a reference in the text ("referred to as", "referred to in Section 4"). */
export const REFERENCE_FOLLOWERS: ReadonlySet<string> = new Set([
  'as',
  'in',
  'herein',
  'above',
  'below',
  'hereinafter',
  'hereunder',
  'therein',
  ',',
  ')',
  '.',
  ';',
]);

/**
 * Verbs whose "on"/"upon" phrase is what is said or decided about, a circumstance of matter ("agree **upon** the
 * fees", "commented on the report", "decide on a date"), not of place or time (a time word keeps time: "agreed on
 * Monday").
 */
export const ON_MATTER_VERBS: ReadonlySet<string> = new Set([
  'agree',
  'comment',
  'remark',
  'elaborate',
  'report',
  'negotiate',
  'decide',
  'vote',
  'reflect',
  'advise',
  'consult',
  'confer',
]);

/** Whether an "on"/"upon" phrase of the verb is a circumstance of matter, but for a time (ON_MATTER_VERBS). */
export function onMatter(verbLemma: string | null, preposition: string | null): boolean {
  return (preposition === 'on' || preposition === 'upon') && ON_MATTER_VERBS.has(verbLemma ?? '');
}

/** Verbs that take a person as object and what they are told or relieved of in an "of" phrase. */
export const OF_COMPLEMENT_VERBS: ReadonlySet<string> = new Set([
  'notify',
  'inform',
  'advise',
  'apprise',
  'remind',
  'warn',
  'assure',
  'convince',
  'persuade',
  'accuse',
  'suspect',
  'rob',
  'deprive',
  'relieve',
  'rid',
  'cure',
  'clear',
  'absolve',
  'disabuse',
]);

/**
 * Verbs of sensing that take something on when their object is a nominal group ("assume all obligations",
 * "assume the defense"): material there (PROCESS.TAKING_ON), mental with a projected clause ("assume that").
 */
export const TAKING_ON_VERBS: ReadonlySet<string> = new Set(['assume']);

/** Verbs of the "please" type that meet a demand when their object names one (PROCESS.MEETING_DEMAND). */
export const MEETING_VERBS: ReadonlySet<string> = new Set(['satisfy', 'fulfil', 'fulfill']);
/** Nouns of what is demanded or owed ("satisfy the requirements", "satisfy its obligations"; PROCESS.MEETING_DEMAND). */
export const DEMAND_NOUNS: ReadonlySet<string> = new Set(
  'requirement condition obligation criterion criteria standard provision term demand claim debt liability judgment judgement need minimum specification test threshold quota commitment duty payment lien order request'.split(
    ' ',
  ),
);
