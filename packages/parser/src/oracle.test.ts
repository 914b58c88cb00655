import { describe, expect, it } from 'vitest';
import { isProjective, projectivize, staticOracle, transitionCost } from './oracle';
import { LEFT, ParseState, RIGHT, SHIFT } from './transition-system';

/** Hand-made projective trees: heads of words 1..n (0 = root). */
const PROJECTIVE_TREES: number[][] = [
  [0],
  [2, 0],
  [0, 1],
  [2, 3, 0, 5, 3, 3],
  [2, 0, 4, 2, 6, 2, 2, 2],
  [4, 4, 4, 0, 6, 4, 4],
  [0, 3, 1, 5, 3, 7, 5, 1],
  [3, 3, 5, 5, 0, 5, 8, 6, 5],
];

function runStaticOracle(heads: number[]) {
  const gold = [0, ...heads];
  const state = new ParseState(heads.length);
  const costs: number[] = [];
  while (!state.isTerminal()) {
    const transition = staticOracle(state, gold);
    expect(state.isLegal(transition)).toBe(true);
    costs.push(transitionCost(state, transition, gold));
    state.apply(transition);
  }
  return { heads: [...state.heads.slice(1)], costs };
}

describe('arc-hybrid transition system', () => {
  it.each(PROJECTIVE_TREES.map((heads) => [heads.join(' '), heads]))(
    'the static oracle reproduces the projective tree %s at zero dynamic-oracle cost',
    (_, heads) => {
      const run = runStaticOracle(heads as number[]);
      expect(run.heads).toEqual(heads);
      expect(run.costs.every((cost) => cost === 0)).toBe(true);
    },
  );

  it('lets the root take exactly one dependent, with the last transition', () => {
    const state = new ParseState(2);
    state.apply(SHIFT);
    expect(state.isLegal(RIGHT)).toBe(false);
    state.apply(SHIFT);
    expect(state.isLegal(RIGHT)).toBe(true);
    state.apply(RIGHT);
    expect(state.isLegal(RIGHT)).toBe(true);
    state.apply(RIGHT);
    expect(state.isTerminal()).toBe(true);
    expect([...state.heads.slice(1)]).toEqual([0, 1]);
  });

  it('charges a transition for the gold arcs it makes unreachable', () => {
    // "The dog barked": the ← dog ← barked ← root
    const gold = [0, 2, 3, 0];
    const state = new ParseState(3);
    state.apply(SHIFT);
    expect(transitionCost(state, LEFT, gold)).toBe(0);
    expect(transitionCost(state, SHIFT, gold)).toBe(1);
    state.apply(SHIFT);
    expect(transitionCost(state, RIGHT, gold)).toBe(1);
    expect(transitionCost(state, LEFT, gold)).toBe(0);
    state.apply(RIGHT);
    expect(transitionCost(state, LEFT, gold)).toBe(0);
    expect(transitionCost(state, SHIFT, gold)).toBe(1);
  });

  it('tells projective from crossing trees', () => {
    expect(PROJECTIVE_TREES.every(isProjective)).toBe(true);
    expect(isProjective([3, 4, 0, 3])).toBe(false);
    expect(isProjective([2, 0, 5, 1, 2])).toBe(false);
  });
});

describe('projectivize', () => {
  it('leaves projective trees as they are', () => {
    for (const heads of PROJECTIVE_TREES) expect(projectivize(heads)).toEqual(heads);
  });

  it('lifts the shortest crossing arc to the head of its head until no arcs cross', () => {
    // "A hearing is scheduled on the issue today": "issue" (7) depends on "hearing" (2) across "scheduled" (4).
    const heads = [2, 4, 4, 0, 7, 7, 2, 4];
    expect(isProjective(heads)).toBe(false);
    const lifted = projectivize(heads);
    expect(isProjective(lifted)).toBe(true);
    expect(lifted).toEqual([2, 4, 4, 0, 7, 7, 4, 4]);
    // "What did you say he bought ?" with "What" (1) the object of "bought" (6) across "say" (4).
    const question = [6, 4, 4, 0, 6, 4, 4];
    expect(isProjective(question)).toBe(false);
    const liftedQuestion = projectivize(question);
    expect(liftedQuestion).toEqual([4, 4, 4, 0, 6, 4, 4]);
    expect(isProjective(liftedQuestion)).toBe(true);
  });
});
