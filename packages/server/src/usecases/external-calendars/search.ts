/**
 * A search with its resources' external busy times: the links are read in the search's own read
 * transaction, the providers after it (no transaction waits on the network), and their busy times
 * join the engine's blockers. A resource whose calendar failed is blocked over the whole range.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import type { AvailabilitySearchInput } from '../../domain/availability';
import { MINUTE_MS } from '../../domain/availability/local-time';
import type { ExternalCalendarLinkRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { busyLinksOf, searchBusyRange, searchExternalBusy } from './busy';

/** What this module needs of a loaded search (`LoadedSearch` of the availability use case). */
export interface SearchToLink {
  /** The engine input. */
  input: AvailabilitySearchInput;
  /** The appointment type (its booking length). */
  appointmentType: { bookingLength: number };
  /** The search's resources by id. */
  resources: ReadonlyMap<string, unknown>;
}

/** A loaded search and the busy-counting links of its resources. */
export interface LinkedSearch<S extends SearchToLink = SearchToLink> {
  /** The search as storage has it. */
  loaded: S;
  /** The busy-counting links of its resources (none when the service has no external calendars). */
  links: ExternalCalendarLinkRecord[];
}

/** Reads the links of a loaded search's resources in the search's transaction (none without external calendars). */
export async function withLinks<S extends SearchToLink>(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  loaded: S,
): Promise<LinkedSearch<S>> {
  if (!ctx.externalCalendars || loaded.resources.size === 0) return { loaded, links: [] };
  return { loaded, links: await busyLinksOf(tx, org, loaded.resources.keys()) };
}

/**
 * The engine input of a search with its external busy times as blockers; a resource whose calendar
 * failed or timed out is blocked over the whole range (fail closed), with the reason logged.
 * Returns the input unchanged when no resource has a busy-counting link.
 */
export async function externalSearchInput(
  ctx: ServiceContext,
  { loaded, links }: LinkedSearch,
): Promise<{ input: AvailabilitySearchInput; failed: ReadonlySet<string> }> {
  const { input } = loaded;
  if (links.length === 0) return { input, failed: new Set() };
  const range = searchBusyRange(
    input.rangeStartMs,
    input.rangeEndMs,
    loaded.appointmentType.bookingLength * MINUTE_MS,
  );
  const busy = await searchExternalBusy(ctx, links, range);
  const whole = [...busy.failed].map((resourceId) => ({ resourceId, ...range }));
  return {
    input: { ...input, blockers: [...input.blockers, ...busy.blockers, ...whole] },
    failed: busy.failed,
  };
}
