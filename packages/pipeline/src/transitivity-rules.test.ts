import { describe, expect, it } from 'vitest';
import { clauseElements, mainClause } from './__fixtures__/clause-elements';
import { createPipeline } from './pipeline';
import { TRANSITIVITY_STAGES } from './transitivity-analyzer';

/**
 * Every example of every rule of `analyzeTransitivity`'s stages is a test, run on the word-order analysis
 * (the tree stage off): the expectation holds (`process=`, `voice=`, `role=text`, `type/subtype=text`,
 * `-=text` for no element with that text), the trace names the rule when it cites one, and switching the
 * rule off (`disabledRules`) changes the analysis, so the example really exercises the rule.
 */
const clock = () => new Date(0);
const on = createPipeline({ clock, treeParticipants: false });

describe('transitivity rules: every example is a test', () => {
  for (const stage of TRANSITIVITY_STAGES) {
    for (const rule of stage.rules) {
      for (const example of rule.examples) {
        it(`${stage.name} / ${rule.id}: ${example.text} -> ${example.expect}`, () => {
          const clause = mainClause(on.compile(example.text, { documentId: 'rule-example' }));
          const [label, text] = example.expect.split('=') as [string, string];
          if (label === 'process') expect(clause.ideational.processType).toBe(text);
          else if (label === 'voice') expect(clause.ideational.rawTransitivity.voice).toBe(text);
          else if (label === '-')
            expect(clauseElements(clause).some((element) => element.endsWith(`=${text}`))).toBe(false);
          else expect(clauseElements(clause)).toContain(example.expect);
          if (rule.cites !== null)
            expect(clause.ideational.rawTransitivity.matched).toContain(rule.cites ?? rule.id);
          const off = createPipeline({ clock, treeParticipants: false, disabledRules: [rule.id] });
          const without = mainClause(off.compile(example.text, { documentId: 'rule-example' }));
          expect(without.ideational).not.toEqual(clause.ideational);
        });
      }
    }
  }
  it('rule ids are unique across the stages and every rule has an example', () => {
    const ids = TRANSITIVITY_STAGES.flatMap((stage) => stage.rules.map((rule) => rule.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const stage of TRANSITIVITY_STAGES)
      for (const rule of stage.rules) expect(rule.examples.length, rule.id).toBeGreaterThan(0);
  });
});
