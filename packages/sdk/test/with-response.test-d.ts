import type { operations } from '@leadbook/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ApiPromise,
  BookFirstAvailableResult,
  Calendar,
  CalendarBooking,
  ConnectClient,
  CreateCalendarBookingBody,
  CreateTableEntryBody,
  OperationBody,
  OperationId,
  OperationQuery,
  OperationResponse,
  PatchTableEntryBody,
  WithResponse,
} from '@leadbook/sdk';

declare const client: ConnectClient;
const id = '00000000-0000-4000-8000-000000000000';

type Schemas = typeof operations;
type ZodOf<K extends OperationId, Part extends string, Mode extends 'input' | 'output'> = Schemas[K] extends {
  [P in Part]: infer S extends z.ZodTypeAny;
}
  ? Mode extends 'input'
    ? z.input<S>
    : z.output<S>
  : Part extends 'response'
    ? void
    : never;

describe('the SDK types follow the zod schemas of every operation', () => {
  it('responses, bodies and queries equal z.output / z.input of the operation schemas', () => {
    expectTypeOf<{ [K in OperationId]: OperationResponse<K> }>().toEqualTypeOf<{
      [K in OperationId]: ZodOf<K, 'response', 'output'>;
    }>();
    expectTypeOf<{ [K in OperationId]: OperationBody<K> }>().toEqualTypeOf<{
      [K in OperationId]: ZodOf<K, 'body', 'input'>;
    }>();
    expectTypeOf<{ [K in OperationId]: OperationQuery<K> }>().toEqualTypeOf<{
      [K in OperationId]: ZodOf<K, 'query', 'input'>;
    }>();
  });

  it('method signatures name the types', () => {
    expectTypeOf(client.leads.create).parameter(0).toEqualTypeOf<CreateTableEntryBody>();
    expectTypeOf(client.leads.update).parameter(1).toEqualTypeOf<PatchTableEntryBody>();
    expectTypeOf(client.bookings.create).parameter(0).toEqualTypeOf<CreateCalendarBookingBody>();
  });
});

describe('every call is an ApiPromise', () => {
  it('awaits to the body; withResponse() adds the response; asResponse() gives it alone', () => {
    expectTypeOf(client.calendars.list()).toEqualTypeOf<ApiPromise<Calendar[]>>();
    expectTypeOf(client.calendars.list().withResponse()).resolves.toEqualTypeOf<WithResponse<Calendar[]>>();
    expectTypeOf(client.bookings.get(id).withResponse())
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<CalendarBooking>();
    expectTypeOf<WithResponse<Calendar[]>>().toMatchTypeOf<{
      status: number;
      headers: Headers;
      requestId: string | undefined;
      response: Response;
    }>();
    expectTypeOf(client.bookings.delete(id).asResponse()).resolves.toEqualTypeOf<Response>();
  });

  it('bookFirstAvailable takes request options and gives the booking response', () => {
    const params = { calendarId: id, appointmentTypeId: id, start: '', end: '' };
    const call = client.bookFirstAvailable(params, { timeout: 5000, maxRetries: 1, headers: { a: 'b' } });
    expectTypeOf(call).toEqualTypeOf<ApiPromise<BookFirstAvailableResult>>();
    // @ts-expect-error each booking attempt makes its own idempotency key
    void client.bookFirstAvailable(params, { idempotencyKey: 'k' });
  });
});
