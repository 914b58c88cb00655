import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The evaluation data of every eval, bench and training script: `CAE_EVAL_DATA_DIR`, else
 * `../shared/data` beside the repository. It is never in the repository; a missing directory stops the
 * script with what to set.
 */
export function evalDataDir(): string {
  const dir = process.env.CAE_EVAL_DATA_DIR || fileURLToPath(new URL('../../shared/data', import.meta.url));
  if (!existsSync(dir)) {
    console.error(
      `evaluation data not found at ${dir}: set CAE_EVAL_DATA_DIR to the directory holding ud-ewt/, ud-gum/, retrieval/ and the other sets (docs/EVALUATION.md lists them)`,
    );
    process.exit(1);
  }
  return dir;
}
