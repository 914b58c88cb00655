import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function weightOf(text: string): number {
  let best = 0;
  for (const clause of pipeline.compile(text, { documentId: 'modality-test' }))
    best = Math.max(best, clause.interpersonal.modalityWeight);
  return best;
}

describe('hedges (weasel wording)', () => {
  it.each([
    'The painting is considered his finest work.',
    'The castle is thought to date from the tenth century.',
    'The song is widely regarded as a classic.',
    'In certain regions the custom survives.',
    'The mayor reportedly resigned.',
  ])('%s is modalised', (text) => {
    const weight = weightOf(text);
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThanOrEqual(0.6);
  });

  it('leaves plain assertions unmodalised', () => {
    expect(weightOf('The bridge opened in 1932.')).toBe(0);
    expect(weightOf('The museum closed in May 2003.')).toBe(0);
  });

  it('keeps predicative "certain" high', () => {
    expect(weightOf('It is certain that the bridge collapsed.')).toBeGreaterThanOrEqual(0.85);
  });
});

describe('MODALITY.PASSIVE_DEONTIC: a passive that states a rule ("is required", "is prohibited") is obligation', () => {
  const without = createPipeline({ clock: () => new Date(0), disabledRules: ['MODALITY.PASSIVE_DEONTIC'] });
  const first = (compiler: typeof pipeline, text: string) => {
    const clause = compiler.compile(text, { documentId: 'modality-test' })[0]!;
    const { modalityWeight, modalityType, polarity } = clause.interpersonal;
    return { modalityWeight, modalityType, polarity };
  };

  it.each([
    ['A security deposit is required.', 0.9, 'positive'],
    ['Proof of insurance is required before move-in.', 0.9, 'positive'],
    ['Smoking is prohibited in all units.', 0.9, 'negative'],
    ['Parking in fire lanes is strictly forbidden.', 0.9, 'negative'],
    ['Pets are permitted in the east building.', 0.3, 'positive'],
    ['Pets are not permitted.', 0.3, 'negative'],
    ['Subletting is not allowed.', 0.3, 'negative'],
    ['Smoking is not prohibited on the roof.', 0.3, 'positive'],
  ] as const)('%s: obligation %s, %s; with the rule off, something else', (text, weight, polarity) => {
    const on = first(pipeline, text);
    expect(on).toEqual({ modalityWeight: weight, modalityType: 'obligation', polarity });
    expect(first(without, text)).not.toEqual(on);
  });

  it('leaves the infinitive expressions and participles without "be" as they were', () => {
    expect(first(pipeline, 'Guests are required to sign in at the front desk.')).toMatchObject({
      modalityWeight: 0.9,
      polarity: 'positive',
    });
    expect(first(pipeline, 'You are allowed to bring a guest.')).toMatchObject({ modalityWeight: 0.3 });
    expect(first(pipeline, 'Students are not allowed to leave early.')).toMatchObject({
      modalityWeight: 0.3,
      polarity: 'negative',
    });
    expect(weightOf('The landlord allowed pets in 2020.')).toBe(0);
    expect(weightOf('Calcium is required for muscle contraction.')).toBe(0);
    expect(weightOf('These sites are required in vivo for chromosome segregation.')).toBe(0);
    expect(weightOf('Fill in the form required for the permit.')).toBe(0);
  });

  it('cites the rule in the trace', () => {
    expect(premisesOf('Smoking is prohibited in all units.')).toContainEqual({
      label: 'modal_rules',
      value: 'MODALITY.PASSIVE_DEONTIC',
    });
  });
});

describe('MODALITY.REPORTED_THING: a clause-final passive of saying whose Subject names what was said', () => {
  const attributing = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['MODALITY.REPORTED_THING'],
  });
  const attributed = (text: string) =>
    attributing.compile(text, { documentId: 'modality-test' })[0]!.interpersonal.modalityWeight;

  it.each(['No deaths have been reported.', 'Two injuries were reported.', 'The cost was estimated.'])(
    '%s: weight 0, the attribution reading with the rule off',
    (text) => {
      expect(weightOf(text)).toBe(0);
      expect(attributed(text)).toBeGreaterThan(0);
    },
  );

  it('keeps the attribution with "it", a that-clause or a to-infinitive', () => {
    expect(weightOf('It is reported that the mayor resigned.')).toBe(0.6);
    expect(weightOf('The mayor is said to have resigned.')).toBe(0.6);
    expect(premisesOf('No deaths have been reported.')).toContainEqual({
      label: 'not_modal',
      value: 'reported: MODALITY.REPORTED_THING',
    });
  });
});

