import type { AnnotatedClause } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';
import { plainTextHeadings } from './text-formats';

// Invented contract-like texts: what segmentation must survive on real contracts.
const pipeline = createPipeline({ clock: () => new Date(0) });
const compile = (text: string, disabledRules?: string[]): AnnotatedClause[] =>
  (disabledRules ? createPipeline({ clock: () => new Date(0), disabledRules }) : pipeline).compile(text, {
    documentId: 'contract',
  });
const rule = (clause: AnnotatedClause | undefined) => clause?.interpersonal.reasoningTrace.inferenceRule;
const holding = (clauses: AnnotatedClause[], words: string) => clauses.find((c) => c.text.includes(words));
/** The clause whose own tokens hold `word` (a parent's text also covers a clause embedded in it). */
const holdingToken = (clauses: AnnotatedClause[], word: string) =>
  clauses.find((c) => c.syntactic.tokens.some((token) => token.text === word));

describe('parentheses in contract clauses', () => {
  it.each([
    'The Buyer may reject the goods within sixty (60) days of delivery.',
    'The holder shall file a statement under Rule 7b-2(c) under the Trading Act.',
    'This Agreement is made between the grower, ANNA LEE, ("GROWER") and the Mill.',
  ])('keeps a parenthesised number, reference or defined term inside its clause: %s', (text) => {
    const clauses = compile(text);
    for (const clause of clauses) expect(clause.text.trimEnd().endsWith('('), clause.text).toBe(false);
    const inside = text.match(/\(([^)]*)\)/)?.[0] ?? '';
    expect(clauses.some((clause) => clause.text.includes(inside))).toBe(true);
  });

  it('opens a parenthesised clause with its "(" and gives what follows the ")" back', () => {
    const clauses = compile(
      'Words not defined here have the meanings given in the Master Lease (as amended from time to time).',
    );
    for (const clause of clauses) expect(clause.text.trimEnd().endsWith('('), clause.text).toBe(false);
    const parenthetical = holdingToken(clauses, 'amended');
    expect(parenthetical?.text.startsWith('(')).toBe(true);
  });

  it('returns the words after a closed parenthetical clause to the clause it stands in', () => {
    const clauses = compile(
      'The fee is due on signing, the tenant (hereinafter called "Tenant") and the guarantor pay it jointly.',
    );
    const parenthetical = holding(clauses, 'hereinafter');
    expect(parenthetical?.text).toBe('(hereinafter called "Tenant")');
  });
});

describe('punctuation-only spans', () => {
  it('makes no clause of a redaction mark or a dashed rule between sentences', () => {
    const text = 'The royalty is [***] per unit.\n[***]\n----------------\nThe term is two years.';
    const clauses = compile(text);
    for (const clause of clauses) expect(/[\p{L}\p{N}]/u.test(clause.text), clause.text).toBe(true);
    // Nothing is lost: the marks are inside the clause before them.
    expect(clauses.some((clause) => clause.text.includes('----------------'))).toBe(true);
    expect(clauses.filter((clause) => clause.syntactic.dependency === 'independent')).toHaveLength(2);
  });

  it('joins a rule that opens the text to the sentence after it', () => {
    const clauses = compile('==========\nThe term is two years.');
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.text.startsWith('==========')).toBe(true);
  });

  it('still makes a clause of a text that is punctuation alone, and of a lone question mark', () => {
    expect(compile('* * *')).toHaveLength(1);
    expect(compile('The rent rose. ?').length).toBe(2);
  });

  it('can be switched off (SEGMENT.PUNCTUATION_ONLY)', () => {
    const clauses = compile('The term is two years.\n----------\nThe fee is fixed.', [
      'SEGMENT.PUNCTUATION_ONLY',
    ]);
    expect(clauses.some((clause) => clause.text === '----------')).toBe(true);
  });
});

describe('tables flattened into a line', () => {
  it('does not let a table row swallow the prose after it', () => {
    const text =
      'ITEM   CODE   UNIT PRICE   BOLT-A   [***]   NUT-B   [***]   The Seller shall ship the parts within ten (10) days.';
    const clauses = compile(text);
    const prose = holding(clauses, 'The Seller shall ship');
    expect(prose?.text.startsWith('The Seller')).toBe(true);
    expect(prose?.interpersonal.mood).toBe('declarative');
    expect(holding(clauses, 'BOLT-A')?.text.includes('Seller')).toBe(false);
    const off = compile(text, ['SEGMENT.TABLE_THEN_PROSE']);
    expect(holding(off, 'BOLT-A')?.text.includes('Seller')).toBe(true);
  });

  it('leaves prose wrapped with wide gaps in one sentence', () => {
    const clauses = compile(
      'The main office of the Joint      Venture shall be at 12 Mill      Road, in the town of      Dover, but may move.',
    );
    expect(new Set(clauses.map((clause) => clause.syntactic.sentenceIndex)).size).toBe(1);
  });
});

