/**
 * The React typing of `<leadbook-booking>`: checked by `npm run typecheck` (a failing assertion is a
 * type error there).
 */
import type { JSX } from 'react';
import { expectTypeOf } from 'vitest';
import type { BookedDetail } from '../src/index';
import type { LeadbookBookingProps } from '../src/react';

type Props = JSX.IntrinsicElements['leadbook-booking'];

expectTypeOf<Props>().toEqualTypeOf<LeadbookBookingProps>();
expectTypeOf<Props['form']>().toEqualTypeOf<string>();
expectTypeOf<NonNullable<Props['onleadbook:booked']>>()
  .parameter(0)
  .toEqualTypeOf<CustomEvent<BookedDetail>>();

// @ts-expect-error `form` and `api` are required
export const missing: Props = { api: 'https://leadbook.example.com' };
// @ts-expect-error `theme` is light or dark
export const wrongTheme: Props = { form: 'f', api: 'a', theme: 'blue' };
