import type { AnnotatedClause } from '@cae/core';
import { makeDocument, randomEmbeddings } from './clause-fixtures';
import { killWriter, startWriter, waitForSaves } from './writer-process';

/** Clauses of session-<index>: 3 to 9. */
export const sessionDocumentSize = (index: number) => 3 + (index % 7);

/**
 * Document session-<index>: its clauses' vectors are near-duplicates of one vector of its own, so
 * each finds its document first and every clause has semantic edges once they are computed.
 */
export function sessionDocument(index: number): {
  documentId: string;
  clauses: AnnotatedClause[];
  embeddings: Float32Array[];
} {
  const documentId = `session-${index}`;
  const size = sessionDocumentSize(index);
  const base = randomEmbeddings(1, 8, 1000 + index)[0]!;
  return {
    documentId,
    clauses: makeDocument(documentId, size),
    embeddings: Array.from({ length: size }, (_, clause) =>
      base.map((value, dim) => value + (dim === clause % 8 ? 0.01 : 0)),
    ),
  };
}

/**
 * Starts a process ingesting into `url` in one ingest session, waits until it has committed at
 * least `minimum` documents, SIGKILLs it (its session open), and returns the documents it committed.
 */
export async function killMidSession(url: string, minimum: number, embed = true): Promise<string[]> {
  const writer = startWriter('./session-until-killed.ts', [url, '0', embed ? '1' : '0']);
  await waitForSaves(writer, minimum);
  await killWriter(writer);
  return writer.saved;
}

/** What a reopened store holds of the documents a killed session committed. */
export interface SessionFindings {
  /** Documents whose clauses keyword search does not all find. */
  notByKeyword: string[];
  /** Documents whose own vector does not find them first. */
  notByVector: string[];
  /** Documents without semantic edges. */
  withoutEdges: string[];
  /** Documents stored with another clause count than they were saved with. */
  partial: string[];
}

export async function sessionFindings(
  store: import('../src/store').Store,
  saved: readonly string[],
  embed = true,
): Promise<SessionFindings> {
  const findings: SessionFindings = { notByKeyword: [], notByVector: [], withoutEdges: [], partial: [] };
  for (const documentId of saved) {
    const document = sessionDocument(Number(documentId.slice('session-'.length)));
    const size = document.clauses.length;
    const { total } = await store.listClauses({ documentId, limit: 1 });
    if (total !== size) findings.partial.push(documentId);
    // Every clause of the fixtures has the word "clause".
    const byKeyword = await store.keywordCandidates('clause', { documentId }, 100);
    if (byKeyword.length !== size) findings.notByKeyword.push(documentId);
    if (!embed) continue;
    const [top] = await store.vectorCandidates(document.embeddings[0]!, {}, 1);
    if (top?.documentId !== documentId) findings.notByVector.push(documentId);
    const edges = (await store.graphEdges(documentId)).filter((edge) => edge.type === 'semantic');
    if (edges.length === 0) findings.withoutEdges.push(documentId);
  }
  return findings;
}
