import type { Upos } from '@cae/core';
import { describe, expect, it } from 'vitest';
import type { ClauseSegment } from './clause-segmenter';
import { createPipeline } from './pipeline';
import { coordinatedSubjectCut, joinSubjectPieceToFinite, nominalConjunctCut } from './tree-segments';

const pipeline = createPipeline({ clock: () => new Date(0) });
const without = createPipeline({
  clock: () => new Date(0),
  disabledRules: ['SEGMENT.TREE_MAIN_AFTER_OPENING', 'SEGMENT.TREE_CLAUSES'],
});

function shape(compiled: ReturnType<typeof pipeline.compile>) {
  const index = new Map(compiled.map((clause, at) => [clause.id, at]));
  return compiled.map((clause) => ({
    text: clause.text,
    dependency: clause.syntactic.dependency,
    mood: clause.interpersonal.mood,
    parent: clause.syntactic.parentClauseId === null ? -1 : index.get(clause.syntactic.parentClauseId),
  }));
}

/** A hand-made parse of `rows` (the segment rules read only these columns). */
function handTree(rows: readonly string[], pos: readonly Upos[], heads: number[], deprels: string[]) {
  return {
    values: rows,
    lower: rows.map((word) => word.toLowerCase()),
    lemmas: rows.map((word) => word.toLowerCase()),
    pos,
    starts: rows.map((_, at) => at * 10),
    ends: rows.map((_, at) => at * 10 + 5),
    heads,
    deprels,
  };
}

/** A finite verbal group from `start` to its head `head`. */
const finiteGroup = (start: number, head: number) => ({
  start,
  end: head + 1,
  head,
  finite: start,
  infinitive: false,
});

describe('SEGMENT.TREE_MAIN_AFTER_OPENING: the main clause after a run-on opening clause, from the parse', () => {
  it.each([
    ['If you cannot come you should call the office.', 'you should call the office.'],
    // The infinitive is the postposed Subject (csubj in the parse), an embedded clause of its own.
    ['Until we have the figures it would be unwise to make an offer.', 'it would be unwise'],
  ])('%s', (text, main) => {
    const clauses = shape(pipeline.compile(text, { documentId: 't' }));
    const independent = clauses.filter((clause) => clause.dependency === 'independent');
    expect(independent.map((clause) => clause.text)).toEqual([main]);
    expect(independent[0]!.mood).toBe('declarative');
    // The opening clause hangs on the main clause and keeps its dependent reading.
    const mainAt = clauses.findIndex((clause) => clause.dependency === 'independent');
    expect(clauses[0]).toMatchObject({ dependency: 'hypotactic', mood: 'indicative', parent: mainAt });
    // Without the rule the whole sentence is one dependent clause and no clause is the main one.
    const before = shape(without.compile(text, { documentId: 't' }));
    expect(before.some((clause) => clause.dependency === 'independent')).toBe(false);
  });

  it('leaves sentences that already have a main clause alone', () => {
    for (const text of [
      'If it rains, we stay home.',
      'We stay home if it rains.',
      'The tenant pays the deposit.',
    ]) {
      expect(shape(pipeline.compile(text, { documentId: 't' }))).toEqual(
        shape(without.compile(text, { documentId: 't' })),
      );
    }
  });
});

describe('SEGMENT.TREE_PHRASE_INTO_CLAUSE: a phrase the tree hangs on a clause joins it', () => {
  const unmerged = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['SEGMENT.TREE_PHRASE_INTO_CLAUSE', 'SEGMENT.TREE_CLAUSES'],
  });
  it.each(['Maria Lopez, a hard working lawyer, instead decided to sell the farm herself.'])('%s', (text) => {
    const clauses = shape(pipeline.compile(text, { documentId: 't' }));
    expect(clauses).toHaveLength(1);
    expect(clauses[0]).toMatchObject({ dependency: 'independent', text, parent: -1 });
    // Without the rule the opening phrase is a clause of its own.
    expect(unmerged.compile(text, { documentId: 't' }).length).toBeGreaterThan(1);
  });

  it('keeps clauses with a finite verb apart', () => {
    expect(pipeline.compile("You don't know what that means.", { documentId: 't' })).toHaveLength(2);
    expect(
      pipeline.compile('The report, which nobody read, was filed in March.', { documentId: 't' }),
    ).toHaveLength(2);
  });
});

