import { describe, expect, it } from 'vitest';
import { MOOD_RULES } from './mood-classifier';
import { createPipeline, type Pipeline } from './pipeline';

const clock = () => new Date(0);
const pipeline = createPipeline({ clock });
const LAST = MOOD_RULES[MOOD_RULES.length - 1];

/** Mood, rule and premises of every clause of a text. */
function moods(compiler: Pipeline, text: string) {
  return compiler.compile(text, { documentId: 'mood-rules-test' }).map((clause) => ({
    mood: clause.interpersonal.mood,
    rule: clause.interpersonal.reasoningTrace.inferenceRule,
    premises: clause.interpersonal.reasoningTrace.premises,
  }));
}

describe('MOOD_RULES: each rule decides its own examples, and switched off no longer does', () => {
  for (const rule of MOOD_RULES) {
    const off = createPipeline({ clock, disabledRules: [rule.id] });
    const label = rule.trace ?? rule.id;
    it.each(rule.examples.map((example) => [example.text, example.mood]))(`${rule.id}: %s`, (text, mood) => {
      const clauses = moods(pipeline, text);
      const index = clauses.findIndex((clause) => clause.rule === label);
      expect(index, `${label} decides no clause of ${JSON.stringify(clauses)}`).toBeGreaterThanOrEqual(0);
      expect(clauses[index]?.mood).toBe(mood);
      // The last rule always holds; every other one, switched off, leaves the clause to another row.
      if (rule !== LAST) expect(moods(off, text)[index]).not.toEqual(clauses[index]);
    });
  }

  it('keeps the ids unique, gives every rule at least two examples, and ends with a rule that always holds', () => {
    expect(new Set(MOOD_RULES.map((rule) => rule.id)).size).toBe(MOOD_RULES.length);
    for (const rule of MOOD_RULES) expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
    expect(LAST?.id).toBe('MOOD.NON_FINITE');
  });

  it('applies the last rule even when it is switched off', () => {
    const off = createPipeline({ clock, disabledRules: ['MOOD.NON_FINITE'] });
    expect(moods(off, 'Served with fresh bread and butter.')).toEqual(
      moods(pipeline, 'Served with fresh bread and butter.'),
    );
  });
});

describe('the tree rows for nominal and verbless roots keep to their evidence', () => {
  const rule = (text: string) => moods(pipeline, text).map((clause) => clause.rule);

  it('MOOD.TREE_NOMINAL_ROOT_TAGGED_VERB leaves a Subject with a tensed verb, an object or a complement to the other rules', () => {
    // A noun between the determiner and the root may be its Subject; a past form may be tensed; a
    // complement or an object makes the root a verb.
    expect(moods(pipeline, 'Slowly, the water rose.')[0]?.mood).toBe('declarative');
    expect(moods(pipeline, 'These look fine to me.')[0]?.mood).toBe('declarative');
    expect(moods(pipeline, 'The proposal paints a clear picture.')[0]?.mood).toBe('declarative');
    expect(rule('The other moaned and held its head.')).not.toContain('MOOD.TREE_NOMINAL_ROOT_TAGGED_VERB');
  });

  it('MOOD.TREE_FINITE_INSIDE_NOMINAL leaves a command to a vocative and an opening phrase to the other rules', () => {
    // A base verb right after the root is a command; a root with a preposition opens the clause, and a
    // past form after the nominal is the tensed verb.
    expect(rule('Buyer Beware!')).not.toContain('MOOD.TREE_FINITE_INSIDE_NOMINAL');
    const opening = 'In Paris, the price of Brent crude for May delivery advanced 5 cents to 64 dollars.';
    expect(rule(opening)).not.toContain('MOOD.TREE_FINITE_INSIDE_NOMINAL');
    expect(moods(pipeline, opening)[0]?.mood).toBe('declarative');
  });

  it('MOOD.TREE_CLITIC_COPULA leaves a possessed noun and an opening preposition to the other rules', () => {
    // A noun after the "'s" is what is possessed; a preposition before it opens a heading.
    expect(rule("My sister's very tall car.")).not.toContain('MOOD.TREE_CLITIC_COPULA');
    expect(moods(pipeline, "My sister's very tall car.")[0]?.mood).toBe('fragment');
    expect(rule("From Friday's Daily Star")).not.toContain('MOOD.TREE_CLITIC_COPULA');
  });

  it('MOOD.TREE_DETERMINER_BEFORE_TENSED_ROOT needs a tensed root and no question mark', () => {
    expect(rule('The other groaned?')).not.toContain('MOOD.TREE_DETERMINER_BEFORE_TENSED_ROOT');
    expect(rule('The other groaning.')).not.toContain('MOOD.TREE_DETERMINER_BEFORE_TENSED_ROOT');
    expect(moods(pipeline, 'The other groaned.')[0]).toMatchObject({
      mood: 'declarative',
      rule: 'MOOD.TREE_DETERMINER_BEFORE_TENSED_ROOT',
    });
  });

  it('MOOD.TREE_VERBLESS_ROOT_BEFORE_DEPENDENT reads only an adjective root before the subordinator', () => {
    // A name before "if" is a vocative; an adverb before "as" belongs to the subordinator.
    expect(moods(pipeline, 'Phil if you could send the file.')[0]?.mood).toBe('declarative');
    expect(moods(pipeline, 'As long as she stays.')[0]?.mood).toBe('declarative');
    expect(moods(pipeline, 'Because the boiler broke again.')[0]?.mood).toBe('declarative');
  });
});

