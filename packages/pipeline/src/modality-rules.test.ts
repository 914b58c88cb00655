import { describe, expect, it } from 'vitest';
import { CONTRACT_RULES } from './contract-modality';
import { MODALITY_RULE_IDS } from './modality-analyzer';
import { createPipeline } from './pipeline';

const clock = () => new Date(0);
const pipeline = createPipeline({ clock });

/** Each clause's modality weight, type and the rule that decided it. */
function modality(text: string, disabledRules: string[] = []) {
  const compiler = disabledRules.length === 0 ? pipeline : createPipeline({ clock, disabledRules });
  return compiler.compile(text, { documentId: 'modality-rules-test' }).map((clause) => ({
    text: clause.text,
    weight: clause.interpersonal.modalityWeight,
    type: clause.interpersonal.modalityType,
    rule: clause.interpersonal.reasoningTrace.rules.find((entry) => entry.label === 'modality_weight')?.rule,
  }));
}

/** A sentence each switchable modality rule decides, and the weight of its first clause with the rule on. */
const EXAMPLES: ReadonlyArray<readonly [id: string, text: string, weight: number]> = [
  [
    'MODALITY.CONDITIONAL_INVERSION',
    'Should any Agreement be terminated, the Licensee shall return the Software.',
    0,
  ],
  ['MODALITY.NUMBERED_SUPERLATIVE', 'The deal bound the five most important parties.', 0],
  ['MODALITY.NOMINAL_USUALITY', 'The often cited figure is wrong.', 0],
  ['MODALITY.APPROXIMATE_NUMBER', 'The fair drew some 1,500 visitors.', 0],
  ['MODALITY.SUBJECT_QUANTIFIER', 'Many voters fear inflation.', 0],
  ['MODALITY.FREQUENCY_QUANTIFIER', 'The tenants play loud music on most weeknights.', 0.6],
  ['MODALITY.ADDRESSEE_PERMISSION', 'You may return to work on Monday.', 0.3],
  ['MODALITY.ADDRESSEE_BELIEF', 'If you believe that your account was hacked, call us.', 0],
  ['MODALITY.NOUN_WITHOUT_COMPLEMENT', 'The Supplier performed its obligations hereunder.', 0],
  ['MODALITY.OWN_CLAUSE', 'We will, if possible, ship the goods today.', 0.6],
  ['MODALITY.PASSIVE_DEONTIC', 'A security deposit is required.', 0.9],
  ['MODALITY.REPORTED_THING', 'No deaths have been reported.', 0],
  ['MODALITY.HEDGED', 'It might possibly rain tomorrow.', 0.23],
  ['MODALITY.REINFORCED', 'It will probably rain.', 0.63],
];

describe('modality rules are switchable with disabledRules', () => {
  it('MODALITY.ADDRESSEE_PERMISSION: "you may" before an action is permission, before what befalls you probability', () => {
    expect(modality('You may return to work on Monday.')[0]?.type).toBe('obligation');
    expect(modality('You may return to work on Monday.', ['MODALITY.ADDRESSEE_PERMISSION'])[0]?.type).toBe(
      'probability',
    );
    expect(modality('May I come in?')[0]?.type).toBe('obligation');
    expect(modality('You may feel dizzy for a day.')[0]?.type).toBe('probability');
    expect(modality('You may be right.')[0]?.type).toBe('probability');
  });

  it.each(EXAMPLES)('%s: %s', (id, text, weight) => {
    const on = modality(text);
    expect(on[0]?.weight).toBe(weight);
    expect(modality(text, [id])).not.toEqual(on);
  });

  it('MODALITY.PROJECTED: the reported clause takes the projecting clause’s probability; off, it has none', () => {
    const text = 'Some critics argue that the film is too long.';
    expect(modality(text)[1]).toMatchObject({ weight: 0.4, rule: 'MODALITY.PROJECTED' });
    expect(modality(text, ['MODALITY.PROJECTED'])[1]).toMatchObject({ weight: 0, rule: 'MODALITY.NONE' });
  });

  it('a contract row switched off leaves its examples to the next row that holds', () => {
    for (const rule of CONTRACT_RULES) {
      const example = rule.examples[0] as string;
      const decidedBy = (disabled: string[]) =>
        modality(example, disabled).find((clause) => clause.rule?.startsWith('MODALITY.CONTRACT_'))?.rule;
      expect(decidedBy([]), example).toBe(rule.id);
      expect(decidedBy([rule.id]), example).not.toBe(rule.id);
    }
  });

  it('lists every switchable id once, the contract rows among them', () => {
    expect(new Set(MODALITY_RULE_IDS).size).toBe(MODALITY_RULE_IDS.length);
    for (const [id] of EXAMPLES) expect(MODALITY_RULE_IDS).toContain(id);
    for (const rule of CONTRACT_RULES) expect(MODALITY_RULE_IDS).toContain(rule.id);
    expect(MODALITY_RULE_IDS).toContain('MODALITY.PROJECTED');
  });
});
