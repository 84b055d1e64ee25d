/**
 * `npm run bench`: every benchmark, each printing its figures and ratios measured side by side.
 * HTTP comparisons run BENCH_ROUNDS interleaved rounds (default 5) of BENCH_SECONDS of load per side
 * (default 2) and report the median ratio; BENCH_NAIVE_RUNS sets the naive availability runs (default 3).
 */
import { benchAvailability } from './availability.bench';
import { benchBookingCreation } from './bookings.bench';
import { benchConnectHttp } from './connect-http.bench';
import { benchDurability } from './durability.bench';
import { benchIngress } from './ingress.bench';
import { benchPostgres } from '../../storage-postgres/bench/postgres.bench';
import { benchSubmit } from './submit.bench';

console.log(`Leadbook benchmarks on Node ${process.version}, ${new Date().toISOString()}`);
await benchConnectHttp();
await benchIngress();
await benchDurability();
await benchAvailability();
await benchBookingCreation();
await benchSubmit();
await benchPostgres();
