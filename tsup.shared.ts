import { defineConfig, type Options } from 'tsup';

/** The one tsup setup of every package: ESM, declarations, sourcemaps, Node 20. */
export function caeTsup(entry: Options['entry'] = ['src/index.ts']) {
  return defineConfig({ entry, format: ['esm'], dts: true, sourcemap: true, clean: true, target: 'node20' });
}
