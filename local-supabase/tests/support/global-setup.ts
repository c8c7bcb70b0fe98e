import { stackGlobalSetup } from '../../src/testing/index.ts';
import { FIXTURE_FUNCTIONS } from './paths.ts';

/** The conformance suite's stack: the project's functions plus the fixture functions the suite calls. */
export const setup = stackGlobalSetup({ functionsDirs: [FIXTURE_FUNCTIONS] });
