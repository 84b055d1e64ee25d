/**
 * Mutations of how a request travels: its Content-Type and Content-Encoding (valid, corrupt,
 * truncated, a decompression bomb, unknown), its credentials (absent, malformed, another scope or
 * organization), its Origin, other headers, and its method.
 *
 * @module
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { INGRESS_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '@leadbook/contract';
import { mutation, type Mutation } from './mutation';
import { bodyBytes, type FuzzRequest } from './request';
import { STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

const hasBody = (request: FuzzRequest) => bodyBytes(request.body) !== undefined;
const surface = (name: string) => (request: FuzzRequest) => request.operation.surface === name;
const always = () => true;

const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

let bomb: Buffer | undefined;
/** 8 MiB of spaces in about 8 KB of gzip: past the body limit only once decoded. Built once. */
const gzipBomb = () => (bomb ??= gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));

/** Header values must be Latin-1 (`Headers` refuses more): UTF-8 text travels as its bytes. */
const asLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export const transportMutations: readonly Mutation[] = [
  mutation('header.content-type', 'transport', 3, always, (request, random) => {
    const type = random.pick([
      undefined,
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json;charset=latin1',
      'application/merge-patch+json',
      'APPLICATION/JSON',
      'application/jsonx',
      'application/json-seq',
      'application/+json',
      '*/*',
      '',
      asLatin1('application/json; name=ü'),
    ]);
    if (type === undefined) delete request.headers['content-type'];
    else request.headers['content-type'] = type;
    return type ?? 'absent';
  }),
  mutation('header.content-encoding', 'transport', 4, hasBody, (request, random) => {
    const bytes = Buffer.from(bodyBytes(request.body)!);
    const kind = random.pick(['gzip', 'deflate', 'br'] as const);
    const compressed = COMPRESS[kind](bytes);
    const variants: Array<[string, string, Uint8Array]> = [
      ['valid', kind, compressed],
      ['valid, upper case', kind.toUpperCase(), compressed],
      ['corrupt', kind, bytes],
      ['truncated', kind, compressed.subarray(0, Math.max(1, compressed.length >> 1))],
      ['bomb', 'gzip', gzipBomb()],
      ['unknown', 'x-unknown', bytes],
      ['compress', 'compress', bytes],
      ['two encodings', 'gzip, br', brotliCompressSync(gzipSync(bytes))],
      ['identity', 'identity', bytes],
      ['empty', '', bytes],
      ['wrong one', kind === 'gzip' ? 'br' : 'gzip', compressed],
    ];
    const [label, encoding, body] = random.pick(variants);
    request.headers['content-encoding'] = encoding;
    request.body = { bytes: body };
    return `${label} (${encoding || 'empty'})`;
  }),
  mutation('auth.connect', 'transport', 2, surface('connect'), (request, random) => {
    const value = random.pick([
      undefined,
      'Bearer',
      'Bearer ',
      `Bearer service_live_${'0'.repeat(64)}`, // the right shape, no such token
      `Bearer service_live_${'a'.repeat(63)}`,
      `Bearer service_live_${'g'.repeat(64)}`,
      `Bearer ${TOKEN.read}`, // too weak for writes
      `Bearer ${TOKEN.other}`, // another organization
      `bearer ${TOKEN.admin}`,
      `Bearer  ${TOKEN.admin}`,
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `Bearer ${TOKEN.read}, Bearer ${TOKEN.admin}`,
      `Bearer ${'x'.repeat(10_000)}`,
      asLatin1(`Bearer service_live_${'é'.repeat(32)}`),
    ]);
    if (value === undefined) delete request.headers['authorization'];
    else request.headers['authorization'] = value;
    return value === undefined ? 'absent' : value.slice(0, 40);
  }),
  mutation('auth.ingress', 'transport', 4, surface('ingress'), (request, random, world) => {
    const token = world.ingress.token;
    const value = random.pick([
      undefined,
      '',
      world.otherIngress.token, // valid, for another webhook
      token.toUpperCase(),
      token.slice(0, 63),
      `${token}0`,
      `${token} `,
      'g'.repeat(64),
      'x'.repeat(10_000),
      asLatin1('é'.repeat(32)),
    ]);
    if (value === undefined) delete request.headers[INGRESS_TOKEN_HEADER];
    else request.headers[INGRESS_TOKEN_HEADER] = value;
    return value === undefined ? 'absent' : value.slice(0, 40);
  }),
  mutation('header.origin', 'transport', 3, surface('public-form'), (request, random) => {
    const origin = random.pick([
      undefined,
      'https://evil.example',
      'null',
      'HTTPS://WWW.EXAMPLE.COM/',
      'https://www.example.com.evil.example',
      'http://www.example.com',
      'https://shop.example.org:8443',
      'not a url',
      '',
      asLatin1('https://exämple.com'),
    ]);
    if (origin === undefined) delete request.headers['origin'];
    else request.headers['origin'] = origin;
    return origin ?? 'absent';
  }),
  mutation('header.other', 'transport', 2, always, (request, random) => {
    const [name, value] = random.pick<[string, string]>([
      ['x-request-id', 'x'.repeat(5_000)],
      ['x-request-id', asLatin1('id-ü-\u00a0')],
      ['x-forwarded-for', '10.0.0.1, 203.0.113.7'],
      ['accept', 'text/html'],
      ['accept-encoding', 'br;q=1.0, *;q=0'],
      [IDEMPOTENCY_KEY_HEADER, 'fuzz-key'], // the same key across cases with different bodies
      [IDEMPOTENCY_KEY_HEADER, ' '],
      [IDEMPOTENCY_KEY_HEADER, 'k'.repeat(256)],
      [IDEMPOTENCY_KEY_HEADER, asLatin1('ключ')],
    ]);
    request.headers[name] = value;
    return `${name}: ${value.slice(0, 40)}`;
  }),
  mutation('method', 'transport', 1, always, (request, random) => {
    request.method = random.pick(
      ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'].filter((m) => m !== request.method),
    );
    return request.method;
  }),
  mutation(
    'body.unexpected',
    'transport',
    1,
    (request) => request.body === undefined && request.method !== 'GET',
    (request, random) => {
      request.body = random.chance(0.5)
        ? { json: { unexpected: true } }
        : { bytes: Buffer.from('{not json') };
      request.headers['content-type'] = 'application/json';
      return 'a body where none is read';
    },
  ),
];
