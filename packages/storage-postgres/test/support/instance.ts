/**
 * One service instance in its own process, for the multi-instance tests and the bench: the
 * PostgreSQL storage, the pg-boss scheduler and the shared rate-limit store on one database, in an
 * Express app on a loopback port. Prints `{"port": n}` once listening and one JSON line per
 * `hasStarted` event; on SIGTERM shuts down as the mounting guide says and exits.
 *
 * Environment: DATABASE_URL, LEADBOOK_SCHEMA, LEADBOOK_PGBOSS_SCHEMA, LEADBOOK_POLL_MS (default 200),
 * LEADBOOK_JOB_EXPIRE_SECONDS (the scheduler's `expireInSeconds`, default 900),
 * LEADBOOK_POOL_MAX (default 10), LEADBOOK_WEBHOOK_TIMEOUT_MS (default 10000), LEADBOOK_MEETINGS
 * (`on`: an in-memory `zoom` meeting provider that prints `{"meetingCreated": bookingId}` per meeting
 * it creates; `down`: one whose creations all fail), LEADBOOK_RATE_LIMITS (`off`: no public form
 * rate limits, for races of many requests from one client), LEADBOOK_NOTIFY (`on`: booking
 * notifications to a notifier that prints `{"notificationSent": messageId}` per message; `hang`: one
 * whose sends never finish, so a message is in flight when the process is killed),
 * LEADBOOK_NOTIFY_TIMEOUT_MS (the notifications' `timeoutMs`, default 30000), LEADBOOK_CALENDAR_URL
 * (external calendars on: the provider `shared` reaches the test's shared calendar there, sealed with
 * LEADBOOK_CALENDAR_KEY, base64; each creation prints `{"calendarEventCreated": uid}`),
 * LEADBOOK_CALENDAR_MODE (`hang`: creations print `{"calendarEventCreating": uid}` and never finish),
 * LEADBOOK_CALENDAR_TIMEOUT_MS (the external calendars' `timeoutMs`, default 5000). Webhooks may
 * target loopback (the tests' receivers listen there).
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import {
  createConnectService,
  createInMemoryMeetingProvider,
  type MeetingProvider,
  type Notifier,
} from '@leadbook/server';
import {
  createPgBossScheduler,
  createPostgresRateLimitStore,
  createPostgresStorage,
} from '@leadbook/storage-postgres';
import { listenOnLoopback, shutDownHost } from '../../../../test-support/http-host';
import { sharedCalendarClient } from './http-calendar';

/** One line of the protocol the tests read. */
const report = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const schema = env('LEADBOOK_SCHEMA');
const pool = new pg.Pool({
  connectionString: env('DATABASE_URL'),
  max: Number(process.env['LEADBOOK_POOL_MAX'] ?? 10),
});
// Given to the storage, the scheduler's jobs (booking timers) go in the bookings' transactions.
const scheduler = createPgBossScheduler({
  pool,
  schema: env('LEADBOOK_PGBOSS_SCHEMA'),
  pollIntervalMs: Number(process.env['LEADBOOK_POLL_MS'] ?? 200),
  expireInSeconds: Number(process.env['LEADBOOK_JOB_EXPIRE_SECONDS'] ?? 900),
});
const meetingsMode = process.env['LEADBOOK_MEETINGS'];
const fakeMeetings = createInMemoryMeetingProvider();
if (meetingsMode === 'down') fakeMeetings.fail('create', undefined, 1_000_000);
const meetings: MeetingProvider = {
  name: 'zoom',
  async create(request, options) {
    const created = await fakeMeetings.create(request, options);
    report({ meetingCreated: request.bookingId, pid: process.pid });
    return created;
  },
  update: (meeting, time, options) => fakeMeetings.update(meeting, time, options),
  delete: (meeting, options) => fakeMeetings.delete(meeting, options),
};
const notifyMode = process.env['LEADBOOK_NOTIFY'];
const notifier: Notifier = {
  kind: 'test',
  async send(message) {
    if (notifyMode === 'hang') {
      report({ notificationSending: message.id, pid: process.pid });
      await new Promise(() => undefined);
    }
    report({ notificationSent: message.id, pid: process.pid });
    return { messageId: message.id, rejectedRecipients: [] };
  },
};
const calendarUrl = process.env['LEADBOOK_CALENDAR_URL'];
const hang = process.env['LEADBOOK_CALENDAR_MODE'] === 'hang';
const calendar = calendarUrl
  ? sharedCalendarClient(calendarUrl, {
      hang,
      onCreating: (uid) => report({ calendarEventCreating: uid, pid: process.pid }),
    })
  : null;
const service = await createConnectService({
  ...(calendar
    ? {
        externalCalendars: {
          providers: {
            shared: () => ({
              ...calendar,
              async createEvent(event, options) {
                const created = await calendar.createEvent(event, options);
                report({ calendarEventCreated: event.uid, pid: process.pid });
                return created;
              },
            }),
          },
          encryptionKeys: [{ id: 'test', key: env('LEADBOOK_CALENDAR_KEY') }],
          timeoutMs: Number(process.env['LEADBOOK_CALENDAR_TIMEOUT_MS'] ?? 5_000),
        },
      }
    : {}),
  ...(notifyMode
    ? {
        notifications: {
          notifier,
          timeoutMs: Number(process.env['LEADBOOK_NOTIFY_TIMEOUT_MS'] ?? 30_000),
        },
      }
    : {}),
  // A short call timeout, so that an attempt of a killed instance is settled within the tests' waits.
  ...(meetingsMode ? { meetings: { providers: [meetings], timeoutMs: 1_000 } } : {}),
  storage: await createPostgresStorage({ pool, schema, scheduler }),
  scheduler,
  rateLimit: {
    enabled: process.env['LEADBOOK_RATE_LIMITS'] !== 'off',
    store: (name) => createPostgresRateLimitStore({ pool, schema, prefix: `${name}:` }),
  },
  webhooks: {
    allowPrivateUrls: true,
    timeoutMs: Number(process.env['LEADBOOK_WEBHOOK_TIMEOUT_MS'] ?? 10_000),
  },
  logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
});
service.events.on('calendar.appointment.hasStarted', (event) => {
  report({ event: event.type, bookingId: event.payload.booking.id, pid: process.pid });
});

const app = express();
app.use(service.express());
const { server } = await listenOnLoopback(app);
report({ port: (server.address() as AddressInfo).port, pid: process.pid });

process.once('SIGTERM', () => {
  void shutDownHost(server, service)
    .then(() => pool.end())
    .then(() => process.exit(0));
});
