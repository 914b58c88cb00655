import { LEFT, type ParseState, RIGHT, SHIFT } from './transition-system';

/**
 * The arc-hybrid dynamic oracle of Goldberg & Nivre (2013): how many gold arcs, still reachable before
 * the transition, it makes unreachable. `goldHeads[i]` is the gold head of word i (index 0 unused).
 */
export function transitionCost(state: ParseState, transition: number, goldHeads: ArrayLike<number>): number {
  const { stack, stackSize, next, length } = state;
  if (transition === SHIFT) {
    let cost = 0;
    for (let i = 0; i < stackSize; i++) {
      const item = stack[i]!;
      if (item !== 0 && goldHeads[item] === next) cost++;
      if (i < stackSize - 1 && goldHeads[next] === item) cost++;
    }
    return cost;
  }
  const s0 = stack[stackSize - 1]!;
  const head = goldHeads[s0]!;
  let cost = 0;
  for (let b = next; b <= length; b++) if (goldHeads[b] === s0) cost++;
  if (transition === LEFT) {
    if (head !== next && (head === stack[stackSize - 2] || head > next)) cost++;
  } else if (head >= next) {
    cost++;
  }
  return cost;
}

/** The transition a static oracle takes on a projective gold tree: attach as soon as a word is complete. */
export function staticOracle(state: ParseState, goldHeads: ArrayLike<number>): number {
  const s0 = state.stackItem(0);
  const s1 = state.stackItem(1);
  const complete = s0 > 0 && !hasPendingDependent(state, s0, goldHeads);
  if (complete && state.isLegal(LEFT) && goldHeads[s0] === state.next) return LEFT;
  if (complete && state.isLegal(RIGHT) && goldHeads[s0] === s1) return RIGHT;
  return SHIFT;
}

function hasPendingDependent(state: ParseState, word: number, goldHeads: ArrayLike<number>): boolean {
  for (let i = 1; i <= state.length; i++) if (goldHeads[i] === word && state.heads[i] === -1) return true;
  return false;
}

/** Whether no two arcs of the tree cross (heads 1-based, 0 for the root). */
export function isProjective(heads: readonly number[]): boolean {
  const arcs = heads.map((head, i) => [Math.min(head, i + 1), Math.max(head, i + 1)] as const);
  for (const [a, b] of arcs) {
    for (const [c, d] of arcs) if (a < c && c < b && b < d) return false;
  }
  return true;
}

/**
 * A projective tree close to a non-projective one (Nivre & Nilsson 2005, without label encoding): while
 * some arc is non-projective (a word between head and dependent is not dominated by the head), the
 * shortest such arc is lifted, its dependent attached to its head's head. Heads 1-based, 0 for the root.
 */
export function projectivize(heads: readonly number[]): number[] {
  const result = [...heads];
  for (;;) {
    const shortest = shortestNonProjectiveArc(result);
    if (shortest < 0) return result;
    result[shortest - 1] = result[result[shortest - 1]! - 1]!;
  }
}

/**
 * The dependent (1-based) of the shortest non-projective arc of a tree (a word between head and dependent
 * is not dominated by the head), or -1 when the tree is projective. Heads 1-based, 0 for the root.
 */
export function shortestNonProjectiveArc(heads: readonly number[]): number {
  const n = heads.length;
  const dominates = (head: number, word: number): boolean => {
    for (let w = word; w !== 0; w = heads[w - 1]!) if (w === head) return true;
    return head === 0;
  };
  let shortest = -1;
  let shortestLength = Number.POSITIVE_INFINITY;
  for (let d = 1; d <= n; d++) {
    const h = heads[d - 1]!;
    if (h === 0) continue;
    const [from, to] = h < d ? [h, d] : [d, h];
    if (to - from >= shortestLength) continue;
    for (let w = from + 1; w < to; w++) {
      if (!dominates(h, w)) {
        shortest = d;
        shortestLength = to - from;
        break;
      }
    }
  }
  return shortest;
}
