/**
 * `npm run bench`: every benchmark, each printing its figures and ratios measured side by side.
 * HTTP comparisons run BENCH_ROUNDS interleaved rounds (default 5) of BENCH_SECONDS of load per side
 * (default 2) and report the median ratio; BENCH_NAIVE_RUNS sets the naive availability runs (default 3).
 */
import { benchAvailability } from './server/availability.bench';
import { benchBookingCreation } from './server/bookings.bench';
import { benchConnectHttp } from './server/connect-http.bench';
import { benchDurability } from './server/durability.bench';
import { benchIngress } from './server/ingress.bench';
import { benchPostgres } from './postgres/postgres.bench';
import { benchSubmit } from './server/submit.bench';
import { loadAverage, runSection } from './server/report';

console.log(
  `Leadbook benchmarks on Node ${process.version}, ${new Date().toISOString()}, load average ${loadAverage()}`,
);
await runSection(benchConnectHttp);
await runSection(benchIngress);
await runSection(benchDurability);
await runSection(benchAvailability);
await runSection(benchBookingCreation);
await runSection(benchSubmit);
await runSection(benchPostgres);
