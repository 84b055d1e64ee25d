/**
 * `npm run bench`: every benchmark, each printing its figures and ratios measured side by side.
 * HTTP comparisons run BENCH_ROUNDS interleaved rounds (default 5) of BENCH_SECONDS of load per side
 * (default 2) and report the median ratio; BENCH_NAIVE_RUNS sets the naive availability runs (default 3).
 * BENCH_ONLY runs only the named sections (comma-separated: connect, ingress, durability,
 * availability, rules, bookings, submit, postgres, packaging), e.g. `BENCH_ONLY=bookings,postgres npm run bench`.
 */
import { benchAvailability } from './server/availability.bench';
import { benchBookingCreation } from './server/bookings.bench';
import { benchConnectHttp } from './server/connect-http.bench';
import { benchDurability } from './server/durability.bench';
import { benchIngress } from './server/ingress.bench';
import { benchPackaging } from './packaging/packaging.bench';
import { benchPostgres } from './postgres/postgres.bench';
import { benchRules } from './server/rules.bench';
import { benchSubmit } from './server/submit.bench';
import { loadAverage, runSection } from './server/report';

const sections: Record<string, () => Promise<void>> = {
  connect: benchConnectHttp,
  ingress: benchIngress,
  durability: benchDurability,
  availability: benchAvailability,
  rules: benchRules,
  bookings: benchBookingCreation,
  submit: benchSubmit,
  postgres: benchPostgres,
  packaging: benchPackaging,
};
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(name in sections)) ?? [];
if (unknown.length > 0) {
  throw new Error(
    `BENCH_ONLY: no section ${unknown.join(', ')} (sections: ${Object.keys(sections).join(', ')})`,
  );
}

console.log(
  `Leadbook benchmarks on Node ${process.version}, ${new Date().toISOString()}, load average ${loadAverage()}`,
);
for (const [name, bench] of Object.entries(sections)) {
  if (!only || only.includes(name)) await runSection(bench);
}