describe('plain-text headings', () => {
  it('marks an all-caps numbered title as a heading that parents the clauses after it', () => {
    const clauses = compile(
      '7. LIMITATION OF LIABILITY\nNeither party will be liable for lost profits. The cap is the fees paid.',
    );
    const heading = clauses[0];
    expect(heading?.text).toBe('7. LIMITATION OF LIABILITY');
    expect(heading?.interpersonal.mood).toBe('fragment');
    expect(rule(heading)).toBe('MOOD.HEADING');
    const body = clauses.filter(
      (clause) => clause !== heading && clause.syntactic.dependency === 'independent',
    );
    expect(body.length).toBe(2);
    for (const clause of body) {
      expect(clause.syntactic.parentClauseId).toBe(heading?.id);
      expect(clause.syntactic.relation).toBe('heading');
      expect(clause.interpersonal.mood).toBe('declarative');
    }
  });

  it('cuts a numbered title-case heading off the text of its section', () => {
    const clauses = compile(
      'Section 4.2 Payment Terms. The buyer shall pay each invoice within thirty (30) days.\n\nSection 4.3 Late Payment. Interest accrues on any late sum.',
    );
    const first = holding(clauses, 'Payment Terms');
    expect(first?.text).toBe('Section 4.2 Payment Terms.');
    expect(rule(first)).toBe('MOOD.HEADING');
    expect(holding(clauses, 'The buyer shall pay')?.syntactic.parentClauseId).toBe(first?.id);
    const second = holding(clauses, 'Late Payment');
    expect(rule(second)).toBe('MOOD.HEADING');
    expect(holding(clauses, 'Interest accrues')?.syntactic.parentClauseId).toBe(second?.id);
  });

  it('nests headings by their numbering', () => {
    const text =
      'ARTICLE III FEES\n3.1 Invoices. The supplier shall invoice monthly.\n3.2 Late Payment. Interest accrues on late sums.';
    const clauses = compile(text);
    const article = holding(clauses, 'ARTICLE III');
    const invoices = holding(clauses, '3.1 Invoices');
    const late = holding(clauses, '3.2 Late Payment');
    expect([article, invoices, late].map(rule)).toEqual(['MOOD.HEADING', 'MOOD.HEADING', 'MOOD.HEADING']);
    expect(invoices?.syntactic.parentClauseId).toBe(article?.id);
    expect(late?.syntactic.parentClauseId).toBe(article?.id);
    expect(holding(clauses, 'Interest accrues')?.syntactic.parentClauseId).toBe(late?.id);
  });

  it('takes an all-caps title that a wider gap separates from the text on its line', () => {
    const clauses = compile('9.   PRODUCT SUPPORT   During the term the Vendor shall answer calls.');
    expect(clauses[0]?.text).toBe('9.   PRODUCT SUPPORT');
    expect(rule(clauses[0])).toBe('MOOD.HEADING');
    expect(holding(clauses, 'the Vendor shall answer')?.interpersonal.mood).toBe('declarative');
  });

  it.each([
    ['an all-caps statement', 'THE SERVICE IS PROVIDED AS IS.\nThe client accepts this.'],
    [
      'an all-caps opening continued in lower case',
      'WHEREAS, THE SELLER owns the land; and\nThe buyer wants it.',
    ],
    ['a title nothing follows', 'LIMITATION OF LIABILITY'],
    ['a line that is a sentence', 'The Seller Agrees To Sell The Land.\nThe buyer pays.'],
    ['a signature-block conjunction', 'ACME TRADING LTD\nAND\nBeta Mills Inc. signed it.'],
    ['an all-caps label run into its sentence', 'KINDLY NOTE: Your deposit is due today.'],
  ])('finds no heading in %s', (_, text) => {
    const headings = plainTextHeadings(text);
    const words = headings.map((block) => text.slice(block.start, block.end));
    expect(
      words.every((word) => !/AS IS|WHEREAS|LIMITATION|Agrees|^AND$|NOTE/.test(word)),
      words.join('|'),
    ).toBe(true);
  });

  it('gives levels and offsets', () => {
    const text = 'EXHIBIT B\n\n12. LIMITATION OF LIABILITY\nText here.\n  (b) Cure Period. Text there.';
    const blocks = plainTextHeadings(text);
    expect(blocks.map((block) => [text.slice(block.start, block.end), block.level])).toEqual([
      ['EXHIBIT B', 1],
      ['12. LIMITATION OF LIABILITY', 2],
      ['(b) Cure Period.', 5],
    ]);
  });

  it('leaves Markdown headings to the Markdown reader and can be switched off', () => {
    const text = '12. LIMITATION OF LIABILITY\nNeither party will be liable for lost profits.';
    const off = compile(text, ['SEGMENT.PLAIN_TEXT_HEADING']);
    expect(off.some((clause) => rule(clause) === 'MOOD.HEADING')).toBe(false);
    const markdown = pipeline.compile('# Fees\n\nThe buyer pays.', { documentId: 'm', format: 'markdown' });
    expect(rule(markdown[0])).toBe('MOOD.HEADING');
    expect(markdown[1]?.syntactic.parentClauseId).toBe(markdown[0]?.id);
  });
});

