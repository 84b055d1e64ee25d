/**
 * The demo data `start.ts` seeds: the studio of `@leadbook/server/studio`, with new ids and tokens
 * at every start (the database outlives one start), and its published booking form.
 *
 * @module
 */
import type { ConnectService } from '@leadbook/server';
import { seedStudio } from '@leadbook/server/studio';

/** What the demo prints and writes to LEADBOOK_DEMO_OUT (besides the instance URLs). */
export interface DemoData {
  organizationId: string;
  tokens: { read: string; write: string; admin: string };
  formId: string;
}

/** Seeds a new studio (tokens are shown once, so every start makes a new one). */
export async function seedDemo(service: ConnectService): Promise<DemoData> {
  const { ids, tokens } = await seedStudio(service, { fresh: true });
  return {
    organizationId: ids.organization,
    tokens: { read: tokens.read, write: tokens.write, admin: tokens.admin },
    formId: ids.form,
  };
}
