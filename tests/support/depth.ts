/**
 * How deep a test run goes: `gate` (`npm test`, what CI runs) or `full` (`npm run test:full`,
 * set through TEST_DEPTH=full). The gate keeps every case and draws fewer random repetitions.
 */
export const testDepth: 'gate' | 'full' = process.env.TEST_DEPTH === 'full' ? 'full' : 'gate';

/** Requests drawn per documented operation by the fuzzing. */
export const fuzzRunsPerOperation = testDepth === 'full' ? 40 : 10;

/** Operations the money model (tests/money) sends, over as many fresh sets of users as it takes. */
export const moneyOperations = testDepth === 'full' ? 10_000 : 500;
