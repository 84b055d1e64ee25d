/**
 * A breakdown row of the availability section: the studio's two-week search on its Berlin calendar
 * in an organization that also has 1,000 resources on its New York calendar (offering the same
 * appointment type), against the studio as it is. A search reads only the resources mapped to its
 * calendar and type, so the ratio stays near 1 whatever the organization has elsewhere.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { createConnectService, type ConnectService } from '@leadbook/server';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { median } from './report';

const OTHER_RESOURCES = 1_000;
const ROUNDS = 7;
const SEARCHES = 40;
const DAY_MS = 86_400_000;

async function studio(otherResources: number): Promise<ConnectService> {
  const service = await createConnectService();
  await service.admin.seed(studioFixture());
  for (let i = 0; i < otherResources; i++) {
    await service.admin.resources.create(ID.organization, {
      name: `New York room ${i + 1}`,
      maxParallelBookings: 1,
      calendarIds: [ID.calendarNewYork],
      appointmentTypeIds: [ID.appointmentTypeTrial],
    });
  }
  return service;
}

/** Prints the row: median search time of each organization over interleaved rounds, and the ratio. */
export async function benchCrowdedOrganization(): Promise<void> {
  const plain = await studio(0);
  const crowded = await studio(OTHER_RESOURCES);
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  const query = new URLSearchParams({
    calendarId: ID.calendarBerlin,
    appointmentTypeId: ID.appointmentTypeTrial,
    start: new Date(day).toISOString(),
    end: new Date(day + 14 * DAY_MS).toISOString(),
  });
  const request = () =>
    new Request(`http://bench.local/connect/availability/?${query}`, {
      headers: { authorization: `Bearer ${TOKEN.read}` },
    });
  // Milliseconds per search, over SEARCHES searches.
  const time = async (service: ConnectService) => {
    const start = performance.now();
    for (let i = 0; i < SEARCHES; i++) {
      const response = await service.fetch(request());
      if (response.status !== 200) throw new Error(`availability: ${response.status}`);
      await response.arrayBuffer();
    }
    return (performance.now() - start) / SEARCHES;
  };
  try {
    const [plainBody, crowdedBody] = await Promise.all(
      [plain, crowded].map(async (service) => (await service.fetch(request())).text()),
    );
    await time(plain);
    await time(crowded);
    const sides: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so drift hits both alike.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order) sides[side]!.push(await time(side === 0 ? plain : crowded));
    }
    const [a, b] = sides.map(median) as [number, number];
    const ratios = sides[1].map((value, round) => value / sides[0][round]!);
    console.log(
      `${`  the same search with ${OTHER_RESOURCES.toLocaleString('en')} more resources on another calendar`.padEnd(62)} ` +
        `${b.toFixed(2)} vs ${a.toFixed(2)} ms  ratio ${median(ratios).toFixed(2)}x  ` +
        `(breakdown, no goal; studio's Berlin calendar, 14 days; same response: ${plainBody === crowdedBody ? 'yes' : 'NO'})`,
    );
  } finally {
    await plain.close();
    await crowded.close();
  }
}
