import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './start-test-server';

type Json = any;

describe('POST /pipeline/compile with a format, over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const compile = async (body: unknown): Promise<{ status: number; json: Json }> => {
    const response = await fetch(`${server.url}/pipeline/compile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('compiles Markdown and HTML from their prose, offsets into the extracted text', async () => {
    const markdown = await compile({
      text: '## Deposit\n\nThe tenant **must** pay\nthe deposit.\n\n```\nSELECT 1;\n```\n',
      format: 'markdown',
      document_id: 'lease.md',
    });
    expect(markdown.status).toBe(200);
    expect(markdown.json.map((clause: Json) => clause.text)).toEqual([
      'Deposit',
      'The tenant must pay the deposit.',
    ]);
    expect(markdown.json[0].interpersonal.mood).toBe('fragment');
    expect(markdown.json[1].syntactic).toMatchObject({
      parent_clause_id: markdown.json[0].id,
      relation: 'heading',
      start: 'Deposit\n\n'.length,
    });

    const html = await compile({
      text: '<h1>Rules</h1><p>Dogs are <b>not</b> allowed.</p><script>alert(1)</script>',
      format: 'html',
    });
    expect(html.json.map((clause: Json) => clause.text)).toEqual(['Rules', 'Dogs are not allowed.']);
  });

  it('compiles plain text by default, markup and all', async () => {
    const plain = await compile({ text: '## Deposit\n\nThe tenant must pay.' });
    expect(plain.status).toBe(200);
    expect(plain.json[0].text).toBe('## Deposit');
  });

  it('answers 400 naming format for a format it does not know, and stores nothing', async () => {
    const bad = await compile({ text: 'The tenant pays.', format: 'docx', document_id: 'bad', store: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_request');
    expect(bad.json.error.message).toMatch(/format/);
    expect(bad.json.error.message).toMatch(/text, markdown, html/);
    const listed = (await (await fetch(`${server.url}/clauses?document_id=bad`)).json()) as Json;
    expect(listed.total).toBe(0);
  });
});
