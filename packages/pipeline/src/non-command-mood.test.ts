import type { AnnotatedClause } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

// Invented texts: clauses of contracts that read as commands without being any, and true commands
// that must stay commands.
const clock = () => new Date(0);
const pipeline = createPipeline({ clock });
const compile = (text: string, disabledRules?: string[]): AnnotatedClause[] =>
  (disabledRules ? createPipeline({ clock, disabledRules }) : pipeline).compile(text, {
    documentId: 'non-command',
  });
const holding = (clauses: AnnotatedClause[], words: string) => clauses.find((c) => c.text.includes(words));
const moodOf = (text: string, words: string, disabledRules?: string[]) =>
  holding(compile(text, disabledRules), words)?.interpersonal.mood;

describe('clauses that read as commands but are pieces of statements', () => {
  it('MOOD.STRANDED_OPERATOR_EVENT: the verb after an operator left at a clause end states', () => {
    const text = 'The Agent shall, if delivered, be deemed to have given notice.';
    expect(moodOf(text, 'be deemed')).toBe('declarative');
    expect(moodOf(text, 'be deemed', ['MOOD.STRANDED_OPERATOR_EVENT'])).toBe('imperative');
    const clause = holding(compile(text), 'be deemed');
    expect(clause?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'finite',
      value: 'shall (the clause before, with no verb after it)',
    });
  });

  it('MOOD.STRANDED_OPERATOR_EVENT: a member after a modal and an adverb keeps the mood of its clause', () => {
    const text =
      'The Guarantor shall pay all amounts that the Franchisee may now or in the future owe to the Owner.';
    expect(moodOf(text, 'owe')).toBe('indicative');
    expect(moodOf(text, 'owe', ['MOOD.STRANDED_OPERATOR_EVENT'])).toBe('imperative');
  });

  it('MOOD.LOWER_CASE_CUT_PIECE: a lower-case piece after a main clause of its sentence is a fragment', () => {
    const text =
      'No waiver or course of dealing shall be construed to modify, amend or otherwise affect any term.';
    expect(moodOf(text, 'amend')).toBe('fragment');
    expect(moodOf(text, 'amend', ['MOOD.LOWER_CASE_CUT_PIECE'])).toBe('imperative');
  });

  it('MOOD.COORDINATED_WITH_DECLARATIVE_BARE_HEAD: a member of a bare verb in a statement states', () => {
    const text =
      'A. COOL TECH shall, in a professional manner, take all steps necessary to market and produce its program.';
    expect(moodOf(text, 'produce')).toBe('declarative');
    expect(moodOf(text, 'produce', ['MOOD.COORDINATED_WITH_DECLARATIVE_BARE_HEAD'])).toBe('imperative');
    // A politeness marker still keeps the second member of a command a command.
    expect(moodOf('If the draft suits you, kindly sign and return a copy.', 'return')).toBe('imperative');
  });

  it('MOOD.ONE_WORD_PIECE: one verb and a comma inside a sentence of contract register is a list member', () => {
    const text =
      'The section titles of this Agreement are for reference only, and in no way define, limit, or extend the scope of any Section.';
    const piece = (disabledRules?: string[]) =>
      compile(text, disabledRules).find((clause) => clause.text === 'limit,')?.interpersonal.mood;
    expect(piece()).toBe('fragment');
    expect(piece(['MOOD.ONE_WORD_PIECE'])).toBe('imperative');
  });

  it('keeps a run of commands: "Stop, look, and listen."', () => {
    const clauses = compile('Stop, look, and listen.');
    expect(clauses.map((clause) => clause.interpersonal.mood)).toEqual([
      'imperative',
      'imperative',
      'imperative',
    ]);
  });

  it('keeps the commands: after an opening dependent clause, with "please", and at a sentence start', () => {
    expect(moodOf('If the alarm sounds, leave the building.', 'leave')).toBe('imperative');
    expect(moodOf('After signing, please return a copy of this lease to the Owner.', 'return')).toBe(
      'imperative',
    );
    expect(moodOf('The Seller shall deliver the goods. Sign the form below.', 'Sign')).toBe('imperative');
  });
});