describe('MODALITY.SUBJECT_QUANTIFIER: a vague quantifier in the Subject is no modality', () => {
  const hedging = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['MODALITY.SUBJECT_QUANTIFIER'],
  });
  const hedgedWeight = (text: string): number =>
    Math.max(
      ...hedging.compile(text, { documentId: 'modality-test' }).map((c) => c.interpersonal.modalityWeight),
    );

  it.each([
    'Many voters fear inflation.',
    'Several residents have reported no heat on the third floor.',
    'Some historians say the bridge was older.',
    'Many residents opposed the plan.',
    'A number of scholars dispute the date.',
    'Most visitors prefer the east gate.',
    'Several reviewers praised the novel.',
    'Certain families kept the custom.',
    'Still others left the town.',
    'A few historians date the wall earlier.',
    'As many families left, the village school closed.',
    'Most European rivers freeze in winter.',
    'The opinion of many experts is clear.',
  ])('%s: weight 0, and the hedge reading with the rule off', (text) => {
    expect(weightOf(text)).toBe(0);
    expect(hedgedWeight(text)).toBeCloseTo(0.4);
  });

  it('names the rule under not_modal', () => {
    expect(premisesOf('Many voters fear inflation.')).toContainEqual({
      label: 'not_modal',
      value: 'many: MODALITY.SUBJECT_QUANTIFIER',
    });
  });

  it.each([
    'In certain regions the custom survives.',
    'The novel was praised by several reviewers.',
    'The fair lost some guests early.',
  ])('%s: outside the Subject the quantifier stays a hedge', (text) => {
    expect(weightOf(text)).toBeCloseTo(0.4);
  });

  it('keeps the modal operator of a clause with a quantified Subject', () => {
    expect(weightOf('Some critics would disagree.')).toBeCloseTo(0.6);
  });
});

describe('projection and weasel wording (round 2)', () => {
  it.each([
    'It is said that the tower was built by monks.',
    'The evidence suggests that the fire started early.',
    'I doubt he finished the report.',
  ])('%s is modalised', (text) => {
    expect(weightOf(text)).toBeGreaterThan(0);
  });

  it.each([
    'The blue arrow indicates the exit.',
    'They doubt her account.',
    'The soup seems cold.',
    'The most famous painting hangs here.',
  ])('%s is not modalised (a process or superlative, not a modal)', (text) => {
    expect(weightOf(text)).toBe(0);
  });
});

function strongest(text: string): { weight: number; type: string | null } {
  let best = { weight: 0, type: null as string | null };
  for (const clause of pipeline.compile(text, { documentId: 'modality-test' }))
    if (clause.interpersonal.modalityWeight > best.weight)
      best = { weight: clause.interpersonal.modalityWeight, type: clause.interpersonal.modalityType };
  return best;
}

describe('"will", "shall" and "would": median modality, typed by reading', () => {
  it.each([
    ['The library will reopen in 2026.', 'probability'],
    ['The old bridge will be repainted.', 'probability'],
    ["It'll snow.", 'probability'],
    ['I shall write again.', 'inclination'],
    ['She would later found a school of her own.', 'probability'],
  ])('%s is median modality, as ANNOTATION.md lists will and would (%s)', (text, type) => {
    expect(strongest(text)).toEqual({ weight: 0.6, type });
  });

  it.each([
    ["I'll carry your bag.", 'inclination'],
    ["We won't sign the letter.", 'inclination'],
    ['Will you close the door?', 'inclination'],
    ['That will be the courier.', 'probability'],
    ['By now she will have landed.', 'probability'],
    ['It would be cheaper by rail.', 'probability'],
  ])('%s keeps a median modal reading (%s)', (text, type) => {
    expect(strongest(text)).toEqual({ weight: 0.6, type });
  });

  it('keeps a question with "will" modalised', () => {
    expect(weightOf('Will the ferry sail on time?')).toBeGreaterThan(0);
  });
});

