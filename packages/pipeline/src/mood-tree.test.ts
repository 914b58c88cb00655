import type { Syntactic, Upos } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { viewClause } from './clause-view';
import { classifyMood } from './mood-classifier';
import { MOOD_TREE_RULES } from './mood-tree';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

/** Mood, rule and premises of the first independent clause of a text. */
function mainClause(text: string) {
  const clauses = pipeline.compile(text, { documentId: 'mood-tree-test' });
  const main = clauses.find((clause) => clause.syntactic.dependency === 'independent') ?? clauses[0];
  const trace = main?.interpersonal.reasoningTrace;
  return {
    mood: main?.interpersonal.mood,
    rule: trace?.inferenceRule,
    premises: (trace?.premises ?? []) as Array<{ label: string; value: string }>,
  };
}

describe('MOOD_TREE_RULES: each rule decides its own examples', () => {
  for (const rule of MOOD_TREE_RULES)
    it.each(rule.examples.map((example) => [example]))(`${rule.id}: %s`, (example) => {
      const clause = mainClause(example);
      expect(clause.rule).toBe(rule.id);
      expect(clause.mood).toBe(rule.mood);
    });

  it('keeps the rule ids unique and every rule with at least two examples', () => {
    expect(new Set(MOOD_TREE_RULES.map((rule) => rule.id)).size).toBe(MOOD_TREE_RULES.length);
    for (const rule of MOOD_TREE_RULES) expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
  });
});

describe('Subject and Finite from the tree', () => {
  it('cites the relations it read in the premises', () => {
    const clause = mainClause('And the price of bread had doubled.');
    expect(clause.mood).toBe('declarative');
    expect(clause.premises).toContainEqual({ label: 'tree_subject', value: 'price/nsubj' });
    expect(clause.premises).toContainEqual({ label: 'tree_finite', value: 'had/aux' });
    expect(clause.premises).toContainEqual({ label: 'tree_predicate', value: 'doubled/root' });
  });

  it('finds a long Subject with a participle and an appositive before its Finite', () => {
    const clause = mainClause('The chart on the next page, drawn from the 2019 survey, shows a steady rise.');
    expect(clause.premises).toContainEqual({ label: 'tree_subject', value: 'chart/nsubj' });
    expect(clause.premises).toContainEqual({ label: 'tree_finite', value: 'shows/predicate' });
  });

  it('leaves questions, commands and WH-openings to the word-order rules', () => {
    expect(mainClause('Did the tenant pay the deposit?').mood).toBe('interrogative');
    expect(mainClause('Can a chair fly').mood).toBe('interrogative');
    expect(mainClause('Stop even if you are in the middle of a sentence.').mood).toBe('imperative');
    expect(mainClause('Tom, please contact the landlord.').mood).toBe('imperative');
    expect(mainClause('What a mess this is!').mood).toBe('exclamative');
    expect(mainClause("Let's meet at noon.").mood).toBe('imperative');
    expect(mainClause("Don't pay the deposit yet.").mood).toBe('imperative');
  });

  it('reads a Subject left out as no declarative, and thanks as minor', () => {
    expect(mainClause('Hope this helps.').mood).toBe('fragment');
    const thanks = mainClause(
      'Thank you for your recent request to speak at the spring conference of the tenants.',
    );
    expect(thanks.mood).toBe('minor');
    expect(thanks.rule).toBe('MOOD.THANKS_FORMULA');
    expect(mainClause('I hope this helps.').mood).toBe('declarative');
  });
});

