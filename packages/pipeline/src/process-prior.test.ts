import { describe, expect, it } from 'vitest';
import { viewClause } from './clause-view';
import { PROCESS_BY_LEMMA, verbPrior } from './lexicons/process-lexicon';
import { MODAL_FORMS } from './lexicons/word-classes';
import { createPipeline } from './pipeline';
import { analyzeTransitivity, PRIOR_MIN_SHARE, PROCESS_RULES } from './transitivity-analyzer';

const pipeline = createPipeline({ clock: () => new Date(0) });
/** wink-nlp's tags, which read some predicates as verbs: the frame overrides still have to hold there. */
const winkPipeline = createPipeline({ clock: () => new Date(0), posSource: 'wink' });

function processOf(text: string, by = pipeline): { type: string | undefined; matched: string | undefined } {
  const clause = by.compile(text, { documentId: 'process-prior-test' })[0];
  return { type: clause?.ideational.processType, matched: clause?.ideational.rawTransitivity.matched };
}

describe('WordNet verb priors (src/lexicons/wordnet-priors.ts)', () => {
  it('reads "maintain" by its frame: keeping a thing is material, maintaining that ... is saying', () => {
    // Contracts use it for keeping ("shall maintain insurance"); the hand lexicon no longer lists it as verbal.
    expect(PROCESS_BY_LEMMA.get('maintain')).toBeUndefined();
    expect(processOf('The Supplier shall maintain insurance coverage.').type).toBe('material');
    expect(processOf('He maintained that he was innocent.').type).toBe('verbal');
  });

  it('reads "base" as relational from the hand lexicon: "based on the net sales" states a basis, no cognition', () => {
    // WordNet's prior for "base" is cognition (mental); contracts write it for how an amount is reckoned.
    expect(verbPrior('base')?.type).toBe('mental');
    expect(PROCESS_BY_LEMMA.get('base')).toBe('relational');
    expect(processOf('based on your gross sales of the previous month.')).toMatchObject({
      type: 'relational',
      matched: expect.stringContaining('PROCESS.LEXICON:base'),
    });
  });

  it('reads a verb distribution from the table: shares sum to about 1, the type is the largest share', () => {
    const prior = verbPrior('ponder');
    expect(prior?.type).toBe('mental');
    expect(prior?.share).toBeGreaterThanOrEqual(PRIOR_MIN_SHARE);
    const mixed = verbPrior('serve');
    expect(mixed).toBeDefined();
    const total = Object.values(mixed?.shares ?? {}).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0.9);
    expect(total).toBeLessThan(1.1);
    expect(mixed?.share).toBe(Math.max(...Object.values(mixed?.shares ?? {})));
  });

  it('gives a bare (all-material) verb the material prior, and no prior to a non-word', () => {
    expect(verbPrior('swim')?.type).toBe('material');
    expect(verbPrior('zorble')).toBeUndefined();
    expect(verbPrior('constructor')).toBeUndefined();
  });

  it.each([
    ['The senator touted the new bridge.', 'verbal', 'tout'],
    ['The committee pondered the offer for weeks.', 'mental', 'ponder'],
    ['The costs entail a serious risk.', 'relational', 'entail'],
    ['The baby hiccupped.', 'behavioral', 'hiccup'],
  ])('%s takes the prior of a verb outside the hand lexicon (%s)', (text, type, lemma) => {
    expect(PROCESS_BY_LEMMA.has(lemma)).toBe(false);
    const found = processOf(text);
    expect(found.type).toBe(type);
    expect(found.matched?.split(' ')[0]).toBe(`${PROCESS_RULES.wordnetPrior}:${lemma}`);
  });

  it('reads money and water verbs WordNet leans elsewhere as material, from the hand lexicon', () => {
    expect(verbPrior('leak')?.type).not.toBe('material');
    expect(processOf('The ceiling in 3A is leaking.').type).toBe('material');
    expect(processOf('We may deduct the cost from the deposit.').type).toBe('material');
  });

  it('keeps the hand lexicon first where it has the verb', () => {
    // WordNet puts most senses of "show" in verb.perception (mental); the hand lexicon makes it relational.
    expect(verbPrior('show')?.type).toBe('mental');
    const found = processOf('The chart shows a steady rise.');
    expect(found.type).toBe('relational');
    expect(found.matched?.split(' ')[0]).toBe('PROCESS.LEXICON:show');
  });

  it('falls back to material for a verb WordNet does not know', () => {
    expect(processOf('They zorbled the widget.')).toEqual({
      type: 'material',
      matched: 'PROCESS.DEFAULT_MATERIAL',
    });
  });
});

