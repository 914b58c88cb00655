import { shortestNonProjectiveArc } from './oracle';

/**
 * Pseudo-projective parsing with the "Head" label encoding of Nivre & Nilsson (2005): a non-projective
 * training tree is made projective by lifting crossing arcs, and each lifted word's label records the
 * lift as `deprel↑headDeprel` (its own relation and the relation of the word it was taken from). After
 * parsing, `deprojectivize` moves every word with such a label back down: to the first word, in a
 * breadth-first left-to-right search of the subtree of its predicted head (its own subtree left out),
 * whose relation is `headDeprel`; the label loses its `↑` part either way.
 */

/** Separates a lifted word's relation from the relation of its syntactic head. */
export const LIFT_MARK = '↑';

/** The base relation of a label, without the lift it may record. */
export function liftedRelation(label: string): string {
  const mark = label.indexOf(LIFT_MARK);
  return mark < 0 ? label : label.slice(0, mark);
}

/**
 * A projective tree close to a non-projective one, with the lifts recorded in the labels. While some arc
 * is non-projective, the shortest such arc is lifted (its dependent attached to its head's head); the
 * dependent's label becomes `deprel↑h`, where h is the relation of its original head. Heads 1-based, 0 for
 * the root; `deprels` hold each word's relation.
 */
export function projectivizeWithLabels(
  heads: readonly number[],
  deprels: readonly string[],
): { heads: number[]; deprels: string[] } {
  const result = [...heads];
  const labels = [...deprels];
  const lifted = new Array<boolean>(result.length).fill(false);
  for (;;) {
    const shortest = shortestNonProjectiveArc(result);
    if (shortest < 0) return { heads: result, deprels: labels };
    const head = result[shortest - 1]!;
    if (!lifted[shortest - 1]) {
      // The first lift records the syntactic head's relation; later lifts of the same word keep it.
      labels[shortest - 1] = `${deprels[shortest - 1]}${LIFT_MARK}${deprels[head - 1]}`;
      lifted[shortest - 1] = true;
    }
    result[shortest - 1] = result[head - 1]!;
  }
}

/**
 * Undoes the lifts a parse records in its labels (see the module comment). `heads` are 1-based (0 for the
 * root) and `labels` the predicted label strings; both are changed in place. Words are handled from the
 * top of the tree down, so that a word moved down can still be the target of a word below it.
 */
export function deprojectivize(heads: number[], labels: string[]): void {
  const n = heads.length;
  let anyLifted = false;
  for (const label of labels) if (label.includes(LIFT_MARK)) anyLifted = true;
  if (!anyLifted) return;
  const children: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let d = 1; d <= n; d++) children[heads[d - 1]!]!.push(d);
  // Breadth-first order of the whole tree from the root: top-down handling of the lifted words.
  const order: number[] = [];
  for (let q = [0], i = 0; i < q.length; i++) {
    order.push(q[i]!);
    for (const child of children[q[i]!]!) q.push(child);
  }
  for (const word of order) {
    if (word === 0) continue;
    const label = labels[word - 1]!;
    const mark = label.indexOf(LIFT_MARK);
    if (mark < 0) continue;
    const relation = label.slice(0, mark);
    const wanted = label.slice(mark + 1);
    labels[word - 1] = relation;
    const head = heads[word - 1]!;
    const queue = [...children[head]!];
    for (let i = 0; i < queue.length; i++) {
      const candidate = queue[i]!;
      if (candidate === word) continue;
      if (liftedRelation(labels[candidate - 1]!) === wanted) {
        const siblings = children[head]!;
        siblings.splice(siblings.indexOf(word), 1);
        heads[word - 1] = candidate;
        children[candidate]!.push(word);
        children[candidate]!.sort((a, b) => a - b);
        break;
      }
      for (const child of children[candidate]!) queue.push(child);
    }
  }
}
