import type { AnnotatedClause } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { clauseElements, mainClause } from './__fixtures__/clause-elements';
import { nounCircumstance } from './lexicons/circumstance-lexicon';
import { createPipeline } from './pipeline';
import {
  APPOSITION,
  ATTRIBUTE_PHRASE,
  BARE_OBLIQUE,
  CIRCUMSTANCE_POSTMODIFIER,
  CIRCUMSTANTIAL_ATTRIBUTE,
  COMPARATIVE_MODIFIER,
  COMPLEX_PREPOSITION,
  CONJUNCTION_WORDS,
  COORDINATION,
  COPULA_OBLIQUE,
  CORE_PREPOSITION,
  ENUMERATOR_PREDICATE,
  INCLUDING_QUALIFIER,
  LEADING_SUBORDINATOR,
  NOT_ON_PREDICATE,
  NOUN_QUALIFIER,
  OBJECT_POSTMODIFIER,
  OWN_TYPE,
  PARTICIPANT_TREE_RULES,
  PARTICLE,
  POSTMODIFIER_CLAUSE,
  STRANDED_PREPOSITION,
  SUBJECT_BACK,
  SUBJECT_FRONT,
  TAIL_JOIN,
  TIME_TAIL,
  TREE_STAGE,
  VERBLESS_HEAD,
} from './transitivity-tree';

const pipeline = createPipeline({ clock: () => new Date(0), treeParticipants: true });
const rulesOf = (clause: AnnotatedClause): string[] =>
  clause.interpersonal.reasoningTrace.rules.map((rule) => rule.rule);

describe('participant rules read off the tree: every example is a test', () => {
  for (const rule of PARTICIPANT_TREE_RULES) {
    for (const example of rule.examples) {
      it(`${rule.id}: ${example.text} -> ${example.expect}`, () => {
        const clause = mainClause(pipeline.compile(example.text, { documentId: 'rule-example' }));
        expect(rulesOf(clause)).toContain(rule.id);
        const [label, text] = example.expect.split('=') as [string, string];
        if (label === '-')
          expect(clauseElements(clause).some((element) => element.endsWith(`=${text}`))).toBe(false);
        else expect(clauseElements(clause)).toContain(example.expect);
      });
    }
  }
  it('rule ids are unique and every rule has an example', () => {
    const ids = PARTICIPANT_TREE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of PARTICIPANT_TREE_RULES) expect(rule.examples.length).toBeGreaterThan(0);
  });
});

describe('CIRCUMSTANCE.TREE_BY_MEANS', () => {
  it('reads "by email" in the passive as means; off, "email" is the Sayer', () => {
    const text = 'You will be notified by email.';
    const on = clauseElements(mainClause(pipeline.compile(text, { documentId: 'by-means' })));
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: ['CIRCUMSTANCE.TREE_BY_MEANS', 'TREE.MEANS_AGENT'],
    });
    const without = clauseElements(mainClause(off.compile(text, { documentId: 'by-means' })));
    expect(on).toContain('manner/means=by email');
    expect(on).not.toContain('sayer=email');
    expect(without).toContain('sayer=email');
  });
});

describe('CIRCUMSTANCE.TREE_BY_PROCEDURE', () => {
  it('keeps the agent of a writing one document or a verb of ruling names', () => {
    for (const [text, agent] of [
      ['The license was granted by this agreement.', 'actor=this agreement'],
      ['The Services shall be governed by a separate agreement.', 'actor=a separate agreement'],
    ] as const)
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'by-procedure' })))).toContain(
        agent,
      );
  });
});

