import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function groupsOf(text: string): string[] {
  const clause = pipeline.compile(text, { documentId: 'chunker-test' })[0];
  return (clause?.syntactic.groups ?? []).map((group) => `${group.type}[${group.text}]`);
}

describe('nominal groups with premodifiers the tagger read as verbs or adverbs', () => {
  it('a participle between a determiner and a noun stays in the nominal group', () => {
    expect(groupsOf('She emailed me the updated price list.')).toContain('nominal[the updated price list]');
  });

  it('an adverb-tagged adjective after a determiner stays in the nominal group', () => {
    expect(groupsOf('He carved a small wooden spoon.')).toContain('nominal[a small wooden spoon]');
  });

  it('leaves a verb after a noun alone', () => {
    expect(groupsOf('The man walked home.')).toContain('verbal[walked]');
  });

  it('GROUP.PHRASAL_PARTICLE: a phrasal particle joins the verbal group before its object', () => {
    expect(groupsOf('The crew put out the fire.')).toEqual([
      'nominal[The crew]',
      'verbal[put out]',
      'nominal[the fire]',
    ]);
  });

  it('GROUP.PHRASAL_PARTICLE guard: a particle before a path or a time opens a prepositional group', () => {
    expect(groupsOf('The boy ran down the corridor.')).toContain('prepositional[down the corridor]');
    expect(groupsOf('She turned up the next morning.')).toContain('verbal[turned]');
  });

  it('GROUP.PRONOUN_COMPLEMENT: an adjective after a personal or demonstrative pronoun is its complement', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['GROUP.PRONOUN_COMPLEMENT'] });
    const roles = (compiler: typeof pipeline, text: string) =>
      compiler
        .compile(text, { documentId: 'chunker-test' })[0]!
        .ideational.participants.map((participant) => `${participant.role}:${participant.text}`);
    for (const [text, carrier, attribute] of [
      ['Are you sure?', 'you', 'sure'],
      ['Is that ok?', 'that', 'ok'],
      ['Is he ready?', 'he', 'ready'],
    ] as const) {
      expect(groupsOf(text)).toContain(`nominal[${carrier}]`);
      expect(roles(pipeline, text)).toEqual([`carrier:${carrier}`, `attribute:${attribute}`]);
      expect(roles(off, text)).not.toEqual(roles(pipeline, text));
    }
    // "hold them harmless": the pronoun alone is the Goal.
    expect(roles(pipeline, 'The Agent shall defend and hold them harmless from all claims.')).toEqual([
      'actor:The Agent',
      'goal:them',
    ]);
    // An indefinite pronoun keeps its adjective.
    expect(groupsOf('They found something new.')).toContain('nominal[something new]');
  });

  it("GROUP.CURRENCY_AMOUNT: a currency sign before a number is in the amount's group", () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['GROUP.CURRENCY_AMOUNT'] });
    const roles = (compiler: typeof pipeline, text: string) =>
      compiler
        .compile(text, { documentId: 'chunker-test' })[0]!
        .ideational.participants.map((participant) => `${participant.role}:${participant.text}`);
    expect(groupsOf('The rent is $1,850.')).toContain('nominal[$1,850]');
    expect(roles(pipeline, 'The rent is $1,850.')).toEqual(['carrier:The rent', 'attribute:$1,850']);
    expect(roles(off, 'The rent is $1,850.')).toEqual(['carrier:The rent', 'attribute:1,850']);
    // A sign with no number after it is no amount.
    expect(groupsOf('Prices are in $ and €.')).not.toContain('nominal[$]');
  });

  it('GROUP.HYPHEN_COMPOUND: words joined by hyphens are one word of the group', () => {
    // (The tree stage's PARTICIPANT.TREE_ATTRIBUTE_PHRASE would mend the Attribute the chunker cut: off here.)
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: ['GROUP.HYPHEN_COMPOUND', 'PARTICIPANT.TREE_ATTRIBUTE_PHRASE'],
    });
    const roles = (compiler: typeof pipeline, text: string) =>
      compiler
        .compile(text, { documentId: 'chunker-test' })[0]!
        .ideational.participants.map((participant) => `${participant.role}:${participant.text}`);
    expect(groupsOf('She is a well-known author.')).toContain('nominal[a well-known author]');
    expect(roles(pipeline, 'She is a well-known author.')).toEqual([
      'carrier:She',
      'attribute:a well-known author',
    ]);
    expect(roles(off, 'She is a well-known author.')).toEqual([
      'carrier:She',
      'attribute:a',
      'attribute:author',
    ]);
    expect(groupsOf('We rented a three-bedroom house.')).toContain('nominal[a three-bedroom house]');
    expect(groupsOf('The job is full-time.')).toContain('nominal[full-time]');
    // A verb in its base form ends no premodifier: "double-check" is the clause's verb, not part of its object.
    expect(groupsOf('Please double-check the figures.')).toContain('nominal[the figures]');
  });

  it('GROUP.VERB_THEN_OPERATOR: a finite operator after a past participle opens a verbal group of its own', () => {
    expect(groupsOf('The Products sold hereunder shall be free from defects.')).toEqual([
      'nominal[The Products]',
      'verbal[sold]',
      'adverbial[hereunder]',
      'verbal[shall be]',
      'adjectival[free]',
      'prepositional[from defects]',
    ]);
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['GROUP.VERB_THEN_OPERATOR'] });
    const carrier = (compiler: typeof pipeline) =>
      compiler.compile('All provisions contained herein are severable.', { documentId: 'chunker-test' })[0]!
        .ideational.participants[0]?.text;
    expect(carrier(pipeline)).toBe('All provisions contained herein');
    expect(carrier(off)).toBe('All provisions');
    // A verbal group complex keeps its operator: "appears to have taken".
    expect(groupsOf('The government appears to have taken the threat seriously.')).toContain(
      'verbal[appears to have taken]',
    );
  });

  it('GROUP.HOW_ATTRIBUTE: "how" + adjective ends before the Subject\'s determiner', () => {
    expect(groupsOf('How quiet the village seems!')).toEqual([
      'adjectival[How quiet]',
      'nominal[the village]',
      'verbal[seems]',
    ]);
    expect(groupsOf('How big a problem is it?')).toContain('nominal[How big a problem]');
  });
});

