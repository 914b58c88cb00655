import { describe, expect, it } from 'vitest';
import { deprojectivize, liftedRelation, projectivizeWithLabels } from './lifting';
import { isProjective, projectivize } from './oracle';

// "A hearing is scheduled on the issue today": "issue" (7) depends on "hearing" (2) across "scheduled" (4).
const HEARING = {
  heads: [2, 4, 4, 0, 7, 7, 2, 4],
  deprels: ['det', 'nsubj:pass', 'aux:pass', 'root', 'case', 'det', 'nmod', 'obl:tmod'],
};
// "What did you say he bought ?" with "What" (1) the object of "bought" (6) across "say" (4).
const QUESTION = {
  heads: [6, 4, 4, 0, 6, 4, 4],
  deprels: ['obj', 'aux', 'nsubj', 'root', 'nsubj', 'ccomp', 'punct'],
};

describe('projectivizeWithLabels', () => {
  it('lifts as projectivize does and records the relation of the word each lifted word was taken from', () => {
    for (const { heads, deprels } of [HEARING, QUESTION]) {
      const lifted = projectivizeWithLabels(heads, deprels);
      expect(lifted.heads).toEqual(projectivize(heads));
      expect(isProjective(lifted.heads)).toBe(true);
    }
    expect(projectivizeWithLabels(HEARING.heads, HEARING.deprels).deprels[6]).toBe('nmod↑nsubj:pass');
    const question = projectivizeWithLabels(QUESTION.heads, QUESTION.deprels).deprels;
    expect(question).toEqual(['obj↑ccomp', 'aux', 'nsubj', 'root', 'nsubj', 'ccomp', 'punct']);
  });

  it('leaves a projective tree and its labels as they are', () => {
    const heads = [2, 0, 2];
    const deprels = ['nsubj', 'root', 'obj'];
    expect(projectivizeWithLabels(heads, deprels)).toEqual({ heads, deprels });
  });
});

describe('deprojectivize', () => {
  it('moves each lifted word back under the word its label names and strips the mark', () => {
    for (const { heads, deprels } of [HEARING, QUESTION]) {
      const lifted = projectivizeWithLabels(heads, deprels);
      deprojectivize(lifted.heads, lifted.deprels);
      expect(lifted.heads).toEqual(heads);
      expect(lifted.deprels).toEqual(deprels);
    }
  });

  it('keeps the predicted head when no word below it has the named relation', () => {
    const heads = [2, 0, 2];
    const labels = ['nsubj', 'root', 'obj↑xcomp'];
    deprojectivize(heads, labels);
    expect(heads).toEqual([2, 0, 2]);
    expect(labels).toEqual(['nsubj', 'root', 'obj']);
  });

  it('never moves a word into its own subtree', () => {
    // Word 3 claims to come from an `xcomp`, and the only `xcomp` is its own dependent 4.
    const heads = [2, 0, 2, 3];
    const labels = ['nsubj', 'root', 'obj↑xcomp', 'xcomp'];
    deprojectivize(heads, labels);
    expect(heads).toEqual([2, 0, 2, 3]);
    expect(labels).toEqual(['nsubj', 'root', 'obj', 'xcomp']);
    expect(liftedRelation('case↑obl')).toBe('case');
    expect(liftedRelation('nsubj:pass')).toBe('nsubj:pass');
  });
});
