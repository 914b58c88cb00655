import type {
  Circumstance,
  CircumstanceType,
  Group,
  Ideational,
  Participant,
  ParticipantRole,
  ProcessType,
} from '@cae/core';
import type { ClauseView } from './clause-view';
import { lexiconTable } from './lexicons/lexicon-table';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import { INTERPERSONAL_THEMES, TEXTUAL_THEMES } from './lexicons/mood-lexicon';
import { PROCESS_BY_LEMMA } from './lexicons/process-lexicon';

/** Circumstance type of a preposition (lower case), with an optional subtype. */
export const PREPOSITION_CIRCUMSTANCES: Readonly<Record<string, readonly [CircumstanceType, string | null]>> =
  lexiconTable({
    in: ['location', 'place'],
    at: ['location', 'place'],
    on: ['location', 'place'],
    into: ['location', 'place'],
    onto: ['location', 'place'],
    from: ['location', 'place'],
    to: ['location', 'place'],
    near: ['location', 'place'],
    under: ['location', 'place'],
    over: ['location', 'place'],
    behind: ['location', 'place'],
    between: ['location', 'place'],
    across: ['location', 'place'],
    through: ['location', 'place'],
    inside: ['location', 'place'],
    outside: ['location', 'place'],
    above: ['location', 'place'],
    below: ['location', 'place'],
    around: ['location', 'place'],
    within: ['location', 'place'],
    before: ['location', 'time'],
    after: ['location', 'time'],
    since: ['location', 'time'],
    until: ['location', 'time'],
    till: ['location', 'time'],
    during: ['extent', 'duration'],
    for: ['extent', 'duration'],
    throughout: ['extent', 'duration'],
    with: ['accompaniment', null],
    without: ['accompaniment', null],
    by: ['manner', 'means'],
    like: ['manner', 'comparison'],
    unlike: ['manner', 'comparison'],
    via: ['manner', 'means'],
    because: ['cause', 'reason'],
    despite: ['contingency', 'concession'],
    about: ['matter', null],
    concerning: ['matter', null],
    regarding: ['matter', null],
    of: ['matter', null],
    as: ['role', null],
    per: ['extent', null],
    according: ['angle', null],
  });

const TIME_WORDS =
  /^(?:\d{1,4}|today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|morning|evening|night|week|weeks|month|months|year|years|day|days|hour|hours|minute|minutes|time|noon|midnight|weekend|century|decade)$/;
const PLACE_ADVERBS = new Set([
  'here',
  'there',
  'everywhere',
  'somewhere',
  'nowhere',
  'home',
  'abroad',
  'outside',
  'inside',
  'away',
  'back',
  'up',
  'down',
]);
const TIME_ADVERBS = new Set([
  'now',
  'then',
  'today',
  'tomorrow',
  'yesterday',
  'soon',
  'later',
  'recently',
  'already',
  'still',
  'yet',
  'ago',
  'once',
  'again',
  'early',
  'late',
  'tonight',
  'currently',
  'previously',
  'finally',
  'eventually',
]);
const INDEFINITE = new Set(['a', 'an', 'no', 'some', 'any', 'many', 'much', 'several']);

interface Roles {
  readonly subject: ParticipantRole;
  readonly object: ParticipantRole;
  readonly second: ParticipantRole;
}

const ROLES: Readonly<Record<ProcessType, Roles>> = {
  material: { subject: 'actor', object: 'goal', second: 'goal' },
  mental: { subject: 'senser', object: 'phenomenon', second: 'phenomenon' },
  relational: { subject: 'carrier', object: 'attribute', second: 'attribute' },
  behavioral: { subject: 'behaver', object: 'range', second: 'range' },
  verbal: { subject: 'sayer', object: 'verbiage', second: 'verbiage' },
  existential: { subject: 'existent', object: 'existent', second: 'existent' },
};

const PASSIVE_SUBJECT: Readonly<Record<ProcessType, ParticipantRole>> = {
  material: 'goal',
  mental: 'phenomenon',
  relational: 'carrier',
  behavioral: 'behaver',
  verbal: 'verbiage',
  existential: 'existent',
};

/** Verbs that take existential "there": be, and the verbs of existing and appearing. */
const EXISTENTIAL_VERBS = new Set(['be', 'exist', 'remain', 'live', 'arise', 'emerge', 'occur', 'follow']);

