import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A child process writing into a store, and the documents it reported committed ("saved <id>"). */
export interface WriterProcess {
  child: ChildProcess;
  saved: string[];
}

/** Starts `script` (next to this file) under tsx with `args`, collecting its "saved <id>" lines. */
export function startWriter(script: string, args: readonly string[]): WriterProcess {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, ['--conditions=@cae/source', '--import', 'tsx', path, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const saved: string[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('saved ')) saved.push(line.slice(6));
  });
  return { child, saved };
}

/** Waits until the writer reported `minimum` commits; fails if it exits first. */
export async function waitForSaves({ child, saved }: WriterProcess, minimum: number): Promise<void> {
  while (saved.length < minimum && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  if (child.exitCode !== null)
    throw new Error(`the writer exited (code ${child.exitCode}) before it was killed`);
}

/** SIGKILLs the writer and waits for it to be gone. */
export async function killWriter({ child }: WriterProcess): Promise<void> {
  child.kill('SIGKILL');
  await once(child, 'exit');
}