describe('conditional inversion and "that" as a determiner in contract sentences', () => {
  it('reads an opening "Should" with its Subject after it as a conditional clause, not a question', () => {
    const clauses = compile(
      'Should any Supply Agreement(s) between Seller and any Affiliate(s) be cancelled before the end of a month, Seller shall be paid a fee for that part of the month.',
    );
    const opening = holding(clauses, 'cancelled');
    expect(opening?.syntactic.dependency).toBe('hypotactic');
    expect(opening?.text).toContain('Should any Supply Agreement(s) between Seller and any Affiliate(s)');
    expect(opening?.interpersonal.mood).not.toBe('interrogative');
    const main = holding(clauses, 'Seller shall be paid');
    expect(main?.syntactic.dependency).toBe('independent');
    expect(main?.text.startsWith('Seller shall be paid')).toBe(true);
    expect(clauses.filter((clause) => clause.interpersonal.mood === 'interrogative')).toHaveLength(0);
  });

  it('still reads an opening "Should" that ends in a question mark as a question', () => {
    const clauses = compile('Should the buyer, in that case, pay the fee?');
    expect(clauses[0]?.interpersonal.mood).toBe('interrogative');
  });

  it('keeps "that" after a preposition inside its prepositional phrase', () => {
    const clauses = compile(
      'The resulting amount shall be the quarterly royalty for that quarter, which shall be paid to Seller during the following month.',
    );
    const main = holding(clauses, 'royalty');
    expect(main?.text).toContain('for that quarter');
    expect(clauses.some((clause) => clause.text.startsWith('that quarter'))).toBe(false);
  });

  it('reads "and that sum" after a coordinator as a demonstrative Subject, not a that-clause', () => {
    const clauses = compile(
      'The base amount shall be multiplied by two and that sum shall be divided by four.',
    );
    const second = holding(clauses, 'divided');
    expect(second?.syntactic.relation).not.toBe('that');
    expect(second?.syntactic.dependency).toBe('paratactic');
  });
});

describe('lines of a table of contents', () => {
  it('marks "Section 2.1   Reserved     5" (a numbered title, a wide gap, a page number) as a heading', () => {
    const clauses = compile(
      'TABLE OF CONTENTS\n  Section 2.1   Reserved     5\n  Section 2.2   Limited Licence Granted     6\n  Section 2.3   Ownership     7\nARTICLE I\nThe Seller shall deliver the goods.',
    );
    for (const words of ['Reserved', 'Limited Licence', 'Ownership']) {
      const entry = holding(clauses, words);
      expect(rule(entry), words).toBe('MOOD.HEADING');
      expect(entry?.interpersonal.mood).toBe('fragment');
    }
    expect(holding(clauses, 'The Seller shall deliver')?.interpersonal.mood).toBe('declarative');
  });

  it('leaves a numbered line whose last word is no page number alone', () => {
    expect(
      plainTextHeadings('Section 2.1   Reserved     5 days before delivery\nThe Seller shall deliver.'),
    ).toEqual([]);
  });
});

