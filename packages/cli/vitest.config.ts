import { caeProject } from '../../vitest.shared.ts';

export default caeProject('cli');
