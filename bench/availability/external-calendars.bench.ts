/**
 * The standard fixture's search with each room linked to an external calendar (in memory, busy an
 * hour a day, cached by an earlier search) against the same search without links.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createConnectService, createInMemoryExternalCalendar, createManualClock } from '@leadbook/server';
import type { ConnectServiceOptions, InMemoryExternalCalendar } from '@leadbook/server';
import { bookingRecords, makeFixture, searchPath, seedOf } from './fixture';
import { interleave, meanMs } from '../lib/interleave';
import { figure, heading, list, median, medianRatio } from '../lib/report';

const TOKEN = `service_live_${'cd'.repeat(32)}`;
const [DAY, HOUR] = [86_400_000, 3_600_000];

/** Prints the search with 20 linked rooms against the search without links. */
export async function benchExternalCalendars(): Promise<void> {
  heading('Availability with external calendars (standard fixture, 20 rooms each linked, cache warm)');
  const fixture = makeFixture({ days: 90, resources: 20, seed: 42 });
  const calendars = new Map<string, InMemoryExternalCalendar>();
  for (const [index, { id }] of fixture.resources.entries()) {
    calendars.set(id, createInMemoryExternalCalendar());
    for (let day = 0; day < 90; day++) {
      const startMs = fixture.rangeStartMs + day * DAY + ((index + day) % 12) * HOUR;
      calendars.get(id)!.addEvent({ startMs, endMs: startMs + HOUR });
    }
  }
  const reads = () => [...calendars.values()].reduce((sum, calendar) => sum + calendar.calls.length, 0);
  const clock = createManualClock(fixture.rangeStartMs - 30 * DAY);
  const open = async (options: ConnectServiceOptions) => {
    const service = await createConnectService({ clock, ...options });
    const orgId = (await service.admin.seed(seedOf(fixture, TOKEN))).organizations[0]!.id;
    await service.storage.transaction(async (tx) => {
      for (const record of bookingRecords(fixture, orgId)) await tx.bookings.create(record);
    });
    const request = new Request(`http://x${searchPath(fixture)}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // The body is read to its end, not parsed: parsing is the client's work.
    const search = async () => {
      const response = await service.fetch(request.clone());
      if (response.status !== 200) throw new Error(`availability: ${response.status}`);
      return response.arrayBuffer();
    };
    return { service, orgId, search };
  };
  const plain = await open({});
  const linked = await open({
    externalCalendars: {
      providers: { memory: (connection) => calendars.get(String(connection['room']))! },
      encryptionKeys: [{ id: 'bench', key: randomBytes(32) }],
    },
  });
  try {
    for (const { id } of fixture.resources) {
      const link = { resourceId: id, provider: 'memory', label: 'Work', connection: { room: id } };
      await linked.service.admin.externalCalendars.link(linked.orgId, link);
    }
    // Fills the cache; the clock stands still, so every later search is served from it.
    await linked.search();
    const filled = reads();
    const rounds = Number(process.env.BENCH_AVAILABILITY_ROUNDS ?? 9);
    const times = await interleave(
      { plain: meanMs(plain.search, 5), linked: meanMs(linked.search, 5) },
      rounds,
    );
    console.log(
      `  calendar reads: ${filled} to fill the cache, ${reads() - filled} after; medians: ` +
        `${median(times.plain).toFixed(1)} ms without links, ${median(times.linked).toFixed(1)} ms with`,
    );
    const ratios = times.linked.map((value, round) => value / times.plain[round]!);
    const ratio = medianRatio(times.linked, times.plain);
    figure(
      'search with 20 linked calendars / without',
      ratio,
      { op: '<=', x: 1.3 },
      `per round ${list(ratios)}`,
    );
  } finally {
    await Promise.all([plain.service.close(), linked.service.close()]);
  }
}
