import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './helpers';

/**
 * How `cae --server ... ingest` cuts its bulk requests and what it does when one gets no answer,
 * against a small HTTP server on a real socket that records what it is sent (the engine's own
 * answers are tested with a real engine in server.test.ts).
 */
const NAMES = [1, 2, 3, 4, 5].map((n) => `contract-${n}.txt`);

describe('cae ingest over HTTP: bulk requests', () => {
  let dir: string;
  let server: Server;
  let url: string;
  /** What the server does with a POST /pipeline/ingest: answer each line, or drop the connection. */
  let mode: 'answer' | 'drop' = 'answer';
  const ingests: string[][] = [];
  const compiles: string[] = [];

  const bodyOf = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const io = () => captureIo({ CAE_SERVER_URL: url });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-cli-batches-'));
    // Five files of 200 KB: at most two fit in one request of 512 KB.
    const sentence = 'The supplier shall deliver the goods on time. ';
    for (let index = 1; index <= 5; index += 1) {
      await writeFile(
        join(dir, `contract-${index}.txt`),
        sentence.repeat(Math.ceil(200_000 / sentence.length)),
      );
    }
    server = createServer(async (request, response) => {
      const body = await bodyOf(request);
      if (request.url === '/pipeline/ingest') {
        const lines = body.split('\n').filter((line) => line.trim() !== '');
        const ids = lines.map((line) => (JSON.parse(line) as { document_id: string }).document_id);
        ingests.push(ids);
        if (mode === 'drop') {
          request.socket.destroy();
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            results: ids.map((id, index) => ({
              index,
              document_id: id,
              status: 'stored',
              clause_count: 1,
              embedded: false,
            })),
            stored: ids.length,
            failed: 0,
            clause_count: ids.length,
          }),
        );
        return;
      }
      if (request.url === '/pipeline/compile') compiles.push(body);
      response.statusCode = 500;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ error: { code: 'internal', message: 'not in this test' } }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends at most 512 KB of files in one request, every file once', async () => {
    mode = 'answer';
    ingests.length = 0;
    compiles.length = 0;
    const run = io();
    const code = await runCli(['ingest', '--no-embed', join(dir, '*.txt')], run);
    expect(run.err.join('')).not.toContain('failed:');
    expect(code).toBe(0);
    expect(ingests.length).toBeGreaterThanOrEqual(3);
    for (const ids of ingests) expect(ids.length).toBeLessThanOrEqual(2);
    expect(
      ingests
        .flat()
        .map((id) => basename(id))
        .sort(),
    ).toEqual(NAMES);
    expect(compiles).toEqual([]);
    expect(run.out.join('')).toContain('ingested 5 of 5 files');
  });

  it('does not send a batch again file by file when its request got no answer, and names each file', async () => {
    mode = 'drop';
    ingests.length = 0;
    compiles.length = 0;
    const run = io();
    const code = await runCli(['ingest', '--no-embed', join(dir, '*.txt')], run);
    expect(code).toBe(1);
    // Each batch was sent once; none was sent again as single compile requests.
    expect(
      ingests
        .flat()
        .map((id) => basename(id))
        .sort(),
    ).toEqual(NAMES);
    expect(compiles).toEqual([]);
    const errors = run.err.join('');
    for (const name of NAMES)
      expect(errors).toMatch(new RegExp(`failed: \\S*${name}: could not reach the engine`));
  });
});