describe('ability, probability and the bands', () => {
  it('reads "can" as ability (modulation), low and below epistemic "could"', () => {
    const ability = strongest('Otters can hold their breath for minutes.');
    const epistemic = strongest('The loose cable could be the cause.');
    expect(ability.type).toBe('inclination');
    expect(epistemic.type).toBe('probability');
    expect(ability.weight).toBeGreaterThan(0);
    expect(ability.weight).toBeLessThanOrEqual(epistemic.weight);
    expect(epistemic.weight).toBeLessThan(weightOf('The loose cable should be the cause.'));
    expect(weightOf('The loose cable should be the cause.')).toBeLessThan(
      weightOf('The loose cable must be the cause.'),
    );
  });

  it('lowers a modal with a hedge adjunct, but never to 0', () => {
    const hedged = weightOf('It might possibly rain.');
    expect(hedged).toBeGreaterThan(0);
    expect(hedged).toBeLessThan(weightOf('It might rain.'));
  });

  it('does not let a vague quantifier drag a median modal into the low band', () => {
    expect(weightOf('Some critics would disagree.')).toBeGreaterThanOrEqual(0.6);
    expect(weightOf('You should rest for a few days.')).toBeGreaterThanOrEqual(0.6);
    expect(weightOf('Some critics would disagree.')).toBeLessThan(0.75);
  });

  it('orders weasel attribution above ability and within the low band', () => {
    const weasel = weightOf('The novel was praised by several reviewers.');
    expect(weasel).toBeGreaterThan(weightOf('Otters can swim.'));
    expect(weasel).toBeLessThan(0.45);
  });
});

describe('weasel wording and usuality (round 3)', () => {
  it.each([
    'The novel has been described as a masterpiece.',
    'The tower is widely seen as a symbol of the city.',
  ])('%s is modalised', (text) => {
    expect(weightOf(text)).toBeGreaterThan(0);
  });

  it.each([
    'How many eggs are left?',
    'There are too many cars in the square.',
    'The engine is running normally.',
    'The witness described the driver.',
  ])('%s is not modalised', (text) => {
    expect(weightOf(text)).toBe(0);
  });

  it.each([
    ['The ferry usually leaves at noon.', 0.6],
    ['The ferry sometimes leaves late.', 0.3],
    ['The ferry always leaves on time.', 0.9],
  ])('%s keeps its usuality (%s)', (text, weight) => {
    expect(strongest(text)).toEqual({ weight, type: 'usuality' });
  });
});

describe('lack of knowledge, attributive attribution and vague "most"/"many" (round 4)', () => {
  it.each([
    'Little is known about the early history of the mill.',
    'It is not known whether the ship sank.',
    'He was fined for his alleged role in the robbery.',
    'The purported author never visited the island.',
  ])('%s is modalised in the low band', (text) => {
    const weight = weightOf(text);
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThan(0.45);
  });

  it.each([
    'The recipe is known in every village.',
    'As many as 300 guests came.',
    'His most famous songs are ballads.',
    'The most popular dishes sold out.',
  ])('%s is not modalised', (text) => {
    expect(weightOf(text)).toBe(0);
  });
});

