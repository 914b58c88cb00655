import type { RuleExample } from './rule-table';

/**
 * The segmentation rules (pass 1: headings, sentences, clauses) as a table, in apply order: each row
 * names the stage that applies it and gives worked examples. A rule is switched off by its id with
 * `createPipeline({ disabledRules })`: the stage then does what it did before the rule (the rule's
 * comment in its file says what that is). An example's `expect` is the text of one clause the rule
 * makes: with the rule on, some clause of the example has exactly that text; switched off, the
 * clauses (their text, dependency, relation, mood) are no longer the same. Each row's examples are
 * run as its tests (segment-rules.test.ts). The sentence-span and tree rows are applied as tables too
 * (`SENTENCE_SPAN_RULES`, `TREE_SEGMENT_RULES` in syntax-pass.ts); the heading and word-order rules are
 * guards in their stage's code that ask `ruleOff` (or the pipeline's set) for their id.
 */
export interface SegmentRule {
  readonly id: string;
  /** Where the rule is applied. */
  readonly stage: SegmentStage;
  readonly examples: readonly RuleExample[];
  /**
   * Rules of a later stage switched off with this one when its examples are checked off: they would
   * redo what this rule does by other means (SEGMENT.TREE_CLAUSES takes the clauses from the parse).
   */
  readonly offWith?: readonly string[];
}

/**
 * `text`: plain-text headings (text-formats.ts); `sentence`: sentence spans (syntax-pass.ts);
 * `word-order`: verbal groups and clause markers (verbal-group.ts, clause-segmenter.ts); `tree`: the
 * parse's clauses (tree-segments.ts); `sentence-final`: which clauses take the sentence's "?".
 */
export type SegmentStage = 'text' | 'sentence' | 'word-order' | 'tree' | 'sentence-final';

/** Whether rule `id` is switched off for these tokens (a tagged text carries the pipeline's `disabledRules`). */
export function ruleOff(
  tokens: { readonly disabledRules?: ReadonlySet<string> | undefined },
  id: string,
): boolean {
  return tokens.disabledRules?.has(id) === true;
}

/** A word-order rule's examples are checked with the tree's clauses off too (a non-"shall" sentence's clauses come from the parse). */
const TREE = ['SEGMENT.TREE_CLAUSES'];

