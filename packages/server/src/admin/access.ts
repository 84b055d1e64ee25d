/**
 * Lookups the console actions share: "this id must exist in this organization".
 *
 * @module
 */
import { notFound } from '../core/errors';
import type { Repositories } from '../ports/storage';

type Scoped =
  'calendars' | 'tables' | 'leadStates' | 'appointmentTypes' | 'resources' | 'blockers' | 'resourceSlots';

const LABEL: Record<Scoped, string> = {
  calendars: 'Calendar',
  tables: 'Lead pool',
  leadStates: 'Lead state',
  appointmentTypes: 'Appointment type',
  resources: 'Resource',
  blockers: 'Blocker',
  resourceSlots: 'Resource slot',
};

/** Loads a record of the organization or throws a 404 naming what is missing. */
export async function mustGet<K extends Scoped>(tx: Repositories, repo: K, org: string, id: string) {
  const record = await (tx[repo] as { get(o: string, i: string): Promise<unknown> }).get(org, id);
  if (!record) throw notFound(`${LABEL[repo]} ${id}`);
  return record as NonNullable<Awaited<ReturnType<Repositories[K]['get']>>>;
}

/** Throws a 404 when the organization does not exist. */
export async function mustGetOrganization(tx: Repositories, org: string) {
  const record = await tx.organizations.get(org);
  if (!record) throw notFound(`Organization ${org}`);
  return record;
}
