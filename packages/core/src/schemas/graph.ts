import { z } from 'zod';
import { GraphEdgeTypeSchema, MoodSchema, ProcessTypeSchema } from '../enums';

/** A clause as a node of the clause graph. */
export const GraphNodeSchema = z
  .object({
    id: z.string().meta({ description: 'Clause identifier.' }),
    label: z.string().meta({ description: 'Clause text, shortened to 80 characters.' }),
    documentId: z.string().meta({ description: 'Owning document.' }),
    mood: MoodSchema,
    processType: ProcessTypeSchema,
    modalityWeight: z.number().min(0).max(1).meta({ description: 'Modality weight of the clause.' }),
    sentenceIndex: z.number().int().min(0).meta({ description: 'Sentence index in the document.' }),
    parentClauseId: z.string().nullable().meta({ description: 'Parent clause, null when independent.' }),
  })
  .meta({ id: 'GraphNode' });
export type GraphNode = z.infer<typeof GraphNodeSchema>;

/** An edge of the clause graph: structural (parent to child) or semantic (nearest neighbour). */
export const GraphEdgeSchema = z
  .object({
    source: z.string().meta({ description: 'Clause the edge starts at (the parent, for structural edges).' }),
    target: z.string().meta({ description: 'Clause the edge ends at.' }),
    type: GraphEdgeTypeSchema,
    weight: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: '1 for structural edges, cosine similarity for semantic.' }),
  })
  .meta({ id: 'GraphEdge' });
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;