describe('frames override the prior', () => {
  it('a projected clause makes the verb verbal (its verbal share beats its mental share)', () => {
    // "beam" is mostly verb.body in WordNet.
    expect(verbPrior('beam')?.type).toBe('behavioral');
    expect(processOf('The coach beamed that the team had won.')).toEqual({
      type: 'verbal',
      matched: PROCESS_RULES.frameProjection,
    });
  });

  it('a projected clause makes a verb of sensing mental', () => {
    expect(processOf('She reckoned that the bus was late.')).toEqual({
      type: 'mental',
      matched: PROCESS_RULES.frameProjection,
    });
  });

  it('an adjective as complement makes the clause relational', () => {
    expect(verbPrior('swing')?.type).toBe('material');
    expect(processOf('The door swung open.').type).toBe('relational');
    expect(processOf('The door swung open.').matched).toContain(PROCESS_RULES.frameAttribute);
  });

  it('a copula in the tree makes the clause relational when the tagger took the predicate for a verb', () => {
    // wink-nlp reads "state" as a verb here; the trained tagger reads the noun, and the clause is
    // relational either way.
    const found = processOf('The equipment is state of the art.', winkPipeline);
    expect(found.type).toBe('relational');
    expect(found.matched).toContain(PROCESS_RULES.frameCopula);
    expect(processOf('The equipment is state of the art.').type).toBe('relational');
  });

  it('a present participle after "be" is progressive even when the tree hangs a copula on it', () => {
    for (const text of ["Isn't the store closing early today?", 'Is the bakery opening on Sunday?'])
      expect(processOf(text).matched).not.toContain(PROCESS_RULES.frameCopula);
    expect(processOf("Isn't the store closing early today?").type).toBe('material');
  });

  it('"there" + be is existential', () => {
    expect(processOf('There are two problems with the plan.')).toEqual({
      type: 'existential',
      matched: 'PROCESS.THERE_BE',
    });
  });

  it('a verb of the body with a Goal or in the passive is material, not behavioral', () => {
    expect(verbPrior('injure')?.type).toBe('behavioral');
    expect(processOf('The burglar injured the guard.')).toEqual({
      type: 'material',
      matched: PROCESS_RULES.frameGoal,
    });
    expect(processOf('The guard was injured.').type).toBe('material');
  });
});

describe('modal verbs take no WordNet prior (isModalVerb: MODAL_FORMS plus "ought")', () => {
  /** The clause of `text` with the token `word` tagged VERB, as a tagger that misreads the modal would leave it. */
  function asVerb(text: string, word: string) {
    const clause = pipeline.compile(text, { documentId: 'process-prior-test' })[0];
    if (clause === undefined) throw new Error(`no clause for ${text}`);
    const tokens = clause.syntactic.tokens.map((token) =>
      token.text.toLowerCase() === word ? { ...token, pos: 'VERB' as const } : token,
    );
    const view = viewClause({ ...clause.syntactic, tokens });
    expect(view.pos[view.head]).toBe('VERB');
    expect(view.lower[view.head]).toBe(word);
    return analyzeTransitivity(view, false, 'positive', 'declarative');
  }

  it('"can" tagged VERB as the Event keeps the default, not the prior of "can" (preserve in tins)', () => {
    // WordNet's only verb senses of "can" are material (share 1): the prior would fire on the modal.
    expect(MODAL_FORMS.has('can')).toBe(true);
    expect(verbPrior('can')?.share).toBeGreaterThanOrEqual(PRIOR_MIN_SHARE);
    const found = asVerb('Yes, we can.', 'can');
    expect(found.rawTransitivity.verbLemma).toBe('can');
    expect(found.rawTransitivity.matched).toBe('PROCESS.DEFAULT_MATERIAL');
    expect(found.rawTransitivity.matched).not.toContain(PROCESS_RULES.wordnetPrior);
  });

  it('a lexical verb tagged the same way still takes its prior', () => {
    const found = asVerb('Yes, we ponder.', 'ponder');
    expect(found.processType).toBe('mental');
    expect(found.rawTransitivity.matched).toBe(`${PROCESS_RULES.wordnetPrior}:ponder`);
  });
});