describe('Subject and Finite where the tagger misleads', () => {
  it('reads a tensed verb the tagger called an adjective after its Subject as the Finite', () => {
    // The tree hangs "I" on "pretended" as nsubj; an "-ed" word with a verb reading is tensed.
    const clause = mainClause('I pretended to sleep.');
    expect(clause.mood).toBe('declarative');
    expect(clause.rule).toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
  });

  it('reads the word after a nominative pronoun with a verb reading as its Finite (MOOD.TREE_PRONOUN_SUBJECT_VERB)', () => {
    // The tagger reads "welcome" as an adjective and the parse makes "discussion" the root with "We" as
    // its Subject; a nominative pronoun is only ever a Subject, so "welcome" is the Finite.
    const text = 'We welcome discussion about our plans and the chances of using this elsewhere.';
    const clause = mainClause(text);
    expect(clause.mood).toBe('declarative');
    expect(clause.rule).toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
    expect(clause.premises).toContainEqual({
      label: 'tree_reading',
      value: 'MOOD.TREE_PRONOUN_SUBJECT_VERB',
    });
    expect(clause.premises).toContainEqual({
      label: 'tree_finite',
      value: 'welcome/a verb after a Subject pronoun (tagged as another class)',
    });
    // An operator before the pronoun makes a question, with or without its question mark.
    expect(mainClause('Did they dance well').mood).toBe('interrogative');
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: ['MOOD.TREE_PRONOUN_SUBJECT_VERB'],
    });
    const main = off.compile(text, { documentId: 'mood-tree-test' })[0];
    expect(main?.interpersonal.mood).toBe('fragment');
  });

  it('skips a non-finite operator inside the Subject when looking for the Finite (MOOD.TREE_OPERATOR_IN_SUBJECT)', () => {
    // The parse hangs "being" as the copula of "active", the Subject of "predicts"; "being" is the
    // Subject's, so the search for the clause's Finite goes on to "predicts".
    const text = 'For older people, being active predicts a longer life.';
    const clause = mainClause(text);
    expect(clause.mood).toBe('declarative');
    expect(clause.premises).toContainEqual({ label: 'tree_reading', value: 'MOOD.TREE_OPERATOR_IN_SUBJECT' });
    expect(clause.premises).toContainEqual({ label: 'tree_finite', value: 'predicts/predicate' });
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: ['MOOD.TREE_OPERATOR_IN_SUBJECT'],
    });
    const main = off.compile(text, { documentId: 'mood-tree-test' })[0];
    expect(main?.interpersonal.reasoningTrace.inferenceRule).not.toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
  });

  it('switches the gerund Subject rule off through disabledRules', () => {
    const text = 'And paying such bills on time has helped the whole town.';
    expect(mainClause(text).rule).toBe('MOOD.TREE_GERUND_SUBJECT');
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['MOOD.TREE_GERUND_SUBJECT'] });
    const main = off.compile(text, { documentId: 'mood-tree-test' })[0];
    expect(main?.interpersonal.reasoningTrace.inferenceRule).not.toBe('MOOD.TREE_GERUND_SUBJECT');
  });

  it('keeps a command whose verb the parse took for a Subject a command', () => {
    expect(mainClause('4 Start seeds indoors early.').mood).toBe('imperative');
  });

  it('makes an opening clause the parse hangs on the main clause as advcl dependent on it', () => {
    const clauses = pipeline.compile(
      'In order to organize this amount of information, the brain has developed a file cabinet.',
      { documentId: 'mood-tree-test' },
    );
    expect(clauses[0]?.syntactic.dependency).toBe('hypotactic');
    expect(clauses[0]?.syntactic.parentClauseId).toBe(clauses[1]?.id);
    expect(
      mainClause('In order to organize this amount of information, the brain has developed a file cabinet.')
        .mood,
    ).toBe('declarative');
  });

  it('gives no Finite to a form that is only a participle', () => {
    expect(mainClause('A photo taken by my sister.').mood).toBe('fragment');
    expect(mainClause('The photo was taken by my sister.').mood).toBe('declarative');
  });
});

describe('segmentation the mood rests on', () => {
  it('reads "that" after a comma and before a finite operator as a demonstrative Subject', () => {
    const clauses = pipeline.compile('If needed, that is in the folder on my desk.', {
      documentId: 'mood-tree-test',
    });
    expect(clauses.map((clause) => clause.syntactic.dependency)).toEqual(['hypotactic', 'independent']);
    expect(mainClause('If needed, that is in the folder on my desk.').mood).toBe('declarative');
  });

  it('keeps "that was" of an exclamative in its clause', () => {
    const clauses = pipeline.compile('What a great idea that was!', { documentId: 'mood-tree-test' });
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.interpersonal.mood).toBe('exclamative');
  });
});

