import { describe, expect, it, vi } from 'vitest';
import {
  addressRange,
  checkWebhookUrl,
  checkWebhookUrlSyntax,
  isPublicAddress,
  WEBHOOK_URL_WORDING,
  type HostLookup,
} from './url-guard';

const wording = WEBHOOK_URL_WORDING;

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

/** A resolver over a fixed table: no real DNS in tests. */
const table =
  (entries: Record<string, string[]>): HostLookup =>
  async (host) => {
    const found = entries[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

const refused = async (url: string, lookup?: HostLookup) => {
  const result = await checkWebhookUrl(url, { wording, allowPrivate: false, ...(lookup ? { lookup } : {}) });
  return result.ok ? null : result.reason;
};

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    ['::7f00:1', 'reserved'],
    [PUBLIC_V4, 'unicast'],
    ['172.32.0.1', 'unicast'],
    [PUBLIC_V6, 'unicast'],
    [`::ffff:${PUBLIC_V4}`, 'unicast'],
  ])('%s is %s', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(range === 'unicast');
  });

  it('refuses loopback in IPv4-compatible IPv6 however it is written', () => {
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped; the URL parser writes it as `::7f00:1`.
    expect(isPublicAddress('::127.0.0.1')).toBe(false);
    expect(isPublicAddress('::7f00:1')).toBe(false);
    expect(isPublicAddress(`::5db8:d822`)).toBe(false);
  });

  it('treats garbage as not public', () => {
    expect(isPublicAddress('not-an-ip')).toBe(false);
    expect(() => addressRange('not-an-ip')).toThrow();
  });
});

describe('checkWebhookUrl', () => {
  it('refuses non-http schemes, credentials and invalid URLs', async () => {
    expect(await refused('ftp://example.com/x')).toMatch(/http or https, not ftp/);
    expect(await refused('file:///etc/passwd')).toMatch(/http or https/);
    expect(await refused('https://user:pw@example.com/x')).toMatch(/credentials/);
    expect(await refused('https://token@example.com/x')).toMatch(/credentials/);
    expect(await refused('not a url')).toMatch(/not a valid absolute URL/);
    expect(await refused('/relative')).toMatch(/not a valid absolute URL/);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/hook',
    'http://172.16.3.4/hook',
    'http://192.168.0.10/hook',
    'http://0.0.0.0/',
    'http://[::1]:3000/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:169.254.169.254]/hook',
    // Other spellings of 127.0.0.1 that the URL parser normalises.
    'http://2130706433/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://localhost:3000/hook',
    'http://LOCALHOST./hook',
    'http://api.localhost/hook',
  ])('refuses %s without a lookup', async (url) => {
    const lookup = vi.fn(table({}));
    expect(await refused(url, lookup)).toMatch(/non-public address/);
    expect(lookup).not.toHaveBeenCalled();
    expect(checkWebhookUrlSyntax(url, { wording, allowPrivate: false }).ok).toBe(false);
  });

  it('names the range in the reason', async () => {
    expect(await refused('http://169.254.169.254/latest/meta-data')).toBe(
      'the webhook URL points to a non-public address: 169.254.169.254 is linkLocal; private targets are not allowed (set webhooks.allowPrivateUrls on the service to allow them)',
    );
    expect(await refused('http://localhost/x')).toMatch(/localhost \(127\.0\.0\.1\) is loopback/);
  });

  it('passes public literals without a lookup', async () => {
    const lookup = vi.fn(table({}));
    expect(
      await checkWebhookUrl(`https://${PUBLIC_V4}/hook`, { wording, allowPrivate: false, lookup }),
    ).toEqual({
      ok: true,
    });
    expect(
      await checkWebhookUrl(`https://[${PUBLIC_V6}]:8443/hook`, { wording, allowPrivate: false, lookup }),
    ).toEqual({
      ok: true,
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('resolves names and refuses when any address is not public', async () => {
    const lookup = table({
      'hooks.example.com': [PUBLIC_V4, PUBLIC_V6],
      'rebind.example.com': [PUBLIC_V4, '10.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
      'empty.example.com': [],
    });
    expect(
      await checkWebhookUrl('https://hooks.example.com/x', { wording, allowPrivate: false, lookup }),
    ).toEqual({
      ok: true,
    });
    expect(
      await refused('https://HOOKS.example.com./x', table({ 'hooks.example.com.': [PUBLIC_V4] })),
    ).toBeNull();
    expect(await refused('https://rebind.example.com/x', lookup)).toMatch(
      /rebind\.example\.com \(10\.0\.0\.1\) is private/,
    );
    expect(await refused('https://metadata.example.com/x', lookup)).toMatch(/is linkLocal/);
    expect(await refused('https://mapped.example.com/x', lookup)).toMatch(/is loopback/);
    expect(
      await checkWebhookUrl('https://empty.example.com/x', { wording, allowPrivate: false, lookup }),
    ).toEqual({
      ok: false,
      reason: 'the host of the webhook URL, empty.example.com, resolved to no address',
      transient: true,
    });
  });

  it('reports a failed lookup as transient', async () => {
    expect(
      await checkWebhookUrl('https://nowhere.example/x', { wording, allowPrivate: false, lookup: table({}) }),
    ).toEqual({
      ok: false,
      reason: 'the host of the webhook URL, nowhere.example, did not resolve (ENOTFOUND)',
      transient: true,
    });
  });

  it('allows private targets without any lookup when allowPrivate is set', async () => {
    const lookup = vi.fn(table({}));
    for (const url of [
      'http://127.0.0.1:1/x',
      'http://169.254.169.254/',
      'http://localhost/',
      'http://intranet/',
    ]) {
      expect(await checkWebhookUrl(url, { wording, allowPrivate: true, lookup })).toEqual({ ok: true });
      expect(checkWebhookUrlSyntax(url, { wording, allowPrivate: true })).toEqual({ ok: true });
    }
    expect(lookup).not.toHaveBeenCalled();
    // Scheme and credentials are refused even then.
    expect((await checkWebhookUrl('ftp://127.0.0.1/', { wording, allowPrivate: true })).ok).toBe(false);
    expect(checkWebhookUrlSyntax('http://a:b@127.0.0.1/', { wording, allowPrivate: true }).ok).toBe(false);
  });
});

describe('checkWebhookUrlSyntax', () => {
  it('lets host names through (they are resolved before each delivery)', () => {
    expect(
      checkWebhookUrlSyntax('https://hooks.example.com/leadbook?x=1', { wording, allowPrivate: false }),
    ).toEqual({
      ok: true,
    });
    expect(checkWebhookUrlSyntax(`http://${PUBLIC_V4}:8080/`, { wording, allowPrivate: false })).toEqual({
      ok: true,
    });
  });

  it('refuses what needs no lookup to refuse', () => {
    expect(checkWebhookUrlSyntax('javascript:alert(1)', { wording, allowPrivate: false }).ok).toBe(false);
    expect(checkWebhookUrlSyntax('https://u:p@hooks.example.com/', { wording, allowPrivate: false }).ok).toBe(
      false,
    );
    expect(checkWebhookUrlSyntax('http://[::1]/', { wording, allowPrivate: false }).ok).toBe(false);
  });
});
