/**
 * `npm run bench`: every benchmark, each printing its figures and ratios measured side by side.
 * BENCH_SECONDS sets the seconds of HTTP load per measurement (default 3).
 */
import { benchAvailability } from './availability.bench';
import { benchBookingCreation } from './bookings.bench';
import { benchConnectHttp } from './connect-http.bench';
import { benchIngress } from './ingress.bench';
import { benchPostgres } from '../../storage-postgres/bench/postgres.bench';
import { benchSubmit } from './submit.bench';

console.log(`Leadbook benchmarks on Node ${process.version}, ${new Date().toISOString()}`);
await benchConnectHttp();
await benchIngress();
await benchAvailability();
await benchBookingCreation();
await benchSubmit();
await benchPostgres();
