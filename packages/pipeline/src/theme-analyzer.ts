import type { CohesiveReference, Mood, Syntactic, Textual, ThemeElement } from '@cae/core';
import type { ClauseView } from './clause-view';
import { INTERPERSONAL_THEMES, TEXTUAL_THEMES } from './lexicons/mood-lexicon';

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
}

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
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position] as (typeof groups)[number];
    const word = view.lower[group.start] ?? '';
    const text = group.text;
    if (group.type === 'conjunction' || (group.type === 'adverbial' && TEXTUAL_THEMES.has(word))) {
      elements.push({ kind: 'textual', text, start: group.start, end: group.end });
      if (CONJUNCTIVE_ADJUNCTS.has(word)) conjunctiveAdjuncts.push(word);
      themeEnd = group.end;
      continue;
    }
    if (group.type === 'adverbial' && INTERPERSONAL_THEMES.has(word)) {
      elements.push({ kind: 'interpersonal', text, start: group.start, end: group.end });
      themeEnd = group.end;
      continue;
    }
    if (
      mood === 'interrogative' &&
      group.type === 'verbal' &&
      view.finite === group.start &&
      view.head !== group.start
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
    elements.push({ kind: 'topical', text, start: group.start, end: group.end });
    themeEnd = group.end;
    // The Subject is the nominal group right before the verbal group; "Yesterday the tenant returned" is marked.
    const following = groups[position + 1];
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
