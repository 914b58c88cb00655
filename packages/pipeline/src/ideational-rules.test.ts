import { describe, expect, it } from 'vitest';
import { IDEATIONAL_RULE_IDS, IDEATIONAL_RULES } from './ideational-rules';
import { createPipeline, type Pipeline } from './pipeline';

const clock = () => new Date(0);
const pipeline = createPipeline({ clock });

/** Participants (`role=text`, joined by " | ") and the element rules of every clause of a text. */
function elements(compiler: Pipeline, text: string) {
  return compiler.compile(text, { documentId: 'ideational-rules-test' }).map((clause) => ({
    participants: clause.ideational.participants.map((item) => `${item.role}=${item.text}`).join(' | '),
    circumstances: clause.ideational.circumstances.length,
    rules: clause.interpersonal.reasoningTrace.rules.map((rule) => rule.rule),
  }));
}

describe('IDEATIONAL_RULES: each rule revises its examples, and switched off no longer does', () => {
  for (const rule of IDEATIONAL_RULES) {
    const off = createPipeline({ clock, disabledRules: [rule.id] });
    it.each(rule.examples.map((example) => [example.text, example.expect]))(
      `${rule.id}: %s`,
      (text, expected) => {
        const clauses = elements(pipeline, text);
        const index = clauses.findIndex((clause) => clause.rules.includes(rule.id));
        expect(index, `${rule.id} revises no clause of ${JSON.stringify(clauses)}`).toBeGreaterThanOrEqual(0);
        expect(clauses[index]?.participants).toBe(expected);
        const without = elements(off, text)[index];
        expect([without?.participants, without?.circumstances]).not.toEqual([
          expected,
          clauses[index]?.circumstances,
        ]);
      },
    );
  }

  it('keeps the ids unique and gives every rule two examples', () => {
    expect(new Set(IDEATIONAL_RULE_IDS).size).toBe(IDEATIONAL_RULES.length);
    for (const rule of IDEATIONAL_RULES) expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
  });
});

describe('PARTICIPANT.HEADING and PARTICIPANT.HOLD_HARMLESS keep to their cases', () => {
  it('gives a heading no circumstance either, and leaves the section under it alone', () => {
    const clauses = elements(
      pipeline,
      '4.1 Delivery to the Warehouse.\nThe Seller delivers the goods to the warehouse.',
    );
    expect(clauses[0]).toMatchObject({ participants: '', circumstances: 0 });
    expect(clauses[1]?.participants).toBe('actor=The Seller | goal=the goods');
    expect(clauses[1]?.circumstances).toBeGreaterThan(0);
  });

  it('reads "save harmless" like "hold harmless"', () => {
    const text = 'The Seller shall save harmless the Buyer and its agents from all claims.';
    expect(elements(pipeline, text)[0]?.participants).toBe(
      'actor=The Seller | goal=the Buyer and its agents',
    );
    const off = createPipeline({ clock, disabledRules: ['PARTICIPANT.HOLD_HARMLESS'] });
    expect(elements(off, text)[0]?.participants).toContain('goal=harmless the Buyer');
  });

  it('keeps "harmless" where no "hold" makes it part of the process', () => {
    expect(elements(pipeline, 'The Tenant keeps the harmless dog in the yard.')[0]?.participants).toContain(
      'goal=the harmless dog',
    );
  });
});
