/**
 * `seedStudio()`: the studio in one call, with its forms and ingress webhooks.
 *
 * @module
 */
import type { SeedResult } from '../../admin/seed';
import type { ConnectService } from '../../service';
import { studioFixture } from './fixture';
import { studioForms } from './forms';
import { freshStudioIds, STUDIO_IDS, STUDIO_TOKENS, type StudioIds, type StudioTokens } from './ids';

/** Options of {@link seedStudio}. */
export interface SeedStudioOptions {
  /** The current time of the service's clock: the closure lies ahead of it. Default: now. */
  now?: number | Date;
  /**
   * New ids and service-generated tokens instead of {@link STUDIO_IDS} and {@link STUDIO_TOKENS}:
   * for storage that outlives one start (a file, PostgreSQL), where every seed is a new studio.
   */
  fresh?: boolean;
}

/** What {@link seedStudio} created. */
export interface SeededStudio {
  /** The ids: {@link STUDIO_IDS}, or the fresh ones. */
  ids: StudioIds;
  /** The secrets: {@link STUDIO_TOKENS}, or the ones the service generated (shown only here). */
  tokens: StudioTokens;
  /** The seed result (ids by name). */
  seeded: SeedResult;
}

/**
 * Seeds the studio (`studioFixture`), creates its five forms (`studioForms`) and an ingress webhook
 * per organization, on `Leads` and on `Other leads`.
 *
 * @param service - The service to seed.
 * @param options - `now`: the service clock's time (default: now), so the closure lies ahead of it;
 *   `fresh`: new ids and generated tokens instead of {@link STUDIO_IDS} and {@link STUDIO_TOKENS}
 *   (default: false), for storage that outlives one start.
 * @returns The ids, the token secrets (generated ones are shown only here) and the seed result.
 *
 * @example
 * ```ts
 * import { createConnectService, createManualClock } from '@leadbook/server';
 * import { seedStudio, STUDIO_TOKENS } from '@leadbook/server/studio';
 *
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const service = await createConnectService({ clock });
 * const { ids, tokens } = await seedStudio(service, { now: clock.now() });
 * // ids.organization === STUDIO_IDS.organization, tokens.write === STUDIO_TOKENS.write
 *
 * // A new studio with new ids and tokens, for a database that outlives the process:
 * const another = await seedStudio(service, { fresh: true });
 * ```
 */
export async function seedStudio(
  service: ConnectService,
  options: SeedStudioOptions = {},
): Promise<SeededStudio> {
  const ids = options.fresh ? freshStudioIds() : STUDIO_IDS;
  const fixed = options.fresh ? undefined : STUDIO_TOKENS;
  const seeded = await service.admin.seed(studioFixture({ now: options.now, ids, tokens: fixed ?? null }));
  for (const form of Object.values(studioForms(ids)))
    await service.admin.forms.create(ids.organization, form);
  const ingress = await service.admin.ingressWebhooks.create(ids.organization, {
    id: ids.ingressWebhook,
    tableId: ids.table,
    name: 'Studio ingress',
    token: fixed?.ingress,
  });
  const otherIngress = await service.admin.ingressWebhooks.create(ids.otherOrganization, {
    id: ids.otherIngressWebhook,
    tableId: ids.otherTable,
    name: 'Other ingress',
    token: fixed?.otherIngress,
  });
  const [studio, other] = seeded.organizations;
  const secret = (org: typeof studio, name: string) => org!.tokens[name]!.token;
  return {
    ids,
    seeded,
    tokens: {
      read: secret(studio, 'read'),
      write: secret(studio, 'write'),
      admin: secret(studio, 'admin'),
      ingress: ingress.token,
      other: secret(other, 'admin'),
      otherIngress: otherIngress.token,
    },
  };
}
