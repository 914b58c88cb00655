import type { Syntactic } from '@cae/core';
import { describe, expect, it } from 'vitest';
import {
  enumeratorEnd,
  enumeratorStartBefore,
  LIST_OPENER_TO,
  LIST_OPERATOR,
  listOpenerOperator,
} from './list-operator';
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
    // The mirror, for pass 1: where the enumerator ending before a word starts.
    expect(enumeratorStartBefore([';', '(', 'b', ')', 'pay'], 4)).toBe(1);
    expect(enumeratorStartBefore(['2', ')', 'pay'], 2)).toBe(0);
    expect(enumeratorStartBefore(['.', '3', '.', 'pay'], 3)).toBe(1);
    expect(enumeratorStartBefore(['b.', 'pay'], 1)).toBe(0);
    expect(enumeratorStartBefore(['the', 'rent'], 1)).toBe(-1);
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

describe('POS.LIST_MEMBER_VERB: a list member opens with its verb, whatever the tagger read', () => {
  const RESELLER = [
    'The Reseller shall not:',
    '(a) rent the Device to anyone;',
    '(b) not decompile, disassemble or alter the firmware; and',
    '(c) license, lease or lend the Device to a third party.',
  ].join('\n\n');
  const memberOff = createPipeline({ clock, disabledRules: ['POS.LIST_MEMBER_VERB'] });
  const tagOf = (compiler: typeof on, text: string, word: string) =>
    compiler
      .compile(text, { documentId: 'list' })
      .flatMap((clause) => clause.syntactic.tokens)
      .find((token) => token.text === word)?.pos;

  it('reads "not decompile" and "license," after an enumerator as verbs, so the members take the operator', () => {
    expect(tagOf(on, RESELLER, 'decompile')).toBe('VERB');
    expect(tagOf(on, RESELLER, 'license')).toBe('VERB');
    // The verbs coordinated with the member's verb are verbs too.
    expect(tagOf(on, RESELLER, 'lease')).toBe('VERB');
    const clauses = read(on, RESELLER);
    for (const start of ['(b)', '(c)'])
      expect(find(clauses, start), start).toMatchObject({
        mood: 'declarative',
        type: 'obligation',
        weight: 0.9,
        polarity: 'negative',
      });
    // Switched off, the tagger's adjective and noun stand and the members carry no modality.
    expect(tagOf(memberOff, RESELLER, 'decompile')).not.toBe('VERB');
    expect(tagOf(memberOff, RESELLER, 'license')).not.toBe('VERB');
    const without = read(memberOff, RESELLER);
    expect(find(without, '(b)')).toMatchObject({ mood: 'fragment', type: null, weight: 0 });
    expect(find(without, '(c)')).toMatchObject({ type: null, weight: 0 });
  });

  it('reads a member verb before its adverbs ("(a) Respond fully and promptly to")', () => {
    const text =
      'The Agent shall:\n\n(a) Respond fully and promptly to every complaint from a guest;\n\n(b) keep the rooms clean.';
    expect(tagOf(on, text, 'Respond')).toBe('VERB');
    expect(find(read(on, text), '(a)')).toMatchObject({
      mood: 'declarative',
      type: 'obligation',
      weight: 0.9,
    });
    expect(tagOf(memberOff, text, 'Respond')).not.toBe('VERB');
    expect(find(read(memberOff, text), '(a)')).toMatchObject({ type: null, weight: 0 });
  });

  it('leaves the same words alone outside a list of duties and in a heading', () => {
    // The nearest colon closes no list of duties: a list of things, whose members may be noun groups.
    const things = RESELLER.replace('The Reseller shall not:', 'The price list covers:');
    expect(tagOf(on, things, 'license')).toBe(tagOf(memberOff, things, 'license'));
    expect(tagOf(on, things, 'decompile')).toBe(tagOf(memberOff, things, 'decompile'));
    // A capitalised word before another is a heading's ("3. Change Control Board").
    const heading =
      'The Reseller shall not:\n\n(a) rent the Device to anyone.\n\n3. Change Control Board\n\nThe board meets monthly.';
    expect(tagOf(on, heading, 'Change')).toBe(tagOf(memberOff, heading, 'Change'));
    const section =
      'The Reseller shall not:\n\n(a) rent the Device to anyone.\n\n9. Trade marks and logos\n\nThe marks stay ours.';
    expect(tagOf(on, section, 'Trade')).toBe(tagOf(memberOff, section, 'Trade'));
    // The first noun of a compound that makes the whole member ("(b) copyright law;").
    const laws =
      'The Licensee shall:\n\n(a) register the Device;\n\n(b) copyright law; and\n\n(c) trade secret law.';
    expect(tagOf(on, laws, 'copyright')).toBe(tagOf(memberOff, laws, 'copyright'));
    expect(tagOf(on, laws, 'trade')).toBe(tagOf(memberOff, laws, 'trade'));
  });
});

