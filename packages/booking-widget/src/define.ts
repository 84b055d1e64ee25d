/**
 * Registration of the element.
 *
 * @module
 */
import { LeadbookBooking } from './element';

/**
 * Registers `<leadbook-booking>` (or the element under another name), once. Importing the
 * package's main entry or `leadbook-booking.js` already does it for the default name; nothing
 * happens where there is no `customElements` (a server render).
 *
 * @param name - The tag name. Default: `leadbook-booking`.
 * @example
 * ```ts
 * import { defineBookingWidget } from '@leadbook/booking-widget';
 *
 * defineBookingWidget('studio-booking'); // <studio-booking form="..." api="..."> works too
 * ```
 */
export function defineBookingWidget(name = 'leadbook-booking'): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  customElements.define(
    name,
    name === 'leadbook-booking' ? LeadbookBooking : class extends LeadbookBooking {},
  );
}
