import type { Syntactic } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { enumeratorEnd, LIST_OPERATOR, listOpenerOperator } from './list-operator';
import { createPipeline } from './pipeline';

const clock = () => new Date(0);
const on = createPipeline({ clock });
const off = createPipeline({ clock, disabledRules: [LIST_OPERATOR, 'MOOD.DUTY_LIST_MEMBER'] });

/** Text, mood, modality type, weight and polarity of every clause. */
function read(compiler: typeof on, text: string) {
  return compiler.compile(text, { documentId: 'list' }).map((clause) => ({
    text: clause.text.trim(),
    mood: clause.interpersonal.mood,
    type: clause.interpersonal.modalityType,
    weight: clause.interpersonal.modalityWeight,
    polarity: clause.interpersonal.polarity,
  }));
}

const find = (clauses: ReturnType<typeof read>, start: string) => {
  const clause = clauses.find((candidate) => candidate.text.startsWith(start));
  if (clause === undefined) throw new Error(`no clause starts with ${start}: ${JSON.stringify(clauses)}`);
  return clause;
};

const LEASE = [
  'The Tenant shall:',
  '(a) settle the weekly charge every Friday;',
  '(b) keep the attic room tidy, and return the key when leaving;',
  '(c) not lend the key to anyone;',
  '(d) maintain insurance against theft of the furniture with a known firm;',
  '(e) allow the Owner to look at the room once a month;',
  '(f) follow the house rules; and',
  '(g) settle any fine for noise.',
].join('\n\n');

describe('MODALITY.LIST_OPERATOR: the members of a list of duties take the operator of the clause opening it', () => {
  it('gives every member of "The Tenant shall:" high obligation, past the five clauses other rules read', () => {
    const clauses = read(on, LEASE);
    for (const start of ['(a)', '(b)', 'and return', '(d)', '(e)', '(f)', '(g)']) {
      // MOOD.DUTY_LIST_MEMBER: the member shares the opener's Subject and Finite (ellipsis).
      expect(find(clauses, start), start).toMatchObject({
        mood: 'declarative',
        type: 'obligation',
        weight: 0.9,
        polarity: 'positive',
      });
    }
    // "not" in the member makes it a prohibition.
    expect(find(clauses, '(c)')).toMatchObject({ type: 'obligation', weight: 0.9, polarity: 'negative' });
    // Switched off, the members carry no modality.
    const without = read(off, LEASE);
    expect(find(without, '(d)')).toMatchObject({ mood: 'fragment', type: null, weight: 0 });
    expect(find(without, '(g)')).toMatchObject({ type: null, weight: 0 });
  });

  it('keeps the list state for MOOD.DUTY_LIST_MEMBER with MODALITY.LIST_OPERATOR switched off', () => {
    const moodsOnly = read(createPipeline({ clock, disabledRules: [LIST_OPERATOR] }), LEASE);
    expect(find(moodsOnly, '(d)')).toMatchObject({ mood: 'declarative', type: null, weight: 0 });
    const modalityOnly = read(createPipeline({ clock, disabledRules: ['MOOD.DUTY_LIST_MEMBER'] }), LEASE);
    expect(find(modalityOnly, '(d)')).toMatchObject({ type: 'obligation', weight: 0.9 });
    expect(find(modalityOnly, '(d)').mood).not.toBe('declarative');
  });

  it('takes the negation and the band of the opener: "shall not:" forbids, "may:" permits', () => {
    const forbidden = read(on, 'The Tenant shall not:\n\n(a) smoke in the attic room; or\n\n(b) keep a dog.');
    expect(find(forbidden, '(b)')).toMatchObject({ type: 'obligation', weight: 0.9, polarity: 'negative' });
    const permitted = read(on, 'The Owner may:\n\n(a) enter the room at noon; and\n\n(b) change the locks.');
    expect(find(permitted, '(b)')).toMatchObject({ type: 'obligation', weight: 0.3, polarity: 'positive' });
  });

  it('reads the operator of a member inside the opening sentence past its enumerator', () => {
    const text = 'The Tenant shall (a) settle the weekly charge; and (b) keep the attic room tidy.';
    expect(find(read(on, text), 'and (b)')).toMatchObject({ type: 'obligation', weight: 0.9 });
    expect(find(read(off, text), 'and (b)')).toMatchObject({ type: null, weight: 0 });
  });

  it('closes the list after three sentences without a member, at another colon list and at a heading', () => {
    const far = read(
      on,
      'The Tenant shall:\n\n(a) settle the charge.\n\nRooms are cleaned weekly. Linen is changed often. Towels are blue. Meals are extra.\n\n(b) call the office.',
    );
    expect(find(far, '(a)')).toMatchObject({ type: 'obligation' });
    expect(find(far, '(b)')).toMatchObject({ type: null, weight: 0 });
    const other = read(
      on,
      'The Tenant shall:\n\n(a) settle the charge.\n\nUseful numbers:\n\n(b) call the office at noon.',
    );
    expect(find(other, '(b)')).toMatchObject({ type: null, weight: 0 });
  });

  it('keeps gaps of a few sentences inside a member and an enumerator on a line of its own', () => {
    const text =
      'The insurance policy must:\n\n1.\ninclude the Owner as an additional insured. The Tenant shall send a copy.\n\n2.\nbe primary.';
    const clauses = read(on, text);
    expect(find(clauses, 'include')).toMatchObject({ mood: 'declarative', type: 'obligation', weight: 0.9 });
    expect(find(clauses, 'be primary')).toMatchObject({
      mood: 'declarative',
      type: 'obligation',
      weight: 0.9,
    });
    // Off, the members after a bare enumerator read as commands with no modality.
    expect(find(read(off, text), 'include')).toMatchObject({ mood: 'imperative', type: null });
  });

  it('leaves title-case headings, parentheses and members with a Finite of their own alone', () => {
    // A title-case line is a heading, which also closes the list.
    const heading = read(
      on,
      'The Tenant shall:\n\n(a) Observe House Rules Summary:\n\n(b) settle the charge.',
    );
    expect(find(heading, '(a)')).toMatchObject({ mood: 'fragment', type: null, weight: 0 });
    expect(find(heading, '(b)')).toMatchObject({ type: null, weight: 0 });
    const text =
      'The Tenant shall:\n\n(a) The Owner will repair the boiler.\n\n(b) settle the charge (See Part 4 Below) and pay.';
    const clauses = read(on, text);
    // Its own Subject and operator: the list changes nothing.
    expect(find(clauses, '(a)')).toEqual(find(read(off, text), '(a)'));
    expect(find(clauses, '(a)')).toMatchObject({ mood: 'declarative' });
    expect(find(clauses, '(See')).toMatchObject({ type: null, weight: 0 });
    // The member around the parenthesis is one.
    expect(find(clauses, '(b)')).toMatchObject({ type: 'obligation', weight: 0.9 });
    expect(find(clauses, 'and pay')).toMatchObject({ type: 'obligation', weight: 0.9 });
  });

  it('gives Pipeline.annotate the list state of the earlier clauses it is given', () => {
    const clauses = on.compile(LEASE, { documentId: 'list' });
    const at = clauses.findIndex((clause) => clause.text.startsWith('(e)'));
    const annotated = on.annotate(clauses[at] as (typeof clauses)[number], {
      previous: clauses.slice(0, at),
    });
    expect(annotated.interpersonal.modalityWeight).toBe(0.9);
    expect(annotated.interpersonal.modalityType).toBe('obligation');
    const alone = on.annotate(clauses[at] as (typeof clauses)[number]);
    expect(alone.interpersonal.modalityWeight).toBe(0);
  });
});

