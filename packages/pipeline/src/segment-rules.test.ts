import { describe, expect, it } from 'vitest';
import { createPipeline, type Pipeline } from './pipeline';
import { SEGMENT_RULE_IDS, SEGMENT_RULES } from './segment-rules';

const clock = () => new Date(0);
const pipeline = createPipeline({ clock });

/** What segmentation decides of each clause: its text, dependency, relation, mood and verb. */
function clauses(compiler: Pipeline, text: string) {
  return compiler.compile(text, { documentId: 'segment-rules-test' }).map((clause) => ({
    text: clause.text,
    dependency: clause.syntactic.dependency,
    relation: clause.syntactic.relation,
    mood: clause.interpersonal.mood,
    verb: clause.ideational.rawTransitivity.verbLemma,
  }));
}

describe('SEGMENT_RULES: each rule makes the clause of its examples, and switched off no longer does', () => {
  for (const rule of SEGMENT_RULES) {
    const off = createPipeline({ clock, disabledRules: [rule.id, ...(rule.offWith ?? [])] });
    it.each(rule.examples.map((example) => [example.text, example.expect]))(
      `${rule.id}: %s`,
      (text, expected) => {
        const on = clauses(pipeline, text);
        expect(
          on.map((clause) => clause.text),
          `${rule.id}: no clause "${expected}"`,
        ).toContain(expected);
        expect(clauses(off, text)).not.toEqual(on);
      },
    );
  }

  it('keeps the ids unique, each a SEGMENT id, and gives every rule an example', () => {
    expect(new Set(SEGMENT_RULE_IDS).size).toBe(SEGMENT_RULES.length);
    for (const rule of SEGMENT_RULES) {
      expect(rule.id).toMatch(/^SEGMENT\.[A-Z_]+$/);
      expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(1);
    }
  });

  it('changes nothing when every segmentation rule is on and none is named', () => {
    const text =
      'The Supplier shall repair, replace or refund the faulty goods. If needed, that is in the book.';
    const none = createPipeline({ clock, disabledRules: ['NO.SUCH_RULE'] });
    expect(clauses(none, text)).toEqual(clauses(pipeline, text));
  });
});
