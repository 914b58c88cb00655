import { z } from 'zod';
import { ERROR_CODES } from '../errors/cae-error';

/** The error body every route answers with on failure (ARCHITECTURE.md). */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