describe('tree stage', () => {
  it('is on by default; treeParticipants: false keeps the word-order analysis alone', () => {
    const text = "Here's an excerpt from the article:";
    const plain = mainClause(createPipeline({ clock: () => new Date(0) }).compile(text, { documentId: 'd' }));
    expect(rulesOf(plain)).toContain('PARTICIPANT.TREE_SUBJECT');
    const wordOrder = mainClause(
      createPipeline({ clock: () => new Date(0), treeParticipants: false }).compile(text, {
        documentId: 'd',
      }),
    );
    expect(rulesOf(wordOrder).some((rule) => rule.startsWith('PARTICIPANT.TREE'))).toBe(false);
    expect(wordOrder.ideational.circumstances.map((circumstance) => circumstance.text)).toContain(
      'from the article',
    );
  });
  it('re-annotating a compiled clause gives the same participants as the compile', () => {
    const [clause] = pipeline.compile('The road was blocked by fallen trees.', { documentId: 'd' });
    const again = pipeline.annotate(clause as AnnotatedClause, { sentenceFinal: '.' });
    expect(again.ideational.participants).toEqual(clause?.ideational.participants);
  });
  it('cites the relation of every element in the premises', () => {
    const clause = mainClause(pipeline.compile('The tenant must return the keys.', { documentId: 'd' }));
    const premises = clause.interpersonal.reasoningTrace.premises;
    expect(premises).toContainEqual({ label: 'participant.actor', value: 'deprel=nsubj' });
    expect(premises).toContainEqual({ label: 'participant.goal', value: 'deprel=obj' });
  });
  it('cites the preposition of an oblique', () => {
    const clause = mainClause(
      pipeline.compile('The central bank raised interest rates on Thursday.', { documentId: 'd' }),
    );
    expect(clause.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'circumstance.location',
      value: 'deprel=obl case=on',
    });
  });
  it('a disabled rule lets the next one decide', () => {
    const off = createPipeline({
      clock: () => new Date(0),
      treeParticipants: true,
      disabledRules: ['PARTICIPANT.TREE_AGENT'],
    });
    const clause = mainClause(off.compile('The road was blocked by fallen trees.', { documentId: 'd' }));
    expect(rulesOf(clause)).not.toContain('PARTICIPANT.TREE_AGENT');
    expect(clauseElements(clause)).not.toContain('actor=fallen trees');
  });
  it('an apposition set off from the object is part of it (PARTICIPANT.TREE_APPOSITION)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [APPOSITION] });
    const text = 'Client shall use the software (the "Software") at its own risk.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toEqual([
      'actor=Client',
      'goal=the software (the "Software")',
      'manner/means=at its own risk',
    ]);
    expect(rulesOf(clause)).toContain(APPOSITION);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain('goal=the');
  });
  it('a clause opening with a list enumerator takes its own predicate (PARTICIPANT.TREE_ENUMERATOR_PREDICATE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [ENUMERATOR_PREDICATE] });
    const text = '(i) To order Products, sample Products and Trainers, AMAG shall submit a purchase order.';
    const [clause] = pipeline.compile(text, { documentId: 'd' });
    expect(clause?.syntactic.text).toBe('(i) To order Products, sample Products and Trainers,');
    expect(clauseElements(clause!)).toEqual(['goal=Products, sample Products and Trainers']);
    expect(rulesOf(clause!)).toContain(ENUMERATOR_PREDICATE);
    // Off, the enumerator "i" (hung on the next clause's verb) is the clause's predicate, so the tree stage finds
    // no Event and the word order's Goals stand: one per item.
    const [before] = off.compile(text, { documentId: 'd' });
    expect(clauseElements(before!)).toEqual(['goal=Products', 'goal=sample Products and Trainers']);
  });
  it('lists the participant holding the Subject first (PARTICIPANT.SUBJECT_FIRST)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['PARTICIPANT.SUBJECT_FIRST'] });
    // The word order misses the Subject set apart from its verb and lists the Goal first.
    const text =
      'The Servicer shall forthwith upon such termination deliver to the successor Servicer all property.';
    const roles = (clause: AnnotatedClause) =>
      clause.ideational.participants.map((p) => `${p.role}=${p.text}`);
    expect(roles(mainClause(pipeline.compile(text, { documentId: 'd' })))).toEqual([
      'actor=The Servicer',
      'beneficiary=to the successor Servicer',
      'goal=all property',
    ]);
    expect(roles(mainClause(off.compile(text, { documentId: 'd' })))).toEqual([
      'goal=all property',
      'actor=The Servicer',
      'beneficiary=to the successor Servicer',
    ]);
    // A passive's Subject is its Goal; a misparsed Subject whose role no Subject takes in the voice stays where it was.
    const passive = pipeline.compile('The shares were acquired by AMAG on November 12.', { documentId: 'd' });
    expect(roles(mainClause(passive))[0]).toBe('goal=The shares');
    expect(
      roles(mainClause(pipeline.compile('How many trees did the storm uproot?', { documentId: 'd' })))[0],
    ).toBe('actor=the storm');
  });
  it('an object after another nominal\'s "to" phrase is no path (CIRCUMSTANCE.TREE_PATH_OBJECT)', () => {
    const clause = mainClause(
      pipeline.compile('Zynga will pay to WPT ten percent of the Net Revenue.', { documentId: 'd' }),
    );
    expect(clauseElements(clause)).toContain('goal=ten percent of the Net Revenue');
    expect(clauseElements(clause)).toContain('beneficiary=to WPT');
    expect(rulesOf(clause)).not.toContain('CIRCUMSTANCE.TREE_PATH_OBJECT');
  });
  it('an object the parser labels obl keeps its conjuncts (PARTICIPANT.TREE_BARE_OBLIQUE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [BARE_OBLIQUE] });
    const text = 'The Licensee shall return immediately to the Licensor all copies, manuals and records.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toContain('goal=all copies, manuals and records');
    expect(rulesOf(clause)).toContain(BARE_OBLIQUE);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain('goal=all copies');
    // Not where the word order's participant is more than the words up to the oblique's noun ("a world | of
    // intrigue"): its conjuncts hang on "intrigue", not on the oblique.
    const phrase = mainClause(
      pipeline.compile(
        'He dwelt in another world, a world of intrigue, bargains, contracts and clandestine purchases of land.',
        { documentId: 'd' },
      ),
    );
    expect(rulesOf(phrase)).not.toContain(BARE_OBLIQUE);
    expect(clauseElements(phrase)).not.toContain('goal=a world of intrigue, bargains');
  });
  it('an "including" phrase the tree hangs on the object belongs to it (PARTICIPANT.TREE_INCLUDING_QUALIFIER)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [INCLUDING_QUALIFIER] });
    const text =
      'Antares will maintain all required licenses, authorizations, and approvals required by federal, state, or local governmental authorities, including the FDA.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toEqual([
      'actor=Antares',
      'goal=all required licenses, authorizations, and approvals required by federal, state, or local governmental authorities, including the FDA',
    ]);
    expect(rulesOf(clause)).toContain(INCLUDING_QUALIFIER);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain('goal=the FDA');
    // After an element the object's span stops at ("of the client software code"), the phrase keeps its own element
    // rather than vanish between the two.
    const cut = mainClause(
      pipeline.compile(
        '"Client Software" means the machine executable version(s) of the client software code, including any Updates thereto.',
        {
          documentId: 'd',
        },
      ),
    );
    expect(clauseElements(cut)).toContain('attribute=any Updates');
    expect(rulesOf(cut)).not.toContain(INCLUDING_QUALIFIER);
  });
  it('a phrase the word order ran on past is typed by its own words (CIRCUMSTANCE.TREE_OWN_TYPE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [OWN_TYPE] });
    for (const [text, on, before] of [
      [
        'In such event Contractor shall take reasonable steps.',
        'contingency/condition=In such event',
        'location/place=In such event',
      ],
      ['We came home early today.', 'location/place=home', 'location/time=home'],
    ] as const) {
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' }))), text).toContain(on);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).toContain(before);
    }
  });
  it('a circumstance spans the conjuncts and postmodifiers the word order cut off it (CIRCUMSTANCE.TREE_TAIL_JOIN)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [TAIL_JOIN] });
    for (const [text, on, before] of [
      // The tree hangs "Mississippi" on "Louisiana".
      [
        'Katrina devastated refineries in Louisiana and Mississippi last month.',
        'location/place=in Louisiana and Mississippi',
        'location/place=in Louisiana',
      ],
      // The tree hangs "colors" on the object's "right", whose list "or interest" had already closed.
      [
        "The Contractor is not acquiring any right, title or interest in the Company's logo, corporate colors, trademarks, trade names or other intellectual property.",
        "location/place=in the Company's logo, corporate colors, trademarks, trade names or other intellectual property",
        "location/place=in the Company's logo",
      ],
      // The tree hangs "of four months" on "age": the Goal stops before "at the age", so it was lost.
      [
        'Gloria developed severe eczema at the age of four months.',
        'location/place=at the age of four months',
        'location/place=at the age',
      ],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause), text).toContain(on);
      expect(rulesOf(clause)).toContain(TAIL_JOIN);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).toContain(before);
    }
  });
  it('a comma after the preposition a participant leaves out is no part of it', () => {
    const clause = mainClause(
      pipeline.compile('The Equipment must be delivered to, and accepted by, the Company.', {
        documentId: 'd',
      }),
    );
    expect(clauseElements(clause)).toEqual(['goal=The Equipment', 'actor=the Company']);
  });
  it('an adjective with "than" after it stays in the object (PARTICIPANT.TREE_COMPARATIVE_MODIFIER)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [COMPARATIVE_MODIFIER] });
    const text = '"Business Day" means any day other than a Saturday or a Sunday.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toEqual([
      'token=Business Day',
      'value=any day other than a Saturday or a Sunday',
    ]);
    expect(rulesOf(clause)).toContain(COMPARATIVE_MODIFIER);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain('attribute=other');
  });
  it('a preposition alone is no circumstance (CIRCUMSTANCE.TREE_STRANDED_PREPOSITION)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [STRANDED_PREPOSITION] });
    for (const [text, lone] of [
      [
        'This Agreement will be governed by and construed in accordance with the laws of Delaware.',
        'manner/means=by',
      ],
      ['The test is available at:', 'location/place=at'],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause), text).not.toContain(lone);
      expect(rulesOf(clause), text).toContain(STRANDED_PREPOSITION);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).toContain(lone);
    }
  });
  it('an element keeps the closing marks of brackets and quotations it opens', () => {
    const clause = mainClause(
      pipeline.compile('Acme Corp., a Delaware corporation (the "Company"), shall pay the fee.', {
        documentId: 'd',
      }),
    );
    expect(clauseElements(clause)).toContain('actor=Acme Corp., a Delaware corporation (the "Company")');
    // A closing mark with no opener in the element stays out of it.
    const plain = mainClause(pipeline.compile('The tenant paid the rent (in cash).', { documentId: 'd' }));
    expect(clauseElements(plain).some((element) => element.endsWith(')') && !element.includes('('))).toBe(
      false,
    );
  });
  it('the Actor of a preamble\'s "by and between" is the parties (PARTICIPANT.TREE_AGENT)', () => {
    for (const [text, actor] of [
      [
        'This Agreement is made and entered into as of May 1, 2020, by and between Acme Corp., a Delaware corporation, and Beta LLC.',
        'actor=Acme Corp., a Delaware corporation, and Beta LLC',
      ],
      [
        'This Agreement is entered into by and among the Company and the Purchasers.',
        'actor=the Company and the Purchasers',
      ],
    ] as const) {
      const elements = clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' })));
      expect(elements).toContain(actor);
      expect(
        elements.some((element) => element.includes('and between') || element.includes('and among')),
      ).toBe(false);
    }
  });
  it('the party after a preamble\'s "by and between" is the agent the parse coordinated with the date (TREE.PARTIES_AGENT)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['TREE.PARTIES_AGENT'] });
    const text =
      'This agreement ("Agreement") is entered into as of the 31st day of March, 1998 ("Effective Date"), by and between Acme, Inc., a California corporation, located at 555 Broadway, Redwood City, California 94063 ("Acme"), and Beta, a Delaware corporation.';
    const first = (of: typeof pipeline) => clauseElements(of.compile(text, { documentId: 'd' })[0]!);
    expect(first(pipeline).find((element) => element.startsWith('actor='))).toMatch(/^actor=Acme, Inc\./);
    expect(first(off).some((element) => element.startsWith('actor=Acme'))).toBe(false);
  });
  it('a preposition left alone after its verb is part of the process (CIRCUMSTANCE.TREE_PARTICLE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [PARTICLE, STRANDED_PREPOSITION] });
    const text = 'This Agreement is entered into by and among the Company and the Purchasers.';
    const elements = (of: typeof pipeline) =>
      clauseElements(mainClause(of.compile(text, { documentId: 'd' })));
    expect(elements(pipeline).some((element) => element.endsWith('=into'))).toBe(false);
    expect(elements(off)).toContain('location/place=into');
  });
  it('"except" left alone before a circumstance opens it (CIRCUMSTANCE.TREE_POSTMODIFIER)', () => {
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: [CIRCUMSTANCE_POSTMODIFIER, STRANDED_PREPOSITION],
    });
    const text = 'Licensee may not use the Software except in the Territory.';
    const elements = (of: typeof pipeline) =>
      clauseElements(mainClause(of.compile(text, { documentId: 'd' })));
    expect(elements(pipeline)).toContain('accompaniment/null=except in the Territory');
    expect(elements(off)).toContain('accompaniment/null=except');
  });
  it('the prepositions of contract language name their circumstance (CIRCUMSTANCE.TREE_PREPOSITION)', () => {
    for (const [text, circumstance] of [
      ['Buyer may terminate this Agreement upon written notice.', 'location/time=upon written notice'],
      ['Seller shall indemnify Buyer against any losses.', 'matter/null=against any losses'],
      ['The Parties shall agree upon the fees.', 'matter/null=upon the fees'],
      [
        'Changepoint retains all right, title and interest in and to the Software.',
        'location/place=in and to the Software',
      ],
      [
        'Buyer may terminate this Agreement notwithstanding any other provision.',
        'contingency/concession=notwithstanding any other provision',
      ],
    ] as const) {
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' }))), text).toContain(
        circumstance,
      );
    }
  });
  it('a passive "by" opening a preposition of several words is no agent (PARTICIPANT.TREE_AGENT)', () => {
    for (const [text, circumstance] of [
      ['The shares were acquired by virtue of the merger.', 'cause/reason=by virtue of the merger'],
      ['The delivery was delayed by reason of fire.', 'cause/reason=by reason of fire'],
    ] as const) {
      const elements = clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' })));
      expect(elements).toContain(circumstance);
      expect(elements.filter((element) => element.startsWith('actor='))).toEqual([]);
    }
  });
  it('switched off as a whole, the word-order analysis stands and the trace cites no tree rule', () => {
    const off = createPipeline({
      clock: () => new Date(0),
      treeParticipants: true,
      disabledRules: [TREE_STAGE],
    });
    const clause = mainClause(off.compile('The tenant must return the keys.', { documentId: 'd' }));
    expect(rulesOf(clause).some((rule) => rule.startsWith('PARTICIPANT.TREE'))).toBe(false);
    expect(clauseElements(clause)).toContain('actor=The tenant');
  });
  it('a postmodifier the tree hangs on a participant belongs to it, not to the process', () => {
    const text = "Here's an excerpt from the article:";
    const on = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(on.ideational.circumstances.map((circumstance) => circumstance.text)).not.toContain(
      'from the article',
    );
    const off = mainClause(
      createPipeline({
        clock: () => new Date(0),
        treeParticipants: true,
        disabledRules: [TREE_STAGE],
      }).compile(text, {
        documentId: 'd',
      }),
    );
    expect(off.ideational.circumstances.map((circumstance) => circumstance.text)).toContain(
      'from the article',
    );
  });
  it('drops a word-order element the tree hangs elsewhere (a vocative), and says so', () => {
    const clause = mainClause(pipeline.compile("That's right, folks.", { documentId: 'd' }));
    expect(clauseElements(clause)).not.toContain('attribute=folks');
    expect(rulesOf(clause)).toContain(NOT_ON_PREDICATE);
  });
  it('a coordination the tree hangs on an object is one participant (PARTICIPANT.TREE_COORDINATION)', () => {
    const text = '"Person" shall mean any individual, corporation, partnership, trust or other entity.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toContain(
      'value=any individual, corporation, partnership, trust or other entity',
    );
    expect(clauseElements(clause).some((element) => element.startsWith('attribute='))).toBe(false);
    expect(rulesOf(clause)).toContain(COORDINATION);
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [COORDINATION] });
    const split = mainClause(off.compile(text, { documentId: 'd' }));
    expect(clauseElements(split)).toContain('value=any individual');
  });
  it('a clause postmodifying an object stays inside it (PARTICIPANT.TREE_POSTMODIFIER_CLAUSE)', () => {
    const text =
      'Licensor owns all patents, trademarks, copyrights and trade secrets relating to the Product.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toContain(
      'attribute=all patents, trademarks, copyrights and trade secrets relating to the Product',
    );
    expect(clause.ideational.circumstances).toEqual([]);
    expect(rulesOf(clause)).toContain(POSTMODIFIER_CLAUSE);
  });
  it('an adjective after the object with its complement stays inside it (PARTICIPANT.TREE_POSTMODIFIER_CLAUSE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [POSTMODIFIER_CLAUSE] });
    for (const [text, goal] of [
      [
        'The Supplier shall pay all taxes applicable to the Products.',
        'goal=all taxes applicable to the Products',
      ],
      [
        'Licensee shall pay all amounts due to Licensor by wire transfer.',
        'goal=all amounts due to Licensor',
      ],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause)).toContain(goal);
      expect(rulesOf(clause)).toContain(POSTMODIFIER_CLAUSE);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).not.toContain(goal);
    }
    // After a verb that takes an object and an adjective, the adjective is the object's complement and what follows
    // it the process's own ("during maintenance").
    const make = mainClause(
      pipeline.compile('The Repairer shall make spare parts available to the Company during maintenance.', {
        documentId: 'd',
      }),
    );
    expect(make.ideational.circumstances.map((circumstance) => circumstance.text)).toContain(
      'during maintenance',
    );
  });
  it("a phrase the tree hangs on the object's noun postmodifies it (PARTICIPANT.TREE_OBJECT_POSTMODIFIER)", () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [OBJECT_POSTMODIFIER] });
    const text = 'Licensee shall submit a request for approval to Licensor.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toContain('goal=a request for approval');
    expect(rulesOf(clause)).toContain(OBJECT_POSTMODIFIER);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain('goal=a request');
    const liability = mainClause(
      pipeline.compile('Landlord shall have no liability for any damage.', { documentId: 'd' }),
    );
    expect(clauseElements(liability)).toContain('attribute=no liability for any damage');
    const question = mainClause(
      pipeline.compile('She asked a question about the budget.', { documentId: 'd' }),
    );
    expect(clauseElements(question)).toContain('verbiage=a question about the budget');
    // A person or party as the object, a phrase of time and a phrase with "to" keep the word-order boundary.
    const party = mainClause(
      pipeline.compile('Tenant shall indemnify Landlord for any losses.', { documentId: 'd' }),
    );
    expect(clauseElements(party)).toContain('goal=Landlord');
    const rent = mainClause(
      pipeline.compile('Tenant shall pay the rent on the first day of each month.', { documentId: 'd' }),
    );
    expect(clauseElements(rent)).toContain('goal=the rent');
    const goods = mainClause(
      pipeline.compile('The Company shall deliver the goods to the Buyer.', { documentId: 'd' }),
    );
    expect(clauseElements(goods)).toContain('goal=the goods');
  });
  it('a second object hung under the first still makes two participants', () => {
    const clause = mainClause(pipeline.compile('My aunt sent the twins a parcel.', { documentId: 'd' }));
    expect(clauseElements(clause)).toEqual(['actor=My aunt', 'beneficiary=the twins', 'goal=a parcel']);
  });
  it('a preposition the parser hangs on a Subject is no part of it (PARTICIPANT.TREE_CORE_PREPOSITION)', () => {
    const text = 'The balance will be returned within 30 days after the tenant moves out.';
    const after = (compiler: typeof pipeline) =>
      compiler
        .compile(text, { documentId: 'd' })
        .find((clause) => clause.text.startsWith('after')) as AnnotatedClause;
    expect(clauseElements(after(pipeline))).toContain('actor=the tenant');
    expect(rulesOf(after(pipeline))).toContain(CORE_PREPOSITION);
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [CORE_PREPOSITION] });
    expect(clauseElements(after(off))).not.toContain('actor=the tenant');
  });
  it("a phrase hung on a circumstance's noun joins it (CIRCUMSTANCE.TREE_POSTMODIFIER)", () => {
    // (The word order's own group of a preposition of several words, CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP, would
    // join "in connection | with ..." first: off in both.)
    const grouped = 'CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP';
    const on = createPipeline({ clock: () => new Date(0), disabledRules: [grouped] });
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: [CIRCUMSTANCE_POSTMODIFIER, grouped],
    });
    for (const [text, joined, apart] of [
      [
        'The supplier shall provide the buyer with sufficient quantities of such products.',
        'accompaniment/null=with sufficient quantities of such products',
        'matter/null=of such products',
      ],
      // A preposition of several words cut after its noun: one circumstance of the type it names.
      [
        'Neither party makes any warranty in connection with the subject matter of this agreement.',
        'matter/null=in connection with the subject matter of this agreement',
        'location/place=in connection',
      ],
    ] as const) {
      const clause = mainClause(on.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause)).toContain(joined);
      expect(rulesOf(clause)).toContain(CIRCUMSTANCE_POSTMODIFIER);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain(apart);
    }
  });
  it("joins circumstances also where the tree stage left the word order's elements (CIRCUMSTANCE.TREE_POSTMODIFIER)", () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [CIRCUMSTANCE_POSTMODIFIER] });
    const text = 'and subject to the prior written approval of the Landlord,';
    const elements = (of: typeof pipeline) =>
      of.compile(text, { documentId: 'd' }).flatMap((clause) => clauseElements(clause));
    expect(elements(pipeline)).toContain(
      'contingency/condition=subject to the prior written approval of the Landlord',
    );
    expect(elements(off)).not.toContain(
      'contingency/condition=subject to the prior written approval of the Landlord',
    );
  });
  it('a preposition of several words names the type (CIRCUMSTANCE.TREE_COMPLEX_PREPOSITION)', () => {
    // (With the word order's group typed the same way, CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP, off as well.)
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: [COMPLEX_PREPOSITION, 'CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP'],
    });
    const text = 'The parties agree that, because of the delay, the price shall increase.';
    const typed = (of: typeof pipeline) =>
      of.compile(text, { documentId: 'd' }).flatMap((clause) => clauseElements(clause));
    expect(typed(pipeline)).toContain('cause/reason=because of the delay');
    expect(typed(off)).not.toContain('cause/reason=because of the delay');
    // An opening "Subject to" (TREE.COMPLEX_PREPOSITION rebuilds the tree) is a circumstance of contingency.
    const subject =
      'Subject to the provisions of this Section, this Agreement shall be binding upon the parties.';
    expect(clauseElements(mainClause(pipeline.compile(subject, { documentId: 'd' })))).toContain(
      'contingency/condition=Subject to the provisions of this Section',
    );
    // The prepositions of contract language: one circumstance each, of the type the whole preposition names.
    for (const [sentence, right, wrong] of [
      [
        'The Company shall perform the Services in accordance with the terms of this Agreement.',
        'manner/comparison=in accordance with the terms of this Agreement',
        'location/place=in accordance',
      ],
      [
        'Licensee shall pay the royalties pursuant to Section 4.',
        'manner/comparison=pursuant to Section 4',
        'location/place=to Section 4',
      ],
      [
        'This Agreement is entered into as of the Effective Date.',
        'location/time=as of the Effective Date',
        'matter/null=into as of the Effective Date',
      ],
      [
        'In consideration of the mutual covenants, the parties shall cooperate.',
        'cause/reason=In consideration of the mutual covenants',
        'location/place=In consideration of the mutual covenants',
      ],
      [
        'Such amounts shall be held for the benefit of the Company.',
        'cause/behalf=for the benefit of the Company',
        'cause/purpose=for the benefit of the Company',
      ],
    ] as const) {
      const elements = (of: typeof pipeline) =>
        of.compile(sentence, { documentId: 'd' }).flatMap((clause) => clauseElements(clause));
      expect(elements(pipeline)).toContain(right);
      const all = createPipeline({
        clock: () => new Date(0),
        disabledRules: [
          COMPLEX_PREPOSITION,
          'CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP',
          'TREE.COMPLEX_PREPOSITION',
          'TREE.STRANDED_PREPOSITION',
          CIRCUMSTANCE_POSTMODIFIER,
        ],
      });
      expect(elements(all)).toContain(wrong);
    }
  });
  it("in a clause with no verb, a phrase the tree hangs on a noun is the noun's qualifier (CIRCUMSTANCE.TREE_NOUN_QUALIFIER)", () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [NOUN_QUALIFIER] });
    for (const [text, before] of [
      ['Cheap flights for students in the city.', 'cause/purpose=for students'],
      ['Representations and Warranties of the Licensee.', 'matter/null=of the Licensee'],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause)).toEqual([]);
      expect(rulesOf(clause)).toContain(NOUN_QUALIFIER);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain(before);
    }
    // Right after the element holding its noun, the qualifier joins it.
    const after = mainClause(
      pipeline.compile('and only after completion of the merger', { documentId: 'd' }),
    );
    expect(clauseElements(after)).toContain('location/time=after completion of the merger');
    expect(clauseElements(after)).not.toContain('matter/null=of the merger');
  });
  it('the predicate of "be" read as a circumstance is the circumstantial Attribute (PARTICIPANT.TREE_CIRCUMSTANTIAL_ATTRIBUTE)', () => {
    // (PARTICIPANT.TREE_ATTRIBUTE_PHRASE, off here, makes the same Attribute of the predicate's phrase.)
    const off = createPipeline({
      clock: () => new Date(0),
      disabledRules: [CIRCUMSTANTIAL_ATTRIBUTE, ATTRIBUTE_PHRASE],
    });
    const text = 'All payments will be in US Dollars and are due within thirty days.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toEqual(['carrier=All payments', 'attribute=in US Dollars']);
    expect(rulesOf(clause)).toContain(CIRCUMSTANTIAL_ATTRIBUTE);
    expect(clause.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'participant.attribute',
      value: 'deprel=root case=in',
    });
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain(
      'location/place=in US Dollars',
    );
    // The Token the word order read becomes the Carrier; the phrases postmodifying the noun join the Attribute.
    const memo = 'The memo is for the management of the project covering the network.';
    expect(clauseElements(mainClause(pipeline.compile(memo, { documentId: 'd' })))).toEqual([
      'carrier=The memo',
      'attribute=for the management of the project covering the network',
    ]);
    expect(clauseElements(mainClause(off.compile(memo, { documentId: 'd' })))).toContain('token=The memo');
  });
  it('the Attribute of "be" is its predicate\'s whole phrase (PARTICIPANT.TREE_ATTRIBUTE_PHRASE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [ATTRIBUTE_PHRASE] });
    for (const [text, whole, cut] of [
      // Cut by the word order into an Attribute and a circumstance.
      ['They are out of business.', 'attribute=out of business', 'matter/null=of business'],
      ['Is it in here?', 'attribute=in here', 'location/place=here'],
      // A postmodifier the word order left out.
      [
        'The Tenant is in default of its obligations.',
        'attribute=in default of its obligations',
        'attribute=in default',
      ],
      [
        'Licensor is the owner of the computer equipment required for the operation of the Platform.',
        'value=the owner of the computer equipment required for the operation of the Platform',
        'value=the owner of the computer equipment',
      ],
      // No Attribute at all.
      ['It is over.', 'attribute=over', 'carrier=It'],
    ] as const) {
      const on = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(on), text).toContain(whole);
      expect(rulesOf(on), text).toContain(ATTRIBUTE_PHRASE);
      const before = clauseElements(mainClause(off.compile(text, { documentId: 'd' })));
      expect(before, text).toContain(cut);
      expect(before, text).not.toContain(whole);
    }
    // A circumstance of its own stays one; an adjective the parse took for a preposition is no part of the phrase.
    expect(
      clauseElements(
        mainClause(pipeline.compile("He's out of the office until Monday.", { documentId: 'd' })),
      ),
    ).toEqual(['carrier=He', 'attribute=out of the office', 'location/time=until Monday']);
    const due = mainClause(
      pipeline.compile('Subsequent installments will be due on a monthly basis.', { documentId: 'd' }),
    );
    expect(rulesOf(due)).not.toContain(ATTRIBUTE_PHRASE);
    // Not into the next item of a list.
    const listed = mainClause(
      pipeline.compile('which are the subject of the Infringement Claim (ii) replace', { documentId: 'd' }),
    );
    expect(clauseElements(listed).join('; ')).not.toContain('(ii)');
  });
  it('an oblique of a nominal or adverb that takes "be" is a circumstance (CIRCUMSTANCE.TREE_COPULA_OBLIQUE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [COPULA_OBLIQUE] });
    const text = "He's been away for a week.";
    expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' })))).toEqual([
      'carrier=He',
      'attribute=away',
      'extent/duration=for a week',
    ]);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain(
      'attribute=for a week',
    );
    // An adjective's complement is its own ("afraid of dogs" is left as it was).
    const afraid = mainClause(pipeline.compile('She is afraid of dogs.', { documentId: 'd' }));
    expect(rulesOf(afraid)).not.toContain(COPULA_OBLIQUE);
  });
  it('the nominal group at the root of a verbless sentence is no participant (PARTICIPANT.TREE_VERBLESS_HEAD)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [VERBLESS_HEAD] });
    for (const [text, dropped, kept] of [
      ['Great place to catch a band.', 'actor=Great place', ['goal=a band']],
      ['Pleasure to work with.', 'actor=Pleasure', []],
      ['The decision to initiate a Recall', 'actor=The decision', ['goal=a Recall']],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause), text).toEqual(kept);
      expect(rulesOf(clause), text).toContain(VERBLESS_HEAD);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).toContain(dropped);
    }
    // A command or list item that opens with its verb keeps its Goal, whatever the parse made its root.
    for (const [text, goal] of [
      ['Empty the pockets.', 'goal=the pockets'],
      [
        '(a) install Network Equipment and Equipment Software',
        'goal=Network Equipment and Equipment Software',
      ],
    ] as const)
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' }))), text).toContain(goal);
  });
  it('a phrase the parse hangs on the Subject in front of it is no part of it (PARTICIPANT.TREE_SUBJECT_FRONT)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [SUBJECT_FRONT] });
    const text = 'Finally, in some cases a gain in performance has been observed.';
    expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' })))).toEqual([
      'phenomenon=a gain in performance',
      'location/place=in some cases',
    ]);
    expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' })))).toContain(
      'phenomenon=Finally, in some cases a gain in performance',
    );
    const second = 'Second, workers who specialize in certain tasks often learn to produce more quickly.';
    expect(clauseElements(mainClause(pipeline.compile(second, { documentId: 'd' })))).toContain(
      'actor=workers',
    );
    // A quantifier stays in the group; a linking phrase is no circumstance.
    const majority = mainClause(
      pipeline.compile('At least a majority of the shares were sold.', { documentId: 'd' }),
    );
    expect(clauseElements(majority).join('; ')).not.toContain('location/place=At least');
  });
  it('a prepositional group of several words takes its type, and a conjunction of the clause is none (CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP, CIRCUMSTANCE.CONJUNCTION_GROUP)', () => {
    const compile = (text: string, disabledRules: string[]) =>
      createPipeline({ clock: () => new Date(0), disabledRules })
        .compile(text, { documentId: 'd' })
        .map((clause) => clauseElements(clause).join('; '));
    const necessary = 'Licensee may use the data to the extent necessary to perform the services.';
    expect(compile(necessary, [])[0]).toContain('contingency/condition=to the extent');
    expect(compile(necessary, ['CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP'])[0]).toContain(
      'location/place=to the extent',
    );
    // With the parse left as it was, the word order's group "to the extent" is the clause's conjunction.
    const losses = 'Licensor shall indemnify PHL to the extent that (a) Losses are attributable to its acts.';
    const bound = (disabledRules: string[]) =>
      compile(losses, ['TREE.COMPLEX_CONJUNCTION', ...disabledRules])[1];
    expect(bound([])).not.toMatch(/=to the extent/);
    expect(bound(['CIRCUMSTANCE.CONJUNCTION_GROUP'])).toMatch(/=to the extent/);
  });
  it('a preposition alone before a colon opening its clause is a label (CIRCUMSTANCE.FORM_LABEL)', () => {
    const compile = (text: string, disabledRules: string[] = []) =>
      createPipeline({ clock: () => new Date(0), disabledRules })
        .compile(text, { documentId: 'd' })
        .map((clause) => clauseElements(clause).join('; '));
    // A signature block's label (an e-mail's "To:" line is a data line already, PARTICIPANT.DATA_LINE).
    for (const text of ['By: /s/ Jane Doe', 'By: Name: Title:']) {
      expect(compile(text)).toEqual(['']);
      expect(compile(text, ['CIRCUMSTANCE.FORM_LABEL'])).toEqual(['manner/means=By']);
    }
  });
  it('coordinated prepositions and determiners share the noun after them (CIRCUMSTANCE.COORDINATED_PREPOSITION_GROUP, CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE)', () => {
    const compile = (text: string, disabledRules: string[] = []) =>
      createPipeline({ clock: () => new Date(0), disabledRules })
        .compile(text, { documentId: 'd' })
        .map((clause) => clauseElements(clause).join('; '));
    const group = 'CIRCUMSTANCE.COORDINATED_PREPOSITION_GROUP';
    const indemnity = 'The tenant shall indemnify the landlord from and against any and all claims.';
    expect(compile(indemnity)).toEqual([
      'actor=The tenant; goal=the landlord; matter/null=from and against any and all claims',
    ]);
    // Off: a lone "from" of place and "all claims" a second Goal (with the tree's CIRCUMSTANCE.TREE_TAIL_JOIN off
    // too, which would join "against any" to "from").
    expect(compile(indemnity, [group, TAIL_JOIN])).toEqual([
      'actor=The tenant; goal=the landlord; goal=all claims; location/place=from',
    ]);
    // Typed by the first preposition, "from" (a place), where the last, "against", names matter.
    expect(compile(indemnity, ['CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE'])).toEqual([
      'actor=The tenant; goal=the landlord; location/place=from and against any and all claims',
    ]);
    const cause = 'The landlord may terminate the lease with or without cause.';
    expect(compile(cause)).toEqual([
      'actor=The landlord; goal=the lease; accompaniment/null=with or without cause',
    ]);
    expect(compile(cause, [group])).toEqual([
      'actor=The landlord; goal=the lease; accompaniment/null=without cause',
    ]);
    // A first preposition of place before a time word makes a time ("about" alone names matter), and "by and between"
    // keeps the type of "by".
    expect(compile('On or about September 23, 1999 the tenant paid the deposit.')[0]).toContain(
      'location/time=On or about September 23, 1999',
    );
    expect(
      compile(
        'That certain agreement by and between the Company and the Paying Agent relating to the Notes.',
      )[0],
    ).toContain('manner/means=by and between the Company');
    // The joined phrase is typed as a single group is: after "agree", "on" names what is agreed about.
    expect(compile('The parties shall agree on any and all matters.')).toEqual([
      'sayer=The parties; matter/null=on any and all matters',
    ]);
    const claims = 'The tenant shall indemnify the landlord against any and all claims.';
    expect(compile(claims)).toEqual([
      'actor=The tenant; goal=the landlord; matter/null=against any and all claims',
    ]);
    expect(compile(claims, [group, TAIL_JOIN])).toEqual([
      'actor=The tenant; goal=the landlord; matter/null=against any',
    ]);
  });
  it('a preposition of several words the word order cut before its last word takes the next group in (CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP)', () => {
    const compile = (text: string, disabledRules: string[]) =>
      createPipeline({ clock: () => new Date(0), disabledRules })
        .compile(text, { documentId: 'd' })
        .map((clause) => clauseElements(clause).join('; '));
    // The parse hangs "on behalf of the subtenant" on "the rent", so the word order's groups stand.
    const behalf = 'The tenant shall pay the rent on behalf of the subtenant.';
    expect(compile(behalf, [])).toEqual([
      'actor=The tenant; goal=the rent; cause/behalf=on behalf of the subtenant',
    ]);
    // (CIRCUMSTANCE.TREE_TAIL_JOIN would join "of the subtenant" to it.)
    expect(compile(behalf, ['CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP', TAIL_JOIN])[0]).toMatch(/=on behalf$/);
    // The word-order analysis alone: "in accordance | with the law" is one circumstance.
    const law = 'We act in accordance with the law.';
    expect(compile(law, ['PARTICIPANT.TREE'])).toEqual([
      'actor=We; manner/comparison=in accordance with the law',
    ]);
    expect(compile(law, ['PARTICIPANT.TREE', 'CIRCUMSTANCE.COMPLEX_PREPOSITION_GROUP'])[0]).toContain(
      'accompaniment/null=with the law',
    );
  });

  it('the adverbs of "as soon as" are no circumstance of the verb they hang on (CIRCUMSTANCE.TREE_CONJUNCTION_WORDS)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [CONJUNCTION_WORDS] });
    for (const text of [
      'The Buyer shall notify the Seller as soon as the Buyer becomes aware of a defect.',
      'As soon as the Buyer becomes aware of a defect, it shall notify the Seller.',
    ]) {
      const bound = pipeline
        .compile(text, { documentId: 'd' })
        .find((clause) => clause.syntactic.relation === 'as soon as')!;
      // (The adjective's complement stays, as after "be": CIRCUMSTANCE.TREE_LINKING_COMPLEMENT.)
      expect(clauseElements(bound)).toEqual([
        'carrier=the Buyer',
        'attribute=aware',
        'matter/null=of a defect',
      ]);
      expect(rulesOf(bound)).toContain(CONJUNCTION_WORDS);
      const before = off
        .compile(text, { documentId: 'd' })
        .find((clause) => clause.syntactic.relation === 'as soon as')!;
      expect(clauseElements(before).some((element) => /^location\/time=as soon$/i.test(element))).toBe(true);
    }
    // "as soon as practicable" binds no clause: a circumstance of time.
    const practicable = mainClause(
      pipeline.compile('The Parties shall send the response as soon as practicable.', { documentId: 'd' }),
    );
    expect(clauseElements(practicable)).toContain('location/time=as soon as practicable');
  });

  it('a phrase set off by commas between the Subject and the Finite is a circumstance (PARTICIPANT.TREE_SUBJECT_BACK)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [SUBJECT_BACK] });
    for (const [text, subject, phrase] of [
      [
        'The Company, in its sole discretion, may terminate this Agreement.',
        'actor=The Company',
        'manner/quality=in its sole discretion',
      ],
      [
        'Licensee, at its own expense, shall maintain insurance.',
        'actor=Licensee',
        'manner/means=at its own expense',
      ],
      [
        'ICC, on behalf of itself and its Affiliates, acknowledges receipt.',
        'sayer=ICC',
        'cause/behalf=on behalf of itself and its Affiliates',
      ],
    ] as const) {
      const elements = clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' })));
      expect(elements, text).toContain(subject);
      expect(elements, text).toContain(phrase);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).not.toContain(subject);
    }
  });
  it('a phrase of place whose noun is of means, judgement or request is of that type (CIRCUMSTANCE.NOUN_TYPE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['CIRCUMSTANCE.NOUN_TYPE'] });
    for (const [text, kind] of [
      ['Licensee shall maintain insurance at its own expense.', 'manner/means=at its own expense'],
      [
        'The Company may terminate this Agreement in its sole discretion.',
        'manner/quality=in its sole discretion',
      ],
      ['The goods were shipped at the request of the Buyer.', 'cause/reason=at the request of the Buyer'],
      ['Any notice shall be given in writing.', 'manner/means=in writing'],
      ['The parties shall negotiate in good faith.', 'manner/quality=in good faith'],
      ['The fee shall be paid in full.', 'manner/degree=in full'],
      ['The fee is payable in cash.', 'manner/means=in cash'],
      ['The fee shall be paid in advance.', 'location/time=in advance'],
      ['In no event shall either party be liable for any damages.', 'contingency/condition=In no event'],
      ['The Company shall deliver the reports in a timely manner.', 'manner/quality=in a timely manner'],
      ['The fee shall be paid on a monthly basis.', 'manner/quality=on a monthly basis'],
      ['This Agreement shall be terminated in its entirety.', 'manner/degree=in its entirety'],
      ['IN WITNESS WHEREOF, the parties have executed this Agreement.', 'cause/purpose=IN WITNESS WHEREOF'],
    ] as const) {
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' }))), text).toContain(kind);
      expect(clauseElements(mainClause(off.compile(text, { documentId: 'd' }))), text).not.toContain(kind);
    }
    // Not after "to": "proceeds to judgment" stays a place.
    expect(nounCircumstance('to', 'judgment')).toBeUndefined();
    expect(nounCircumstance('in', 'judgment')).toEqual(['manner', 'quality']);
    // A fixed phrase is typed only as the whole phrase: "in Part II of this Agreement" stays a place.
    expect(nounCircumstance('in', 'part', true)).toEqual(['manner', 'degree']);
    expect(nounCircumstance('in', 'part')).toBeUndefined();
    // "event" only after "in": "We met at the event" is a place.
    expect(nounCircumstance('at', 'event')).toBeUndefined();
    expect(
      clauseElements(
        mainClause(pipeline.compile('The fee is set out in Part II of this Agreement.', { documentId: 'd' })),
      ),
    ).not.toContainEqual(expect.stringMatching(/^manner/));
  });
  it('the subordinator that opens the clause is no part of its Subject (PARTICIPANT.LEADING_SUBORDINATOR)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [LEADING_SUBORDINATOR] });
    const text = 'Seller certifies that such quantity of Product is available.';
    const reported = (compiler: typeof pipeline) =>
      clauseElements(compiler.compile(text, { documentId: 'd' })[1]!);
    expect(reported(pipeline)).toContain('carrier=such quantity of Product');
    expect(reported(off)).toContain('carrier=that such quantity of Product');
    // A demonstrative "that" stays: "that period".
    const period = pipeline.compile('The fee is due when that period ends.', { documentId: 'd' });
    expect(period.flatMap((clause) => clauseElements(clause)).join('; ')).toContain('that period');
  });
  it('the "to" of a preposition of several words is no Receiver\'s (ROLE.VERBAL_TO_COMPLEX)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['ROLE.VERBAL_TO_COMPLEX'] });
    const text = 'as Repairer may from time to time notify to Company.';
    expect(clauseElements(pipeline.compile(text, { documentId: 'd' })[0]!)).toEqual([
      'receiver=to Company',
      'role/null=as Repairer',
      'location/time=from time to time',
    ]);
    expect(clauseElements(off.compile(text, { documentId: 'd' })[0]!)).toContain('receiver=to time');
    const filed =
      'that were not required to be filed pursuant to the Act and the Rules and Regulations thereunder.';
    expect(clauseElements(pipeline.compile(filed, { documentId: 'd' })[0]!)).toContain(
      'manner/comparison=pursuant to the Act',
    );
    expect(clauseElements(off.compile(filed, { documentId: 'd' })[0]!)).toContain('receiver=to the Act');
    // A Receiver after the verb stays one.
    expect(
      clauseElements(
        mainClause(pipeline.compile('She explained the plan to the manager.', { documentId: 'd' })),
      ),
    ).toContain('receiver=to the manager');
  });
  it('a linking word of time after the verb is its time (CIRCUMSTANCE.TREE_ADVERB)', () => {
    for (const [text, time] of [
      ['I need it now.', 'location/time=now'],
      ['He left then.', 'location/time=then'],
    ] as const)
      expect(clauseElements(mainClause(pipeline.compile(text, { documentId: 'd' }))), text).toContain(time);
    // Before the verb it links ("Then he left."): no circumstance.
    expect(clauseElements(mainClause(pipeline.compile('Then he left.', { documentId: 'd' })))).toEqual([
      'actor=he',
    ]);
  });
  it('a phrasal-verb particle is part of the process, no circumstance of place (CIRCUMSTANCE.TREE_PARTICLE)', () => {
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [PARTICLE, STRANDED_PREPOSITION] });
    // Hung on the verb as compound:prt with nothing after it, and after the object of a verb that takes it.
    for (const [text, kept] of [
      ['The kids finally grew up.', 'actor=The kids'],
      ['The landlord tore the old fence down.', 'goal=the old fence'],
      ['Tenant shall throw them away.', 'goal=them'],
    ] as const) {
      const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
      expect(clauseElements(clause)).toContain(kept);
      expect(clauseElements(clause).filter((element) => element.startsWith('location/'))).toEqual([]);
      expect(rulesOf(clause)).toContain(PARTICLE);
      const without = mainClause(off.compile(text, { documentId: 'd' }));
      expect(clauseElements(without).some((element) => element.startsWith('location/place='))).toBe(true);
    }
    // A place phrase after the particle stays a circumstance.
    const put = mainClause(pipeline.compile('Put the book down on the table.', { documentId: 'd' }));
    expect(clauseElements(put)).toContain('location/place=on the table');
    expect(clauseElements(put)).not.toContain('location/place=down');
  });
  it("a phrase of time the parser hangs on an oblique is the process's circumstance (CIRCUMSTANCE.TREE_TIME_TAIL)", () => {
    const text = 'Armed clashes broke out in several northern Iraqi cities on Wednesday.';
    const clause = mainClause(pipeline.compile(text, { documentId: 'd' }));
    expect(clauseElements(clause)).toContain('location/place=in several northern Iraqi cities');
    expect(clauseElements(clause)).toContain('location/time=on Wednesday');
    expect(rulesOf(clause)).toContain(TIME_TAIL);
    const off = createPipeline({ clock: () => new Date(0), disabledRules: [TIME_TAIL] });
    const joined = mainClause(off.compile(text, { documentId: 'd' }));
    expect(clauseElements(joined)).not.toContain('location/time=on Wednesday');
  });
});
