import { describe, expect, it } from 'vitest';
import { minimalPdf } from './__fixtures__/pdf';
import { createPipeline } from './pipeline';
import { extractPdfText, extractText } from './text-formats';

const MARKDOWN = `# Lease terms

The tenant **must** pay the [deposit](https://example.org) before
moving in.

## Keys

- Return the keys on Friday.
- Bring your passport

\`\`\`js
const deposit = 500; // code is not prose
\`\`\`

<div class="note">raw html block</div>

| item | cost |
| ---- | ---- |
| Rent | 500  |

# Pets
Dogs are not allowed &amp; cats neither.
`;

describe('extractText', () => {
  it('keeps the prose and headings of Markdown, drops code and HTML, and joins wrapped lines', () => {
    const { text, blocks } = extractText(MARKDOWN, 'markdown');
    expect(text).not.toMatch(/const deposit|raw html|```|\*\*|\|/);
    expect(text).toContain('The tenant must pay the deposit before moving in.');
    expect(text).toContain('Dogs are not allowed & cats neither.');
    const roles = blocks.map((block) => [block.role, text.slice(block.start, block.end), block.level]);
    expect(roles).toEqual([
      ['heading', 'Lease terms', 1],
      ['paragraph', 'The tenant must pay the deposit before moving in.', undefined],
      ['heading', 'Keys', 2],
      ['list_item', 'Return the keys on Friday.', undefined],
      ['list_item', 'Bring your passport', undefined],
      ['table_row', 'item; cost', undefined],
      ['table_row', 'Rent; 500', undefined],
      ['heading', 'Pets', 1],
      ['paragraph', 'Dogs are not allowed & cats neither.', undefined],
    ]);
  });

  it('keeps only the visible text of HTML', () => {
    const html = `<!doctype html><html><head><title>Title</title><style>p { color: red }</style></head>
      <body><nav hidden>Menu</nav><h2>House rules</h2><p>The tenant must pay.<br>Really &amp; truly.</p>
      <script>alert("no")</script><ul><li><p>Close the gate.</p></li><li>No dogs</li></ul>
      <pre>code here</pre><div style="display: none">secret</div><span aria-hidden="true">icon</span></body></html>`;
    const { text, blocks } = extractText(html, 'html');
    expect(text).toBe('House rules\n\nThe tenant must pay. Really & truly.\n\nClose the gate.\n\nNo dogs');
    expect(blocks.map((block) => block.role)).toEqual(['heading', 'paragraph', 'list_item', 'list_item']);
    expect(blocks[0]!.level).toBe(2);
  });

  it('returns plain text as given, with its paragraphs as blocks', () => {
    const source = '  First paragraph.\nStill first.\n\n \nSecond one.  ';
    const { text, blocks } = extractText(source, 'text');
    expect(text).toBe(source);
    expect(blocks.map((block) => source.slice(block.start, block.end))).toEqual([
      'First paragraph.\nStill first.',
      'Second one.',
    ]);
  });

  it('refuses a format it does not know, naming the field', () => {
    expect(() => extractText('x', 'docx' as never)).toThrow(/format must be one of text, markdown, html/);
  });

  it('reads the text of a PDF, mending words hyphenated across lines', async () => {
    const pdf = minimalPdf([
      'The tenant must pay the de-',
      'posit before moving in.',
      'Did the landlord return it?',
    ]);
    const { text } = await extractPdfText(pdf);
    expect(text).toBe('The tenant must pay the deposit before moving in. Did the landlord return it?');
  });
});

describe('compile with a format', () => {
  const pipeline = createPipeline();

  it('compiles the extracted prose, offsets into it, headings parents of what follows', () => {
    const clauses = pipeline.compile(MARKDOWN, { documentId: 'lease', format: 'markdown' });
    const { text } = extractText(MARKDOWN, 'markdown');
    for (const clause of clauses)
      expect(text.slice(clause.syntactic.start, clause.syntactic.end)).toBe(clause.text);
    const byText = (start: string) => clauses.find((clause) => clause.text.startsWith(start))!;
    const lease = byText('Lease terms');
    const keys = byText('Keys');
    expect(lease.interpersonal.mood).toBe('fragment');
    // A heading is a fragment whatever its words ("Deposit" alone would be an imperative).
    const deposit = pipeline.compile('# Deposit\n\nThe tenant must pay the deposit.', {
      documentId: 'd',
      format: 'markdown',
    })[0]!;
    expect(deposit.interpersonal).toMatchObject({ mood: 'fragment' });
    expect(deposit.interpersonal.reasoningTrace.inferenceRule).toBe('MOOD.HEADING');
    const plain = pipeline.compile('Deposit\n\nThe tenant must pay the deposit.', { documentId: 'd' });
    // Plain text has no mark-up, but the word alone on its line is a noun naming a topic, and
    // ANNOTATION.md makes such a heading a fragment (not an order to deposit).
    expect(plain[0]!.interpersonal.mood).toBe('fragment');
    expect(lease.syntactic.parentClauseId).toBeNull();
    expect(keys.syntactic.parentClauseId).toBe(lease.id);
    expect(byText('The tenant must pay').syntactic).toMatchObject({
      parentClauseId: lease.id,
      relation: 'heading',
    });
    expect(byText('Bring your passport').syntactic.parentClauseId).toBe(keys.id);
    // A heading of the same level closes the one before it.
    const pets = byText('Pets');
    expect(pets.syntactic.parentClauseId).toBeNull();
    expect(byText('Dogs are not allowed').syntactic.parentClauseId).toBe(pets.id);
    expect(clauses.some((clause) => /deposit = 500|raw html/.test(clause.text))).toBe(false);
  });

  it('leaves plain text as it was: same clauses and offsets without the format', () => {
    const text = 'Deposit\n\nThe tenant must pay the deposit.';
    const plain = pipeline.compile(text, { documentId: 'd' });
    const explicit = pipeline.compile(text, { documentId: 'd', format: 'text' });
    expect(
      explicit.map((clause) => [clause.text, clause.syntactic.start, clause.syntactic.parentClauseId]),
    ).toEqual(plain.map((clause) => [clause.text, clause.syntactic.start, clause.syntactic.parentClauseId]));
  });

  it('refuses a document with no prose in the format', () => {
    expect(() => pipeline.compile('```\ncode only\n```', { documentId: 'd', format: 'markdown' })).toThrow(
      /no visible prose as markdown/,
    );
  });
});

describe('SEGMENT.HASH_HEADING: a Markdown heading in plain text', () => {
  const pipeline = createPipeline({ clock: () => new Date(0) });

  it('makes "### Steps to reproduce" a heading that parents the lines after it', () => {
    const clauses = pipeline.compile('### Describe the bug\nUploading a large file fails.', {
      documentId: 'h',
    });
    expect(clauses[0]).toMatchObject({ text: '### Describe the bug' });
    expect(clauses[0]?.interpersonal.mood).toBe('fragment');
    expect(clauses[1]?.syntactic.parentClauseId).toBe(clauses[0]?.id);
    const off = createPipeline({ clock: () => new Date(0), disabledRules: ['SEGMENT.HASH_HEADING'] });
    expect(
      off.compile('### Describe the bug\nUploading a large file fails.', { documentId: 'h' })[0]
        ?.interpersonal.mood,
    ).toBe('imperative');
  });

  it('takes no count sign, no "#2" and no line of signs for a heading', () => {
    for (const text of [
      '# of units sold rose last year.\nThe rest fell.',
      '#2 its spotlessly clean.\nWe loved it.',
      '###\nThe rent is due.',
    ])
      expect(pipeline.compile(text, { documentId: 'h' })[0]?.interpersonal.mood, text).not.toBe('fragment');
  });
});
