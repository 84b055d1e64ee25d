import { describe, expect, it } from 'vitest';
import type { Route } from './route';
import { createRouteMatcher } from './route-matcher';

const route = (method: Route['method'], path: string): Route => ({
  operationId: `${method} ${path}`,
  method,
  path,
  surface: 'connect',
  successStatus: 200,
  handle: async () => undefined,
});

describe('createRouteMatcher', () => {
  const list = route('GET', '/connect/calendar/');
  const one = route('GET', '/connect/calendar/:id');
  const patch = route('PATCH', '/connect/table_entries/:id');
  const form = route('POST', '/public/forms/:id/submit');
  const match = createRouteMatcher([list, one, patch, form]);

  it('matches static paths with or without their trailing slash', () => {
    expect(match('GET', '/connect/calendar/')).toEqual({ route: list, params: {} });
    expect(match('GET', '/connect/calendar')).toEqual({ route: list, params: {} });
  });

  it('decodes parameters, and keeps a malformed encoding as sent', () => {
    expect(match('GET', '/connect/calendar/a%20b')).toEqual({ route: one, params: { id: 'a b' } });
    expect(match('GET', '/connect/calendar/a%zz/')).toEqual({ route: one, params: { id: 'a%zz' } });
    expect(match('POST', '/public/forms/f1/submit')).toEqual({ route: form, params: { id: 'f1' } });
  });

  it('matches nothing for another method, an empty parameter, extra segments or another case', () => {
    expect(match('DELETE', '/connect/calendar/x')).toBeUndefined();
    expect(match('PATCH', '/connect/table_entries//')).toBeUndefined();
    expect(match('GET', '/connect/calendar/x/y')).toBeUndefined();
    expect(match('GET', '/CONNECT/calendar/')).toBeUndefined();
    expect(match('POST', '/public/forms/f1')).toBeUndefined();
  });
});
