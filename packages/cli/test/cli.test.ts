import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@cae/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../pipeline/src/__fixtures__/pdf';
import { runCli } from '../src/cli';
import { captureIo, TEST_EMBEDDING_CACHE } from './helpers';

describe('cae CLI', () => {
  let dir: string;
  const io = (stdin = '') =>
    captureIo({ CAE_DATA_DIR: join(dir, 'data'), CAE_EMBEDDING_CACHE_DIR: TEST_EMBEDDING_CACHE }, stdin);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-cli-'));
    await writeFile(join(dir, 'lease.txt'), 'The tenant must pay the deposit. Did the landlord return it?');
    await writeFile(join(dir, 'rules.txt'), 'Please close the gate. Dogs are not allowed in the garden.');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a data directory a server holds, naming it, and changes nothing', async () => {
    const held = join(dir, 'held');
    const server = await createEngine({ store: { url: held, owner: 'engine server' } });
    try {
      const refused = io();
      refused.env.CAE_DATA_DIR = held;
      expect(await runCli(['compile', join(dir, 'lease.txt')], refused)).toBe(1);
      expect(refused.err.join('')).toContain(`is in use by the engine server, pid ${process.pid}`);
      expect((await server.listClauses()).total).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('compiles a file into a readable table, or wire JSON with --json, or from stdin', async () => {
    const table = io();
    expect(await runCli(['compile', join(dir, 'lease.txt')], table)).toBe(0);
    expect(table.out.join('')).toMatch(/mood\s+process[\s\S]*declarative[\s\S]*interrogative/);

    const json = io();
    expect(await runCli(['compile', '--json', join(dir, 'lease.txt')], json)).toBe(0);
    const clauses = JSON.parse(json.out.join(''));
    expect(clauses[0]).toHaveProperty('interpersonal.modality_weight');

    const piped = io('Return the keys.');
    expect(await runCli(['compile', '-'], piped)).toBe(0);
    expect(piped.out.join('')).toMatch(/imperative/);
  });

  it('ingests globs with a progress line and a summary, then searches and answers from them', async () => {
    const ingest = io();
    expect(await runCli(['ingest', join(dir, '*.txt')], ingest)).toBe(0);
    expect(ingest.out.join('')).toMatch(/ingested 2 of 2 files: \d+ clauses with embeddings in [\d.]+ s/);
    expect(ingest.err.join('')).toMatch(/2\/2 files, \d+ clauses, [\d.]+ files\/s, \d+ clauses\/s, done/);

    const search = io();
    expect(await runCli(['search', 'deposit', '--mood', 'declarative'], search)).toBe(0);
    expect(search.out.join('')).toMatch(/deposit/);

    const questions = io();
    expect(await runCli(['search', 'landlord deposit', '--mood', 'interrogative', '--json'], questions)).toBe(
      0,
    );
    const response = JSON.parse(questions.out.join(''));
    expect(response.results.every((result: any) => result.mood === 'interrogative')).toBe(true);

    // --modality-type: the two obligations of the two files, "must pay" (high) and "are not allowed" (a permission
    // denied: obligation, low, negative; MODALITY.PASSIVE_DEONTIC); the questions and the plain statements are none.
    const obligations = io();
    expect(
      await runCli(
        ['search', 'tenant deposit landlord gate', '--modality-type', 'obligation', '--json'],
        obligations,
      ),
    ).toBe(0);
    const obliged = JSON.parse(obligations.out.join(''));
    expect(obliged.results.map((result: any) => result.text).sort()).toEqual([
      'Dogs are not allowed in the garden.',
      'The tenant must pay the deposit.',
    ]);

    const ask = io();
    expect(await runCli(['ask', 'Who must pay the deposit?'], ask)).toBe(0);
    const printed = ask.out.join('');
    expect(printed).toMatch(/confidence \d\.\d\d[\s\S]*\[\d+\]/);
    // One numbering: every [n] of the answer is a line of the list below it, and no other.
    const [answerText = '', list = ''] = printed.split(/\n\nconfidence [^\n]*\n/);
    const cited = [...answerText.matchAll(/\[(\d+)\]/g)].map((match) => match[1]).sort();
    const listed = [...list.matchAll(/^\[(\d+)\]/gm)].map((match) => match[1]).sort();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual([...new Set(cited)]);

    const doctor = io();
    expect(await runCli(['doctor'], doctor)).toBe(0);
    expect(doctor.out.join('')).toMatch(/ok {3}clause count mismatch[\s\S]*the store is sound/);
  });

  it('ingests the good files of a batch when one file of it fails, naming that file', async () => {
    const batchDir = join(dir, 'batch');
    await mkdir(batchDir);
    await writeFile(join(batchDir, 'a.txt'), 'The tenant returns the keys on Friday.');
    await writeFile(join(batchDir, 'b.txt'), '   \n  ');
    await writeFile(join(batchDir, 'c.txt'), 'Ask the landlord about the boiler.');
    const run = io();
    run.env.CAE_DATA_DIR = join(batchDir, 'data');
    expect(await runCli(['ingest', '--no-embed', join(batchDir, '*.txt')], run)).toBe(1);
    expect(run.out.join('')).toMatch(/ingested 2 of 3 files: 2 clauses in/);
    expect(run.err.join('')).toMatch(/1 file failed:\nfailed: .*b\.txt: .*empty/);
    // The progress line counts the failure once, and the clauses of the good files only.
    expect(run.err.join('')).toMatch(/3\/3 files, 2 clauses, 1 failed/);
    const search = io();
    search.env.CAE_DATA_DIR = join(batchDir, 'data');
    expect(await runCli(['search', 'boiler', '--json'], search)).toBe(0);
    expect(JSON.parse(search.out.join('')).results[0].text).toMatch(/boiler/);
  });

  it('reads Markdown, HTML and PDF by extension: prose and headings in, code and markup out', async () => {
    const formats = join(dir, 'formats');
    await mkdir(formats);
    await writeFile(
      join(formats, 'guide.md'),
      '# Moving out\n\nThe tenant **must** return the keys.\n\n```sh\nrm -rf keys\n```\n\n<div>raw html</div>\n\n- Close every window.\n',
    );
    await writeFile(
      join(formats, 'page.html'),
      '<html><head><style>p{color:red}</style><script>var deposit = 1;</script></head><body><h1>Deposit</h1><p>The landlord holds the deposit.</p></body></html>',
    );
    await writeFile(join(formats, 'letter.pdf'), minimalPdf(['The landlord may keep the deposit.']));
    const json = (file: string) => async () => {
      const run = io();
      expect(await runCli(['compile', '--json', join(formats, file)], run)).toBe(0);
      return JSON.parse(run.out.join('')) as {
        text: string;
        syntactic: { parent_clause_id: string | null };
      }[];
    };
    const markdown = await json('guide.md')();
    expect(markdown.map((clause) => clause.text)).toEqual([
      'Moving out',
      'The tenant must return the keys.',
      'Close every window.',
    ]);
    expect(markdown[1]!.syntactic.parent_clause_id).not.toBeNull();
    const html = await json('page.html')();
    expect(html.map((clause) => clause.text)).toEqual(['Deposit', 'The landlord holds the deposit.']);
    const pdf = await json('letter.pdf')();
    expect(pdf.map((clause) => clause.text)).toEqual(['The landlord may keep the deposit.']);
    // --format overrides the extension: the same Markdown read as plain text keeps its markup.
    const raw = io();
    expect(await runCli(['compile', '--json', '--format', 'text', join(formats, 'guide.md')], raw)).toBe(0);
    expect(raw.out.join('')).toMatch(/rm -rf keys/);
    const bad = io();
    expect(await runCli(['compile', '--format', 'docx', join(formats, 'guide.md')], bad)).toBe(1);
    expect(bad.err.join('')).toMatch(/--format must be one of text, markdown, html, pdf/);
  });

  it('prints a progress line every few seconds without a terminal, per file on one', async () => {
    const many = join(dir, 'many');
    await mkdir(many);
    for (let index = 0; index < 6; index += 1)
      await writeFile(join(many, `${index}.txt`), `The tenant pays rent number ${index}.`);
    const logged = io();
    logged.env.CAE_DATA_DIR = join(many, 'data-log');
    logged.progressIntervalMs = 0;
    expect(await runCli(['ingest', '--no-embed', join(many, '*.txt')], logged)).toBe(0);
    const lines = logged.err.join('').split('\n').filter(Boolean);
    // With no interval every file gets its line; each has files, clauses, rate and time left.
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^\[#+\.+\] 1\/6 files, 1 clauses, [\d.]+ files\/s, \d+ clauses\/s, ETA \d+/);
    expect(lines[5]).toMatch(/6\/6 files, 6 clauses, .*done$/);

    const terminal = io();
    terminal.env.CAE_DATA_DIR = join(many, 'data-tty');
    terminal.isTty = true;
    expect(await runCli(['ingest', '--no-embed', join(many, '*.txt')], terminal)).toBe(0);
    const drawn = terminal.err.join('');
    // One line redrawn in place (carriage return, clear to the end), ended once.
    expect(drawn.startsWith('\r')).toBe(true);
    expect(drawn).toMatch(/6\/6 files, 6 clauses, .*done\x1b\[K\n$/);
    expect(drawn.split('\n')).toHaveLength(2);
  });

  it('explains bad usage with a non-zero exit', async () => {
    const unknown = io();
    expect(await runCli(['frobnicate'], unknown)).toBe(2);
    expect(unknown.err.join('')).toMatch(/unknown command/);
    const missing = io();
    expect(await runCli(['compile', join(dir, 'nope.txt')], missing)).toBe(1);
    expect(missing.err.join('')).toMatch(/nope\.txt/);
    const badFilter = io();
    expect(await runCli(['search', 'x', '--mood', 'question'], badFilter)).toBe(1);
    expect(badFilter.err.join('')).toMatch(/mood/);
    const noMatch = io();
    expect(await runCli(['ingest', join(dir, '*.nothing')], noMatch)).toBe(1);
  });
});