/** Process type, participants and circumstances (ANNOTATION.md, "Process type"). */
export function analyzeTransitivity(
  view: ClauseView,
  passive: boolean,
  polarity: 'positive' | 'negative',
): Ideational {
  const { syntactic } = view;
  // "We've got plenty of time": "have got" is possessive "have", a relational process.
  const verbLemma =
    view.head >= 0
      ? view.lower[view.head] === 'got' && view.lemma[view.head - 1] === 'have'
        ? 'have'
        : (view.lemma[view.head] ?? null)
      : null;
  let processType: ProcessType = 'relational';
  let matched = 'PROCESS.VERBLESS';
  // "There is a king", "Is there a pharmacy?" (the Finite before "there"), "there lived a king".
  const existential =
    view.head >= 0 &&
    view.lower.some(
      (word, index) =>
        word === 'there' &&
        view.pos[index] === 'PRON' &&
        (index < view.head || (index === view.head + 1 && view.pos[view.head] === 'AUX')),
    );
  if (existential && verbLemma !== null && EXISTENTIAL_VERBS.has(verbLemma)) {
    processType = 'existential';
    matched = 'PROCESS.THERE_BE';
  } else if (verbLemma !== null) {
    const listed = PROCESS_BY_LEMMA.get(verbLemma);
    processType = listed ?? 'material';
    matched = listed === undefined ? 'PROCESS.DEFAULT_MATERIAL' : `PROCESS.LEXICON:${verbLemma}`;
  }
  const participants: Participant[] = [];
  const circumstances: Circumstance[] = [];
  const groups = syntactic.groups;
  const verbal = view.verbalGroup;
  const roles = ROLES[processType];
  let subjectDone = false;
  let objects = 0;
  for (const group of groups) {
    const before = verbal !== undefined && group.end <= verbal.start;
    const after = verbal === undefined || group.start >= verbal.end;
    if (group.type === 'nominal') {
      const headWord = view.lower[group.head] ?? '';
      if (headWord === 'there' && processType === 'existential') continue;
      if (TEXTUAL_THEMES.has(headWord) || ['who', 'which', 'that', 'whom'].includes(headWord)) continue;
      if (before) {
        if (!subjectDone) {
          participants.push(participant(passive ? PASSIVE_SUBJECT[processType] : roles.subject, group));
          subjectDone = true;
        }
      } else if (after) {
        const role = objectRole(view, processType, group, objects);
        participants.push(participant(objects === 0 ? role : roles.second, group));
        objects += 1;
      }
    } else if (group.type === 'adjectival' && after && processType === 'relational') {
      participants.push(participant('attribute', group));
    } else if (group.type === 'prepositional') {
      const preposition = view.lower[group.start] ?? '';
      if (preposition === 'by' && passive) {
        participants.push(participant('agent', group));
        continue;
      }
      if (preposition === 'to' && processType === 'verbal') {
        participants.push(participant('receiver', group));
        continue;
      }
      const known = PREPOSITION_CIRCUMSTANCES[preposition];
      if (known === undefined) continue;
      let [type, subtype] = known;
      if (type === 'location' && subtype === 'place') {
        for (let index = group.start + 1; index < group.end; index += 1) {
          if (TIME_WORDS.test(view.lower[index] ?? '')) subtype = 'time';
        }
      }
      if (preposition === 'for' && !hasTimeWord(view, group)) [type, subtype] = ['cause', 'purpose'];
      circumstances.push(circumstance(type, subtype, group));
    } else if (group.type === 'adverbial') {
      const word = view.lower[group.head] ?? '';
      if (MODAL_ADJUNCTS[word] !== undefined || TEXTUAL_THEMES.has(word) || INTERPERSONAL_THEMES.has(word))
        continue;
      if (view.pos[group.head] !== 'ADV') continue;
      if (PLACE_ADVERBS.has(word)) circumstances.push(circumstance('location', 'place', group));
      else if (TIME_ADVERBS.has(word)) circumstances.push(circumstance('location', 'time', group));
      else if (word.endsWith('ly')) circumstances.push(circumstance('manner', 'quality', group));
    }
  }
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

function objectRole(
  view: ClauseView,
  processType: ProcessType,
  group: Group,
  objects: number,
): ParticipantRole {
  if (processType === 'relational') {
    const determiner = view.lower[group.start] ?? '';
    const definite = determiner === 'the' || view.pos[group.head] === 'PROPN';
    return definite && objects === 0 ? 'value' : 'attribute';
  }
  if (processType === 'verbal' && objects === 0 && view.pos[group.head] === 'PRON') return 'receiver';
  if (
    processType === 'material' &&
    objects === 0 &&
    view.pos[group.head] === 'PRON' &&
    group.end - group.start === 1
  ) {
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
    if (TIME_WORDS.test(view.lower[index] ?? '')) return true;
  return false;
}

function participant(role: ParticipantRole, group: Group): Participant {
  return { role, text: group.text, start: group.start, end: group.end };
}

function circumstance(type: CircumstanceType, subtype: string | null, group: Group): Circumstance {
  return { type, subtype, text: group.text, start: group.start, end: group.end };
}