describe('list openers and enumerators', () => {
  const tokens = (words: readonly (readonly [string, string, string?])[]): Syntactic =>
    ({
      sentenceIndex: 0,
      tokens: words.map(([text, pos, lemma]) => ({
        text,
        pos,
        lemma: lemma ?? text.toLowerCase(),
        isFinite: false,
      })),
    }) as unknown as Syntactic;

  it('opens a list only at a colon right after an operator with no verb after it', () => {
    expect(
      listOpenerOperator(
        tokens([
          ['Tenant', 'NOUN'],
          ['shall', 'AUX'],
          [':', 'PUNCT'],
        ]),
      ),
    ).toBe(1);
    expect(
      listOpenerOperator(
        tokens([
          ['It', 'PRON'],
          ['shall', 'AUX'],
          ['not', 'PART'],
          [',', 'PUNCT'],
          ['at', 'ADP'],
          ['cost', 'NOUN'],
          [':', 'PUNCT'],
        ]),
      ),
    ).toBe(1);
    expect(
      listOpenerOperator(
        tokens([
          ['This', 'PRON'],
          ['shall', 'AUX'],
          ['apply', 'VERB'],
          [':', 'PUNCT'],
        ]),
      ),
    ).toBe(-1);
    expect(
      listOpenerOperator(
        tokens([
          ['It', 'PRON'],
          ['shall', 'AUX'],
          ['be', 'AUX'],
          [':', 'PUNCT'],
        ]),
      ),
    ).toBe(-1);
    expect(
      listOpenerOperator(
        tokens([
          ['Tenant', 'NOUN'],
          ['shall', 'AUX'],
          ['pay', 'VERB'],
          ['.', 'PUNCT'],
        ]),
      ),
    ).toBe(-1);
  });

  it('finds the enumerators contracts write', () => {
    const end = (...words: string[]) =>
      enumeratorEnd(tokens(words.map((word) => [word, /^\W$/.test(word) ? 'PUNCT' : 'X'])).tokens);
    expect(end('(', 'b', ')', 'pay')).toBe(3);
    expect(end('(', 'iv', ')', 'pay')).toBe(3);
    expect(end('2', ')', 'pay')).toBe(2);
    expect(end('3', '.', 'pay')).toBe(2);
    expect(end('B.', 'Provide')).toBe(1);
    expect(end('(', 'See', 'Part')).toBe(-1);
    expect(end('pay', 'the', 'rent')).toBe(-1);
    expect(
      enumeratorEnd(
        tokens([
          ['and', 'CCONJ'],
          ['(', 'PUNCT'],
          ['c', 'X'],
          [')', 'PUNCT'],
          ['pay', 'VERB'],
        ]).tokens,
      ),
    ).toBe(4);
  });
});
