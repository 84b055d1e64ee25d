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
 * @example
 * ```ts
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const service = await createConnectService({ clock });
 * const { tokens } = await seedStudio(service, { now: clock.now() });
 * // tokens.write === STUDIO_TOKENS.write; a new studio with new tokens: { fresh: true }
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
