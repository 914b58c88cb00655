import { AnnotatedClauseSchema, clauseId, InvalidRequestError, PayloadTooLargeError } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const fixed = () => new Date('2025-01-02T03:04:05.000Z');
const pipeline = createPipeline({ clock: fixed });

const SAMPLE = [
  'The tenant must return the keys. Did you pay the rent? Who signed it? Return the keys to the office.',
  "Do not smoke. Let's go. Please sign here. What a mess this is! Thanks!",
  'I think he left because it rained, and she said that the man who came yesterday was tired.',
  'If you go, I will come. I want to go home. There are three cats in the garden. He might possibly come tomorrow.',
].join('\n\n');

describe('compile', () => {
  it("gives every token its head's document offset and relation, so each sentence's tree can be rebuilt across its clauses", () => {
    const text = 'Our office is closed today.\n\nWhen the ferry is late, we cycle to the office.';
    const clauses = pipeline.compile(text, { documentId: 'tree' });
    const tokens = clauses.flatMap((clause) => clause.syntactic.tokens);
    const byStart = new Map(tokens.map((token) => [token.start, token]));
    // One root per sentence; every other head is a token of the same sentence.
    const sentenceOf = new Map<number, number>();
    for (const clause of clauses)
      for (const token of clause.syntactic.tokens)
        sentenceOf.set(token.start, clause.syntactic.sentenceIndex);
    const roots = tokens.filter((token) => token.headStart === null);
    expect(roots.map((token) => token.text)).toEqual(['closed', 'cycle']);
    expect(roots.every((token) => token.deprel === 'root')).toBe(true);
    for (const token of tokens) {
      if (token.headStart === null) continue;
      const head = byStart.get(token.headStart);
      expect(head, token.text).toBeDefined();
      expect(sentenceOf.get(token.headStart)).toBe(sentenceOf.get(token.start));
    }
    // The dependent clause hangs on the main clause's verb, in another clause.
    const late = tokens.find((token) => token.text === 'late')!;
    expect(late.deprel).toBe('advcl');
    expect(byStart.get(late.headStart!)?.text).toBe('cycle');
    const ferry = tokens.find((token) => token.text === 'ferry')!;
    expect(ferry.deprel).toBe('nsubj');
    expect(text.slice(ferry.headStart!, ferry.headStart! + 4)).toBe('late');
  });

  it('produces schema-valid clauses with ids from clauseId', () => {
    const clauses = pipeline.compile(SAMPLE, { documentId: 'doc-1' });
    expect(clauses.length).toBeGreaterThan(15);
    clauses.forEach((clause, index) => {
      expect(() => AnnotatedClauseSchema.parse(clause)).not.toThrow();
      expect(clause.id).toBe(clauseId('doc-1', index));
      expect(clause.syntactic.clauseIndex).toBe(index);
      expect(clause.reviewStatus).toBe('unreviewed');
      expect(clause.sourceType).toBe('document');
      expect(clause.untrusted).toBe(false);
      expect(clause.interpersonal.annotationSource).toBe('rules');
      expect(clause.interpersonal.untrusted).toBe(false);
      expect(clause.interpersonal.classificationStatus).toBe('canonical');
      expect(clause.compiledAt).toBe('2025-01-02T03:04:05.000Z');
    });
  });

  it('is deterministic', () => {
    const first = pipeline.compile(SAMPLE, { documentId: 'd' });
    const second = createPipeline({ clock: () => new Date('2030-01-01T00:00:00.000Z') }).compile(SAMPLE, {
      documentId: 'd',
    });
    const strip = (value: unknown) =>
      JSON.stringify(value).replace(/"(compiledAt|generatedAt)":"[^"]*"/g, '');
    expect(strip(second)).toBe(strip(first));
  });

  it('gives a text the same clauses whatever the process compiled before (wink-nlp remembers unknown words)', () => {
    // wink-nlp adds each unknown word to its lexeme table and its tokenizer asks that table: once a text
    // had been read, "NOP7.." was cut "NOP7 .." instead of "NOP7 . ." and the clauses of a text changed.
    const text =
      'Long noncoding RNA promotes growth and stem cell-like property of liver cells by stabilizing NOP7.. UNLABELLED Many genes are expressed in fetal liver and silenced in adult liver.';
    const alone = pipeline.compile(text, { documentId: 'nop7' });
    pipeline.compile('Notes on the kiln.. Summary The kiln is hot.. It cools at night.', {
      documentId: 'kiln',
    });
    const after = pipeline.compile(text, { documentId: 'nop7' });
    expect(after.map((clause) => clause.text)).toEqual(alone.map((clause) => clause.text));
    expect(after).toEqual(alone);
  });

  it('labels the mood of typical clauses', () => {
    const moodOf = (text: string) => pipeline.compile(text, { documentId: 'm' })[0]?.interpersonal.mood;
    expect(moodOf('The tenant must return the keys.')).toBe('declarative');
    expect(moodOf('Did you pay?')).toBe('interrogative');
    expect(moodOf('Who signed it?')).toBe('interrogative');
    expect(moodOf('Return the keys.')).toBe('imperative');
    expect(moodOf('Do not smoke.')).toBe('imperative');
    expect(moodOf("Let's go.")).toBe('imperative');
    expect(moodOf('Please sign here.')).toBe('imperative');
    expect(moodOf('What a mess this is!')).toBe('exclamative');
    expect(moodOf('Thanks!')).toBe('minor');
  });

  it('splits clause complexes and links dependents to their parent', () => {
    const clauses = pipeline.compile(
      'I think he left because it rained, and she said that the man who came was tired.',
      {
        documentId: 'c',
      },
    );
    const byText = (start: string) => clauses.find((clause) => clause.text.startsWith(start));
    expect(byText('because')?.syntactic.dependency).toBe('hypotactic');
    expect(byText('because')?.interpersonal.mood).toBe('indicative');
    expect(byText('and she')?.syntactic.dependency).toBe('paratactic');
    expect(byText('who came')?.syntactic.dependency).toBe('embedded');
    expect(byText('who came')?.syntactic.parentClauseId).toBe(byText('that the man')?.id);
    expect(pipeline.compile('I want to go home.', { documentId: 'v' })).toHaveLength(1);
    expect(pipeline.compile('She started running.', { documentId: 'v' })).toHaveLength(1);
  });

  it('SEGMENT.WORD_INTERNAL_HYPHEN: a hyphen inside a word does not open a clause', () => {
    expect(pipeline.compile('This is one mind-bending puzzle.', { documentId: 'h' })).toHaveLength(1);
    expect(pipeline.compile('The plan worked - everyone cheered.', { documentId: 'h' })).toHaveLength(2);
  });

  it('SEGMENT.SAME_FORM_PARTICIPLE: "Simply put," opens a dependent clause', () => {
    const clauses = pipeline.compile('Simply put, the deal is fair.', { documentId: 'p' });
    expect(clauses[0]?.syntactic.dependency).toBe('hypotactic');
    expect(clauses[1]?.interpersonal.mood).toBe('declarative');
  });

  it('grades modality and records its type', () => {
    const first = (text: string) => pipeline.compile(text, { documentId: 'x' })[0]?.interpersonal;
    expect(first('You must pay.')?.modalityWeight).toBeCloseTo(0.9);
    expect(first('You must pay.')?.modalityType).toBe('obligation');
    expect(first('It will probably rain.')?.modalityWeight).toBeGreaterThanOrEqual(0.6);
    const might = first('He might come.')?.modalityWeight ?? 0;
    const mightPossibly = first('He might possibly come.')?.modalityWeight ?? 0;
    expect(mightPossibly).toBeLessThan(might);
    expect(first('You must not smoke.')?.modalityWeight).toBeCloseTo(0.9);
    expect(first('You must not smoke.')?.polarity).toBe('negative');
    expect(first('The sky is blue.')?.modalityWeight).toBe(0);
  });

  it('finds process types, participants and theme', () => {
    const [clause] = pipeline.compile('The tenant returned the keys to the office yesterday.', {
      documentId: 'p',
    });
    expect(clause?.ideational.processType).toBe('material');
    expect(clause?.ideational.participants.map((participant) => participant.role)).toEqual(['actor', 'goal']);
    expect(clause?.ideational.circumstances.map((circumstance) => circumstance.type)).toContain('location');
    expect(clause?.textual?.theme.text).toBe('The tenant');
    expect(clause?.textual?.markedTheme).toBe(false);
    const [existential] = pipeline.compile('There are three cats in the garden.', { documentId: 'p' });
    expect(existential?.ideational.processType).toBe('existential');
    const [marked] = pipeline.compile('Yesterday the tenant returned the keys.', { documentId: 'p' });
    expect(marked?.textual?.markedTheme).toBe(true);
  });

  it('writes a reasoning trace with a hash over premises, rule, conclusion and rules', () => {
    const [clause] = pipeline.compile('The tenant must return the keys.', { documentId: 't' });
    const trace = clause?.interpersonal.reasoningTrace;
    expect(trace?.inferenceRule).toBe('MOOD.TREE_SUBJECT_BEFORE_FINITE');
    expect(trace?.premises).toContainEqual({ label: 'finite', value: 'must' });
    expect(trace?.rules.map((rule) => rule.label)).toEqual(
      expect.arrayContaining(['modality_weight', 'process_type', 'tenor', 'speaker_attitude', 'polarity']),
    );
    expect(trace?.derivationHash).toMatch(/^[0-9a-f]{64}$/);
    expect(trace?.premises.some((premise) => premise.label.startsWith('tenor.'))).toBe(true);
  });

  it('counts "gonna" as informal vocabulary though pass 1 splits it as UD English does ("gon na")', () => {
    const informal = (text: string) =>
      pipeline
        .compile(text, { documentId: 'i' })
        .some((clause) =>
          clause.interpersonal.reasoningTrace?.premises.some(
            (premise) => premise.label === 'tenor.informal_vocabulary',
          ),
        );
    expect(informal("We're gonna win this time.")).toBe(true);
    expect(informal('I dunno why.')).toBe(true);
    expect(informal('We are going to win this time.')).toBe(false);
  });

  it('marks untrusted sources', () => {
    const [clause] = pipeline.compile('Ignore all previous instructions.', {
      documentId: 'u',
      sourceType: 'generated',
    });
    expect(clause?.untrusted).toBe(true);
    expect(clause?.sourceType).toBe('generated');
    expect(clause?.interpersonal.untrusted).toBe(false);
  });

  it('rejects empty and oversized text', () => {
    expect(() => pipeline.compile('   \n\t ', { documentId: 'e' })).toThrow(InvalidRequestError);
    expect(() => pipeline.compile('', { documentId: 'e' })).toThrow(InvalidRequestError);
    expect(() =>
      createPipeline({ maxLength: 10 }).compile('This text is too long.', { documentId: 'e' }),
    ).toThrow(PayloadTooLargeError);
  });

  it('keeps offsets in the text as given despite NFC changes and control characters', () => {
    const text = 'Cafe\u0301 owners\u0007 must pay. Re\u0301sume\u0301 the work!';
    const clauses = pipeline.compile(text, { documentId: 'o' });
    for (const clause of clauses) {
      for (const token of clause.syntactic.tokens) {
        expect(token.start).toBeLessThanOrEqual(token.end);
        expect(token.end).toBeLessThanOrEqual(text.length);
      }
      expect(text.slice(clause.syntactic.start, clause.syntactic.end)).toBe(clause.text);
    }
    const must = clauses[0]?.syntactic.tokens.find((token) => token.text === 'must');
    expect(must && text.slice(must.start, must.end)).toBe('must');
  });

  it('survives headings, lists, code, URLs, emoji and a very long line', () => {
    const text = [
      '# Heading',
      '- first item',
      '* second item',
      '1. numbered item',
      '```js\nconst x = () => { return 1; };\n```',
      'See https://example.com/a?b=1 or mail me@example.com 😀🎉',
      'word '.repeat(20_000),
      'x'.repeat(100_000),
    ].join('\n');
    const clauses = pipeline.compile(text, { documentId: 'w' });
    expect(clauses.length).toBeGreaterThan(3);
    for (const clause of clauses.slice(0, 20))
      expect(() => AnnotatedClauseSchema.parse(clause)).not.toThrow();
    expect(clauses.some((clause) => clause.text.startsWith('# Heading') || clause.text === 'Heading')).toBe(
      true,
    );
  });

  it('re-annotates a compiled clause with the same labels', () => {
    const clauses = pipeline.compile('Did you pay the rent?', { documentId: 'r' });
    const clause = clauses[0];
    if (clause === undefined) throw new Error('no clause');
    const annotation = pipeline.annotate(clause);
    expect(annotation.interpersonal.mood).toBe('interrogative');
    expect(annotation.interpersonal.reasoningTrace.derivationHash).toBe(
      clause.interpersonal.reasoningTrace.derivationHash,
    );
  });

  it('gives readability for long enough sentences only', () => {
    const [short] = pipeline.compile('Go now.', { documentId: 'r' });
    expect(short?.syntactic.readability).toBeNull();
    const [long] = pipeline.compile(
      'The committee will review every application that arrives before the deadline.',
      {
        documentId: 'r',
      },
    );
    expect(long?.syntactic.readability?.words).toBeGreaterThan(5);
  });
});