describe('SEGMENT.TREE_CLAUSE_HEAD: the clause takes the verbal group the tree makes its head', () => {
  const firstGroup = createPipeline({
    clock: () => new Date(0),
    // The mood tree rules read Subject and Finite off the tree whatever the clause's head,
    // MOOD.FINITE_OPERATOR_OUTSIDE_GROUP finds a finite operator the first group left out, and
    // MOOD.TENSED_VERB_AFTER_INSERTION a tensed verb after "The spring, however,": off too.
    disabledRules: [
      'SEGMENT.TREE_CLAUSE_HEAD',
      'MOOD.TREE_SUBJECT_BEFORE_FINITE',
      'MOOD.TREE_STATEMENT_BELOW_ROOT',
      'MOOD.FINITE_OPERATOR_OUTSIDE_GROUP',
      'MOOD.TENSED_VERB_AFTER_INSERTION',
    ],
  });
  it.each([
    'In practice, trained nurses usually know the ward routines well.',
    'Rehearsing your speech is essential.',
    'The spring, however, brought a sharp rise in prices.',
  ])('%s is declarative', (text) => {
    const main = shape(pipeline.compile(text, { documentId: 't' }))[0];
    expect(main).toMatchObject({ dependency: 'independent', mood: 'declarative' });
    // Read from the first verbal group alone, the clause had no Finite.
    expect(shape(firstGroup.compile(text, { documentId: 't' }))[0]?.mood).toBe('fragment');
  });

  it('gives the Finite and the Event to the head verb', () => {
    const clause = pipeline.compile('In practice, trained nurses usually know the ward routines well.', {
      documentId: 't',
    })[0];
    const finite = clause?.syntactic.tokens.find((token) => token.isFinite);
    expect(finite?.text).toBe('know');
    expect(clause?.ideational.processType).toBe('mental');
  });
});

describe('SEGMENT.TREE_CLAUSES: clause boundaries from the parse where the word order miscounts', () => {
  const wordOrder = createPipeline({ clock: () => new Date(0), disabledRules: ['SEGMENT.TREE_CLAUSES'] });

  it('cuts a contact relative clause the word order runs on (acl:relcl with no relative pronoun)', () => {
    const text = 'Resolving this conflict would be the most effective weapon the United States could deploy.';
    expect(shape(pipeline.compile(text, { documentId: 't' }))).toEqual([
      {
        text: 'Resolving this conflict would be the most effective weapon',
        dependency: 'independent',
        mood: 'declarative',
        parent: -1,
      },
      { text: 'the United States could deploy.', dependency: 'embedded', mood: 'indicative', parent: 0 },
    ]);
    // The word order finds one clause only: no marker stands between the two verbal groups.
    expect(wordOrder.compile(text, { documentId: 't' })).toHaveLength(1);
  });

  it('keeps the word-order segments where both count the same clauses', () => {
    for (const text of [
      'If it rains, we stay home.',
      'She said that the shop was closed.',
      'Take the bus.',
    ]) {
      expect(shape(pipeline.compile(text, { documentId: 't' }))).toEqual(
        shape(wordOrder.compile(text, { documentId: 't' })),
      );
    }
  });

  it('leaves an inverted conditional and an exclamative to the word order', () => {
    expect(shape(pipeline.compile('Should it snow, the school will close.', { documentId: 't' }))).toEqual(
      shape(wordOrder.compile('Should it snow, the school will close.', { documentId: 't' })),
    );
    expect(pipeline.compile('what a lovely voice she has', { documentId: 't' })[0]?.interpersonal.mood).toBe(
      'exclamative',
    );
  });

  it('makes no clause of punctuation alone and keeps a parenthesised number in its clause', () => {
    const text =
      'The tenant shall pay within ninety (90) days the amount the landlord states in the notice that he sends.';
    const clauses = pipeline.compile(text, { documentId: 't' });
    expect(clauses.length).toBeGreaterThan(1);
    for (const clause of clauses) {
      expect(clause.text).toMatch(/[A-Za-z0-9]/);
      expect(clause.syntactic.tokens.at(-1)?.text).not.toBe('(');
    }
    expect(clauses.find((clause) => clause.text.includes('ninety'))?.text).toContain('(90) days');
  });
});

