import type { CohesiveReference, Mood, Syntactic, Textual, ThemeElement } from '@cae/core';
import type { ClauseView } from './clause-view';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import { CONTINUATIVES, INTERPERSONAL_THEMES, TEXTUAL_THEMES } from './lexicons/mood-lexicon';
import { S_CLITICS } from './lexicons/word-classes';
import { enumeratorEnd, pastCoordinator } from './list-operator';

const PERSONAL = new Set([
  'he',
  'she',
  'it',
  'they',
  'him',
  'her',
  'them',
  'his',
  'its',
  'their',
  'hers',
  'theirs',
]);
const WH_DETERMINERS = new Set(['what', 'how', 'which', 'whose']);
const FLOATING = new Set(['all', 'both', 'each']);
const DEMONSTRATIVE = new Set(['this', 'that', 'these', 'those']);
const COMPARATIVE = new Set(['such', 'same', 'similar', 'other', 'another', 'different']);
const PERSON_PRONOUNS = new Set(['he', 'she', 'him', 'her', 'his', 'hers']);
const CONJUNCTIVE_ADJUNCTS = new Set([
  'however',
  'therefore',
  'thus',
  'hence',
  'moreover',
  'furthermore',
  'besides',
  'meanwhile',
  'nevertheless',
  'nonetheless',
  'consequently',
  'accordingly',
  'instead',
  'otherwise',
  'finally',
  'additionally',
  'likewise',
  'similarly',
  'subsequently',
  'afterwards',
  'also',
  'then',
]);

/** Earlier clauses a reference can point back to, newest last. */
export interface CohesionContext {
  readonly previous: readonly Syntactic[];
  /** Rule ids switched off (`createPipeline({ disabledRules })`). */
  readonly disabled?: ReadonlySet<string> | undefined;
}

/** THEME.LIST_NUMBER: see `analyzeTheme`. */
export const LIST_NUMBER_THEME = 'THEME.LIST_NUMBER';

/**
 * Theme and rheme (ANNOTATION.md, "Theme"): textual and interpersonal themes, then the first
 * experiential group as topical theme; marked when a declarative's topical theme is not the Subject.
 */
