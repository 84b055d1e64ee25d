/**
 * The calendar feed of a resource (`GET /public/calendar-feeds/{token}.ics`, extension), read as a
 * calendar app would and parsed with ical.js: stable UIDs, SEQUENCE rising with each move, deleted
 * bookings gone, local times right across the Berlin DST change, tokens that rotate and revoke.
 */
import { createHash } from 'node:crypto';
import { ErrorMessages } from '@leadbook/contract';
import { bookingEventUid } from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { feedWorld, parseFeed, type FeedWorld } from './ics-feed-support';

let world: FeedWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

const at = (days: number, time: string) => `${day(days)}T${time}:00.000Z`;

describe('a resource’s calendar feed', () => {
  it('lists the resource’s bookings with stable UIDs, the type as title and no lead data', async () => {
    world = await feedWorld();
    const first = await world.book(at(1, '08:00'), { name: 'Ada Lovelace, +49 170 1234567' });
    const second = await world.book(at(2, '09:00'));
    const res = await world.get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const { calendar, events } = parseFeed(res.text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Coach');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(events).toEqual([
      expect.objectContaining({
        uid: bookingEventUid(first.id),
        sequence: 0,
        startMs: Date.parse(at(1, '08:00')),
        endMs: Date.parse(at(1, '09:00')),
        summary: 'Trial session',
        description: `Leadbook booking ${first.id}`,
      }),
      expect.objectContaining({ uid: bookingEventUid(second.id), summary: 'Trial session' }),
    ]);
    // The booking's title is where integrations put the customer: it stays out of the feed.
    expect(res.text).not.toMatch(/Ada|1234567/);
    // The same bookings give the same text, and an app holding it is told nothing changed.
    const again = await world.get();
    expect(again.text).toBe(res.text);
    const etag = res.headers.get('etag')!;
    expect(again.headers.get('etag')).toBe(etag);
    const unchanged = await world.get(world.path, { 'if-none-match': etag });
    expect([unchanged.status, unchanged.text]).toEqual([304, '']);
  });

  it('is served alike by the Express router, HEAD included', async () => {
    world = await feedWorld('express');
    const booking = await world.book(at(1, '08:00'));
    const res = await world.get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(parseFeed(res.text).events.map((e) => e.uid)).toEqual([bookingEventUid(booking.id)]);
    const head = await world.h.call('HEAD', world.path);
    expect([head.status, head.text, head.headers.get('etag')]).toEqual([200, '', res.headers.get('etag')]);
    const unknown = await world.get(`/public/calendar-feeds/lbfeed_${'B'.repeat(43)}.ics`);
    expect([unknown.status, unknown.json]).toEqual([
      404,
      { statusCode: 404, message: ErrorMessages.notFound },
    ]);
  });

  it('raises SEQUENCE and LAST-MODIFIED on each move, and drops a deleted booking', async () => {
    world = await feedWorld();
    const booking = await world.book(at(1, '08:00'));
    const before = await world.get();
    expect(parseFeed(before.text).events[0]).toMatchObject({ sequence: 0, lastModifiedMs: NOW });
    world.clock.advance(3_600_000);
    expect((await world.move(booking.id, at(3, '10:00'))).status).toBe(200);
    const moved = await world.get();
    expect(parseFeed(moved.text).events).toEqual([
      expect.objectContaining({
        uid: bookingEventUid(booking.id),
        sequence: 1,
        startMs: Date.parse(at(3, '10:00')),
        lastModifiedMs: NOW + 3_600_000,
      }),
    ]);
    expect(moved.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const stale = await world.get(world.path, { 'if-none-match': before.headers.get('etag')! });
    expect(stale.status).toBe(200);
    world.clock.advance(3_600_000);
    expect((await world.move(booking.id, at(4, '08:00'))).status).toBe(200);
    expect(parseFeed((await world.get()).text).events.map((e) => e.sequence)).toEqual([2]);
    expect((await world.remove(booking.id)).status).toBe(204);
    expect(parseFeed((await world.get()).text).events).toEqual([]);
  });

  it('puts a Berlin 09:00 booking at 09:00 Berlin time on both sides of the DST change', async () => {
    world = await feedWorld();
    // 2024-03-31 02:00 CET becomes 03:00 CEST: 09:00 Berlin is 08:00Z before, 07:00Z after.
    const winter = await world.book('2024-03-29T08:00:00.000Z');
    const summer = await world.book('2024-04-01T07:00:00.000Z');
    const { events } = parseFeed((await world.get()).text);
    const berlin = (ms: number) =>
      DateTime.fromMillis(ms, { zone: 'Europe/Berlin' }).toFormat('yyyy-MM-dd HH:mm');
    expect(events.map((e) => [e.uid, berlin(e.startMs), berlin(e.endMs)])).toEqual([
      [bookingEventUid(winter.id), '2024-03-29 09:00', '2024-03-29 10:00'],
      [bookingEventUid(summer.id), '2024-04-01 09:00', '2024-04-01 10:00'],
    ]);
  });

  it('a rotated token stops at once, a revoked feed answers 404, in the public envelope', async () => {
    world = await feedWorld();
    await world.book(at(1, '08:00'));
    const notFound = { statusCode: 404, message: ErrorMessages.notFound };
    const rotated = await world.h.service.admin.calendarFeeds.rotate(ID.organization, world.feedId);
    const old = await world.get();
    expect([old.status, old.json]).toEqual([404, notFound]);
    const fresh = await world.get(rotated.path);
    expect(fresh.status).toBe(200);
    expect(parseFeed(fresh.text).events).toHaveLength(1);
    const [listed] = await world.h.service.admin.calendarFeeds.list(ID.organization);
    expect(listed).toEqual({
      id: world.feedId,
      organizationId: ID.organization,
      resourceId: ID.resourceCoach,
      createdAt: new Date(NOW).toISOString(),
      rotatedAt: new Date(NOW).toISOString(),
    });
    // Only the token's SHA-256 digest is stored: a copy of the database opens no feed.
    const stored = await world.storage.transaction((tx) =>
      tx.calendarFeeds.get(ID.organization, world!.feedId),
    );
    expect(JSON.stringify(stored)).not.toContain(rotated.token.slice('lbfeed_'.length));
    expect(stored?.tokenDigest).toBe(createHash('sha256').update(rotated.token).digest('hex'));
    await world.h.service.admin.calendarFeeds.revoke(ID.organization, world.feedId);
    expect((await world.get(rotated.path)).json).toEqual(notFound);
  });

  it('answers 404 for an unknown token and for paths that cannot hold one', async () => {
    world = await feedWorld();
    const unknown = `lbfeed_${'A'.repeat(43)}`;
    for (const path of [
      `/public/calendar-feeds/${unknown}.ics`,
      `/public/calendar-feeds/${unknown}`,
      `/public/calendar-feeds/${world.path.split('/').pop()!.replace('.ics', '.json')}`,
      '/public/calendar-feeds/..%2F..%2Fetc%2Fpasswd.ics',
      `/public/calendar-feeds/${'x'.repeat(5000)}.ics`,
    ]) {
      const res = await world.get(path);
      expect([path.slice(0, 60), res.status, res.json]).toEqual([
        path.slice(0, 60),
        404,
        { statusCode: 404, message: ErrorMessages.notFound },
      ]);
    }
  });

  it('refuses a second feed of a resource, and feeds of unknown resources or organizations', async () => {
    world = await feedWorld();
    const feeds = world.h.service.admin.calendarFeeds;
    await expect(feeds.create(ID.organization, { resourceId: ID.resourceCoach })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      feeds.create(ID.organization, { resourceId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(feeds.create(ID.organization, { resourceId: 'nope' } as never)).rejects.toMatchObject({
      status: 400,
    });
    await expect(feeds.rotate('org_unknown', world.feedId)).rejects.toMatchObject({ status: 404 });
    await expect(feeds.revoke('org_unknown', world.feedId)).rejects.toMatchObject({ status: 404 });
  });
});
