import type { Syntactic } from '@cae/core';

/**
 * What belongs to a clause in the tree (pass 2 reads the parse every token carries): a clause's span
 * can hold a dependent clause the segmenter left inside it, whose words are not the clause's own.
 */

/**
 * Relations that open a clause of its own under their head (UD). Not acl (a clause inside a nominal
 * group: "the gene which may regulate ...") and not a conjunct sharing the Subject ("binds A and may
 * regulate B"): their cues stay with the clause, or a sentence would lose them (measured on the even
 * lines of MK-GENIA: with acl and such conjuncts AUC 0.865 -> 0.855, without 0.863).
 */
const CLAUSAL_RELATION = /^(advcl|ccomp|csubj|parataxis)(:|$)/;
/** Dependents that make a conjunct a clause of its own ("and ... it is unclear"): a Subject of its own. */
const PREDICATE_DEPENDENT = /^(nsubj|csubj|expl)(:|$)/;

/**
 * Local indexes of the tokens that stand in a dependent clause inside this clause's span in the tree: on
 * the way up from the token to the clause's own head (the token whose head lies outside the clause), a
 * clausal relation (advcl, ccomp, csubj, parataxis, or conj of a predicate with its own Subject) is
 * crossed. None when the clause's own Finite would be one of them: the parse then
 * disagrees with the clause ("By 1990 most village shops had closed" parsed with "1990" as root).
 */
export function embeddedTokens(syntactic: Syntactic, finite: number): Set<number> {
  const { tokens } = syntactic;
  // No token opens a clause (no clausal relation, no conjunct): nothing is embedded.
  let opening = false;
  for (let index = 0; index < tokens.length && !opening; index += 1) {
    const deprel = (tokens[index] as Syntactic['tokens'][number]).deprel;
    opening = deprel === 'conj' || CLAUSAL_RELATION.test(deprel);
  }
  if (!opening) return new Set();
  const at = new Map<number, number>();
  tokens.forEach((token, index) => {
    at.set(token.start, index);
  });
  const predicate = new Set<number>();
  for (const token of tokens) {
    if (token.headStart === null || !PREDICATE_DEPENDENT.test(token.deprel)) continue;
    const head = at.get(token.headStart);
    if (head !== undefined) predicate.add(head);
  }
  const opens = (index: number): boolean => {
    const token = tokens[index];
    if (token === undefined) return false;
    if (CLAUSAL_RELATION.test(token.deprel)) return true;
    return token.deprel === 'conj' && predicate.has(index);
  };
  const embedded = new Set<number>();
  tokens.forEach((_, index) => {
    let current = index;
    for (let steps = 0; steps < tokens.length; steps += 1) {
      const headStart = tokens[current]?.headStart;
      const head = headStart === null || headStart === undefined ? undefined : at.get(headStart);
      if (head === undefined) return;
      if (opens(current)) {
        embedded.add(index);
        return;
      }
      current = head;
    }
  });
  return finite >= 0 && embedded.has(finite) ? new Set() : embedded;
}
