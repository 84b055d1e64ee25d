/**
 * `npm run bench`: every benchmark, each printing its figures and ratios measured side by side.
 * BENCH_SECONDS sets the seconds of HTTP load per measurement (default 3).
 */
import { benchConnectHttp } from './connect-http.bench';

console.log(`Leadbook benchmarks on Node ${process.version}, ${new Date().toISOString()}`);
await benchConnectHttp();
