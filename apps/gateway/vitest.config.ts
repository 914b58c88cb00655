import { caeProject } from '../../vitest.shared';

export default caeProject('gateway-app');
