import { caeTsup } from '../../tsup.shared.ts';

export default caeTsup(['src/index.ts', 'src/main.ts', 'src/cae.ts']);
