import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sdk from '@leadbook/sdk';
import * as publicForm from '@leadbook/sdk/public-form';
import * as testing from '@leadbook/sdk/testing';
import { describe, expect, it } from 'vitest';
import { root } from './code-blocks';

/**
 * The SDK's README against the SDK itself: every namespace and method of `ConnectClient` (as a
 * client really has them), the methods of the other clients, and every function, class and constant
 * the three entries export, so a method added to the SDK cannot stay undocumented.
 */
const readme = readFileSync(join(root, 'packages/sdk/README.md'), 'utf8');
const section = (heading: string) => {
  const start = readme.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`the README has no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};
/** The identifiers a text names in code: in its code blocks and in its inline code spans. */
const codeWords = (text: string) => {
  const fences = /^```[^\n]*\n([\s\S]*?)^```$/gm;
  const blocks = [...text.matchAll(fences)].map(([, code]) => code!);
  const spans = [...text.replace(fences, '').matchAll(/`([^`]+)`/g)].map(([, code]) => code!);
  return new Set([...blocks, ...spans].flatMap((code) => code.match(/\w+/g) ?? []));
};

/** The namespaces of a real client and their methods, sorted. */
function clientNamespaces(): Record<string, string[]> {
  const client = new sdk.ConnectClient({ baseUrl: 'https://leadbook.test', apiToken: 'service_live_x' });
  return Object.fromEntries(
    Object.entries(client)
      .filter(([, value]) => typeof value === 'object' && value !== null)
      .map(([name, api]) => [name, Object.keys(api as object).sort()]),
  );
}

/** The namespace table of the README's Connect section: first cell the namespace, second its methods. */
function readmeNamespaces(): Record<string, string[]> {
  const rows = section('Connect API')
    .split('\n')
    .filter((line) => /^\| `\w+`/.test(line));
  return Object.fromEntries(
    rows.map((row) => {
      const [, name, methods] = row.split('|').map((cell) => cell.trim());
      const listed = [...methods!.matchAll(/`(\w+)`/g)].map(([, method]) => method!);
      return [name!.replaceAll('`', ''), listed.sort()];
    }),
  );
}

const ownMethods = (prototype: object) =>
  Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor');

describe('the SDK README', () => {
  it('lists every namespace of ConnectClient with exactly its methods', () => {
    const actual = clientNamespaces();
    expect(Object.keys(actual)).toContain('holds');
    expect(actual['bookings']).toEqual(['create', 'delete', 'get', 'reschedule']);
    expect(readmeNamespaces()).toEqual(actual);
  });

  it('names every method of ConnectClient, PublicFormClient and IngressClient in its section', () => {
    const clients = [
      ['Connect API', sdk.ConnectClient.prototype],
      ['Public form (browser)', publicForm.PublicFormClient.prototype],
      ['Ingress webhooks', sdk.IngressClient.prototype],
    ] as const;
    const missing = clients.flatMap(([heading, prototype]) => {
      const named = codeWords(section(heading));
      return ownMethods(prototype)
        .filter((method) => !named.has(method))
        .map((method) => `${heading}: ${method}`);
    });
    expect(missing).toEqual([]);
    // The public form client's telemetry batcher is a property, with its own methods.
    expect(codeWords(section('Public form (browser)'))).toContain('telemetry');
  });

  it('names every function, class and constant of @leadbook/sdk, /public-form and /testing', () => {
    const named = codeWords(readme);
    const exported = [...new Set([...Object.keys(sdk), ...Object.keys(publicForm), ...Object.keys(testing)])];
    expect(exported).toContain('verifyWebhook');
    expect(exported.filter((name) => !named.has(name))).toEqual([]);
  });
});