describe('projected clauses and attribution (round 5)', () => {
  function clausesOf(text: string) {
    return pipeline.compile(text, { documentId: 'modality-test' });
  }

  it('gives a reported clause the probability of the clause that projects it', () => {
    const [projecting, reported] = clausesOf('Some historians argue that the charter was forged.');
    expect(projecting?.interpersonal.modalityWeight).toBeGreaterThan(0);
    expect(reported?.interpersonal.modalityWeight).toBe(0.4);
    expect(reported?.interpersonal.modalityType).toBe('probability');
    expect(reported?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'projected_by',
      value: 'argue',
    });
    expect(reported?.interpersonal.reasoningTrace.rules).toContainEqual({
      label: 'modality_weight',
      rule: 'MODALITY.PROJECTED',
    });
    const [, likely] = clausesOf('It is likely that the ferry will be cancelled.');
    expect(likely?.interpersonal.modalityWeight).toBeCloseTo(0.6);
  });

  it('projects nothing from plain reporting or from obligation', () => {
    const [, said] = clausesOf('The guide said that the tower was closed.');
    expect(said?.interpersonal.modalityWeight).toBe(0);
    const [, admitted] = clausesOf('You have to admit that the plan worked.');
    expect(admitted?.interpersonal.modalityWeight).toBe(0);
  });

  it('values passive attribution like epistemic "supposed to" (median)', () => {
    expect(weightOf('The abbey is said to be haunted.')).toBeCloseTo(0.6);
    expect(weightOf('The abbey is supposed to be haunted.')).toBeCloseTo(0.6);
    expect(weightOf('The poet allegedly burned his letters.')).toBeCloseTo(0.6);
  });

  it('needs an infinitive after "to" for a modal expression', () => {
    expect(weightOf('The nurse will tend to the wounded.')).toBeCloseTo(0.6);
    expect(weightOf('Nurses tend to the wounded every night.')).toBe(0);
    expect(weightOf('The farmer said to the buyers: "Come back tomorrow."')).toBe(0);
    expect(weightOf('Coastal towns tend to flood in spring.')).toBeCloseTo(0.6);
  });

  it('reads a projecting verb the tagger took for a noun before "that"', () => {
    expect(weightOf('Fans of the band claim that the album was recorded in a barn.')).toBeCloseTo(0.4);
    expect(weightOf('The claim that the album was recorded in a barn is false.')).toBe(0);
  });

  it('lets "widely" reinforce an attribution instead of lowering it', () => {
    expect(weightOf('It is widely believed that the well is cursed.')).toBeGreaterThanOrEqual(0.6);
    expect(weightOf('It is widely accepted that the map is a forgery.')).toBeGreaterThanOrEqual(0.4);
  });
});

describe('usuality phrases, denied doubt and ability (round 6)', () => {
  function clausesOf(text: string) {
    return pipeline.compile(text, { documentId: 'modality-test' });
  }

  it.each([
    ['In general, the ferries leave on time.', 0.6, 'usuality'],
    ['Guards routinely check the bags.', 0.6, 'usuality'],
    ['The castle is without doubt the oldest in the county.', 0.9, 'probability'],
    ['It is, without a doubt, the best map.', 0.9, 'probability'],
    ['The crew was unable to reach the wreck.', 0.25, 'inclination'],
    ['The enzyme is capable of binding copper.', 0.25, 'inclination'],
    ['The fungus has the potential to spread.', 0.25, 'inclination'],
  ])('%s has modality %s (%s)', (text, weight, type) => {
    expect(strongest(text)).toEqual({ weight, type });
  });

  it('leaves "suggest" with a nominal object unmodalised: no proposition is projected', () => {
    // SFL reads the metaphor of probability in a projected proposition ("suggest that ..."); with a
    // nominal object ("a role") the clause is a plain verbal process.
    expect(weightOf('The results suggest a role for the enzyme.')).toBe(0);
    expect(weightOf('She suggested a walk.')).toBe(0);
    expect(weightOf('The results suggest that the enzyme has a role.')).toBeGreaterThan(0);
  });

  it('projects denied doubt and a vague Sayer onto the reported clause', () => {
    const [, copy] = clausesOf('There is no doubt that the letter is a copy.');
    expect(copy?.interpersonal.modalityWeight).toBeCloseTo(0.9);
    // A vague Sayer is a quantifier in the Subject (MODALITY.SUBJECT_QUANTIFIER): no modality to project;
    // with that rule off, the hedge projects onto the reported clause.
    const [, fled] = clausesOf('Others have written that the king fled.');
    expect(fled?.interpersonal.modalityWeight).toBe(0);
    const [, vague] = createPipeline({
      clock: () => new Date(0),
      disabledRules: ['MODALITY.SUBJECT_QUANTIFIER'],
    }).compile('Others have written that the king fled.', { documentId: 'modality-test' });
    expect(vague?.interpersonal.modalityWeight).toBeCloseTo(0.4);
    expect(vague?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'projected_by',
      value: 'others',
    });
    const [, open] = clausesOf('Some students noticed that the door was open.');
    expect(open?.interpersonal.modalityWeight).toBe(0);
  });

  it('keeps predicative "essential" as obligation', () => {
    expect(weightOf('It is essential that you sign.')).toBeGreaterThanOrEqual(0.85);
  });

  it.each([
    'They dislike pop music in general.',
    'The tool is in general use.',
    'The town has great potential for tourism.',
    'The essential difference is the price.',
    'Keep the wrap as even as possible.',
    'We chose the best possible route.',
    'The comet appeared to the naked eye.',
    'He is known to us only from his letters.',
    'They left of their own free will.',
    'He pushed with all his might.',
    'She is a capable manager.',
  ])('%s is not modalised (not a modal reading)', (text) => {
    expect(weightOf(text)).toBe(0);
  });
});