describe('coordinated predicates in contract sentences', () => {
  it('reads "and pay the costs" after a clause with a Subject and Finite as declarative (ellipsis), not a command', () => {
    const clauses = compile(
      'The Distributor shall maintain complete records of all sales and pay the costs of any audit.',
    );
    const second = holding(clauses, 'pay the costs');
    expect(second?.syntactic.dependency).toBe('paratactic');
    expect(second?.interpersonal.mood).toBe('declarative');
    expect(rule(second)).toBe('MOOD.COORDINATED_PREDICATE');
    const off = compile(
      'The Distributor shall maintain complete records of all sales and pay the costs of any audit.',
      // MOOD.COORDINATED_WITH_NON_COMMAND reads it by the clause it is coordinated with too.
      ['MOOD.COORDINATED_PREDICATE', 'MOOD.COORDINATED_WITH_NON_COMMAND'],
    );
    expect(holding(off, 'pay the costs')?.interpersonal.mood).toBe('imperative');
  });

  it('reads "and (b) keep the records" after "Licensee shall (a) pay the fees" as declarative too', () => {
    const clauses = compile('The Licensee shall (a) pay the fees and (b) keep complete records.');
    const second = holding(clauses, 'keep complete records');
    expect(second?.interpersonal.mood).toBe('declarative');
    expect(rule(second)).toBe('MOOD.COORDINATED_PREDICATE');
  });

  it('keeps verbs coordinated under "to" in one clause and reads a member after a to-infinitive as non-finite', () => {
    const clauses = compile(
      'The Processor agrees: (i) to implement and maintain reasonable safeguards; (ii) to return all Confidential Information and promptly thereafter deliver all copies to the Bank.',
    );
    const safeguards = holding(clauses, 'implement and maintain reasonable safeguards');
    expect(safeguards?.text).toContain('to implement and maintain reasonable safeguards');
    const deliver = holding(clauses, 'deliver all copies');
    expect(deliver?.interpersonal.mood).toBe('fragment');
    expect(rule(deliver)).toBe('MOOD.COORDINATED_PREDICATE');
  });

  it('reads a member after a dependent to-infinitive with an object between them as non-finite (MOOD.COORDINATED_INFINITIVE)', () => {
    const text = 'The Agent shall take all steps to collect the rent and remit it to the Owner each month.';
    const member = holding(compile(text), 'remit it to the Owner');
    expect(member?.interpersonal.mood).toBe('fragment');
    expect(rule(member)).toBe('MOOD.COORDINATED_INFINITIVE');
    // Switched off, MOOD.COORDINATED_PREDICATE reads it as sharing the main clause's Subject.
    const off = holding(compile(text, ['MOOD.COORDINATED_INFINITIVE']), 'remit it to the Owner');
    expect(off?.interpersonal.mood).toBe('declarative');
    // After a command the member may be the command's own: it stays imperative.
    const command = holding(
      compile('Open the menu to copy the text and paste it into the form.'),
      'paste it',
    );
    expect(command?.interpersonal.mood).toBe('imperative');
  });

  it('keeps a command coordinated with a command imperative', () => {
    const clauses = compile('Sign both copies of the form and return one copy to the Landlord.');
    for (const clause of clauses) expect(clause.interpersonal.mood).toBe('imperative');
  });
});

