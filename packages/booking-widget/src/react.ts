/**
 * `@leadbook/booking-widget/react`: the JSX typing of `<leadbook-booking>` for React 19, which
 * passes attributes to custom elements and listens to their events through `on` props. Types only.
 *
 * @example
 * ```tsx
 * import '@leadbook/booking-widget';
 * import type {} from '@leadbook/booking-widget/react';
 *
 * <leadbook-booking form={formId} api="https://leadbook.example.com" locale="de" />;
 * ```
 *
 * @module @leadbook/booking-widget/react
 */
import type { BookedDetail, BookingStep, CalendarLabels, CaptchaHook, ErrorDetail } from './types';

/** The attributes and event props of `<leadbook-booking>` in JSX. */
export interface LeadbookBookingProps {
  /** The form id. */
  form: string;
  /** The service's base URL. */
  api: string;
  /** BCP 47 locale of dates and strings (default: the browser's). */
  locale?: string;
  /** `light` or `dark` (default: the visitor's preference). */
  theme?: 'light' | 'dark';
  /** The visitor's zone (default: detected). */
  'time-zone'?: string;
  /** Preselected studio id. */
  studio?: string;
  /** Preselected calendar id. */
  calendar?: string;
  /** Preselected appointment type id. */
  'appointment-type'?: string;
  /** Preselected day, `YYYY-MM-DD`. */
  date?: string;
  /** Text direction. */
  dir?: 'ltr' | 'rtl' | 'auto';
  /** A class. */
  class?: string;
  /** A class (React's name). */
  className?: string;
  /** An id. */
  id?: string;
  /** React's ref. */
  ref?: unknown;
  /** The captcha hook (React 19 sets it as a property). */
  captcha?: CaptchaHook;
  /** Calendar names and zones (React 19 sets it as a property). */
  calendars?: CalendarLabels;
  /** A booking was made. */
  'onleadbook:booked'?: (event: CustomEvent<BookedDetail>) => void;
  /** The visitor was shown an error. */
  'onleadbook:error'?: (event: CustomEvent<ErrorDetail>) => void;
  /** The widget moved to another step. */
  'onleadbook:step'?: (event: CustomEvent<{ step: BookingStep }>) => void;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'leadbook-booking': LeadbookBookingProps;
    }
  }
}