describe('amounts in contract wording', () => {
  const off = (rule: string) => createPipeline({ clock: () => new Date(0), disabledRules: [rule] });
  const groupsWith = (compiler: typeof pipeline, text: string) =>
    (compiler.compile(text, { documentId: 'chunker-test' })[0]?.syntactic.groups ?? []).map(
      (group) => `${group.type}[${group.text}]`,
    );

  it('GROUP.NUMBER_IN_BRACKETS: a number written twice is one number of its group', () => {
    const text = 'Zynga will, within thirty (30) days of the end of each quarter, pay the fee.';
    expect(groupsOf(text)).toContain('prepositional[within thirty (30) days]');
    const before = groupsWith(off('GROUP.NUMBER_IN_BRACKETS'), text);
    expect(before).toContain('prepositional[within thirty]');
    expect(before).toContain('nominal[days]');
    // Brackets after a number that hold no number, or before no noun, stay out.
    expect(groupsOf('The Tenant shall pay 500 (five hundred) dollars.')).not.toContain(
      'nominal[500 (five hundred) dollars]',
    );
  });

  it('GROUP.FIXED_CONJUNCTION: a binding conjunction of several words is one conjunction group, one textual Theme', () => {
    const offGroups = off('GROUP.FIXED_CONJUNCTION');
    for (const [text, conjunction, before] of [
      [
        'In the event that the Tenant abandons the flat, the Landlord may relet it.',
        'In the event that',
        'prepositional[In the event]',
      ],
      [
        'As soon as the Buyer becomes aware of a defect, it shall notify the Seller.',
        'As soon as',
        'adverbial[As soon]',
      ],
      [
        'Except to the extent the Buyer has paid, the Seller may suspend delivery.',
        'Except to the extent',
        'prepositional[Except]',
      ],
    ] as const) {
      expect(groupsOf(text)[0]).toBe(`conjunction[${conjunction}]`);
      const clause = pipeline.compile(text, { documentId: 'chunker-test' })[0]!;
      expect(clause.textual?.theme.elements[0]).toMatchObject({ kind: 'textual', text: conjunction });
      expect(groupsWith(offGroups, text)[0]).toBe(before);
    }
    // A mark with words the parse fixed on it that make no conjunction ("as of", misread) is no conjunction group.
    expect(
      groupsOf(
        'As of the determination date referenced in Rule 164(h) under the Act, the Company is not an ineligible issuer.',
      )[0],
    ).not.toMatch(/^conjunction/);
  });

  it('GROUP.AT_LEAST: "at least" before an amount modifies it and opens no place', () => {
    const kept = 'Such books and records shall be kept for at least three years.';
    expect(groupsOf(kept)).toContain('prepositional[for at least three years]');
    const circumstances = (compiler: typeof pipeline, text: string) =>
      compiler
        .compile(text, { documentId: 'chunker-test' })[0]!
        .ideational.circumstances.map(
          (circumstance) => `${circumstance.type}/${circumstance.subtype}=${circumstance.text}`,
        );
    expect(circumstances(pipeline, kept)).toEqual(['extent/duration=for at least three years']);
    expect(circumstances(off('GROUP.AT_LEAST'), kept)).toEqual(['location/time=for at least three years']);
    expect(groupsOf('The Licensee shall pay at least $1,000 each month.')).toContain(
      'nominal[at least $1,000]',
    );
    expect(groupsWith(off('GROUP.AT_LEAST'), 'The Licensee shall pay at least $1,000 each month.')).toContain(
      'prepositional[at least $1,000]',
    );
    // "at least" before no amount is left alone.
    expect(groupsOf('The insurance shall be kept at least until the end of the Term.')).not.toContain(
      'nominal[at least until the end of the Term]',
    );
  });
});
