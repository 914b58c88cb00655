import { describe, expect, it } from 'vitest';
import { CONTRACT_RULES } from './contract-modality';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

interface Reading {
  readonly text: string;
  readonly weight: number;
  readonly type: string | null;
  readonly polarity: string;
  readonly rule: string;
  readonly premises: ReadonlyArray<{ label: string; value: string }>;
}

function readings(text: string, of = pipeline): Reading[] {
  return of.compile(text, { documentId: 'contract-test' }).map((clause) => ({
    text: clause.syntactic.text,
    weight: clause.interpersonal.modalityWeight,
    type: clause.interpersonal.modalityType,
    polarity: clause.interpersonal.polarity,
    rule:
      clause.interpersonal.reasoningTrace.rules.find((entry) => entry.label === 'modality_weight')?.rule ??
      '',
    premises: clause.interpersonal.reasoningTrace.premises as Array<{ label: string; value: string }>,
  }));
}

/** The clause a contract rule decided (the first one whose trace names a MODALITY.CONTRACT_ rule). */
function decided(text: string, of = pipeline): Reading {
  const clause = readings(text, of).find((reading) => reading.rule.startsWith('MODALITY.CONTRACT_'));
  if (clause === undefined) throw new Error(`no contract rule fired on: ${text}`);
  return clause;
}

describe('contract rules: every example of every rule is decided by that rule', () => {
  for (const rule of CONTRACT_RULES)
    it.each(rule.examples.map((example) => [example]))(`${rule.id}: %s`, (example) => {
      const clause = decided(example);
      expect(clause.rule).toBe(rule.id);
      expect(clause.weight).toBe(rule.reading.weight);
      expect(clause.type).toBe(rule.reading.type);
    });

  it('keeps the rule ids unique and every rule with at least two examples', () => {
    expect(new Set(CONTRACT_RULES.map((rule) => rule.id)).size).toBe(CONTRACT_RULES.length);
    for (const rule of CONTRACT_RULES) expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
  });
});

describe('terms of use', () => {
  it('reads "these Terms" as contract register: the reader is a party bound by "may not"', () => {
    const text =
      'By using the Service, you agree to these Terms. You may not share your account with anyone.';
    const last = readings(text).at(-1);
    expect(last).toMatchObject({ weight: 0.9, type: 'obligation', polarity: 'negative' });
    expect(last?.rule).toBe('MODALITY.CONTRACT_PROHIBITION');
    // Without the document naming its terms, "you may not" before an act is permission denied (low,
    // MODALITY.ADDRESSEE_PERMISSION), not a party's prohibition.
    expect(readings('You may not share your account with anyone.')[0]).toMatchObject({
      weight: 0.3,
      type: 'obligation',
      polarity: 'negative',
    });
    // "Terms" opening a sentence, with no determiner, names no document.
    expect(
      readings('Terms like these are common. You may not share your account with anyone.').at(-1),
    ).toMatchObject({ weight: 0.3, type: 'obligation' });
  });
});

describe('obligation, prohibition and permission on a party', () => {
  it('reads "shall" + an act of a party as obligation, high, positive', () => {
    const clause = decided('The Tenant shall pay the deposit before moving in.');
    expect(clause).toMatchObject({ weight: 0.9, type: 'obligation', polarity: 'positive' });
    expect(clause.premises).toContainEqual({ label: 'contract_subject', value: 'Tenant: party' });
    expect(clause.premises).toContainEqual({ label: 'contract_process', value: 'pay: active' });
  });

  it('reads "shall not" as a prohibition: obligation, high, negative polarity', () => {
    const clause = decided('The Tenant shall not assign this Lease.');
    expect(clause).toMatchObject({ weight: 0.9, type: 'obligation', polarity: 'negative' });
  });

  it('reads "shall be entitled to" and "may" as permission, the low end of obligation', () => {
    expect(decided('The Landlord shall be entitled to inspect the flat once a year.')).toMatchObject({
      weight: 0.3,
      type: 'obligation',
    });
    expect(decided('The Licensee may terminate this Agreement on ninety days notice.')).toMatchObject({
      weight: 0.3,
      type: 'obligation',
      rule: 'MODALITY.CONTRACT_PERMISSION',
    });
  });

  it('reads "must", "is required to", "agrees to" and "is responsible for" as obligation, high', () => {
    for (const text of [
      'The Tenant must return the keys on the last day of the term.',
      'The Supplier is required to insure the goods hereunder.',
      'The Buyer agrees to collect the goods from the depot.',
      'The Tenant is responsible for the cost of repairs to the windows.',
    ]) {
      const strongest = readings(text).reduce((best, reading) =>
        reading.weight > best.weight ? reading : best,
      );
      expect(strongest, text).toMatchObject({ weight: 0.9, type: 'obligation' });
    }
  });

  it('reads "will" as a duty only in contract register: news keeps it a prediction', () => {
    expect(decided('The Distributor will keep full records of every sale made hereunder.')).toMatchObject({
      weight: 0.9,
      type: 'obligation',
    });
    const [news] = readings('The museum will open a new wing in 2027.');
    expect(news).toMatchObject({ weight: 0.6, type: 'probability' });
    expect(news?.rule).toBe('MODALITY.OPERATOR');
  });

  it('keeps "may be liable" a low possibility, not a duty', () => {
    const clause = readings('The Supplier may be liable for delays hereunder.')[0];
    expect(clause?.weight).toBeLessThan(0.45);
  });

  it('leaves "may" outside contract register as it was (epistemic, low)', () => {
    const [clause] = readings('The roads may be icy tonight.');
    expect(clause).toMatchObject({ weight: 0.3, type: 'probability' });
  });
});

