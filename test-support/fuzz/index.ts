/**
 * The seeded fuzz test of issue 18, shared by the sql.js and PostgreSQL backends: baselines for
 * every operation of the catalogue, mutations, the checks, storage probes and the loop.
 *
 * @module
 */
export { baselines, missingBaselines, type Baseline } from './baselines';
export { generateCase, MUTATIONS } from './generate';
export { sqlJsProbe, postgresProbe, type StorageProbe, type StorageSnapshot } from './probe';
export { DEFAULT_FUZZ_CASES, DEFAULT_FUZZ_SEED, fuzzCases, fuzzSeed, Random } from './random';
export { toRequest } from './request';
export { formatReport, fuzzSchedule, runFuzz, type FuzzReport } from './runner';
export { fuzzServiceOptions, recordErrors, seedFuzzWorld, type FuzzWorld, type LoggedErrors } from './world';