describe('members coordinated with a tensed verb or a dependent clause', () => {
  it('reads "and agrees to repay" after a statement as declarative (MOOD.COORDINATED_TENSED_PREDICATE)', () => {
    const text = 'The Lender waives the fee, and agrees to extend the term.';
    const member = holding(compile(text), 'agrees to extend');
    expect(member?.interpersonal.mood).toBe('declarative');
    expect(rule(member)).toBe('MOOD.COORDINATED_TENSED_PREDICATE');
    const off = holding(compile(text, ['MOOD.COORDINATED_TENSED_PREDICATE']), 'agrees to extend');
    expect(off?.interpersonal.mood).toBe('fragment');
    // Hung on a past Finite in a dependent clause, the "-s" member is the main clause's.
    const past = holding(
      compile('The Seller is liable as if the Agent had signed the deed itself and agrees to pay the fees.'),
      'agrees to pay',
    );
    expect(past?.interpersonal.mood).toBe('declarative');
  });

  it("reads a base verb sharing a that-clause's modal as indicative (MOOD.COORDINATED_DEPENDENT)", () => {
    const text =
      'The Tenant agrees that this lease shall bind its heirs and inure to the benefit of the Owner.';
    const member = holding(compile(text), 'inure to the benefit');
    expect(member?.interpersonal.mood).toBe('indicative');
    expect(rule(member)).toBe('MOOD.COORDINATED_DEPENDENT');
    const off = holding(compile(text, ['MOOD.COORDINATED_DEPENDENT']), 'inure to the benefit');
    expect(off?.interpersonal.mood).toBe('declarative');
    // A modal in the main clause may be the one shared: left to MOOD.COORDINATED_PREDICATE.
    const both = holding(
      compile(
        'The Tenant shall ensure that the lease shall bind its heirs and inure to the benefit of the Owner.',
      ),
      'inure to the benefit',
    );
    expect(rule(both)).toBe('MOOD.COORDINATED_PREDICATE');
  });

  it('reads "and fails to cure" after an if-clause as indicative, and leaves a member of an infinitive', () => {
    const text =
      'Either party may end this lease if the other party breaches it and fails to cure the breach.';
    const member = holding(compile(text), 'fails to cure');
    expect(member?.interpersonal.mood).toBe('indicative');
    expect(rule(member)).toBe('MOOD.COORDINATED_DEPENDENT');
    expect(holding(compile(text, ['MOOD.COORDINATED_DEPENDENT']), 'fails to cure')?.interpersonal.mood).toBe(
      'fragment',
    );
    const infinitive = holding(
      compile(
        'The Bank reports any weakness which could affect its ability to record, process, and report the data.',
      ),
      'report the data',
    );
    expect(rule(infinitive)).not.toBe('MOOD.COORDINATED_DEPENDENT');
    const listed = holding(
      compile('The Supplier agrees that it shall either repair the goods or (ii) replace them.'),
      'replace them',
    );
    expect(rule(listed)).not.toBe('MOOD.COORDINATED_DEPENDENT');
  });

  it('gives "and fails to cure" the parent of the if-clause it is a conjunct of (SEGMENT.TREE_CONJUNCT_OF_DEPENDENT)', () => {
    const text =
      'Either party may end this lease if the other party breaches it and fails to cure the breach.';
    const clauses = compile(text);
    const main = holding(clauses, 'Either party');
    const condition = holding(clauses, 'if the other party');
    const member = holding(clauses, 'fails to cure');
    expect(condition?.syntactic.parentClauseId).toBe(main?.id);
    expect(member?.syntactic.parentClauseId).toBe(main?.id);
    expect(member?.syntactic.dependency).toBe('paratactic');
    expect(member?.syntactic.relation).toBe('and');
    const off = compile(text, ['SEGMENT.TREE_CONJUNCT_OF_DEPENDENT']);
    expect(holding(off, 'fails to cure')?.syntactic.parentClauseId).toBeNull();
  });
});

describe('infinitive runs with adverbs, a phrase or a particle (SEGMENT.INFINITIVE_RUN_ADJUNCTS)', () => {
  it('keeps "to enter into and fully perform this lease" in one clause, on the parse and the word order', () => {
    for (const text of [
      'The Tenant has full power to enter into and fully perform this lease.',
      'The Tenant shall have full power to enter into and fully perform this lease.',
    ]) {
      expect(holding(compile(text), 'fully perform')?.text).toContain('to enter into and fully perform');
      const off = compile(text, ['SEGMENT.INFINITIVE_RUN_ADJUNCTS']);
      expect(holding(off, 'fully perform')?.text).not.toContain('to enter');
    }
  });

  it('keeps "to promptly and in good faith negotiate and sign" one statement, no commands', () => {
    const text = 'The parties shall proceed to promptly and in good faith negotiate and sign a lease.';
    const clauses = compile(text);
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.interpersonal.mood).toBe('declarative');
    const off = compile(text, ['SEGMENT.INFINITIVE_RUN_ADJUNCTS']);
    expect(off.map((clause) => clause.interpersonal.mood)).toContain('imperative');
    // A member with an object before it is left to the mood rows.
    expect(compile('The Agent shall collect the rent in cash and remit it to the Owner.')).toHaveLength(2);
  });
});

describe('labels of attached documents (MOOD.ATTACHMENT_LABEL)', () => {
  it('reads "EXHIBIT A" on a line of its own as a fragment, not a command', () => {
    const text = 'The Seller shall deliver the goods.\n\nEXHIBIT A\n\nThe goods are listed here.';
    const label = holding(compile(text), 'EXHIBIT A');
    expect(label?.interpersonal.mood).toBe('fragment');
    expect(rule(label)).toBe('MOOD.ATTACHMENT_LABEL');
    expect(holding(compile(text, ['MOOD.ATTACHMENT_LABEL']), 'EXHIBIT A')?.interpersonal.mood).toBe(
      'imperative',
    );
    // A lower-case word after the number: a command to schedule something.
    expect(rule(compile('Schedule 6 meetings a year.')[0])).not.toBe('MOOD.ATTACHMENT_LABEL');
  });
});

