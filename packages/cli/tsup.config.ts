import { caeTsup } from '../../tsup.shared.ts';

export default caeTsup(['src/index.ts', 'src/cae.ts']);