describe('SEGMENT.SUBJECT_PIECE_THEN_FINITE: a Subject cut off before the Finite that opens the next clause', () => {
  type Row = [text: string, pos: Upos, head: number, deprel: string];
  /** A hand-built parse of one sentence (the rule reads only these columns). */
  /** Tokens joined by a space, but those in `glued` touch the token before them. */
  function tree(rows: readonly Row[], glued: readonly number[] = []) {
    const starts: number[] = [];
    const ends: number[] = [];
    let at = 0;
    rows.forEach(([text], index) => {
      if (index > 0 && !glued.includes(index)) at += 1;
      starts.push(at);
      at += text.length;
      ends.push(at);
    });
    return {
      starts,
      ends,
      values: rows.map(([text]) => text),
      lower: rows.map(([text]) => text.toLowerCase()),
      lemmas: rows.map(([text]) => (text === 'is' || text === 'was' ? 'be' : text.toLowerCase())),
      pos: rows.map(([, tag]) => tag),
      heads: rows.map(([, , head]) => head),
      deprels: rows.map(([, , , deprel]) => deprel),
    };
  }
  const piece = (tokens: number[]): ClauseSegment => ({
    tokens,
    dependency: 'independent',
    relation: null,
    parent: -1,
    group: null,
  });
  const finiteFirst = (tokens: number[], finite: number, head: number): ClauseSegment => ({
    tokens,
    dependency: 'paratactic',
    relation: ',',
    parent: -1,
    group: { start: finite, end: head + 1, head, finite, infinitive: false },
  });
  const stated: Row[] = [
    ['Cheap', 'ADJ', 1, 'amod'],
    ['bread', 'NOUN', 4, 'nsubj'],
    [',', 'PUNCT', 1, 'punct'],
    ['is', 'AUX', 4, 'cop'],
    ['scarce', 'ADJ', -1, 'root'],
    ['.', 'PUNCT', 4, 'punct'],
  ];

  it('joins the Subject piece to the clause whose Finite opens it', () => {
    const joined = joinSubjectPieceToFinite(
      tree(stated),
      [piece([0, 1, 2]), finiteFirst([3, 4, 5], 3, 4)],
      6,
    );
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ tokens: [0, 1, 2, 3, 4, 5], dependency: 'independent', parent: -1 });
    expect(joined[0]?.group?.finite).toBe(3);
  });

  it.each<[string, Row[], number[], number[]]>([
    [
      'a command before it',
      [
        ['Check', 'VERB', -1, 'root'],
        ['it', 'PRON', 0, 'obj'],
        [',', 'PUNCT', 0, 'punct'],
        ['is', 'AUX', 4, 'cop'],
        ['easy', 'ADJ', 0, 'parataxis'],
        ['.', 'PUNCT', 0, 'punct'],
      ],
      [0, 1, 2],
      [3, 4, 5],
    ],
    [
      'its subordinator in the piece',
      [
        ['as', 'SCONJ', 4, 'mark'],
        ['rent', 'NOUN', 4, 'nsubj'],
        [',', 'PUNCT', 1, 'punct'],
        ['is', 'AUX', 4, 'cop'],
        ['due', 'ADJ', -1, 'root'],
        ['.', 'PUNCT', 4, 'punct'],
      ],
      [0, 1, 2],
      [3, 4, 5],
    ],
    [
      'its relative pronoun in the piece',
      [
        ['rent', 'NOUN', -1, 'root'],
        ['which', 'PRON', 4, 'nsubj'],
        [',', 'PUNCT', 1, 'punct'],
        ['is', 'AUX', 4, 'cop'],
        ['due', 'ADJ', 0, 'acl:relcl'],
        ['.', 'PUNCT', 0, 'punct'],
      ],
      [0, 1, 2],
      [3, 4, 5],
    ],
    [
      'a Subject of its own',
      [
        ['rent', 'NOUN', -1, 'root'],
        [',', 'PUNCT', 0, 'punct'],
        ['is', 'AUX', 4, 'cop'],
        ['it', 'PRON', 4, 'nsubj'],
        ['due', 'ADJ', 0, 'parataxis'],
        ['.', 'PUNCT', 0, 'punct'],
      ],
      [0, 1],
      [2, 3, 4, 5],
    ],
    [
      'a capital Finite (a quotation)',
      [
        ['rent', 'NOUN', -1, 'root'],
        [',', 'PUNCT', 0, 'punct'],
        ['Is', 'AUX', 3, 'cop'],
        ['due', 'ADJ', 0, 'parataxis'],
        ['.', 'PUNCT', 0, 'punct'],
      ],
      [0, 1],
      [2, 3, 4],
    ],
    [
      'a finite operator in the piece',
      [
        ['rent', 'NOUN', 3, 'nsubj'],
        ['shall', 'AUX', 3, 'aux'],
        ['be', 'AUX', 3, 'cop'],
        ['due', 'ADJ', -1, 'root'],
        [',', 'PUNCT', 6, 'punct'],
        ['is', 'AUX', 6, 'cop'],
        ['fixed', 'ADJ', 3, 'conj'],
        ['.', 'PUNCT', 3, 'punct'],
      ],
      [0, 1, 2, 3, 4],
      [5, 6, 7],
    ],
    [
      'a subordinating verb opening the piece',
      [
        ['provided', 'VERB', -1, 'root'],
        ['rent', 'NOUN', 0, 'obj'],
        [',', 'PUNCT', 0, 'punct'],
        ['is', 'AUX', 4, 'cop'],
        ['paid', 'ADJ', 0, 'ccomp'],
        ['.', 'PUNCT', 0, 'punct'],
      ],
      [0, 1, 2],
      [3, 4, 5],
    ],
  ])('leaves the pieces apart with %s', (_case, rows, first, second) => {
    const last = second[second.length - 1] as number;
    const finite = second.find((index) => rows[index]?.[1] === 'AUX') as number;
    const segments = [piece(first), finiteFirst(second, finite, finite + 1)];
    expect(joinSubjectPieceToFinite(tree(rows), segments, last + 1)).toHaveLength(2);
  });

  it('leaves a quoted word alone', () => {
    const rows: Row[] = [
      ['words', 'NOUN', -1, 'root'],
      ['"', 'PUNCT', 2, 'punct'],
      ['is', 'AUX', 0, 'appos'],
      ['"', 'PUNCT', 2, 'punct'],
      ['.', 'PUNCT', 0, 'punct'],
    ];
    const segments = [piece([0]), finiteFirst([1, 2, 3, 4], 2, 2)];
    expect(joinSubjectPieceToFinite(tree(rows, [2, 3]), segments, 5)).toHaveLength(2);
    // The same word with spaces around its marks is no quoted word.
    expect(joinSubjectPieceToFinite(tree(rows), segments, 5)).toHaveLength(1);
  });

  it('leaves a question alone', () => {
    const asked = stated.map((row, at): Row => (at === 5 ? ['?', 'PUNCT', 4, 'punct'] : row));
    expect(
      joinSubjectPieceToFinite(tree(asked), [piece([0, 1, 2]), finiteFirst([3, 4, 5], 3, 4)], 6),
    ).toHaveLength(2);
  });

  describe('SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB: a tensed verb chained to the participle before it', () => {
    /** "the sound of bells ringing | faded (in) ...": the verb hangs on the participle as advcl. */
    const chained = (
      verb: string,
      after: string,
      relation = 'advcl',
      participle = 'acl',
      form = 'ringing',
    ): Row[] => [
      ['the', 'DET', 1, 'det'],
      ['sound', 'NOUN', -1, 'root'],
      ['of', 'ADP', 3, 'case'],
      ['bells', 'NOUN', 1, 'nmod'],
      [form, 'VERB', 3, participle],
      [verb, 'VERB', 4, relation],
      [after, 'ADP', 7, 'case'],
      ['town', 'NOUN', 5, 'obl'],
      ['.', 'PUNCT', 1, 'punct'],
    ];
    const lexical = (tokens: number[], head: number): ClauseSegment => ({
      tokens,
      dependency: 'hypotactic',
      relation: ',',
      parent: 0,
      group: { start: head, end: head + 1, head, finite: -1, infinitive: false },
    });
    const join = (rows: Row[]) =>
      joinSubjectPieceToFinite(
        {
          ...tree(rows),
          lemmas: rows.map(([text]) =>
            text.startsWith('fad') ? 'fade' : text === 'ringing' ? 'ring' : text,
          ),
        },
        [piece([0, 1, 2, 3, 4]), lexical([5, 6, 7, 8], 5)],
        9,
        'past',
      );

    it('joins the pieces and makes the verb the Finite', () => {
      const joined = join(chained('faded', 'in'));
      expect(joined).toHaveLength(1);
      expect(joined[0]?.group?.finite).toBe(5);
      expect(joined[0]?.dependency).toBe('independent');
    });

    it.each<[string, Row[]]>([
      ['a passive agent after it', chained('faded', 'by')],
      ['an "-ing" form', chained('fading', 'in')],
      ['a base form', chained('fade', 'in')],
      ['a modifier reading of the verb', chained('faded', 'in', 'acl')],
      ['no participle modifier before it', chained('faded', 'in', 'advcl', 'advcl')],
      ['a base form it hangs on', chained('faded', 'in', 'advcl', 'acl', 'ring')],
    ])('leaves the pieces apart with %s', (_case, rows) => {
      expect(join(rows)).toHaveLength(2);
    });

    it('leaves a verb right after a noun (a participle qualifying it) alone', () => {
      // "the men ringing bells | faded in town": "bells" stands between the participle and the verb.
      const rows: Row[] = [
        ['the', 'DET', 1, 'det'],
        ['men', 'NOUN', -1, 'root'],
        ['ringing', 'VERB', 1, 'acl'],
        ['bells', 'NOUN', 2, 'obj'],
        ['faded', 'VERB', 2, 'advcl'],
        ['in', 'ADP', 6, 'case'],
        ['town', 'NOUN', 4, 'obl'],
        ['.', 'PUNCT', 1, 'punct'],
      ];
      const lemmas = rows.map(([text]) => (text === 'faded' ? 'fade' : text === 'ringing' ? 'ring' : text));
      const split = [piece([0, 1, 2, 3]), lexical([4, 5, 6, 7], 4)];
      expect(joinSubjectPieceToFinite({ ...tree(rows), lemmas }, split, 8, 'past')).toHaveLength(2);
    });

    it('leaves a clause with a Finite to SEGMENT.SUBJECT_PIECE_THEN_FINITE', () => {
      const segments = [piece([0, 1, 2]), finiteFirst([3, 4, 5], 3, 4)];
      expect(joinSubjectPieceToFinite(tree(stated), segments, 6, 'past')).toHaveLength(2);
    });
  });
});

