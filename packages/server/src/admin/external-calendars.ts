/**
 * `service.admin.externalCalendars`: links of resources to calendars outside Leadbook. A link's
 * connection is sealed with the service's current key before it is stored, and no call returns or
 * logs it.
 *
 * @module
 */
import {
  EXTERNAL_CALENDAR_LIMITS,
  ExternalCalendarLinkInputSchema,
  type ExternalCalendarLink,
  type ExternalCalendarLinkInput,
} from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../core/context';
import { notFound, ServiceError } from '../core/errors';
import { runUnit } from '../core/unit-of-work';
import type { ExternalCalendarLinkRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import type { ExternalCalendarService } from '../usecases/external-calendars';
import { mustGet, mustGetOrganization } from './access';
import { parseInput } from './parse';

const invalid = (path: string, message: string) =>
  new ServiceError('validation', `Invalid external calendar link: ${path}: ${message}`, {
    details: [{ path, message }],
  });

/** What the console shows of a link: everything but the connection. */
const shown = ({ sealedConnection, ...link }: ExternalCalendarLinkRecord): ExternalCalendarLink => ({
  ...link,
  encryptionKeyId: sealedConnection.keyId,
});

const configured = (ctx: ServiceContext): ExternalCalendarService => {
  if (!ctx.externalCalendars) {
    throw new ServiceError(
      'validation',
      'External calendars are not configured (createConnectService({ externalCalendars }))',
    );
  }
  return ctx.externalCalendars;
};

/** The console API of external calendar links: `service.admin.externalCalendars`. */
export interface ExternalCalendarsAdminApi {
  /**
   * Links a resource to an external calendar. Its `connection` is checked by the provider (without
   * network access), sealed with the current key (AES-256-GCM) and never returned. A resource has
   * at most `EXTERNAL_CALENDAR_LIMITS.linksPerResource` (5) links, at most one of them
   * `receivesBookings`. From then on its busy times block the resource's candidates (unless
   * `countsAsBusy: false`).
   *
   * @throws `ServiceError` 400 for a bad input, an unknown provider, a connection the provider
   *   refuses, a sixth link or a second receiving link, or when the service has no external
   *   calendars; 404 for an unknown organization or resource.
   * @example
   * ```ts
   * const link = await service.admin.externalCalendars.link(orgId, {
   *   resourceId,
   *   provider: 'caldav',
   *   label: 'Work',
   *   connection: { calendarUrl: 'https://dav.example.com/alice/work/', username: 'alice', password },
   * });
   * // { id, resourceId, provider: 'caldav', countsAsBusy: true, receivesBookings: false, encryptionKeyId, ... }
   * ```
   */
  link(organizationId: string, input: ExternalCalendarLinkInput): Promise<ExternalCalendarLink>;
  /** The organization's links (one resource's with `resourceId`), oldest first, never their connections. */
  list(organizationId: string, filter?: { resourceId?: string }): Promise<ExternalCalendarLink[]>;
  /**
   * Removes a link: its calendar no longer blocks the resource.
   *
   * @throws `ServiceError` 404 for an unknown link (another organization's included).
   */
  unlink(organizationId: string, id: string): Promise<void>;
  /**
   * Re-seals, with the current (first) key, every link of the organization sealed with an older
   * key, so that key can leave the ring. Returns how many links it re-sealed.
   *
   * @throws `ServiceError` 400 when the service has no external calendars; an `Error` when a link
   *   was sealed with a key no longer in the ring.
   * @example
   * ```ts
   * // externalCalendars.encryptionKeys: [{ id: 'new', key: NEW }, { id: 'old', key: OLD }]
   * await service.admin.externalCalendars.reseal(orgId); // 12: 'old' can now be dropped
   * ```
   */
  reseal(organizationId: string): Promise<number>;
}

async function linkTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  input: ExternalCalendarLinkInput,
): Promise<ExternalCalendarLink> {
  const service = configured(ctx);
  const parsed = parseInput(ExternalCalendarLinkInputSchema, input, 'external calendar link');
  const provider = service.providers.get(parsed.provider);
  if (!provider) {
    throw invalid(
      'provider',
      `no external calendar provider "${parsed.provider}" is configured (createConnectService({ externalCalendars: { providers } }))`,
    );
  }
  try {
    provider(parsed.connection);
  } catch (error) {
    // The provider's message names what is wrong with the connection, never its credentials.
    throw invalid('connection', error instanceof Error ? error.message : 'refused by the provider');
  }
  await mustGetOrganization(tx, org);
  await mustGet(tx, 'resources', org, parsed.resourceId);
  const existing = await tx.externalCalendarLinks.list(org, { resourceId: parsed.resourceId });
  if (existing.length >= EXTERNAL_CALENDAR_LIMITS.linksPerResource) {
    throw invalid(
      'resourceId',
      `a resource has at most ${EXTERNAL_CALENDAR_LIMITS.linksPerResource} external calendars`,
    );
  }
  if (parsed.receivesBookings && existing.some((link) => link.receivesBookings)) {
    throw invalid('receivesBookings', 'another calendar of this resource receives its bookings already');
  }
  const at = nowIso(ctx);
  const record: ExternalCalendarLinkRecord = {
    id: ctx.newId(),
    organizationId: org,
    resourceId: parsed.resourceId,
    provider: parsed.provider,
    label: parsed.label,
    countsAsBusy: parsed.countsAsBusy,
    receivesBookings: parsed.receivesBookings,
    sealedConnection: service.keys.seal(JSON.stringify(parsed.connection)),
    createdAt: at,
    updatedAt: at,
  };
  await tx.externalCalendarLinks.create(record);
  return shown(record);
}

/** Creates `service.admin.externalCalendars` over a service context. */
export function createExternalCalendarsAdmin(ctx: ServiceContext): ExternalCalendarsAdminApi {
  return {
    link: (organizationId, input) => runUnit(ctx, (tx) => linkTx(ctx, tx, organizationId, input)),
    list: async (organizationId, filter = {}) => {
      const links = await readTx(ctx, (tx) =>
        tx.externalCalendarLinks.list(
          organizationId,
          filter.resourceId ? { resourceId: filter.resourceId } : {},
        ),
      );
      return links.map(shown);
    },
    unlink: (organizationId, id) =>
      runUnit(ctx, async (tx) => {
        if (!(await tx.externalCalendarLinks.delete(organizationId, id))) {
          throw notFound(`External calendar link ${id}`);
        }
      }),
    reseal: (organizationId) =>
      runUnit(ctx, async (tx) => {
        const { keys } = configured(ctx);
        const stale = (await tx.externalCalendarLinks.list(organizationId)).filter(
          (link) => link.sealedConnection.keyId !== keys.currentKeyId,
        );
        const at = nowIso(ctx);
        for (const link of stale) {
          const sealedConnection = keys.seal(keys.open(link.sealedConnection));
          await tx.externalCalendarLinks.update({ ...link, sealedConnection, updatedAt: at });
        }
        return stale.length;
      }),
  };
}