describe('pairs of verbs of declaration', () => {
  it.each([
    ['Licensee represents and warrants that it owns the Software.', 'represents and warrants'],
    ['The parties acknowledge and agree that the fee is fair.', 'acknowledge and agree'],
    ['Licensor covenants and agrees that it will deliver the goods.', 'covenants and agrees'],
  ])('keeps "%s" one verbal clause projecting the that-clause', (text, pair) => {
    const clauses = compile(text);
    const main = holding(clauses, pair);
    expect(main?.syntactic.dependency).toBe('independent');
    expect(main?.ideational.processType).toBe('verbal');
    expect(main?.interpersonal.mood).toBe('declarative');
    expect(clauses.filter((clause) => clause.syntactic.dependency === 'paratactic')).toHaveLength(0);
  });

  it('still splits two verbs that are not both of declaration', () => {
    const clauses = compile('She came and went.');
    expect(clauses.length).toBe(2);
  });
});

describe('bare verbs coordinated with a to-infinitive (SEGMENT.COORDINATED_INFINITIVE_VERBS)', () => {
  it.each([
    'The Carrier agrees to defend, indemnify, and hold harmless the Shipper from any claim.',
    'The Carrier agrees to defend, indemnify and hold harmless the Shipper from any claim.',
    'The Agent pays the toll, and agrees to defend, indemnify, and hold harmless the Owner and its staff from and against any loss, cost or damage, including reasonable fees resulting from a claim that arises from the cargo.',
  ])('keeps the run in the clause of its infinitive, sharing the object: %s', (text) => {
    const clauses = compile(text);
    const run = holding(clauses, 'to defend');
    expect(run?.text).toContain('hold harmless the');
    for (const clause of clauses) expect(clause.interpersonal.mood).not.toBe('imperative');
    const off = compile(text, ['SEGMENT.COORDINATED_INFINITIVE_VERBS']);
    expect(holding(off, 'to defend')?.text).not.toContain('hold harmless');
  });

  it('gives the run the object after its last verb', () => {
    const clauses = compile('The Carrier agrees to defend, indemnify, and hold harmless the Shipper.');
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.ideational.participants.map((p) => `${p.role}=${p.text}`)).toContain(
      'goal=the Shipper',
    );
  });

  it('leaves a member with an object before it, or with a Subject of its own, to the other rules', () => {
    expect(compile('The Carrier agrees to load the truck, and the Shipper pays the toll.').length).toBe(2);
    const clauses = compile('The Carrier agrees to load the truck and deliver the goods.');
    expect(holding(clauses, 'deliver')?.text.startsWith('and deliver')).toBe(true);
  });
});

describe('a coordinator between nominal groups before a participle', () => {
  it('opens no clause at "or document executed in ..." (the participle postmodifies the nominal)', () => {
    const clauses = compile(
      'The Agent shall not be liable for any instrument or document executed in connection with the exercise of the authority.',
    );
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.text).toContain('any instrument or document executed in connection');
  });

  it('still opens a clause at "and the Buyer accepted them"', () => {
    const clauses = compile('The Seller delivered the goods and the Buyer accepted them in full.');
    expect(holding(clauses, 'the Buyer accepted')?.syntactic.dependency).toBe('paratactic');
  });
});

describe('headings inside a flattened line', () => {
  it('marks a numbered title after a full stop and a wide gap as a heading', () => {
    const clauses = compile(
      'The Company will provide the report on request.   D. Product Commitment. Up to two thousand bottles shall be delivered each month.',
    );
    const heading = holding(clauses, 'Product Commitment');
    expect(heading?.text).toBe('D. Product Commitment.');
    expect(rule(heading)).toBe('MOOD.HEADING');
    expect(holding(clauses, 'shall be delivered')?.interpersonal.mood).toBe('declarative');
  });

  it('leaves a gap inside a sentence alone', () => {
    expect(plainTextHeadings('The fee is due on signing   D. Product Commitment. It is paid.')).toEqual([]);
  });

  it('finds gap headings on any line, whatever gaps the lines before hold', () => {
    // The first gap of the text lies two lines down, a gap that is no heading opens line four, and
    // lines five and six each hold a heading after a gap, the fifth two of them.
    const lines = [
      'The fee is paid in advance.',
      'It is due on the first day.',
      'The Company will provide the report on request.   D. Product Commitment. Up to two bottles ship.',
      'The fee is due on signing   E. Product Return. It is paid.',
      'The Buyer accepts the goods.   F. Delivery Terms. The goods ship.   G. Risk of Loss. Risk passes.',
      'The Seller keeps title.   H. Title. The Buyer pays.',
    ];
    const text = lines.join('\n');
    const titles = plainTextHeadings(text).map((block) => text.slice(block.start, block.end));
    expect(titles).toEqual(['D. Product Commitment.', 'F. Delivery Terms.', 'G. Risk of Loss.', 'H. Title.']);
  });
});