describe('MODALITY.LIST_OPENER_TO: "agrees to:", "undertakes not to:", "shall use its efforts to:" open a list', () => {
  const AGENT = [
    'The Distributor agrees to:',
    '(a) purchase the goods from the Supplier;',
    '(b) keep full records of every sale.',
  ].join('\n\n');
  const openerOff = createPipeline({ clock, disabledRules: [LIST_OPENER_TO] });

  it('binds the members of "X agrees to:" as "agrees to" binds its own process (MODALITY.CONTRACT_COMMITMENT)', () => {
    const clauses = on.compile(AGENT, { documentId: 'list' });
    const member = clauses.find((clause) => clause.text.startsWith('(b)'));
    expect(member?.interpersonal).toMatchObject({
      mood: 'declarative',
      modalityType: 'obligation',
      modalityWeight: 0.9,
      polarity: 'positive',
    });
    expect(member?.interpersonal.reasoningTrace.rules).toContainEqual({
      label: 'modality_weight',
      rule: 'MODALITY.CONTRACT_COMMITMENT',
    });
    expect(member?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'contract_operator',
      value: 'commitment (MODALITY.LIST_OPERATOR: the clause opening the list)',
    });
    expect(find(read(openerOff, AGENT), '(b)')).toMatchObject({ mood: 'fragment', type: null, weight: 0 });
  });

  it('takes the negation of "undertakes not to:" and the operator of "shall use its efforts to:"', () => {
    const negative = read(
      on,
      'The Supplier undertakes not to:\n\n(a) sell the goods below cost; or\n\n(b) advertise them abroad.',
    );
    expect(find(negative, '(b)')).toMatchObject({ type: 'obligation', weight: 0.9, polarity: 'negative' });
    const efforts = read(
      on,
      'Each Party shall use commercially reasonable efforts to:\n\n(a) obtain the permits;\n\n(b) keep the other Party informed.',
    );
    expect(find(efforts, '(b)')).toMatchObject({ mood: 'declarative', type: 'obligation', weight: 0.9 });
    expect(
      find(
        read(
          openerOff,
          'Each Party shall use commercially reasonable efforts to:\n\n(a) obtain the permits;\n\n(b) keep the other Party informed.',
        ),
        '(b)',
      ),
    ).toMatchObject({ type: null, weight: 0 });
  });

  it('opens no list at "sent to:", "the right to:", or "agreed to:" with no Subject', () => {
    const opener = (...words: (readonly [string, string, string?])[]) =>
      listOpenerOperator({
        sentenceIndex: 0,
        tokens: words.map(([text, pos, lemma]) => ({ text, pos, lemma: lemma ?? text.toLowerCase() })),
      } as unknown as Syntactic);
    expect(
      opener(
        ['Notices', 'NOUN'],
        ['shall', 'AUX'],
        ['be', 'AUX'],
        ['sent', 'VERB', 'send'],
        ['to', 'ADP'],
        [':', 'PUNCT'],
      ),
    ).toBe(-1);
    expect(
      opener(
        ['Buyer', 'NOUN'],
        ['shall', 'AUX'],
        ['have', 'VERB'],
        ['the', 'DET'],
        ['right', 'NOUN'],
        ['to', 'ADP'],
        [':', 'PUNCT'],
      ),
    ).toBe(-1);
    expect(
      opener(
        ['Accepted', 'VERB', 'accept'],
        ['and', 'CCONJ'],
        ['agreed', 'VERB', 'agree'],
        ['to', 'ADP'],
        [':', 'PUNCT'],
      ),
    ).toBe(-1);
    expect(opener(['and', 'CCONJ'], ['agree', 'VERB'], ['to', 'ADP'], [':', 'PUNCT'])).toBe(-1);
    // The operator's own verb of undertaking; another party's after an earlier duty.
    expect(
      opener(['Agent', 'NOUN'], ['shall', 'AUX'], ['agree', 'VERB'], ['to', 'ADP'], [':', 'PUNCT']),
    ).toBe(1);
    expect(
      opener(
        ['Agent', 'NOUN'],
        ['shall', 'AUX'],
        ['deliver', 'VERB'],
        ['and', 'CCONJ'],
        ['Owner', 'NOUN'],
        ['agrees', 'VERB', 'agree'],
        ['to', 'ADP'],
        [':', 'PUNCT'],
      ),
    ).toBe(5);
    expect(opener(['Agent', 'NOUN'], ['agrees', 'VERB', 'agree'], ['to', 'ADP'], [':', 'PUNCT'])).toBe(1);
    expect(
      opener(
        ['Agent', 'NOUN'],
        ['shall', 'AUX'],
        ['be', 'AUX'],
        ['required', 'VERB', 'require'],
        ['to', 'ADP'],
        [':', 'PUNCT'],
      ),
    ).toBe(1);
  });
});