describe('SEGMENT.OPENING_ADVERBIAL_COMMAND: a command after an opening adjunct clause', () => {
  const off = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['SEGMENT.OPENING_ADVERBIAL_COMMAND'],
  });

  it('keeps "or electric shock" in the purpose clause and makes the command the main clause', () => {
    const text = 'To reduce the risk of fire or electric shock, do not expose this appliance to water.';
    expect(shape(pipeline.compile(text, { documentId: 't' }))).toEqual([
      {
        text: 'To reduce the risk of fire or electric shock,',
        dependency: 'hypotactic',
        mood: 'fragment',
        parent: 1,
      },
      {
        text: 'do not expose this appliance to water.',
        dependency: 'independent',
        mood: 'imperative',
        parent: -1,
      },
    ]);
    expect(off.compile(text, { documentId: 't' })[0]?.text).toBe('To reduce the risk of fire');
  });

  it('leaves a statement the parse hung on a later verb, and a label before a statement, as the word order cuts them', () => {
    const statement =
      'Joke-telling is one of the best ways to ease tension, make a new friend, or light up a room.';
    expect(pipeline.compile(statement, { documentId: 't' })[0]?.interpersonal.mood).toBe('declarative');
    const labelled = pipeline.compile('A: When I got home, the floor was wet.', { documentId: 't' });
    expect(labelled.map((clause) => clause.syntactic.dependency)).toEqual(['hypotactic', 'independent']);
  });
});

