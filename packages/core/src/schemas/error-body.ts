import { z } from 'zod';
import { ERROR_CODES } from '../errors/cae-error';

/** The error body every route answers with on failure (ARCHITECTURE.md). */
export const ErrorBodySchema = z
  .object({
    error: z
      .object({
        code: z.enum(ERROR_CODES).meta({ description: 'Stable machine-readable code.' }),
        message: z.string().meta({ description: 'What went wrong, for people.' }),
        details: z.unknown().optional().meta({ description: 'Structured details, e.g. the invalid fields.' }),
      })
      .meta({ description: 'The failure.' }),
  })
  .meta({ id: 'ErrorBody' });
