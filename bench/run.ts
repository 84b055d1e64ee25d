/**
 * `npm run bench`: every section, each printing its figures, measured side by side in one run.
 * BENCH_ONLY runs only the named sections (comma-separated), e.g. `BENCH_ONLY=http,bookings`; see
 * README.md for the sections and the other variables.
 */
import { benchAvailability } from './availability/availability.bench';
import { benchExternalCalendars } from './availability/external-calendars.bench';
import { benchBookings } from './bookings/bookings.bench';
import { benchInstances } from './bookings/instances.bench';
import { benchDurability } from './durability/durability.bench';
import { benchHttp } from './http/http.bench';
import { benchPackaging } from './packaging/packaging.bench';
import { loadAverage } from './lib/report';

const sections: Record<string, () => Promise<void>> = {
  http: benchHttp,
  availability: benchAvailability,
  calendars: benchExternalCalendars,
  bookings: benchBookings,
  instances: benchInstances,
  durability: benchDurability,
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
  if (only && !only.includes(name)) continue;
  try {
    await bench();
  } finally {
    console.log(`  load average at the end: ${loadAverage()}`);
  }
}