describe('SEGMENT.COORDINATED_SUBJECT_CUT: a coordinated Subject cut at its coordinator goes whole to its clause', () => {
  const off = createPipeline({
    clock: () => new Date(0),
    disabledRules: ['SEGMENT.COORDINATED_SUBJECT_CUT'],
  });
  const segmentsOf = (compiled: ReturnType<typeof pipeline.compile>) =>
    compiled.map((clause) => [clause.text, clause.syntactic.dependency, clause.syntactic.relation]);

  it('moves the Subject with the subordinator that opens its clause', () => {
    const text =
      'Accordingly, the parties agree that the validity, interpretation and legal effect of this Agreement shall be governed by the laws of New York.';
    const clauses = shape(pipeline.compile(text, { documentId: 't' }));
    expect(segmentsOf(pipeline.compile(text, { documentId: 't' }))).toEqual([
      ['Accordingly, the parties agree', 'independent', null],
      [
        'that the validity, interpretation and legal effect of this Agreement shall be governed by the laws of New York.',
        'hypotactic',
        'reported',
      ],
    ]);
    expect(clauses[1]).toMatchObject({ parent: 0, mood: 'indicative' });
    // Off: the word order cuts at "and legal effect", a coordinated clause with half a Subject.
    expect(segmentsOf(off.compile(text, { documentId: 't' }))[1]).toEqual([
      'and legal effect of this Agreement shall be governed by the laws of New York.',
      'paratactic',
      'and',
    ]);
  });

  it('gives the main clause its whole Subject after an opening dependent clause', () => {
    const text =
      'If the transfer is not approved by the Company, your executor, administrator or personal representative shall transfer your interest to a third party.';
    const compiled = pipeline.compile(text, { documentId: 't' });
    expect(segmentsOf(compiled)).toEqual([
      ['If the transfer is not approved by the Company,', 'hypotactic', 'if'],
      [
        'your executor, administrator or personal representative shall transfer your interest to a third party.',
        'independent',
        null,
      ],
    ]);
    expect(compiled[1]!.ideational.participants.find((p) => p.role === 'actor')?.text).toBe(
      'your executor, administrator or personal representative',
    );
    expect(off.compile(text, { documentId: 't' })[0]!.text).toBe(
      'If the transfer is not approved by the Company, your executor, administrator',
    );
  });

  it('leaves a nominal after a preposition where it is', () => {
    const text =
      'The parties are independent contractors with respect to each other and nothing herein shall create any partnership.';
    expect(segmentsOf(pipeline.compile(text, { documentId: 't' }))).toEqual(
      segmentsOf(off.compile(text, { documentId: 't' })),
    );
  });

  it('reads the parse, not the words: no Subject chain across the cut, no move', () => {
    // "We pay today , the fee and costs shall be paid", hand-made: once with "fee" the Subject of "paid"
    // (its conjunct "costs"), once with "costs" alone its Subject and "fee" the object of "pay".
    const rows = ['We', 'pay', 'today', ',', 'the', 'fee', 'and', 'costs', 'shall', 'be', 'paid'];
    const pos: Upos[] = [
      'PRON',
      'VERB',
      'ADV',
      'PUNCT',
      'DET',
      'NOUN',
      'CCONJ',
      'NOUN',
      'AUX',
      'AUX',
      'VERB',
    ];
    const arrays = (heads: number[], deprels: string[]) => handTree(rows, pos, heads, deprels);
    const group = finiteGroup;
    const segments = (): ClauseSegment[] => [
      {
        tokens: [0, 1, 2, 3, 4, 5],
        dependency: 'independent',
        relation: null,
        parent: -1,
        group: group(1, 1),
      },
      {
        tokens: [6, 7, 8, 9, 10],
        dependency: 'paratactic',
        relation: 'and',
        parent: -1,
        group: group(8, 10),
      },
    ];
    const subject = arrays(
      [1, -1, 1, 10, 5, 10, 7, 5, 10, 10, 1],
      ['nsubj', 'root', 'advmod', 'punct', 'det', 'nsubj:pass', 'cc', 'conj', 'aux', 'aux:pass', 'parataxis'],
    );
    const moved = coordinatedSubjectCut(subject, segments(), 0, rows.length);
    expect(moved.map((segment) => segment.tokens)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7, 8, 9, 10],
    ]);
    // The coordinator was the Subject's: the clause is no coordinated clause.
    expect(moved[1]).toMatchObject({ dependency: 'independent', relation: null });
    const object = arrays(
      [1, -1, 1, 10, 5, 1, 7, 10, 10, 10, 1],
      ['nsubj', 'root', 'advmod', 'punct', 'det', 'obj', 'cc', 'nsubj:pass', 'aux', 'aux:pass', 'parataxis'],
    );
    expect(coordinatedSubjectCut(object, segments(), 0, rows.length)).toEqual(segments());
  });
});

