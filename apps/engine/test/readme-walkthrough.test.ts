import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './start-test-server';

const run = promisify(execFile);
const readme = join(dirname(fileURLToPath(import.meta.url)), '../../../README.md');

/** The shell commands between the walk-through markers of README.md, continuation lines joined. */
async function walkthroughCommands(): Promise<string[]> {
  const text = await readFile(readme, 'utf8');
  const block = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(text);
  if (!block) throw new Error('README.md has no walk-through block');
  return block[1]!
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

describe('README walk-through', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('runs every command against a real server and gets JSON without errors', async () => {
    const commands = await walkthroughCommands();
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const outputs: any[] = [];
    for (const command of commands) {
      expect(command).toContain('http://127.0.0.1:3001');
      const { stdout } = await run('bash', ['-c', command.replaceAll('http://127.0.0.1:3001', server.url)]);
      const output = JSON.parse(stdout);
      expect(output.error, command).toBeUndefined();
      outputs.push(output);
    }
    expect(outputs[0]).toEqual({ status: 'ok' });
    expect(outputs[1].length).toBeGreaterThanOrEqual(3);
    expect(outputs[2].clauses.every((clause: any) => clause.interpersonal.mood === 'interrogative')).toBe(
      true,
    );
    expect(outputs[2].total).toBeGreaterThan(0);
    expect(outputs[3].results[0].text).toMatch(/deposit/);
    expect(outputs[4].cited_clause_ids.length).toBeGreaterThan(0);
  });
});
