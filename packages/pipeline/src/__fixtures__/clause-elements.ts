import type { AnnotatedClause } from '@cae/core';

/** The first independent clause of a compiled text (or its first clause when none is independent). */
export const mainClause = (clauses: AnnotatedClause[]): AnnotatedClause =>
  clauses.find((clause) => clause.syntactic.dependency === 'independent') ?? (clauses[0] as AnnotatedClause);

/** A clause's participants (`role=text`) and circumstances (`type/subtype=text`), in that order. */
export const clauseElements = (clause: AnnotatedClause): string[] => [
  ...clause.ideational.participants.map((participant) => `${participant.role}=${participant.text}`),
  ...clause.ideational.circumstances.map(
    (circumstance) => `${circumstance.type}/${circumstance.subtype}=${circumstance.text}`,
  ),
];
