import { caeTsup } from '../../tsup.shared.ts';

export default caeTsup();