describe('defined terms, labels and document parts that read as commands', () => {
  it('MOOD.QUOTED_TERM: a quoted term whose first word reads as a verb is the Subject of its definition', () => {
    const text = '"Change in Control" has the meaning given to that term in the Schedule.';
    expect(moodOf(text, 'Change')).toBe('declarative');
    expect(moodOf(text, 'Change', ['MOOD.QUOTED_TERM'])).toBe('imperative');
  });

  it('MOOD.QUOTED_TERM leaves quoted speech alone', () => {
    expect(moodOf('"Go home," he said.', 'Go')).toBe('imperative');
    expect(moodOf('"Stop!" she said.', 'Stop')).toBe('imperative');
  });

  it('MOOD.LABEL_LINE: the labels of a notice block are fragments, a command with "to" is not one', () => {
    expect(moodOf('Copy to:\nMary Beth Brody, Esq.', 'Copy')).toBe('fragment');
    expect(moodOf('Copy to:\nMary Beth Brody, Esq.', 'Copy', ['MOOD.LABEL_LINE'])).toBe('imperative');
    expect(moodOf('Go to Paris.', 'Go')).toBe('imperative');
  });

  it('MOOD.CONTRACT_TITLE_LINE: a title-case line of a contract is a heading; its commands stay commands', () => {
    const text = 'The Agreement ends on the Closing Date.\n\nTrust Account.\n\nThe Seller holds the notes.';
    expect(moodOf(text, 'Trust')).toBe('fragment');
    expect(moodOf(text, 'Trust', ['MOOD.CONTRACT_TITLE_LINE'])).toBe('imperative');
    const before = 'The Agreement ends on the Closing Date.\n\n';
    expect(moodOf(`${before}Please Sign Below`, 'Sign')).toBe('imperative');
    expect(moodOf(`${before}See Exhibit A`, 'See')).toBe('imperative');
    expect(moodOf(`${before}Turn Off The Lights`, 'Turn')).toBe('imperative');
    // Outside contract register a title-case command is left alone.
    expect(moodOf('We left early.\n\nTrust Account.', 'Trust')).toBe('imperative');
  });

  it('MOOD.VERB_NOUN_COORDINATION: a verb reading coordinated with a noun before "of" is a nominal group', () => {
    expect(moodOf('Use and retention of standard forms;', 'Use')).toBe('fragment');
    expect(moodOf('Use and retention of standard forms;', 'Use', ['MOOD.VERB_NOUN_COORDINATION'])).toBe(
      'imperative',
    );
    expect(moodOf('Wash and dry the dishes.', 'Wash')).toBe('imperative');
  });

  it('MOOD.DOCUMENT_PART_NUMBER: "Section 3 Intellectual Property Matters." names a part', () => {
    const text = 'Section 3 Intellectual Property Matters 3.1 Background IP.';
    expect(moodOf(text, 'Section')).not.toBe('imperative');
    expect(moodOf(text, 'Section', ['MOOD.DOCUMENT_PART_NUMBER'])).toBe('imperative');
    expect(moodOf('Pack one shelf at a time.', 'Pack')).toBe('imperative');
  });
});

describe('SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT', () => {
  it('keeps a passive Event after an adjunct between commas in the operator clause', () => {
    const text = 'The deposit shall, to the extent commercially feasible, be held in a separate account.';
    expect(compile(text)).toHaveLength(1);
    // The operator's modality reaches the Event ("shall" with no party: a stipulation, median).
    expect(compile(text)[0]?.interpersonal.modalityWeight).toBeGreaterThan(0);
    // Switched off, "be held ..." is a clause of its own (which MOOD.STRANDED_OPERATOR_EVENT still
    // reads as a statement, with no modality of its own).
    const off = compile(text, ['SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT']);
    expect(off).toHaveLength(2);
    expect(holding(off, 'be held')?.interpersonal.modalityWeight).toBe(0);
    const bothOff = compile(text, [
      'SEGMENT.OPERATOR_ADJUNCT_AUXILIARY_EVENT',
      'MOOD.STRANDED_OPERATOR_EVENT',
    ]);
    expect(holding(bothOff, 'be held')?.interpersonal.mood).toBe('imperative');
  });
});