describe('nominal coordination inside a clause', () => {
  it('opens no clause at the coordinator of "X or Y which ..." (SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL)', () => {
    const text =
      'The Buyer will not (a) sell any goods, wares or articles which bear the mark, or (b) sell any copies.';
    const on = compile(text);
    expect(on.some((clause) => /^or articles/.test(clause.text))).toBe(false);
    expect(holdingToken(on, 'wares')).toBe(holdingToken(on, 'articles'));
    const off = compile(text, [
      'SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL',
      'SEGMENT.TREE_CLAUSES',
      // The tree rule that mends the same cut from the parse.
      'SEGMENT.NOMINAL_CONJUNCT_CUT',
    ]);
    expect(holdingToken(off, 'wares')).not.toBe(holdingToken(off, 'articles'));
  });

  it('keeps a parenthesis after coordinated nominals in order when a relative Subject waits for its verb', () => {
    const clauses = compile(
      'The Agent bears any commercial or legal liability that may arise from its work, and the Agent shall hold the Owner harmless from all claims, cost and expenses (including reasonable fees and related costs) that are suffered by the Owner.',
    );
    const parenthesis = holdingToken(clauses, 'including');
    expect(parenthesis?.text).toBe('(including reasonable fees and related costs)');
    for (const clause of clauses) expect(clause.text.trimEnd().endsWith('('), clause.text).toBe(false);
  });

  it('keeps a coordinator before a parenthesised command a clause edge ("or by mail (call us ...)")', () => {
    const text = 'Please notify us by reply or by mail (call us on the main line) and delete the copy.';
    const on = compile(text);
    const off = compile(text, ['SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL']);
    expect(on.map((clause) => clause.text)).toEqual(off.map((clause) => clause.text));
  });

  it('reads a capitalised "-ing" word of a Title-Case name as no verb (SEGMENT.TITLE_CASE_GERUND)', () => {
    const text = 'The Seller shall deliver the Design, Hosting and Testing Manual to the Buyer.';
    const on = compile(text);
    expect(on).toHaveLength(1);
    expect(on[0]?.interpersonal.mood).toBe('declarative');
    const off = compile(text, ['SEGMENT.TITLE_CASE_GERUND', 'SEGMENT.TREE_CLAUSES']);
    expect(off.length).toBeGreaterThan(1);
  });

  it('still reads a capitalised "-ing" word that opens a sentence before a lower-case word as a verb', () => {
    const text = 'Using the Software, the Licensee may print copies.';
    const off = compile(text, ['SEGMENT.TITLE_CASE_GERUND']);
    expect(compile(text).map((clause) => clause.text)).toEqual(off.map((clause) => clause.text));
  });

  it('reads "including, but not limited to," as one preposition (SEGMENT.NOT_LIMITED_TO)', () => {
    const text =
      'The Buyer pays all costs of the move, including, but not limited to, freight and insurance.';
    const on = compile(text);
    expect(on.some((clause) => clause.text.startsWith('but not limited'))).toBe(false);
    expect(holdingToken(on, 'including')).toBe(holdingToken(on, 'freight'));
    const off = compile(text, ['SEGMENT.NOT_LIMITED_TO']);
    expect(off.some((clause) => clause.text.startsWith('but not limited'))).toBe(true);
  });

  it('keeps a participle coordinated with an adjective in its nominal (SEGMENT.COORDINATED_MODIFIER_PARTICIPLE)', () => {
    const text = 'The Owner grants no right or licence, express or implied, in the Design.';
    const on = compile(text);
    expect(on).toHaveLength(1);
    expect(compile(text, ['SEGMENT.COORDINATED_MODIFIER_PARTICIPLE']).length).toBeGreaterThan(1);
    // An adjective after the operator is the predicate: the coordinated verb keeps its clause.
    expect(compile('The mill was old and needed repair.').length).toBe(2);
  });
});

describe('a list of nouns with a comma before its coordinator (SEGMENT.LIST_NOMINAL_PARTICIPLE)', () => {
  const wordOrder = ['SEGMENT.TREE_CLAUSES'];
  it('keeps "…, symbols, or logotypes associated with …" one nominal group in the clause', () => {
    const text =
      'Licensee shall not use any names, symbols, or logotypes associated with the Licensor in any advertising.';
    expect(compile(text, wordOrder).map((c) => c.text)).toEqual([text]);
    expect(
      compile(text, [
        ...wordOrder,
        'SEGMENT.LIST_NOMINAL_PARTICIPLE',
        'SEGMENT.NOMINAL_CONJUNCT_CUT',
        'SEGMENT.COORDINATED_NOMINAL_ACL',
      ]).length,
    ).toBe(2);
  });

  it('still opens a clause at ", and" before a name and its verb, or before a Finite after the participle', () => {
    const shipped = compile(
      'The Buyer inspected the goods, and Seller shipped to Buyer the rest.',
      wordOrder,
    );
    expect(shipped.map((c) => c.text)).toEqual([
      'The Buyer inspected the goods,',
      'and Seller shipped to Buyer the rest.',
    ]);
    const binding = compile(
      'The tribunal may order interim relief, including injunctive relief, and any such measures ordered by the tribunal shall be binding.',
      wordOrder,
    );
    expect(holding(binding, 'and any such measures')?.text.startsWith('and any such measures')).toBe(true);
  });
});

