import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './code-blocks';

/**
 * The options tables of the docs against the interfaces they describe: an option the code takes and
 * the table leaves out is one a user cannot find (the Zoom provider's `apiBaseUrl`, the service's
 * `meetings`, `webhooks.lookup`). Each key must have its row (its name in backticks in the first
 * cell), and each key of an option that is an object written inline must be named in that row.
 */

/** The keys of an interface, and for each key whose type is an inline object, that object's keys. */
function keysOf(file: string, name: string): Map<string, string[]> {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest);
  const declaration = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === name,
  );
  if (!declaration) throw new Error(`no interface ${name} in ${file}`);
  const nameOf = (member: ts.TypeElement) => (member.name as ts.Identifier).text;
  return new Map(
    declaration.members.filter(ts.isPropertySignature).map((member) => {
      const type = member.type;
      const inner = type && ts.isTypeLiteralNode(type) ? type.members.map(nameOf) : [];
      return [nameOf(member), inner];
    }),
  );
}

/** The rows (first cell, whole row) of the first markdown table after `marker` in a document. */
function tableAfter(doc: string, marker: string): Array<{ key: string; row: string }> {
  const text = readFileSync(join(root, doc), 'utf8');
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${doc} has no "${marker}"`);
  const lines = text.slice(at).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(start).filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')));
  return table.slice(2).map((row) => ({ key: row.split('|')[1]!.trim(), row }));
}

/** What the table misses of the interface, as readable lines. */
function missing(keys: Map<string, string[]>, rows: Array<{ key: string; row: string }>): string[] {
  return [...keys].flatMap(([key, inner]) => {
    const row = rows.find((candidate) => candidate.key.split(/,\s*/).includes(`\`${key}\``));
    if (!row) return [`no row for \`${key}\``];
    // Named in the row's code: `{ allowPrivateUrls, fetch }` names both.
    const named = new Set(
      [...row.row.matchAll(/`([^`]+)`/g)].flatMap(([, code]) => code!.match(/\w+/g) ?? []),
    );
    return inner
      .filter((sub) => !named.has(sub))
      .map((sub) => `the row of \`${key}\` does not name \`${sub}\``);
  });
}

describe('options tables of the docs', () => {
  it('the mounting guide lists every option of createConnectService(), and the keys of each inline one', () => {
    const keys = keysOf('packages/server/src/options.ts', 'ConnectServiceOptions');
    expect(keys.get('webhooks')).toContain('lookup');
    expect(missing(keys, tableAfter('docs/guides/mounting-the-server.md', '## Options'))).toEqual([]);
  });

  it('the server README names every option of createConnectService()', () => {
    const readme = readFileSync(join(root, 'packages/server/README.md'), 'utf8');
    const keys = [...keysOf('packages/server/src/options.ts', 'ConnectServiceOptions').keys()];
    expect(keys.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });

  it('the Zoom README lists every option of createZoomMeetingProvider()', () => {
    const keys = keysOf('packages/meetings-zoom/src/provider.ts', 'ZoomMeetingProviderOptions');
    expect(keys.has('apiBaseUrl')).toBe(true);
    expect(missing(keys, tableAfter('packages/meetings-zoom/README.md', '## Options'))).toEqual([]);
  });

  it('the CalDAV README lists every option of createCalDavCalendar()', () => {
    const keys = keysOf('packages/calendar-caldav/src/calendar.ts', 'CalDavCalendarOptions');
    expect(keys.has('allowPrivateUrls')).toBe(true);
    expect(missing(keys, tableAfter('packages/calendar-caldav/README.md', '## Options'))).toEqual([]);
  });

  it('the Google Calendar README lists every option of createGoogleCalendar()', () => {
    const keys = keysOf('packages/calendar-google/src/options.ts', 'GoogleCalendarOptions');
    expect(keys.has('refreshToken')).toBe(true);
    expect(missing(keys, tableAfter('packages/calendar-google/README.md', '## Options'))).toEqual([]);
  });

  it('the CalDAV README lists every option of createIcsFeedCalendar()', () => {
    const keys = keysOf('packages/calendar-caldav/src/ics-feed.ts', 'IcsFeedCalendarOptions');
    expect(keys.has('maxBytes')).toBe(true);
    expect(
      missing(keys, tableAfter('packages/calendar-caldav/README.md', '## ICS feed (read-only)')),
    ).toEqual([]);
  });

  it('the SMTP notifier README lists every option of createSmtpNotifier()', () => {
    const keys = keysOf('packages/notify-smtp/src/notifier.ts', 'SmtpNotifierOptions');
    expect(keys.get('auth')).toEqual(['user', 'pass']);
    expect(missing(keys, tableAfter('packages/notify-smtp/README.md', '## Options'))).toEqual([]);
  });

  it("the testing guide lists seedStudio()'s options and what it resolves", () => {
    const file = 'packages/server/src/testing/studio/seed.ts';
    const guide = 'docs/guides/testing.md';
    expect(
      missing(keysOf(file, 'SeedStudioOptions'), tableAfter(guide, '`seedStudio(service, options)`')),
    ).toEqual([]);
    expect(missing(keysOf(file, 'SeededStudio'), tableAfter(guide, 'It resolves'))).toEqual([]);
  });

  it('finds a missing row and a missing inline key', () => {
    const keys = new Map([
      ['storage', []],
      ['webhooks', ['fetch', 'lookup']],
    ]);
    const rows = [{ key: '`webhooks`', row: '| `webhooks` | | `{ fetch }` |' }];
    expect(missing(keys, rows)).toEqual([
      'no row for `storage`',
      'the row of `webhooks` does not name `lookup`',
    ]);
  });
});
