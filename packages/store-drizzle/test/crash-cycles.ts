import type { IntegrityReport } from '../src/repositories/integrity';
import { createStore } from '../src/store';
import { killWriter, startWriter, waitForSaves } from './writer-process';

/** Clauses of crash-<index>: from 20 to 200, so kills land inside small and large writes. */
export const crashDocumentSize = (index: number) => 20 + ((index * 37) % 7) * 30;

/** What one kill-and-reopen cycle found. */
export interface CrashCycle {
  /** Saves the killed process reported committed. */
  committed: string[];
  report: IntegrityReport;
  /** Documents stored with another clause count than they were saved with (partial writes). */
  partial: string[];
  /** Committed documents missing after the restart (lost writes). */
  lost: string[];
}

/**
 * Runs `cycles` times: a process saves documents into `url` until it is SIGKILLed after a pseudo-random
 * delay (seeded, so the kill points are the same each run), then the store is reopened and checked.
 */
export async function crashCycles(url: string, cycles: number, embed: boolean): Promise<CrashCycle[]> {
  const results: CrashCycle[] = [];
  const committed = new Set<string>();
  let next = 0;
  let seed = 17;
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const writer = startWriter('./ingest-until-killed.ts', [url, String(next), embed ? '1' : '0']);
    const { saved } = writer;
    // Wait for two commits (so every cycle has committed documents to lose, however slow the machine),
    // then kill after 0-400 ms: mid-write most times.
    await waitForSaves(writer, 2);
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    await new Promise((r) => setTimeout(r, seed % 400));
    await killWriter(writer);
    for (const id of saved) committed.add(id);
    next += saved.length + 1;
    const store = await createStore({ url });
    try {
      const report = await store.checkIntegrity();
      const partial: string[] = [];
      const present = new Set<string>();
      for (let offset = 0; ; offset += 500) {
        const page = await store.listClauses({ limit: 500, offset });
        const counts = new Map<string, number>();
        for (const clause of page.clauses)
          counts.set(clause.documentId, (counts.get(clause.documentId) ?? 0) + 1);
        for (const [documentId] of counts) present.add(documentId);
        if (page.clauses.length < 500) break;
      }
      for (const documentId of present) {
        const index = Number(documentId.slice('crash-'.length));
        const { total } = await store.listClauses({ documentId, limit: 1 });
        if (total !== crashDocumentSize(index)) partial.push(documentId);
      }
      const lost = [...committed].filter((documentId) => !present.has(documentId));
      results.push({ committed: saved, report, partial, lost });
    } finally {
      await store.close();
    }
  }
  return results;
}