export const SEGMENT_RULES: readonly SegmentRule[] = [
  {
    id: 'SEGMENT.PLAIN_TEXT_HEADING',
    stage: 'text',
    examples: [
      { text: '7. TERMINATION\nEither party may end this lease with notice.', expect: '7. TERMINATION' },
      {
        text: 'Section 3.1 Rent Payments.\nThe tenant pays the rent on the first day of the month.',
        expect: 'Section 3.1 Rent Payments.',
      },
    ],
  },
  {
    id: 'SEGMENT.HASH_HEADING',
    stage: 'text',
    examples: [
      { text: '### Steps to reproduce\nOpen the settings page.', expect: '### Steps to reproduce' },
      { text: '## Describe the bug\nThe upload fails.', expect: '## Describe the bug' },
    ],
  },
  {
    id: 'SEGMENT.CONTENTS_ENTRY',
    stage: 'text',
    examples: [
      {
        text: 'Section 4.2   Insurance     12\nThe tenant keeps the flat insured.',
        expect: 'Section 4.2   Insurance     12',
      },
      {
        text: 'Article 9   Repairs     31\nThe landlord repairs the roof.',
        expect: 'Article 9   Repairs     31',
      },
    ],
  },
  {
    id: 'SEGMENT.HEADING_AFTER_GAP',
    stage: 'text',
    examples: [
      {
        text: 'The tenant keeps the keys.   C. Garden Care. The tenant waters the garden every week.',
        expect: 'C. Garden Care.',
      },
      {
        text: 'The owner pays the taxes.   4. Late Fees. A late payment costs ten dollars.',
        expect: '4. Late Fees.',
      },
    ],
  },
  {
    id: 'SEGMENT.HEADING_AT_LINE_END',
    stage: 'text',
    examples: [
      {
        text: 'The buyer may contest such disclosure. 10. FORCE MAJEURE\n\nIn the event that either party is unable to perform, it gives notice.',
        expect: '10. FORCE MAJEURE',
      },
      {
        text: 'The tenant keeps the keys. 4.2 LATE FEES\nA late payment costs ten dollars.',
        expect: '4.2 LATE FEES',
      },
    ],
  },
  {
    id: 'SEGMENT.TABLE_THEN_PROSE',
    stage: 'sentence',
    examples: [
      {
        text: 'Region   North   South   East   the Agent will report the sales each month.',
        expect: 'the Agent will report the sales each month.',
      },
      {
        text: 'Colour   Red   Blue   Green   the Maker will paint each door by hand.',
        expect: 'the Maker will paint each door by hand.',
      },
    ],
  },
  {
    id: 'SEGMENT.PUNCTUATION_ONLY',
    stage: 'sentence',
    examples: [
      {
        text: 'The term is three years.\n----------\nThe rent is fixed.',
        expect: 'The term is three years.\n----------',
      },
      {
        text: 'The shop opens at nine.\n* * *\nThe shop closes at five.',
        expect: 'The shop opens at nine.\n* * *',
      },
    ],
  },
  {
    id: 'SEGMENT.PAGE_NUMBER_LINE',
    stage: 'sentence',
    examples: [
      {
        text: 'The Bank shall send the Tenant a statement of the charges incurred since the date\n\n-3-\n\nof the last statement.',
        expect:
          'The Bank shall send the Tenant a statement of the charges incurred since the date\n\n-3-\n\nof the last statement.',
      },
      {
        text: 'The Tenant pays the rent monthly.\n\nPage 4 of 12\n\nThe Owner keeps a spare key.',
        expect: 'The Owner keeps a spare key.',
      },
    ],
  },
  {
    id: 'SEGMENT.COMPLEX_PREPOSITION',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'According to the timetable, the last train will leave at ten.',
        expect: 'According to the timetable, the last train will leave at ten.',
      },
      {
        text: 'According to the label, the jar holds two litres.',
        expect: 'According to the label, the jar holds two litres.',
      },
    ],
  },
  {
    id: 'SEGMENT.PROVIDED_THAT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Tenant shall pay the rent monthly, provided always that the Landlord has sent an invoice.',
        expect: 'provided always that the Landlord has sent an invoice.',
      },
      {
        text: 'Either party may end this lease; provided, however, that no notice shall be given in May.',
        expect: 'provided, however, that no notice shall be given in May.',
      },
    ],
  },
  {
    id: 'SEGMENT.ENUMERATED_ITEM',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Tenant shall (a) pay the rent and fees of the agent, (b) keep the flat clean, and (c) repair any damage.',
        expect: 'The Tenant shall (a) pay the rent and fees of the agent,',
      },
      {
        text: 'The Tenant shall (i) pay the rent; (ii) promptly repair any damage; and (iii) keep the flat clean.',
        expect: '(ii) promptly repair any damage;',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_NOMINAL_INFINITIVE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Agent shall obtain all licences and permits to operate the ferry.',
        expect: 'The Agent shall obtain all licences and permits',
      },
      {
        text: 'The Tenant shall have the right and authority to sublet the flat.',
        expect: 'to sublet the flat.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_NOMINAL_GERUND',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Neither party shall start any suit, action or proceeding against the other.',
        expect: 'Neither party shall start any suit, action or proceeding against the other.',
      },
    ],
  },
  {
    id: 'SEGMENT.PARTICIPLE_ON_APPOSITIVE',
    stage: 'word-order',
    examples: [
      {
        text: 'This Agreement is entered into by and among (a) Kestrel Holdings Ltd ("Kestrel"), a company incorporated in Jersey, with its office at 4 Quay Street, St Helier; (b) Alder Mills plc ("Alder"), a company incorporated in Wales, with its office at 9 Mill Lane, Cardiff; and (c) Birch Ltd ("Birch"), a company incorporated in Malta.',
        expect:
          '(b) Alder Mills plc ("Alder"), a company incorporated in Wales, with its office at 9 Mill Lane, Cardiff;',
      },
      {
        text: 'This Agreement is made among (1) Fenwick Dairy Ltd ("Fenwick"), a company registered in Scotland, with its office at 2 Loch Road, Oban; (2) Orla Byrne ("Byrne"), an engineer trained in Cork; and (3) Tarn Mills plc ("Tarn"), a company incorporated in Wales.',
        expect: 'and (3) Tarn Mills plc ("Tarn"), a company incorporated in Wales.',
      },
    ],
  },
  {
    id: 'SEGMENT.ABSOLUTE_PARTICIPLE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Notices shall be sent by certified mail, return receipt requested, to the Buyer.',
        expect: 'return receipt requested, to the Buyer.',
      },
      {
        text: 'Notices shall be sent by courier (receipt requested) to the Buyer.',
        expect: '(receipt requested)',
      },
    ],
  },
  {
    id: 'SEGMENT.WORD_INTERNAL_HYPHEN',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'She wrote a thought-provoking essay that won a prize.',
        expect: 'She wrote a thought-provoking essay',
      },
      { text: 'We found a well-known bakery that sells rye bread.', expect: 'We found a well-known bakery' },
    ],
  },
  {
    id: 'SEGMENT.EXCLAMATIVE_THAT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'What a lovely evening that was!', expect: 'What a lovely evening that was!' },
      { text: 'What a long day that was!', expect: 'What a long day that was!' },
    ],
  },
  {
    id: 'SEGMENT.DEMONSTRATIVE_THAT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'If needed, that is in the book.', expect: 'that is in the book.' },
      { text: 'If you want more, that is in the second box.', expect: 'that is in the second box.' },
    ],
  },
  {
    id: 'SEGMENT.DETERMINER_THAT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Seller shall pay the sum and that sum shall be divided by four.',
        expect: 'and that sum shall be divided by four.',
      },
      {
        text: 'The Agent shall keep the deposit and that deposit shall earn interest.',
        expect: 'and that deposit shall earn interest.',
      },
    ],
  },
  {
    id: 'SEGMENT.PARENTHESIS_INSIDE',
    stage: 'word-order',
    // POS.DAYS_NOTICE reads "notice" as the noun it is, which leaves the example no verb to cut at either.
    offWith: [...TREE, 'POS.DAYS_NOTICE'],
    examples: [
      {
        text: 'The Tenant shall give ninety (90) days notice to the Landlord.',
        expect: 'The Tenant shall give ninety (90) days notice to the Landlord.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_SUBJECT_AFTER_MARKER',
    stage: 'word-order',
    // SEGMENT.COORDINATED_SUBJECT_CUT mends the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.COORDINATED_SUBJECT_CUT'],
    examples: [
      {
        text: 'Both parties agree that the terms and conditions of this Lease are confidential and shall not be disclosed.',
        expect: 'that the terms and conditions of this Lease are confidential',
      },
      {
        text: 'The Landlord shall repay the deposit if the Tenant or the Guarantor gives notice before May.',
        expect: 'if the Tenant or the Guarantor gives notice before May.',
      },
      {
        text: 'The Agent shall keep the records that the Tenant and the Landlord have signed.',
        expect: 'that the Tenant and the Landlord have signed.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_DETERMINERS',
    stage: 'word-order',
    // SEGMENT.COORDINATED_NOMINAL_ACL reads the same nominal group off the parse.
    offWith: [...TREE, 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'The Tenant shall indemnify the Landlord against any and all claims made by third parties.',
        expect: 'The Tenant shall indemnify the Landlord against any and all claims made by third parties.',
      },
      {
        text: 'The Tenant shall pay a fee for each and every key lost by its staff.',
        expect: 'The Tenant shall pay a fee for each and every key lost by its staff.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_ADJECTIVES',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Every notice shall be sent by certified or registered mail, return receipt requested.',
        expect: 'Every notice shall be sent by certified or registered mail,',
      },
    ],
  },
  {
    id: 'SEGMENT.WHERE_OPENING',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'Where the path ends, turn right at the gate.', expect: 'Where the path ends,' },
      { text: 'Where the river bends, the village begins.', expect: 'Where the river bends,' },
    ],
  },
  {
    id: 'SEGMENT.INVERTED_CONDITIONAL',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Should any tenant of the building fail to pay, the owner may end the lease.',
        expect: 'Should any tenant of the building fail to pay,',
      },
      {
        text: 'Were the whole roof of the barn destroyed, the insurer would pay the repairs.',
        expect: 'Were the whole roof of the barn destroyed,',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_VERBS',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Supplier shall repair, replace or refund the faulty goods.',
        expect: 'The Supplier shall repair, replace or refund the faulty goods.',
      },
      {
        text: 'The Buyer acknowledges and agrees that the goods are used.',
        expect: 'The Buyer acknowledges and agrees',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_INFINITIVE_VERBS',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Agent undertakes to collect, examine, and deliver the parcels to the depot.',
        expect: 'The Agent undertakes to collect, examine, and deliver the parcels to the depot.',
      },
      {
        text: 'The Carrier agrees to defend, indemnify, and hold harmless the Shipper from any claim.',
        expect: 'The Carrier agrees to defend, indemnify, and hold harmless the Shipper from any claim.',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_ADVERBIAL_NOT_RELATIVE',
    stage: 'tree',
    examples: [
      { text: 'Landlords raise prices when demand grows.', expect: 'when demand grows.' },
      { text: 'The tenant pays a fee when the rent is late.', expect: 'when the rent is late.' },
    ],
  },
  {
    id: 'SEGMENT.TREE_COPULAR_CONJUNCT',
    stage: 'tree',
    examples: [
      {
        text: 'I took photographs of every room, and I would be happy to share them with you.',
        expect: 'and I would be happy to share them with you.',
      },
      {
        text: 'The storm hit the coast at night, but this time the crew was safe.',
        expect: 'but this time the crew was safe.',
      },
    ],
  },
  {
    id: 'SEGMENT.INFINITIVE_RUN_ADJUNCTS',
    stage: 'tree',
    examples: [
      {
        text: 'The Tenant has full power to enter into and fully perform this lease.',
        expect: 'The Tenant has full power to enter into and fully perform this lease.',
      },
      {
        text: 'The parties shall proceed to promptly and in good faith negotiate and sign a lease.',
        expect: 'The parties shall proceed to promptly and in good faith negotiate and sign a lease.',
      },
    ],
  },
  {
    id: 'SEGMENT.QUOTATION_THEN_REPORTING',
    stage: 'word-order',
    // The tree row does the same after the parse.
    offWith: [...TREE, 'SEGMENT.TREE_QUOTATION_THEN_REPORTING'],
    examples: [
      { text: '“Are you coming?” she asked.', expect: 'she asked.' },
      { text: '“Is the shop open?” my brother wondered.', expect: 'my brother wondered.' },
    ],
  },
  {
    id: 'SEGMENT.TREE_QUOTATION_THEN_REPORTING',
    stage: 'tree',
    examples: [
      { text: '“Copy that,” the pilot said.', expect: 'the pilot said.' },
      { text: '“Are you in?” I asked.', expect: 'I asked.' },
      { text: '“Never!” she wails.', expect: 'she wails.' },
    ],
  },
  {
    id: 'SEGMENT.QUOTATION_THEN_COME',
    stage: 'word-order',
    examples: [
      { text: '“Stop that!” came the voice.', expect: 'came the voice.' },
      { text: '“Not me!” came a shout from the back.', expect: 'came a shout from the back.' },
    ],
  },
  {
    id: 'SEGMENT.REPORTING_THEN_QUOTATION',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'My uncle says, “Is dinner ready?”', expect: '“Is dinner ready?”' },
      { text: 'The guard asked, “Where are you going?”', expect: '“Where are you going?”' },
    ],
  },
  {
    id: 'SEGMENT.PARTICIPLE_THEN_OPERATOR',
    stage: 'word-order',
    examples: [
      {
        text: 'It is understood and agreed that if CONSULTANT shall find in his sincere best reasonable judgment that the MANDATORY PRODUCT so supplied is not suitable for his use in tournament competition, then he shall promptly notify ADAMS GOLF in writing.',
        expect:
          'that the MANDATORY PRODUCT so supplied is not suitable for his use in tournament competition,',
      },
      {
        text: 'Any notice, report or other communication given hereunder shall be in writing, and shall be delivered by hand.',
        expect: 'Any notice, report or other communication given hereunder shall be in writing,',
      },
    ],
  },
  {
    id: 'SEGMENT.OPERATOR_THEN_EVENT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Software shall at all times remain the property of the Licensor.',
        expect: 'The Software shall at all times remain the property of the Licensor.',
      },
      {
        text: 'The Agent shall not in any manner bind the Owner.',
        expect: 'The Agent shall not in any manner bind the Owner.',
      },
    ],
  },
  {
    id: 'SEGMENT.DETERMINED_GERUND',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'In addition to the foregoing, the Licensee shall pay the fees.',
        expect: 'In addition to the foregoing, the Licensee shall pay the fees.',
      },
      {
        text: 'Upon the occurrence of any of the following, the Owner may end this lease.',
        expect: 'Upon the occurrence of any of the following, the Owner may end this lease.',
      },
    ],
  },
  {
    id: 'SEGMENT.TITLE_CASE_GERUND',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Supplier shall deliver the Deployment, Hosting and Maintenance Specifications to the Customer.',
        expect:
          'The Supplier shall deliver the Deployment, Hosting and Maintenance Specifications to the Customer.',
      },
      {
        text: 'The Licensee shall pay all Shipping and Handling Costs.',
        expect: 'The Licensee shall pay all Shipping and Handling Costs.',
      },
    ],
  },
  {
    id: 'SEGMENT.RELATIVE_AFTER_COORDINATED_NOMINAL',
    stage: 'word-order',
    // SEGMENT.NOMINAL_CONJUNCT_CUT and SEGMENT.COORDINATED_NOMINAL_ACL mend the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.NOMINAL_CONJUNCT_CUT', 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'Neither party shall post any viruses, worms or other routines that are designed to damage a system.',
        expect: 'Neither party shall post any viruses, worms or other routines',
      },
      {
        text: 'The Seller keeps all books and records that relate to the sale.',
        expect: 'The Seller keeps all books and records',
      },
    ],
  },
  {
    id: 'SEGMENT.PARENTHESIS_AFTER_COORDINATED_NOMINAL',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Agent will not breach any law, statute or regulation (including the rules governing exports) in its work.',
        expect: '(including the rules governing exports)',
      },
      {
        text: 'The Tenant shall not breach any rule, order or regulation (including any rule regarding noise) of the Landlord.',
        expect: '(including any rule regarding noise)',
      },
    ],
  },
  {
    id: 'SEGMENT.NOT_LIMITED_TO',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Neither party is liable for delays beyond its control, including, but not limited to, floods and fire.',
        expect:
          'Neither party is liable for delays beyond its control, including, but not limited to, floods and fire.',
      },
      {
        text: 'The Buyer shall pay all costs, including, but not limited to, freight and insurance.',
        expect: 'including, but not limited to, freight and insurance.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_MODIFIER_PARTICIPLE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Owner shall grant no right or licence, either express or implied, in the Design.',
        expect: 'The Owner shall grant no right or licence, either express or implied, in the Design.',
      },
      {
        text: 'This lease supersedes all prior agreements, oral or written.',
        expect: 'This lease supersedes all prior agreements, oral or written.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_OPERATORS',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Licensee shall pay all taxes that are or may be imposed on the royalties.',
        expect: 'that are or may be imposed on the royalties.',
      },
      {
        text: 'The Supplier shall disclose each right that it has or will have in the Software.',
        expect: 'that it has or will have in the Software.',
      },
    ],
  },
  {
    id: 'SEGMENT.OPERATOR_ADJUNCT_EVENT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Supplier shall, upon request of the Buyer, deliver the goods within ten days.',
        expect: 'The Supplier shall, upon request of the Buyer, deliver the goods within ten days.',
      },
      {
        text: 'The Licensee shall not, without the consent of the Licensor, assign this lease.',
        expect: 'The Licensee shall not, without the consent of the Licensor, assign this lease.',
      },
    ],
  },
  {
    id: 'SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT',
    // SEGMENT.OPERATOR_ADJUNCT_EVENT where the Event opens with "be" or "have" (a passive or perfect);
    // before, "be held in a separate account" was a clause of its own, read as a command.
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The deposit shall, to the extent commercially feasible, be held in a separate account.',
        expect: 'The deposit shall, to the extent commercially feasible, be held in a separate account.',
      },
      {
        text: 'The Tenant shall, before the end of the term, have paid all the rent.',
        expect: 'The Tenant shall, before the end of the term, have paid all the rent.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_NOMINAL_PARTICIPLE',
    stage: 'word-order',
    // SEGMENT.NOMINAL_CONJUNCT_CUT and SEGMENT.COORDINATED_NOMINAL_ACL mend the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.NOMINAL_CONJUNCT_CUT', 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'The Buyer shall sign any contract or document executed in connection with the sale.',
        expect: 'The Buyer shall sign any contract or document executed in connection with the sale.',
      },
      {
        text: 'Neither party shall have any duty or liability to the other party arising out of the sale.',
        expect: 'Neither party shall have any duty or liability to the other party arising out of the sale.',
      },
      {
        text: 'The Agent shall not be liable for any loss or any photographs obtained by using the website.',
        expect:
          'The Agent shall not be liable for any loss or any photographs obtained by using the website.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_NOMINAL_ACL',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Certificate shall describe the specifications for, and testing methods applied to, the Drug manufactured by AMAG.',
        expect: 'The Certificate shall describe the specifications for, and testing methods applied to,',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_NOMINAL_PREPOSITION',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: "The Company shall pay all losses, damages or the like, including reasonable attorneys' fees.",
        expect:
          "The Company shall pay all losses, damages or the like, including reasonable attorneys' fees.",
      },
      {
        text: "AMAG shall reimburse Antares for all costs and reimbursable expenses, including any attorneys' fees.",
        expect:
          "AMAG shall reimburse Antares for all costs and reimbursable expenses, including any attorneys' fees.",
      },
    ],
  },
  {
    id: 'SEGMENT.LIST_NOMINAL_PARTICIPLE',
    stage: 'word-order',
    // SEGMENT.NOMINAL_CONJUNCT_CUT and SEGMENT.COORDINATED_NOMINAL_ACL mend the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.NOMINAL_CONJUNCT_CUT', 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'Licensee shall not use any names, symbols, or logotypes associated with the Licensor in any advertising.',
        expect:
          'Licensee shall not use any names, symbols, or logotypes associated with the Licensor in any advertising.',
      },
      {
        text: 'The work shall be set forth in the Protocol(s) or workscope referenced in the Order.',
        expect: 'The work shall be set forth in the Protocol(s) or workscope referenced in the Order.',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_ATTRIBUTIVE_PARTICIPLES',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'All notices shall be sent by registered or certified mail, return receipt requested, to the Buyer.',
        expect: 'All notices shall be sent by registered or certified mail,',
      },
      {
        text: 'The Supplier shall take back the repaired or replaced parts at its own cost.',
        expect: 'The Supplier shall take back the repaired or replaced parts at its own cost.',
      },
    ],
  },
  {
    id: 'SEGMENT.AND_OR',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'Licensee shall pay any fees and/or costs incurred by the Licensor.',
        expect: 'Licensee shall pay any fees and/or costs incurred by the Licensor.',
      },
      {
        text: 'Licensee shall notify and/or inform the Licensor of any claim.',
        expect: 'Licensee shall notify and/or inform the Licensor of any claim.',
      },
      {
        text: 'The Buyer shall pay the fees and/or the Seller shall refund the deposit.',
        expect: 'and/or the Seller shall refund the deposit.',
      },
    ],
  },
  {
    id: 'SEGMENT.DUTY_LIST_VERBS',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Company shall: (i) operate and maintain the Aircraft in good order; and (ii) keep the log books.',
        expect: '(i) operate and maintain the Aircraft in good order;',
      },
      {
        text: 'The Licensee shall: (a) pay the fees; and (b) not copy, modify or decompile the Software.',
        expect: 'and (b) not copy, modify or decompile the Software.',
      },
    ],
  },
  {
    id: 'SEGMENT.IRREGULAR_PARTICIPLE_AFTER_NOMINAL',
    stage: 'word-order',
    // SEGMENT.NOMINAL_CONJUNCT_CUT and SEGMENT.COORDINATED_NOMINAL_ACL mend the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.NOMINAL_CONJUNCT_CUT', 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'The Seller shall sell the goods on the terms and conditions set forth in this Agreement.',
        expect: 'The Seller shall sell the goods on the terms and conditions set forth in this Agreement.',
      },
      {
        text: 'The Buyer shall refund any fees or amounts paid to the Seller under this Agreement.',
        expect: 'The Buyer shall refund any fees or amounts paid to the Seller under this Agreement.',
      },
    ],
  },
  {
    id: 'SEGMENT.PARTICIPLE_THEN_REFERENCE_ADVERB',
    stage: 'word-order',
    // SEGMENT.NOMINAL_CONJUNCT_CUT and SEGMENT.COORDINATED_NOMINAL_ACL mend the same cut from the parse.
    offWith: [...TREE, 'SEGMENT.NOMINAL_CONJUNCT_CUT', 'SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'The Licensee shall comply with all laws and regulations promulgated thereunder.',
        expect: 'The Licensee shall comply with all laws and regulations promulgated thereunder.',
      },
      {
        text: 'The Licensee shall not exceed the rights and licence granted herein.',
        expect: 'The Licensee shall not exceed the rights and licence granted herein.',
      },
    ],
  },
  {
    id: 'SEGMENT.DEFINITION_VALUE_PARTICIPLE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: '"Firm Orders" shall mean any order accepted by the Seller under this Agreement.',
        expect: '"Firm Orders" shall mean any order accepted by the Seller under this Agreement.',
      },
      {
        text: '(b) "Licensed Patents" means all patents owned by the Seller on the Effective Date.',
        expect: '(b) "Licensed Patents" means all patents owned by the Seller on the Effective Date.',
      },
      {
        text: '(d) "Licensed Products" means any product sold by the Licensee under this Agreement.',
        expect: '(d) "Licensed Products" means any product sold by the Licensee under this Agreement.',
      },
      {
        text: '(e) "Licensed Know-How" means all know-how owned by the Seller on the Effective Date.',
        expect: '(e) "Licensed Know-How" means all know-how owned by the Seller on the Effective Date.',
      },
    ],
  },
  {
    id: 'SEGMENT.PARTICIPLE_IN_SUBJECT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'To the extent that the Buyer is required to withhold taxes, the party making such payment shall pay the taxes to the authority.',
        expect: 'the party making such payment shall pay the taxes to the authority.',
      },
      {
        text: 'Where VAT is added to a payment, the Party making the payment will pay the VAT on receipt of an invoice.',
        expect: 'the Party making the payment will pay the VAT on receipt of an invoice.',
      },
    ],
  },
  {
    id: 'SEGMENT.INFINITIVE_IN_SUBJECT',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Buyer shall give prompt notice of any claim, but failure to so notify the Seller shall not relieve it of any liability.',
        expect: 'but failure to so notify the Seller shall not relieve it of any liability.',
      },
      {
        text: 'If the parties cannot agree, such failure to agree shall be a breach by the Seller.',
        expect: 'such failure to agree shall be a breach by the Seller.',
      },
    ],
  },
  {
    id: 'SEGMENT.COMPLEX_SUBORDINATOR',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'In the event that the Buyer fails to pay, the Seller shall stop delivery.',
        expect: 'In the event that the Buyer fails to pay,',
      },
      {
        text: '(b) To the extent that the Buyer fails to pay, the Seller shall stop delivery.',
        expect: '(b) To the extent that the Buyer fails to pay,',
      },
    ],
  },
  {
    id: 'SEGMENT.COMPLEX_CONJUNCTION',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Buyer shall notify the Seller as soon as the Buyer becomes aware of a defect.',
        expect: 'as soon as the Buyer becomes aware of a defect.',
      },
      {
        text: 'The Licensor shall indemnify the Licensee to the extent the Licensee uses the Software.',
        expect: 'to the extent the Licensee uses the Software.',
      },
      {
        text: 'The Owner shall keep the plans (and then only to the extent that its staff are bound to keep them secret).',
        expect: '(and then only to the extent that its staff are bound to keep them secret).',
      },
      {
        text: 'Unless and until the Buyer accepts the goods, no payment shall be due.',
        expect: 'Unless and until the Buyer accepts the goods,',
      },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_WH_QUESTION',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'I was at the station, and where were you waiting?', expect: 'and where were you waiting?' },
      { text: 'The bus left early, but why did nobody tell us?', expect: 'but why did nobody tell us?' },
    ],
  },
  {
    id: 'SEGMENT.SAME_FORM_PARTICIPLE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      { text: 'Simply put, the plan is too expensive.', expect: 'Simply put,' },
      { text: 'Set in a small town, the film follows two sisters.', expect: 'Set in a small town,' },
    ],
  },
  {
    id: 'SEGMENT.PARENTHESIS_CLOSES_CLAUSE',
    stage: 'word-order',
    offWith: TREE,
    examples: [
      {
        text: 'The Agent shall keep the Lease (as defined below) and the Schedule in a safe place.',
        expect: '(as defined below)',
      },
      {
        text: 'The Owner shall sign the Deed (which is attached hereto) and the Plan before May.',
        expect: '(which is attached hereto)',
      },
    ],
  },
  {
    id: 'SEGMENT.QUESTION_AFTER_MARKS',
    stage: 'word-order',
    examples: [
      {
        text: '- When can I expect my deposit back?',
        expect: '- When can I expect my deposit back?',
      },
      { text: '> When should I call?', expect: '> When should I call?' },
    ],
  },
  {
    id: 'SEGMENT.TREE_MAIN_AFTER_OPENING',
    stage: 'tree',
    offWith: ['SEGMENT.TREE_CLAUSES'],
    examples: [
      { text: 'If you cannot come you should call the office.', expect: 'you should call the office.' },
      { text: 'Unless you hurry you will miss the train.', expect: 'you will miss the train.' },
    ],
  },
  {
    id: 'SEGMENT.TREE_PHRASE_INTO_CLAUSE',
    stage: 'tree',
    offWith: ['SEGMENT.TREE_CLAUSES'],
    examples: [
      {
        text: 'Maria Lopez, a hard working lawyer, instead decided to sell the farm herself.',
        expect: 'Maria Lopez, a hard working lawyer, instead decided to sell the farm herself.',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_SUBJECT_ACROSS_RELATIVE',
    stage: 'tree',
    examples: [
      {
        text: 'The clerk who stood before the big counter was tall.',
        expect: 'The clerk who stood before the big counter was tall.',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_CLAUSES',
    stage: 'tree',
    examples: [
      {
        text: 'Resolving this conflict would be the most effective weapon the country could deploy.',
        expect: 'Resolving this conflict would be the most effective weapon',
      },
      { text: 'That was the best cake the baker ever made.', expect: 'That was the best cake' },
    ],
  },
  {
    id: 'SEGMENT.TREE_OPENING_ADVCL',
    stage: 'tree',
    examples: [
      {
        text: 'In order to sort the letters, the clerk bought three boxes.',
        expect: 'In order to sort the letters,',
      },
    ],
  },
  {
    id: 'SEGMENT.OPENING_ADVERBIAL_COMMAND',
    stage: 'tree',
    examples: [
      {
        text: 'To reduce the risk of fire or electric shock, do not expose this appliance to water.',
        expect: 'To reduce the risk of fire or electric shock,',
      },
      {
        text: 'WARNING: To reduce the risk of fire or electric shock, do not expose this appliance to water.',
        expect: 'do not expose this appliance to water.',
      },
      { text: 'To drain, place the cooked rice in a colander over the sink.', expect: 'To drain,' },
    ],
  },
  {
    id: 'SEGMENT.OPENING_NON_FINITE_ROOT',
    stage: 'tree',
    examples: [
      {
        text: 'In order to plan the course we follow a simple four step approach.',
        expect: 'we follow a simple four step approach.',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_REPORTING_THEN_QUOTATION',
    stage: 'tree',
    examples: [
      { text: 'She said, "Are you in?"', expect: '"Are you in?"' },
      { text: 'Then she asked: “Where is the key?”', expect: '“Where is the key?”' },
    ],
  },
  {
    id: 'SEGMENT.TREE_CLAUSE_HEAD',
    stage: 'tree',
    // The mood tree rules read Subject and Finite off the tree whatever the clause's head;
    // MOOD.FINITE_OPERATOR_OUTSIDE_GROUP finds a finite operator the first group left out, and
    // MOOD.TENSED_VERB_AFTER_INSERTION a tensed verb after "The winter, however,".
    offWith: [
      'MOOD.TREE_SUBJECT_BEFORE_FINITE',
      'MOOD.TREE_STATEMENT_BELOW_ROOT',
      'MOOD.FINITE_OPERATOR_OUTSIDE_GROUP',
      'MOOD.TENSED_VERB_AFTER_INSERTION',
    ],
    examples: [
      {
        text: 'In practice, trained nurses usually know the ward routines well.',
        expect: 'In practice, trained nurses usually know the ward routines well.',
      },
      {
        text: 'The winter, however, brought a sharp fall in sales.',
        expect: 'The winter, however, brought a sharp fall in sales.',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_MODAL_VERB_RUN',
    stage: 'tree',
    examples: [
      {
        text: 'The Provider may not assign, delegate or otherwise transfer this lease.',
        expect: 'The Provider may not assign, delegate or otherwise transfer this lease.',
      },
      {
        text: 'The Agency will not undertake or initiate advertising without approval.',
        expect: 'The Agency will not undertake or initiate advertising without approval.',
      },
    ],
  },
  {
    id: 'SEGMENT.PARTICIPLE_RUN',
    stage: 'tree',
    examples: [
      {
        text: 'The plans may not be copied, modified or otherwise distributed.',
        expect: 'The plans may not be copied, modified or otherwise distributed.',
      },
      {
        text: 'The Software shall not be sold, revealed or disclosed by the Agent.',
        expect: 'The Software shall not be sold, revealed or disclosed by the Agent.',
      },
      {
        text: 'The Distributor shall be responsible for storing, packing and shipping the goods.',
        expect: 'The Distributor shall be responsible for storing, packing and shipping the goods.',
      },
    ],
  },
  {
    // A preposition left after the run's first participle, its noun the one after the last (word order for a "shall"
    // sentence, the tree for the rest).
    id: 'SEGMENT.STRANDED_PREPOSITION_RUN',
    stage: 'tree',
    examples: [
      {
        text: 'This Agreement shall be governed by and construed in accordance with the laws of New York.',
        expect: 'This Agreement shall be governed by and construed in accordance with the laws of New York.',
      },
      {
        text: 'This Agreement will be governed by and construed in accordance with the laws of Delaware.',
        expect: 'This Agreement will be governed by and construed in accordance with the laws of Delaware.',
      },
    ],
  },
  {
    id: 'SEGMENT.POSTMODIFIER_PARTICIPLE_RUN',
    stage: 'tree',
    examples: [
      {
        text: 'Any notice required or permitted under this Lease shall be in writing.',
        expect: 'Any notice required or permitted under this Lease shall be in writing.',
      },
      {
        text: 'All furniture owned or leased by the Tenant is insured.',
        expect: 'All furniture owned or leased by the Tenant is insured.',
      },
      {
        text: 'The Agent shall keep all receipts sent, signed or received under this Lease.',
        expect: 'The Agent shall keep all receipts sent, signed or received under this Lease.',
      },
    ],
  },
  {
    id: 'SEGMENT.SUBJECT_BEFORE_SUBORDINATOR',
    stage: 'tree',
    examples: [
      {
        text: 'The Company, as the case may be, shall pay the fee.',
        expect: 'The Company, as the case may be, shall pay the fee.',
      },
      {
        text: 'The tenant, if he wishes, may leave early.',
        expect: 'The tenant, if he wishes, may leave early.',
      },
    ],
  },
  {
    id: 'SEGMENT.SUBJECT_AFTER_DEPENDENT',
    stage: 'tree',
    examples: [
      {
        text: 'If the Buyer fails to pay the Seller may terminate this Agreement.',
        expect: 'the Seller may terminate this Agreement.',
      },
      { text: 'If it rains the match is cancelled.', expect: 'the match is cancelled.' },
    ],
  },
  {
    id: 'SEGMENT.COORDINATED_SUBJECT_CUT',
    stage: 'tree',
    examples: [
      {
        text: 'If the transfer is not approved by the Company, your executor, administrator or personal representative shall transfer your interest to a third party.',
        expect:
          'your executor, administrator or personal representative shall transfer your interest to a third party.',
      },
      {
        text: 'Accordingly, the parties agree that the validity, interpretation and legal effect of this Agreement shall be governed by the laws of New York.',
        expect:
          'that the validity, interpretation and legal effect of this Agreement shall be governed by the laws of New York.',
      },
      {
        text: 'If requested by a party, the books and records shall be audited each year.',
        expect: 'the books and records shall be audited each year.',
      },
    ],
  },
  {
    id: 'SEGMENT.NOMINAL_CONJUNCT_CUT',
    stage: 'tree',
    // SEGMENT.COORDINATED_NOMINAL_ACL keeps the word order from making the same cut.
    offWith: ['SEGMENT.COORDINATED_NOMINAL_ACL'],
    examples: [
      {
        text: 'You shall not purposely solicit sales and service to customers located outside your territory.',
        expect:
          'You shall not purposely solicit sales and service to customers located outside your territory.',
      },
      {
        text: 'The Vendor shall have no liability or obligation to any of the Indemnified Parties for that portion of a Covered Loss.',
        expect:
          'The Vendor shall have no liability or obligation to any of the Indemnified Parties for that portion of a Covered Loss.',
      },
    ],
  },
  {
    id: 'SEGMENT.SUBJECT_PIECE_THEN_FINITE',
    stage: 'tree',
    examples: [
      {
        text: 'Cheap bread, which once took hours of baking to make, is now right there on every shelf.',
        expect: 'Cheap bread, which once took hours of baking to make, is now right there on every shelf.',
      },
      {
        text: 'To paint the whole house, in one week, was impossible.',
        expect: 'To paint the whole house, in one week, was impossible.',
      },
      {
        text: 'But what might look like just a village fair is actually a bold stand for peace and against the forces of greed who seek to divide the valley.',
        expect:
          'But what might look like just a village fair is actually a bold stand for peace and against the forces of greed',
      },
    ],
  },
  {
    id: 'SEGMENT.TREE_CONJUNCT_OF_DEPENDENT',
    stage: 'tree',
    examples: [
      {
        text: 'If the tenant pays and the landlord agrees, the lease ends.',
        expect: 'and the landlord agrees,',
      },
      {
        text: 'Unless the tenant moves out or the landlord sells the house, the lease runs on.',
        expect: 'or the landlord sells the house,',
      },
    ],
  },
  {
    id: 'SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB',
    stage: 'tree',
    examples: [
      {
        text: 'This habit of sharing meals – bringing together in one hall – created the largest and happiest family in the valley, but it also created a larger class of outsiders.',
        expect:
          'This habit of sharing meals – bringing together in one hall – created the largest and happiest family in the valley,',
      },
    ],
  },
  {
    id: 'SEGMENT.NOT_LIMITED_TO_COMMA',
    stage: 'word-order',
    examples: [
      {
        text: 'The Company shall disclose the contents of this Agreement, including, but not limited to, all amounts paid hereunder.',
        expect: 'including, but not limited to, all amounts paid hereunder.',
      },
      {
        text: 'The Licensor shall provide services, including, without limitation, all updates released hereunder.',
        expect: 'including, without limitation, all updates released hereunder.',
      },
    ],
  },
  {
    id: 'SEGMENT.THANKS_THEN_CLAUSE',
    stage: 'tree',
    examples: [
      {
        text: 'Thanks for the update, the numbers look right to me.',
        expect: 'the numbers look right to me.',
      },
      { text: 'Many thanks, we will be there at noon.', expect: 'Many thanks,' },
    ],
  },
  {
    id: 'SEGMENT.OPENING_BRACKET_FORWARD',
    stage: 'tree',
    examples: [
      {
        text: 'The Owner shall keep the plans with its staff as needed for exercising its rights or meeting its duties under this Lease (and then only to the extent that such staff are bound to keep them secret).',
        expect: 'or meeting its duties under this Lease',
      },
    ],
  },
  {
    id: 'SEGMENT.OPENING_QUOTE_FORWARD',
    stage: 'tree',
    examples: [
      {
        text: 'As used herein, "Customer" means any entity to which the Company provided products.',
        expect: '"Customer" means any entity',
      },
    ],
  },
  {
    id: 'SEGMENT.HYPHENATED_WORD_WHOLE',
    stage: 'tree',
    examples: [
      {
        text: 'The term "Joint Know-How" shall mean Know-How that is made jointly by the Parties.',
        expect: 'The term "Joint Know-How" shall mean Know-How',
      },
    ],
  },
  {
    id: 'SEGMENT.QUESTION_MARK_CLOSES',
    stage: 'sentence-final',
    examples: [
      { text: 'You are coming, aren’t you?', expect: 'You are coming,' },
      { text: 'I was at home, and what were you doing?', expect: 'I was at home,' },
    ],
  },
];

/** The ids of the segmentation rules in apply order, for `createPipeline({ disabledRules })`. */
export const SEGMENT_RULE_IDS: readonly string[] = SEGMENT_RULES.map((rule) => rule.id);

/** The examples of segmentation rule `id` ([] for an unknown id), for the stage tables that apply it. */
export function segmentExamples(id: string): readonly RuleExample[] {
  return SEGMENT_RULES.find((rule) => rule.id === id)?.examples ?? [];
}
