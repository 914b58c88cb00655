// @cae/store-drizzle/encode: the clause encoding alone, light enough for a compile worker (no driver).
export type { EncodedClauses } from './clause-encoding';
export { ENCODED_CLAUSES_FORMAT, encodeClauses } from './clause-encoding';