function premisesOf(text: string): Array<{ label: string; value: string }> {
  return pipeline
    .compile(text, { documentId: 'modality-test' })
    .flatMap(
      (clause) => clause.interpersonal.reasoningTrace.premises as Array<{ label: string; value: string }>,
    );
}

describe('round 7: approximations, numbered superlatives, nominal usuality, "expected to"', () => {
  it('MODALITY.APPROXIMATE_NUMBER: "some" before a numeral is "about", not a vague quantifier', () => {
    expect(weightOf('The fair drew some 3,000 guests.')).toBe(0);
    expect(weightOf('The orchard lost some 40 trees in the storm.')).toBe(0);
    expect(premisesOf('The fair drew some 3,000 guests.')).toContainEqual({
      label: 'not_modal',
      value: 'some: MODALITY.APPROXIMATE_NUMBER',
    });
    // Without a numeral "some" stays the vague quantifier.
    expect(weightOf('The fair lost some guests early.')).toBeCloseTo(0.4);
  });

  it('MODALITY.NUMBERED_SUPERLATIVE: a numeral before "most" makes it a superlative', () => {
    expect(weightOf('The three most active clubs met in Leeds.')).toBe(0);
    expect(weightOf('We ranked the two most cited reports first.')).toBe(0);
    expect(premisesOf('The three most active clubs met in Leeds.')).toContainEqual({
      label: 'not_modal',
      value: 'most: MODALITY.NUMBERED_SUPERLATIVE',
    });
    // A year is no count of the superlative: "most" quantifies the noun.
    expect(weightOf('By 1990 the town had lost most village shops.')).toBeCloseTo(0.4);
  });

  it('MODALITY.NOMINAL_USUALITY: a usuality adverb premodifying a noun does not modalise the clause', () => {
    expect(weightOf('Frequently requested forms')).toBe(0);
    expect(weightOf('The guide lists the often visited caves.')).toBe(0);
    expect(weightOf('Hikers avoid the rarely cleared paths.')).toBe(0);
    expect(premisesOf('The guide lists the often visited caves.')).toContainEqual({
      label: 'not_modal',
      value: 'often: MODALITY.NOMINAL_USUALITY',
    });
    // As a clause adjunct it is usuality; before a participle of attribution it still hedges.
    expect(weightOf('Visitors often photograph the caves.')).toBeCloseTo(0.6);
    expect(weightOf('The generally accepted date is wrong.')).toBeGreaterThan(0);
  });

  it('MODALITY.EXPECTED_TO: "be expected to" is median probability, like "likely to"', () => {
    expect(strongest('The ferry is expected to arrive late.')).toEqual({ weight: 0.6, type: 'probability' });
    expect(premisesOf('The ferry is expected to arrive late.')).toContainEqual({
      label: 'modal_rules',
      value: 'MODALITY.EXPECTED_TO',
    });
    expect(weightOf('The result was as we expected.')).toBe(0);
  });
});

describe('MODALITY.OWN_CLAUSE: cues count in the clause the tree puts them in', () => {
  it('a cue in a dependent clause left inside the clause ("if possible") does not modalise it', () => {
    const [first] = pipeline.compile('Pack the kitchen first if possible, and start with the books.', {
      documentId: 'modality-test',
    });
    expect(first?.syntactic.text).toContain('if possible');
    expect(first?.interpersonal.modalityWeight).toBe(0);
    expect(first?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'not_modal',
      value: 'possible: MODALITY.OWN_CLAUSE',
    });
  });

  it('keeps the cues of the clause itself', () => {
    const [first] = pipeline.compile('Possibly pack the kitchen first, and start with the books.', {
      documentId: 'modality-test',
    });
    expect(first?.interpersonal.modalityWeight).toBeGreaterThan(0);
  });
});