describe('definitions and stipulations', () => {
  it.each([
    '"Premises" shall mean the flat on the second floor.',
    'Any notice sent by post shall be deemed received two days after posting.',
    'The Fees shall include all taxes and duties.',
    'Each such payment shall constitute a partial discharge of the debt.',
  ])('never modalises a definition: %s', (text) => {
    const clause = decided(text);
    expect(clause.rule).toBe('MODALITY.CONTRACT_DEFINITION');
    expect(clause.weight).toBe(0);
    expect(clause.type).toBeNull();
  });

  it('keeps "shall include" an act when a party is its Subject', () => {
    expect(decided('The Seller shall include a packing list with every delivery.')).toMatchObject({
      weight: 0.9,
      rule: 'MODALITY.CONTRACT_PARTY_DUTY',
    });
  });

  it('reads "shall" with the agreement or a term as Subject as a stipulated future, median probability', () => {
    for (const text of [
      'This Lease shall commence on the first day of May.',
      'This Agreement shall be governed by the laws of Ontario.',
      'Any purported transfer in breach of this clause shall be void.',
    ]) {
      const clause = decided(text);
      expect(clause, text).toMatchObject({
        weight: 0.6,
        type: 'probability',
        rule: 'MODALITY.CONTRACT_STIPULATION',
      });
      expect(clause.premises.find((premise) => premise.label === 'contract_subject')?.value, text).toMatch(
        /: thing$/,
      );
    }
  });
});

describe('voice, split verbal groups and polarity', () => {
  it('binds the implied Agent of a passive act ("shall be returned")', () => {
    const clause = decided('The deposit shall be returned to the Tenant within thirty days.');
    expect(clause).toMatchObject({ weight: 0.9, type: 'obligation', rule: 'MODALITY.CONTRACT_PASSIVE_DUTY' });
    expect(clause.premises).toContainEqual({ label: 'contract_process', value: 'return: passive' });
  });

  it('carries the operator over a clause boundary into the verb it governs', () => {
    const clauses = readings('The Agent shall, if asked by the Owner, send a statement of account.');
    const send = clauses.find((clause) => clause.text.startsWith('send'));
    expect(send).toMatchObject({ weight: 0.9, type: 'obligation' });
    expect(send?.premises).toContainEqual({ label: 'contract_operator', value: 'shall (earlier clause)' });
  });

  it('gives a coordinated verb the operator of the clause it is coordinated with', () => {
    const clauses = readings(
      'The Supplier must keep complete records and provide a copy to the Buyer on request.',
    );
    const provide = clauses.find((clause) => clause.text.startsWith('and provide'));
    expect(provide).toMatchObject({ weight: 0.9, type: 'obligation' });
    expect(provide?.premises).toContainEqual({ label: 'contract_operator', value: 'must (earlier clause)' });
  });

  it('does not read a bound on a time or a list as negation', () => {
    expect(
      decided('The Buyer shall pay each invoice no later than the tenth day of the month.'),
    ).toMatchObject({
      weight: 0.9,
      polarity: 'positive',
    });
  });

  it('reads a negated entitlement or duty as high obligation with negative polarity', () => {
    expect(decided('The Tenant shall not be entitled to sublet the garage.')).toMatchObject({
      weight: 0.9,
      type: 'obligation',
      polarity: 'negative',
    });
    expect(decided('The Landlord shall have no liability for interest on the deposit.')).toMatchObject({
      weight: 0.9,
      polarity: 'negative',
    });
  });

  it('reads the noun "obligation" as modality only with its complement', () => {
    const [named] = readings('The Tenant remains in breach of its obligations.');
    expect(named?.weight).toBe(0);
    expect(named?.premises).toContainEqual({
      label: 'not_modal',
      value: 'obligations: MODALITY.NOUN_WITHOUT_COMPLEMENT',
    });
    const [complement] = readings('There is an obligation to notify the insurer.');
    expect(complement?.weight).toBe(0.9);
  });
});

