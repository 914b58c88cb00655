import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAE_BIN, cleanEnv } from './helpers';

const run = promisify(execFile);

/** Runs the built `cae` with arguments; resolves with its exit code and output whatever the code. */
async function cae(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CAE_BIN, ...args], { env, cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('cae with a running engine server', () => {
  let dir: string;
  let server: ChildProcess;
  let url: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-cli-server-'));
    await writeFile(
      join(dir, 'lease.md'),
      '# Deposit\n\nThe tenant must pay the deposit.\n\n```\nnot prose\n```\n',
    );
    await writeFile(join(dir, 'rules.txt'), 'Please close the gate. Dogs are not allowed in the garden.');
    env = { ...cleanEnv(), CAE_DATA_DIR: join(dir, '.cae') };
    // A real engine server, as `cae serve` starts it, on a free port, holding ./.cae.
    server = spawn(process.execPath, [CAE_BIN, 'serve'], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /engine listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code) => reject(new Error(`cae serve exited with ${code}: ${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('without --server, says the directory is held by a server that answers, and how to use it', async () => {
    const refused = await cae(['ingest', 'rules.txt'], env, dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `is in use by the engine server, pid ${server.pid}, which answers at ${url}`,
    );
    expect(refused.stderr).toContain(`cae --server ${url} ingest`);
    expect(refused.stderr).toContain(`CAE_SERVER_URL=${url}`);
  });

  it('with --server or CAE_SERVER_URL, compiles, ingests, searches and asks over HTTP', async () => {
    const compiled = await cae(['--server', url, 'compile', 'lease.md'], env, dir);
    expect(compiled.code).toBe(0);
    expect(compiled.stdout).toMatch(/fragment[\s\S]*Deposit[\s\S]*declarative[\s\S]*The tenant must pay/);
    expect(compiled.stdout).not.toMatch(/not prose/);

    const ingested = await cae(['--server', url, 'ingest', '*.md', '*.txt'], env, dir);
    // Not a terminal: the first file, then a line every few seconds, then the last.
    expect(ingested.stderr).toMatch(/^\[#+\.+\] 1\/2 files, \d clauses, .*ETA/);
    expect(ingested.stderr).toMatch(
      /\[#{24}\] 2\/2 files, 4 clauses, [\d.]+ files\/s, \d+ clauses\/s, done\n$/,
    );
    expect(ingested.stdout).toMatch(/^ingested 2 of 2 files: 4 clauses with embeddings/);
    expect(ingested.code).toBe(0);

    // The server itself holds what the CLI sent: its own listing sees it.
    const listed = (await (await fetch(`${url}/clauses?document_id=lease.md`)).json()) as { total: number };
    expect(listed.total).toBe(2);

    const searched = await cae(['search', 'deposit', '--json'], { ...env, CAE_SERVER_URL: url }, dir);
    expect(searched.code).toBe(0);
    expect(JSON.parse(searched.stdout).results[0].document_id).toBe('lease.md');

    const asked = await cae(['ask', 'Who must pay the deposit?'], { ...env, CAE_SERVER_URL: url }, dir);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/\[\d+\] lease\.md: /);
  });

  it("passes on the server's error, naming the field, and refuses a URL that is not one", async () => {
    const empty = join(dir, 'empty.txt');
    await writeFile(empty, '   ');
    const failed = await cae(['--server', url, 'compile', empty], env, dir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`the engine at ${url} answered 400: .*text`));

    const unreachable = await cae(['--server', 'http://127.0.0.1:1', 'search', 'x'], env, dir);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/could not reach the engine at http:\/\/127\.0\.0\.1:1/);

    const notUrl = await cae(['--server', 'localhost', 'search', 'x'], env, dir);
    expect(notUrl.stderr).toMatch(/--server must be an http:\/\/ or https:\/\/ URL|must be a URL/);
  });
});
