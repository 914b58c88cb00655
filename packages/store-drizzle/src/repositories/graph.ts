import type { GraphEdge, GraphNode } from '@cae/core';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../store-connection';
import type { StoreContext } from '../store-context';
import { computeSemanticEdgesIn, type SemanticEdgeOptions } from '../store-embeddings';
import { toGraphNode } from '../store-rows';
import { clauses, semanticEdges } from '../store-schema';

/** The clause graph: clauses as nodes, structural and semantic-neighbour edges. */
export interface GraphRepository {
  graphNodes(documentId?: string): Promise<GraphNode[]>;
  /**
   * Structural edges (parent to child, weight 1) and semantic-neighbour edges (weight = cosine
   * similarity). With a document id, only edges between that document's clauses.
   */
  graphEdges(documentId?: string): Promise<GraphEdge[]>;
  /** Recomputes a document's semantic-neighbour edges; 0 while embeddings are off. */
  computeSemanticEdges(documentId: string, options?: SemanticEdgeOptions): Promise<number>;
}

export function createGraphRepository(context: StoreContext): GraphRepository {
  const { db } = context;
  return {
    async graphNodes(documentId) {
      const rows = await db
        .select({
          id: clauses.id,
          text: clauses.text,
          documentId: clauses.documentId,
          mood: clauses.mood,
          processType: clauses.processType,
          modalityWeight: clauses.modalityWeight,
          sentenceIndex: clauses.sentenceIndex,
          parentClauseId: clauses.parentClauseId,
        })
        .from(clauses)
        .where(documentId === undefined ? undefined : eq(clauses.documentId, documentId))
        .orderBy(asc(clauses.documentId), asc(clauses.clauseIndex));
      return rows.map(toGraphNode);
    },

    async graphEdges(documentId) {
      const inDocument = (column: SQL) =>
        documentId === undefined
          ? sql`true`
          : sql`${column} IN (SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})`;
      const structural = await queryRows<{ source: string; target: string }>(
        db,
        sql`SELECT child.parent_clause_id AS "source", child.id AS "target"
          FROM ${clauses} child JOIN ${clauses} parent ON parent.id = child.parent_clause_id
          WHERE ${documentId === undefined ? sql`true` : sql`child.document_id = ${documentId}`}
          ORDER BY child.document_id, child.clause_index`,
      );
      const semantic = await db
        .select({
          source: semanticEdges.sourceId,
          target: semanticEdges.targetId,
          weight: semanticEdges.similarity,
        })
        .from(semanticEdges)
        .where(and(inDocument(sql`${semanticEdges.sourceId}`), inDocument(sql`${semanticEdges.targetId}`)))
        .orderBy(asc(semanticEdges.sourceId), desc(semanticEdges.similarity));
      return [
        ...structural.map((edge) => ({
          source: String(edge.source),
          target: String(edge.target),
          type: 'structural' as const,
          weight: 1,
        })),
        ...semantic.map((edge) => ({
          source: edge.source,
          target: edge.target,
          type: 'semantic' as const,
          weight: Math.min(1, Math.max(0, edge.weight)),
        })),
      ];
    },

    async computeSemanticEdges(documentId, options = {}) {
      if (!(await context.currentEmbedding())) return 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM ${semanticEdges} WHERE ${semanticEdges.sourceId} IN (
          SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})
          OR ${semanticEdges.targetId} IN (SELECT ${clauses.id} FROM ${clauses} WHERE ${clauses.documentId} = ${documentId})`);
        return computeSemanticEdgesIn(tx, documentId, options);
      });
    },
  };
}