describe('Subject and process from the tree', () => {
  const premise = (reading: Reading, label: string) =>
    reading.premises.find((entry) => entry.label === label)?.value;

  it('cites the relations: the nsubj of the process and the process as the head of the operator', () => {
    const clause = decided('The Tenant shall pay the deposit before moving in.');
    expect(premise(clause, 'contract_subject_relation')).toBe('nsubj');
    expect(premise(clause, 'contract_process_relation')).toBe('head of shall');
  });

  it('reads the process over words between the operator and the verb ("shall each promptly stop")', () => {
    const clause = decided(
      'Upon expiry of this Agreement, Smith and Brown shall each promptly stop using the logo.',
    );
    expect(clause).toMatchObject({ weight: 0.9, type: 'obligation', rule: 'MODALITY.CONTRACT_PARTY_DUTY' });
    expect(premise(clause, 'contract_process')).toBe('stop: active');
    expect(premise(clause, 'contract_subject')).toMatch(/: party$/);
  });

  it('takes the nominal right before the operator when the parse hangs the Subject across a comma', () => {
    // The parse makes "anything" the nsubj of "meet"; "Acme and Globex" stand right before "will" (TREE.NOTWITHSTANDING,
    // which makes "anything" an oblique, is off to keep that parse).
    const clause = decided(
      'Notwithstanding anything herein to the contrary, Acme and Globex will meet every quarter.',
      createPipeline({ clock: () => new Date(0), disabledRules: ['TREE.NOTWITHSTANDING'] }),
    );
    expect(clause).toMatchObject({ weight: 0.9, type: 'obligation', rule: 'MODALITY.CONTRACT_PARTY_DUTY' });
    expect(premise(clause, 'contract_subject_relation')).toBe('nominal before the operator');
    expect(premise(clause, 'contract_subject')).toBe('Globex: party');
  });

  it('gives a clause the operator the tree hangs on its verb from an earlier clause', () => {
    const clauses = readings(
      'Such suspension shall - to the extent possible - be limited to the affected areas.',
    );
    const limited = clauses.find((clause) => clause.text.startsWith('be limited'));
    expect(limited).toMatchObject({
      weight: 0.9,
      type: 'obligation',
      rule: 'MODALITY.CONTRACT_PASSIVE_DUTY',
    });
    expect(limited?.premises).toContainEqual({ label: 'contract_operator', value: 'shall (earlier clause)' });
    expect(limited?.premises).toContainEqual({ label: 'contract_process', value: 'limit: passive' });
  });
});

describe('negation of a Subject the segmenter left in an earlier clause', () => {
  it('reads "no X or Y party shall be entitled" as a denied entitlement when "no X" is cut off', () => {
    const clauses = readings(
      'The Parties agree that no selling or receiving party shall be entitled to damages.',
    );
    const entitled = clauses.find((clause) => clause.text.includes('shall be entitled'));
    expect(entitled?.text.startsWith('The Parties')).toBe(false);
    expect(entitled).toMatchObject({
      weight: 0.9,
      type: 'obligation',
      polarity: 'negative',
      rule: 'MODALITY.CONTRACT_ENTITLEMENT_DENIED',
    });
  });
});

describe('contract word classes', () => {
  it('are lower case and keep parties and things apart', async () => {
    const lexicon = await import('./lexicons/contract-lexicon');
    for (const [name, set] of Object.entries(lexicon))
      for (const word of set as ReadonlySet<string>) expect(word, name).toBe(word.toLowerCase());
    for (const word of lexicon.PARTY_NOUNS) expect(lexicon.THING_TERMS.has(word), word).toBe(false);
  });
});

describe('an inverted conditional opening a contract sentence', () => {
  it('reads its "should" as "if": no modality in the conditional clause, the main clause keeps its own', () => {
    const [opening, main] = readings(
      'Should any Supply Agreement between Seller and any Affiliate be cancelled before the end of a month, Seller shall be paid a fee for that part of the month.',
    );
    expect(opening?.text.startsWith('Should')).toBe(true);
    expect(opening?.weight).toBe(0);
    expect(opening?.type).toBeNull();
    expect(main?.text.startsWith('Seller shall be paid')).toBe(true);
    expect(main?.weight).toBeGreaterThan(0);
  });
});

describe('negation in brackets', () => {
  it('a negator inside brackets is an aside: the duty stays an obligation', () => {
    const aside = decided(
      'The Licensee shall include in the report all rights held by the Licensor (if no ownership).',
    );
    expect(aside).toMatchObject({ type: 'obligation', polarity: 'positive' });
    // Outside the brackets the same word makes the duty a prohibition.
    const negated = decided('The Licensee shall include no rights held by the Licensor in the report.');
    expect(negated).toMatchObject({ type: 'obligation', polarity: 'negative' });
  });
});