describe('SEGMENT.NOMINAL_CONJUNCT_CUT: a coordination of nominal groups cut at its coordinator is one clause again', () => {
  // "We keep the books and records , which we audit": hand-made, "records" the conj of "books".
  const rows = ['We', 'keep', 'the', 'books', 'and', 'records', 'held', 'here'];
  const arrays = (heads: number[], deprels: string[], pos: Upos[]) => handTree(rows, pos, heads, deprels);
  const group = finiteGroup;
  const segments = (): ClauseSegment[] => [
    { tokens: [0, 1, 2, 3], dependency: 'independent', relation: null, parent: -1, group: group(1, 1) },
    { tokens: [4, 5, 6, 7], dependency: 'paratactic', relation: 'and', parent: -1, group: group(6, 6) },
  ];
  const pos: Upos[] = ['PRON', 'VERB', 'DET', 'NOUN', 'CCONJ', 'NOUN', 'VERB', 'ADV'];

  it("joins the piece whose every word is in the first conjunct's group (a participle on it included)", () => {
    const tree = arrays(
      [1, -1, 3, 1, 5, 3, 5, 6],
      ['nsubj', 'root', 'det', 'obj', 'cc', 'conj', 'acl', 'advmod'],
      pos,
    );
    expect(nominalConjunctCut(tree, segments(), 0, rows.length).map((segment) => segment.tokens)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
    ]);
  });

  it('gives the joined clause the place of the piece when the clause before hung on it', () => {
    const tree = arrays(
      [1, -1, 3, 1, 5, 3, 5, 6],
      ['nsubj', 'root', 'det', 'obj', 'cc', 'conj', 'acl', 'advmod'],
      pos,
    );
    const hanging = segments();
    hanging[0] = { ...hanging[0]!, dependency: 'hypotactic', relation: 'if', parent: 1 };
    hanging[1] = { ...hanging[1]!, dependency: 'independent', relation: null };
    expect(nominalConjunctCut(tree, hanging, 0, rows.length)).toEqual([
      {
        ...hanging[0]!,
        tokens: [0, 1, 2, 3, 4, 5, 6, 7],
        dependency: 'independent',
        relation: null,
        parent: -1,
      },
    ]);
  });

  it('leaves a piece with a clause of its own after the nominal group', () => {
    // "held" the verb of a clause coordinated with "keep" ("... and records, held here" read as a clause).
    const tree = arrays(
      [1, -1, 3, 1, 5, 3, 1, 6],
      ['nsubj', 'root', 'det', 'obj', 'cc', 'conj', 'conj', 'advmod'],
      pos,
    );
    expect(nominalConjunctCut(tree, segments(), 0, rows.length)).toEqual(segments());
  });

  it('reads a clause on the noun with a subordinator as a clause, an "-ing" form after "for" as the group', () => {
    const on = (words: string[], tags: Upos[]) =>
      nominalConjunctCut(
        handTree(
          words,
          tags,
          [1, -1, 3, 1, 5, 3, 7, 5],
          ['nsubj', 'root', 'det', 'obj', 'cc', 'conj', 'mark', 'acl'],
        ),
        segments(),
        0,
        words.length,
      ).length;
    const tags: Upos[] = ['PRON', 'VERB', 'DET', 'NOUN', 'CCONJ', 'NOUN', 'SCONJ', 'VERB'];
    // "... books and records that fail": a clause of its own on "records".
    expect(on(['We', 'keep', 'the', 'books', 'and', 'records', 'that', 'fail'], tags)).toBe(2);
    // "... books and records for auditing": part of the nominal group.
    expect(on(['We', 'keep', 'the', 'books', 'and', 'records', 'for', 'auditing'], tags)).toBe(1);
  });

  it('leaves a coordinated clause alone', () => {
    const verbs: Upos[] = ['PRON', 'VERB', 'DET', 'NOUN', 'CCONJ', 'VERB', 'VERB', 'ADV'];
    const tree = arrays(
      [1, -1, 3, 1, 5, 1, 5, 6],
      ['nsubj', 'root', 'det', 'obj', 'cc', 'conj', 'xcomp', 'advmod'],
      verbs,
    );
    expect(nominalConjunctCut(tree, segments(), 0, rows.length)).toEqual(segments());
  });
});