export function analyzeTheme(view: ClauseView, mood: Mood, context: CohesionContext): Textual {
  const { syntactic } = view;
  const { tokens, groups } = syntactic;
  const elements: ThemeElement[] = [];
  const conjunctiveAdjuncts: string[] = [];
  let themeEnd = 0;
  let markedTheme = false;
  // THEME.LIST_NUMBER: the number or letter of a list item ("1. The Tenant shall pay", "(a) the Tenant shall
  // keep", "2. Can I pay rent online?") is no element of the theme: the theme opens the clause with it, as with a
  // speaker's label, and its elements start after it.
  const listNumberEnd = context.disabled?.has(LIST_NUMBER_THEME) === true ? -1 : enumeratorEnd(tokens);
  const listNumberStart = listNumberEnd < 0 ? 0 : pastCoordinator(tokens);
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position] as (typeof groups)[number];
    if (group.start >= listNumberStart && group.end <= listNumberEnd) {
      themeEnd = Math.max(themeEnd, group.end);
      continue;
    }
    // THEME.UNGROUPED_INTERJECTION: an interjection (in no group) before the topical theme is part of the
    // theme: "Please send me the lease" (interpersonal), "No, I never got it", "Well, I think so" (a
    // continuative: textual).
    for (let index = themeEnd; index < group.start; index += 1) {
      if (view.pos[index] !== 'INTJ') continue;
      const lower = view.lower[index] ?? '';
      const kind = INTERPERSONAL_THEMES.has(lower)
        ? 'interpersonal'
        : TEXTUAL_THEMES.has(lower) || CONTINUATIVES.has(lower)
          ? 'textual'
          : undefined;
      if (kind === undefined) continue;
      elements.push({ kind, text: tokens[index]?.text ?? '', start: index, end: index + 1 });
      themeEnd = index + 1;
    }
    const word = view.lower[group.start] ?? '';
    const text = group.text;
    if (group.type === 'conjunction' || (group.type === 'adverbial' && TEXTUAL_THEMES.has(word))) {
      elements.push({ kind: 'textual', text, start: group.start, end: group.end });
      if (CONJUNCTIVE_ADJUNCTS.has(word)) conjunctiveAdjuncts.push(word);
      themeEnd = group.end;
      continue;
    }
    if (
      group.type === 'adverbial' &&
      (INTERPERSONAL_THEMES.has(word) || MODAL_ADJUNCTS[word] !== undefined)
    ) {
      elements.push({ kind: 'interpersonal', text, start: group.start, end: group.end });
      themeEnd = group.end;
      continue;
    }
    const nextGroup = groups[position + 1];
    if (
      mood === 'imperative' &&
      group.type === 'nominal' &&
      group.end - group.start <= 3 &&
      view.lower[group.end] === ',' &&
      nextGroup !== undefined &&
      (nextGroup.type === 'verbal' || nextGroup.type === 'adverbial')
    ) {
      // THEME.VOCATIVE: "Sarah, pass me the salt": a vocative before a command is an interpersonal theme.
      elements.push({ kind: 'interpersonal', text, start: group.start, end: group.end });
      themeEnd = group.end;
      continue;
    }
    if (
      mood === 'interrogative' &&
      group.type === 'verbal' &&
      view.finite === group.start &&
      (view.head !== group.start ||
        (group.end === group.start + 1 &&
          view.pos[group.start] === 'AUX' &&
          nextGroup?.type === 'nominal' &&
          nextGroup.start === group.end))
    ) {
      // Polar interrogative: the Finite is an interpersonal theme and the Subject after it the topical theme.
      elements.push({
        kind: 'interpersonal',
        text: tokens[group.start]?.text ?? '',
        start: group.start,
        end: group.start + 1,
      });
      themeEnd = group.start + 1;
      continue;
    }
    let end = group.end;
    let next = position + 1;
    if (
      group.type === 'verbal' &&
      view.lemma[group.head] === 'let' &&
      S_CLITICS.has(view.lower[group.end] ?? '')
    ) {
      // THEME.LETS: "Let's" is one element of the theme.
      end = group.end + 1;
    } else if (
      group.start === group.end - 1 &&
      WH_DETERMINERS.has(word) &&
      (nextGroup?.type === 'nominal' || nextGroup?.type === 'adjectival') &&
      nextGroup.start === group.end &&
      view.pos[nextGroup.head] !== 'PRON'
    ) {
      // THEME.WH_GROUP: "What a mess (this is)", "How kind (you are)": the WH word with the group it modifies.
      end = nextGroup.end;
      next = position + 2;
    } else if (group.type === 'prepositional') {
      // THEME.OPENING_CIRCUMSTANCE: "Notwithstanding any other provision of this Agreement, ...", "Despite weeks of talks between
      // unions and management, ...": an opening circumstance runs over its post-modifying phrases to
      // the comma that closes it (no verb before the comma).
      const close = openingCircumstanceEnd(view, groups, position);
      if (close > position + 1) {
        end = (groups[close - 1] as (typeof groups)[number]).end;
        next = close;
      }
    } else if (group.type === 'nominal') {
      // THEME.COORDINATED_NOMINAL: "Salt and pepper are essential": nominal groups joined by "and"/"or"
      // are one element.
      next = coordinatedNominalEnd(view, groups, position);
      end = (groups[next - 1] as (typeof groups)[number]).end;
      // THEME.POSTMODIFIER: prepositional phrases between the Subject and the verb belong to it ("The key to success is").
      let probe = next;
      while (groups[probe]?.type === 'prepositional' && groups[probe]?.start === groups[probe - 1]?.end)
        probe += 1;
      if (
        probe > next &&
        groups[probe]?.type === 'verbal' &&
        groups[probe]?.start === groups[probe - 1]?.end
      ) {
        end = (groups[probe - 1] as (typeof groups)[number]).end;
        next = probe;
      }
    }
    elements.push({
      kind: 'topical',
      text: end === group.end ? text : spanOf(syntactic, group.start, end),
      start: group.start,
      end,
    });
    themeEnd = end;
    // The Subject is the nominal group before the verbal group (modal adjuncts and floating "all" may come
    // between); "Yesterday the tenant returned" is marked.
    while (
      groups[next]?.type === 'adverbial' ||
      (groups[next]?.type === 'nominal' &&
        FLOATING.has(view.lower[groups[next]?.start ?? -1] ?? '') &&
        groups[next]?.end === (groups[next]?.start ?? 0) + 1)
    )
      next += 1;
    const following = groups[next];
    const subjectLike =
      group.type === 'nominal' && view.head >= 0 && group.end <= view.head && following?.type === 'verbal';
    markedTheme = mood === 'declarative' && !subjectLike && group.type !== 'verbal';
    break;
  }
  for (let index = 0; index < tokens.length; index += 1) {
    const word = view.lower[index] ?? '';
    if (
      index >= themeEnd &&
      CONJUNCTIVE_ADJUNCTS.has(word) &&
      view.pos[index] === 'ADV' &&
      !conjunctiveAdjuncts.includes(word)
    ) {
      conjunctiveAdjuncts.push(word);
    }
  }
  const rheme = span(syntactic, themeEnd, tokens.length);
  return {
    theme: { text: spanOf(syntactic, 0, themeEnd), start: 0, end: themeEnd, elements },
    rheme,
    markedTheme,
    conjunctiveAdjuncts,
    cohesiveReferences: findReferences(view, context),
  };
}

/**
 * "Salt and pepper", "a hammer or a saw": index after the last nominal group joined by "and"/"or" to
 * the one at `at` (`at + 1` when none is); `joins` may refuse a nominal group (one already used).
 */
