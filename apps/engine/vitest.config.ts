import { caeProject } from '../../vitest.shared';

export default caeProject('engine-app');