/** A one-clause view over a hand-written tree: [text, lemma, pos, deprel, head index or -1 for the root]. */
function handTree(rows: ReadonlyArray<readonly [string, string, Upos, string, number]>) {
  let at = 0;
  const starts = rows.map(([text]) => {
    const start = at;
    at += text.length + 1;
    return start;
  });
  const tokens = rows.map(([text, lemma, pos, deprel, head], index) => ({
    index,
    text,
    lemma,
    pos,
    start: starts[index] ?? 0,
    end: (starts[index] ?? 0) + text.length,
    isFinite: false,
    isModal: false,
    isNegation: false,
    headStart: head < 0 ? null : (starts[head] ?? null),
    deprel,
  }));
  const syntactic = {
    id: 'c0',
    text: rows.map(([text]) => text).join(' '),
    tokens,
    groups: [],
    rootIndex: rows.findIndex((row) => row[4] < 0),
    sentenceIndex: 0,
    clauseIndex: 0,
    start: 0,
    end: at,
    documentId: 'mood-tree-test',
    parentClauseId: null,
    dependency: 'independent',
    relation: null,
  } as unknown as Syntactic;
  return viewClause(syntactic);
}

describe('MOOD.TREE_PARTICIPLE_MODIFIER on a tree that hides a Finite', () => {
  it('reads a caption whose only verbs are participles as a fragment', () => {
    const view = handTree([
      ['A', 'a', 'DET', 'det', 1],
      ['portrait', 'portrait', 'NOUN', 'root', -1],
      ['painted', 'paint', 'VERB', 'acl', 1],
      ['by', 'by', 'ADP', 'case', 4],
      ['Ann', 'Ann', 'PROPN', 'obl:agent', 2],
      ['.', '.', 'PUNCT', 'punct', 1],
    ]);
    expect(classifyMood(view).rule).toBe('MOOD.TREE_PARTICIPLE_MODIFIER');
  });

  it('is no caption when a verb inside the participle phrase may be the Finite, or a modal stands in it', () => {
    // "Roses blooming create a change": the parse hung "create" under "blooming" as xcomp.
    const hidden = handTree([
      ['Roses', 'rose', 'NOUN', 'root', -1],
      ['blooming', 'bloom', 'VERB', 'acl', 0],
      ['create', 'create', 'VERB', 'xcomp', 1],
      ['a', 'a', 'DET', 'det', 4],
      ['change', 'change', 'NOUN', 'obj', 2],
      ['.', '.', 'PUNCT', 'punct', 0],
    ]);
    expect(classifyMood(hidden).rule).not.toBe('MOOD.TREE_PARTICIPLE_MODIFIER');
    const modal = handTree([
      ['A', 'a', 'DET', 'det', 1],
      ['kite', 'kite', 'NOUN', 'root', -1],
      ['flying', 'fly', 'VERB', 'acl', 1],
      ['can', 'can', 'AUX', 'aux', 4],
      ['break', 'break', 'VERB', 'xcomp', 2],
      ['.', '.', 'PUNCT', 'punct', 1],
    ]);
    expect(classifyMood(modal).rule).not.toBe('MOOD.TREE_PARTICIPLE_MODIFIER');
  });
});

describe('MOOD.TREE_SUBJECT_ON_INNER_VERB', () => {
  // "Some of the staff also get cheap tickets" as a weak parse reads it: "Some" the root, "get" its modifier.
  const rows = [
    ['Some', 'some', 'DET', 'root', -1],
    ['of', 'of', 'ADP', 'case', 3],
    ['the', 'the', 'DET', 'det', 3],
    ['staff', 'staff', 'NOUN', 'nsubj', 5],
    ['also', 'also', 'ADV', 'advmod', 5],
    ['get', 'get', 'VERB', 'nmod', 0],
    ['cheap', 'cheap', 'ADJ', 'amod', 7],
    ['tickets', 'ticket', 'NOUN', 'obj', 5],
    ['.', '.', 'PUNCT', 'punct', 0],
  ] as const;

  it('takes the Subject and Finite of a verb the parse hung below the root as the clause’s own', () => {
    const decided = classifyMood(handTree(rows));
    expect(decided.rule).toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
    expect(decided.premises).toContainEqual({
      label: 'tree_reading',
      value: 'MOOD.TREE_SUBJECT_ON_INNER_VERB',
    });
    const off = classifyMood(handTree(rows), false, false, new Set(['MOOD.TREE_SUBJECT_ON_INNER_VERB']));
    expect(off.rule).not.toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
  });

  it('leaves a WH-word Subject or a verb with a subordinator to the dependent clause it marks', () => {
    const relative = handTree([
      ['Good', 'good', 'ADJ', 'root', -1],
      ['for', 'for', 'ADP', 'case', 2],
      ['who', 'who', 'PRON', 'nsubj', 3],
      ['wants', 'want', 'VERB', 'nmod', 0],
      ['it', 'it', 'PRON', 'obj', 3],
      ['.', '.', 'PUNCT', 'punct', 0],
    ]);
    expect(classifyMood(relative).rule).not.toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
  });
});

