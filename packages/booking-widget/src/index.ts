/**
 * `@leadbook/booking-widget`: the `<leadbook-booking>` custom element, a booking widget on the
 * public form API. Importing this entry registers the element.
 *
 * @example
 * ```ts
 * import '@leadbook/booking-widget';
 *
 * const widget = document.createElement('leadbook-booking');
 * widget.setAttribute('form', formId);
 * widget.setAttribute('api', 'https://leadbook.example.com');
 * widget.addEventListener('leadbook:booked', (event) => console.log(event.detail.submissionId));
 * document.body.append(widget);
 * ```
 *
 * @module @leadbook/booking-widget
 */
import { defineBookingWidget } from './define';
import type { LeadbookBooking } from './element';
import type { BookedDetail, BookingStep, ErrorDetail } from './types';

export { LeadbookBooking } from './element';
export type {
  BookedDetail,
  BookingStep,
  CalendarLabels,
  CaptchaHook,
  CaptchaRequest,
  ErrorDetail,
} from './types';
export { defineBookingWidget } from './define';
export { messagesFor, registerMessages, type WidgetMessages } from './messages';

declare global {
  interface HTMLElementTagNameMap {
    'leadbook-booking': LeadbookBooking;
  }
  interface HTMLElementEventMap {
    'leadbook:booked': CustomEvent<BookedDetail>;
    'leadbook:error': CustomEvent<ErrorDetail>;
    'leadbook:step': CustomEvent<{ step: BookingStep }>;
  }
}

defineBookingWidget();