export function coordinatedNominalEnd(
  view: ClauseView,
  groups: Syntactic['groups'],
  at: number,
  joins: (group: Syntactic['groups'][number]) => boolean = () => true,
): number {
  let next = at + 1;
  for (;;) {
    const conjunction = groups[next];
    const nominal = groups[next + 1];
    const word = conjunction === undefined ? '' : (view.lower[conjunction.start] ?? '');
    if (
      conjunction?.type !== 'conjunction' ||
      conjunction.start !== groups[next - 1]?.end ||
      (word !== 'and' && word !== 'or') ||
      nominal?.type !== 'nominal' ||
      nominal.start !== conjunction.end ||
      !joins(nominal)
    )
      return next;
    next += 2;
  }
}

const CIRCUMSTANCE_PARTS = new Set(['prepositional', 'nominal', 'adjectival', 'conjunction']);

/**
 * Index after the last group of an opening circumstance that starts at group `at` and is closed by a
 * comma, or `at + 1` when the groups up to the comma are not all parts of a circumstance (a verb, a
 * subordinator) or no comma closes it.
 */
export function openingCircumstanceEnd(view: ClauseView, groups: Syntactic['groups'], at: number): number {
  const first = groups[at];
  if (first === undefined || first.type !== 'prepositional') return at + 1;
  let probe = at + 1;
  let last = first;
  while (probe < groups.length) {
    if (view.lower[last.end] === ',') return probe;
    const group = groups[probe] as (typeof groups)[number];
    if (group.start !== last.end || !CIRCUMSTANCE_PARTS.has(group.type)) return at + 1;
    if (group.type === 'conjunction' && view.pos[group.start] !== 'CCONJ') return at + 1;
    last = group;
    probe += 1;
  }
  return at + 1;
}

/**
 * The theme of a label line's utterance (THEME.SPEAKER_LABEL) in the whole clause: the theme still opens the
 * clause (the label comes first in it, and is none of its elements), the elements, the rheme and the
 * cohesive references are shifted past the label's `offset` tokens.
 */
export function afterLabel(textual: Textual, syntactic: Syntactic, offset: number): Textual {
  const themeEnd = textual.theme.end + offset;
  return {
    ...textual,
    theme: {
      text: spanOf(syntactic, 0, themeEnd),
      start: 0,
      end: themeEnd,
      elements: textual.theme.elements.map((element) => ({
        ...element,
        start: element.start + offset,
        end: element.end + offset,
      })),
    },
    rheme: span(syntactic, textual.rheme.start + offset, textual.rheme.end + offset),
    cohesiveReferences: textual.cohesiveReferences.map((reference) => ({
      ...reference,
      tokenIndex: reference.tokenIndex + offset,
    })),
  };
}

function spanOf(syntactic: Syntactic, start: number, end: number): string {
  const { tokens } = syntactic;
  const first = tokens[start];
  const last = tokens[end - 1];
  return first === undefined || last === undefined || end <= start
    ? ''
    : spanText(syntactic, first.start, last.end);
}

function span(
  syntactic: Syntactic,
  start: number,
  end: number,
): { text: string; start: number; end: number } {
  return { text: spanOf(syntactic, start, end), start, end };
}

function spanText(syntactic: Syntactic, start: number, end: number): string {
  return syntactic.text.slice(start - syntactic.start, end - syntactic.start);
}

function findReferences(view: ClauseView, context: CohesionContext): CohesiveReference[] {
  const references: CohesiveReference[] = [];
  const { tokens } = view.syntactic;
  for (let index = 0; index < tokens.length; index += 1) {
    const word = view.lower[index] ?? '';
    const tag = view.pos[index];
    let kind: CohesiveReference['kind'] | null = null;
    if (PERSONAL.has(word) && tag === 'PRON') kind = 'personal';
    else if (
      DEMONSTRATIVE.has(word) &&
      (tag === 'PRON' || tag === 'DET') &&
      view.syntactic.relation !== 'relative'
    )
      kind = 'demonstrative';
    else if (COMPARATIVE.has(word) && (tag === 'ADJ' || tag === 'DET')) kind = 'comparative';
    if (kind === null) continue;
    references.push({
      text: tokens[index]?.text ?? word,
      tokenIndex: index,
      kind,
      antecedentClauseId: resolve(word, kind, context),
    });
  }
  return references;
}

function resolve(word: string, kind: CohesiveReference['kind'], context: CohesionContext): string | null {
  const { previous } = context;
  if (previous.length === 0) return null;
  if (kind !== 'personal') return previous[previous.length - 1]?.id ?? null;
  const wantsPerson = PERSON_PRONOUNS.has(word);
  // The nearest earlier clause (up to five back) with a compatible nominal head is the antecedent.
  for (let back = previous.length - 1; back >= 0 && back >= previous.length - 5; back -= 1) {
    const clause = previous[back] as Syntactic;
    for (const token of clause.tokens) {
      if (wantsPerson ? token.pos === 'PROPN' : token.pos === 'NOUN' || token.pos === 'PROPN')
        return clause.id;
    }
  }
  return null;
}