describe('MOOD.FINITE_OPERATOR_OUTSIDE_GROUP on a hand-built clause', () => {
  /** "the best spot (when) to watch boats from is the pier": no Finite marked, "is" later in the clause. */
  const rows = (opening: readonly (readonly [string, string, Upos, string, number])[]) =>
    handTree([
      ['the', 'the', 'DET', 'det', 2],
      ['best', 'good', 'ADJ', 'amod', 2],
      // The parse hangs the Subject's noun on the infinitive (as it did "front" in "The first front to
      // attack the problem on is ..."): the tree shows no Subject.
      ['spot', 'spot', 'NOUN', 'obl', 5 + opening.length - 1],
      ...opening,
      ['to', 'to', 'PART', 'mark', 5 + opening.length - 1],
      // The clause's head, as the segmentation took it: the infinitive inside the Subject.
      ['watch', 'watch', 'VERB', 'root', -1],
      ['boats', 'boat', 'NOUN', 'obj', 5 + opening.length - 1],
      ['from', 'from', 'ADP', 'obl', 5 + opening.length - 1],
      ['is', 'be', 'AUX', 'cop', 10 + opening.length - 1],
      ['the', 'the', 'DET', 'det', 10 + opening.length - 1],
      ['pier', 'pier', 'NOUN', 'parataxis', 5 + opening.length - 1],
      ['.', '.', 'PUNCT', 'punct', 10 + opening.length - 1],
    ]);

  it('reads the operator as the Finite of a statement', () => {
    const decided = classifyMood(rows([]));
    expect(decided.rule).toBe('MOOD.FINITE_OPERATOR_OUTSIDE_GROUP');
    expect(decided.mood).toBe('declarative');
  });

  it('leaves an operator after a subordinator to its dependent clause', () => {
    const decided = classifyMood(rows([['when', 'when', 'ADV', 'advmod', 4]]));
    expect(decided.rule).not.toBe('MOOD.FINITE_OPERATOR_OUTSIDE_GROUP');
  });
});

describe('MOOD.TREE_TENSED_AFTER_SUBJECT_GROUP', () => {
  const offPipeline = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['MOOD.TREE_TENSED_AFTER_SUBJECT_GROUP'],
  });
  const offMood = (text: string) =>
    offPipeline
      .compile(text, { documentId: 'm' })
      .find((clause) => clause.syntactic.dependency === 'independent')?.interpersonal.mood;

  it.each([
    // "plagiarized" read as an adjective, a name's second part between it and the Subject.
    'Jakob Brenner also plagiarized some key ideas from his sister.',
    // "places" read as a noun, the Subject's own prepositional phrases between.
    'The integration of music into school programmes places both the staff and pupils at the forefront.',
  ])('reads a tensed verb tagged as a nominal after the Subject’s group: %s', (text) => {
    const clause = mainClause(text);
    expect(clause.mood).toBe('declarative');
    expect(clause.premises).toContainEqual({
      label: 'tree_reading',
      value: 'MOOD.TREE_TENSED_AFTER_SUBJECT_GROUP',
    });
    expect(offMood(text)).toBe('fragment');
  });
});

describe('MOOD.ITS_FOR_IT_IS', () => {
  it('reads "its" before a lone adjective as "it\'s", and keeps the possessive before a noun', () => {
    expect(mainClause('Its very frustrating.')).toMatchObject({
      mood: 'declarative',
      rule: 'MOOD.ITS_FOR_IT_IS',
    });
    expect(mainClause('#2 its spotlessly clean.').rule).toBe('MOOD.ITS_FOR_IT_IS');
    expect(mainClause('Its sole purpose is profit.').rule).not.toBe('MOOD.ITS_FOR_IT_IS');
    expect(mainClause('Its own staff run the shop.').rule).not.toBe('MOOD.ITS_FOR_IT_IS');
    expect(mainClause('Its natural colour.').rule).not.toBe('MOOD.ITS_FOR_IT_IS');
  });
});
