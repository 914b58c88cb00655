import { caeTsup } from '../../tsup.shared.ts';

export default caeTsup({ index: 'src/index.ts', testing: 'src/testing.ts', encode: 'src/encode.ts' });