describe('MOOD.ADDRESS_LINE keeps to lines of an address', () => {
  const rules = (text: string) => moods(pipeline, text).map((clause) => clause.rule);

  it('leaves sentences in capitals, table rows, statements and header fields to the other rules', () => {
    // A capitalised preposition, a participle, a pronoun or a verb with its Subject is no address.
    expect(rules('SUBMIT THE CLAIM TO A COURT IN ACCORDANCE WITH SECTION 12 BELOW.')).not.toContain(
      'MOOD.ADDRESS_LINE',
    );
    expect(rules('US WILLOW GROVE Registered 86901234 12-Feb-16')).not.toContain('MOOD.ADDRESS_LINE');
    expect(rules('We moved to 12 Harbor Road in 2004.')).not.toContain('MOOD.ADDRESS_LINE');
    expect(rules('Phone: 555 0100')).toEqual(['MOOD.DATA_LINE']);
  });

  it('reads an address line inside a notice sentence as a fragment with no process', () => {
    const text =
      'Notices go to the Owner. Harbor Works Ltd. c/o Mill Trust Company 17 North Street Bristol, Maine 04321 Attention: Head of Leasing';
    const clause = pipeline
      .compile(text, { documentId: 'address' })
      .find((item) => item.interpersonal.reasoningTrace.inferenceRule === 'MOOD.ADDRESS_LINE');
    expect(clause?.interpersonal.mood).toBe('fragment');
    expect(clause?.ideational.participants).toEqual([]);
    expect(clause?.ideational.rawTransitivity.verbLemma).toBeNull();
  });
});

describe('MOOD.TREE_STATEMENT_BELOW_ROOT, MOOD.TITLE_CASE_LINE and MOOD.NUMBER_QUESTION keep to their evidence', () => {
  const rule = (text: string) => moods(pipeline, text).map((clause) => clause.rule);

  it('MOOD.TREE_STATEMENT_BELOW_ROOT leaves a root verb with its Subject left out, and a dependent clause, to the other rules', () => {
    // "Checked" is the clause's own predicate (Subject left out); "the staff was kind" is a second clause's.
    const leftOut = 'Checked in really late, but the staff was very kind.';
    expect(rule(leftOut)).not.toContain('MOOD.TREE_STATEMENT_BELOW_ROOT');
    expect(moods(pipeline, leftOut)[0]?.mood).toBe('fragment');
    // A Subject and Finite after a subordinator belong to a dependent clause.
    const dependent =
      'WHEREAS, a group of farmers calling themselves the League, because they are now in session.';
    expect(rule(dependent)).not.toContain('MOOD.TREE_STATEMENT_BELOW_ROOT');
    // A coordinator opens a second clause: the non-finite opening stays the main clause.
    const coordinated = 'Now, not to boast, but ours has been the quietest street.';
    expect(rule(coordinated)).not.toContain('MOOD.TREE_STATEMENT_BELOW_ROOT');
    expect(moods(pipeline, coordinated)[0]?.mood).toBe('fragment');
  });

  it('MOOD.TREE_STATEMENT_BELOW_ROOT cites the Subject and Finite it found', () => {
    // A label line: with MOOD.SPEAKER_LABEL on, the utterance alone is read ("Renewing ... is": a Subject
    // before its Finite); off, this row finds the statement below the label.
    const [label] = moods(pipeline, 'Spain: Renewing the permit is a simple matter.');
    expect(label?.mood).toBe('declarative');
    expect(label?.premises).toContainEqual({ label: 'speaker_label', value: 'Spain' });
    const labelOff = createPipeline({ clock, disabledRules: ['MOOD.SPEAKER_LABEL'] });
    const [main] = moods(labelOff, 'Spain: Renewing the permit is a simple matter.');
    expect(main?.rule).toBe('MOOD.TREE_STATEMENT_BELOW_ROOT');
    expect(main?.premises).toContainEqual({
      label: 'tree_subject_finite',
      value: 'Renewing/csubj is/cop (below a root with neither)',
    });
  });

  it('MOOD.TITLE_CASE_LINE leaves a sentence with a stop, a lower-case word and an all-caps line to the other rules', () => {
    const rule = (text: string) => moods(pipeline, text).map((clause) => clause.rule);
    expect(rule('Tools You Will Want.')).not.toContain('MOOD.TITLE_CASE_LINE');
    expect(rule("It's Jenna Smith in 5C.")).not.toContain('MOOD.TITLE_CASE_LINE');
    expect(rule('Tools you will want')).not.toContain('MOOD.TITLE_CASE_LINE');
    expect(rule('THE SERVICE IS PROVIDED AS IS')).not.toContain('MOOD.TITLE_CASE_LINE');
  });

  it('MOOD.NUMBER_QUESTION needs the question mark: a number with a stop stays a data line', () => {
    expect(moods(pipeline, 'Forty.')[0]).toMatchObject({ mood: 'fragment', rule: 'MOOD.DATA_LINE' });
    expect(moods(pipeline, '12/06/2019 10:45 PM')[0]).toMatchObject({
      mood: 'fragment',
      rule: 'MOOD.DATA_LINE',
    });
  });
});