describe('absolute clauses with a participle (SEGMENT.ABSOLUTE_PARTICIPLE)', () => {
  const wordOrder = ['SEGMENT.TREE_CLAUSES'];
  it('reads "return receipt requested" after a comma as a non-finite dependent, not a statement', () => {
    const text = 'Notices shall be sent by certified mail, return receipt requested, to the Buyer.';
    const absolute = holding(compile(text, wordOrder), 'return receipt requested');
    expect(absolute?.text.startsWith('return receipt')).toBe(true);
    expect(absolute?.interpersonal.mood).toBe('fragment');
    expect(absolute?.syntactic.dependency).toBe('hypotactic');
    const off = holding(
      compile(text, [...wordOrder, 'SEGMENT.ABSOLUTE_PARTICIPLE']),
      'return receipt requested',
    );
    expect(off?.interpersonal.mood).toBe('declarative');
  });

  it('leaves a past verb with an object after it a Finite ("the Seller signed the deed")', () => {
    const clauses = compile('The Buyer signed the lease, the Seller signed the deed.', wordOrder);
    expect(holding(clauses, 'the Seller signed')?.interpersonal.mood).toBe('declarative');
  });
});

describe('an "-ing" form inside the Subject of an obligation (SEGMENT.PARTICIPLE_IN_SUBJECT)', () => {
  const wordOrder = ['SEGMENT.TREE_CLAUSES'];
  const text =
    'To the extent that the Buyer is required to withhold taxes, the party making such payment shall pay the taxes to the authority.';
  it('keeps "the party making such payment shall pay" a statement with its modal Finite', () => {
    const duty = holding(compile(text, wordOrder), 'shall pay');
    expect(duty?.interpersonal.mood).toBe('declarative');
    const off = holding(compile(text, [...wordOrder, 'SEGMENT.PARTICIPLE_IN_SUBJECT']), 'shall pay');
    expect(off?.interpersonal.mood).toBe('fragment');
  });

  it('leaves an "-ing" form whose Finite has a Subject of its own ("at the time it is delivered")', () => {
    const text =
      'The Seller shall state all facts, in light of the circumstances existing at the time it is delivered, to the Buyer.';
    const read = (rules: string[]) => compile(text, rules).map((c) => [c.text, c.interpersonal.mood]);
    expect(read(wordOrder)).toEqual(read([...wordOrder, 'SEGMENT.PARTICIPLE_IN_SUBJECT']));
  });
});

describe('"In the event that", "To the extent that" open a condition (SEGMENT.COMPLEX_SUBORDINATOR)', () => {
  const wordOrder = ['SEGMENT.TREE_CLAUSES'];
  const text = 'In the event that the Buyer fails to pay, the Seller shall stop delivery.';
  it('makes the opening clause a dependent (indicative) of the main clause after its comma', () => {
    const clauses = compile(text, wordOrder);
    const condition = holding(clauses, 'fails to pay');
    const main = holding(clauses, 'shall stop');
    expect(condition?.syntactic.dependency).toBe('hypotactic');
    expect(condition?.interpersonal.mood).toBe('indicative');
    expect(main?.syntactic.dependency).toBe('independent');
    expect(main?.interpersonal.mood).toBe('declarative');
    const off = holding(compile(text, [...wordOrder, 'SEGMENT.COMPLEX_SUBORDINATOR']), 'fails to pay');
    expect(off?.interpersonal.mood).toBe('declarative');
  });

  it('leaves "In the event of a dispute, …" and "To the extent permitted by law, …" alone', () => {
    for (const phrase of [
      'In the event of a dispute, the Seller shall stop delivery.',
      'To the extent permitted by law, the Seller shall stop delivery.',
    ]) {
      const read = (rules: string[]) => compile(phrase, rules).map((c) => [c.text, c.interpersonal.mood]);
      expect(read(wordOrder)).toEqual(read([...wordOrder, 'SEGMENT.COMPLEX_SUBORDINATOR']));
    }
  });
});
