/**
 * The widget's own strings, one table per language. English and German ship; `registerMessages`
 * adds another (or overrides one). Dates and times are not here: `Intl` formats them.
 *
 * @module
 */

/** Every string the widget shows, besides the form's own labels and the service's messages. */
export interface WidgetMessages {
  /** Heading of the time step. */
  chooseTime: string;
  /** Label of the appointment type picker. */
  appointmentType: string;
  /** Label of the studio (calendar group) picker. */
  studio: string;
  /** Label of the calendar picker, when a studio has several. */
  calendar: string;
  /** Label of the visitor's time zone field. */
  yourTimeZone: string;
  /** Shown beside the times: the calendar's own zone. */
  calendarTimeZone: (zone: string) => string;
  /** Previous month button. */
  previousMonth: string;
  /** Next month button. */
  nextMonth: string;
  /** Announced while loading. */
  loading: string;
  /** The chosen day has no free times. */
  noTimes: string;
  /** Heading of the times of a day. */
  timesOn: (day: string) => string;
  /** A day cell's accessible suffix when it has free times. */
  hasTimes: string;
  /** Heading of the details step. */
  yourDetails: string;
  /** How long the pick is held. */
  heldUntil: (time: string, minutes: number) => string;
  /** The hold ran out. */
  holdExpired: string;
  /** Back to the times. */
  changeTime: string;
  /** The submit button. */
  book: string;
  /** Heading of the confirmation. */
  confirmed: string;
  /** The confirmation's reference line. */
  reference: (id: string) => string;
  /** The link to a consent field's privacy policy. */
  readPolicy: string;
  /** A required field's marker, read by screen readers as part of the label. */
  required: string;
  /** The slot was taken by someone else. */
  slotTaken: string;
  /** 429: when to retry. */
  rateLimited: (seconds: number) => string;
  /** 404: the form is gone or unpublished. */
  notFound: string;
  /** 403 captcha. */
  captchaFailed: string;
  /** 403 origin. */
  originNotAllowed: string;
  /** 5xx. */
  serverError: string;
  /** No connection or a timeout. */
  offline: string;
  /** Anything else. */
  unknownError: string;
  /** The form has no booking field. */
  notBookable: string;
}

const en: WidgetMessages = {
  chooseTime: 'Choose a time',
  appointmentType: 'Appointment type',
  studio: 'Location',
  calendar: 'Calendar',
  yourTimeZone: 'Your time zone',
  calendarTimeZone: (zone) => `Calendar time zone: ${zone}`,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  loading: 'Loading…',
  noTimes: 'No free times on this day.',
  timesOn: (day) => `Times on ${day}`,
  hasTimes: 'free times',
  yourDetails: 'Your details',
  heldUntil: (time, minutes) => `This time is held for you until ${time} (${minutes} min).`,
  holdExpired: 'Your hold on this time ran out. Please choose a time again.',
  changeTime: 'Change time',
  book: 'Book now',
  confirmed: 'Your booking is confirmed.',
  reference: (id) => `Reference: ${id}`,
  readPolicy: 'Read the policy',
  required: 'required',
  slotTaken: 'Sorry, someone else just took this time. Here are the times still free.',
  rateLimited: (s) => `Too many requests. Please try again in ${s} seconds.`,
  notFound: 'This booking form is not available.',
  captchaFailed: 'The captcha check failed. Please try again.',
  originNotAllowed: 'This booking form may not be used on this website.',
  serverError: 'Something went wrong on our side. Please try again.',
  offline: 'No connection to the booking service. Please check your connection and try again.',
  unknownError: 'Something went wrong. Please try again.',
  notBookable: 'This form takes no bookings.',
};

const de: WidgetMessages = {
  chooseTime: 'Termin wählen',
  appointmentType: 'Terminart',
  studio: 'Standort',
  calendar: 'Kalender',
  yourTimeZone: 'Ihre Zeitzone',
  calendarTimeZone: (zone) => `Zeitzone des Kalenders: ${zone}`,
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  loading: 'Wird geladen…',
  noTimes: 'An diesem Tag sind keine Zeiten frei.',
  timesOn: (day) => `Zeiten am ${day}`,
  hasTimes: 'freie Zeiten',
  yourDetails: 'Ihre Angaben',
  heldUntil: (time, minutes) => `Dieser Termin ist bis ${time} Uhr für Sie reserviert (${minutes} Min.).`,
  holdExpired: 'Ihre Reservierung ist abgelaufen. Bitte wählen Sie erneut eine Zeit.',
  changeTime: 'Zeit ändern',
  book: 'Jetzt buchen',
  confirmed: 'Ihre Buchung ist bestätigt.',
  reference: (id) => `Referenz: ${id}`,
  readPolicy: 'Datenschutzerklärung lesen',
  required: 'Pflichtfeld',
  slotTaken: 'Diese Zeit wurde gerade vergeben. Hier sind die noch freien Zeiten.',
  rateLimited: (s) => `Zu viele Anfragen. Bitte versuchen Sie es in ${s} Sekunden erneut.`,
  notFound: 'Dieses Buchungsformular ist nicht verfügbar.',
  captchaFailed: 'Die Captcha-Prüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  originNotAllowed: 'Dieses Buchungsformular darf auf dieser Website nicht verwendet werden.',
  serverError: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  offline: 'Keine Verbindung zum Buchungsdienst. Bitte prüfen Sie Ihre Verbindung.',
  unknownError: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  notBookable: 'Dieses Formular nimmt keine Buchungen an.',
};

const tables = new Map<string, WidgetMessages>([
  ['en', en],
  ['de', de],
]);

/**
 * Adds or replaces the message table of a language (a BCP 47 primary tag such as `fr`). Widgets
 * whose `locale` starts with that language use it from their next render.
 *
 * @param language - The primary language tag, e.g. `fr`.
 * @param table - Every message; start from {@link messagesFor}`('en')` to override a few.
 * @example
 * ```ts
 * import { messagesFor, registerMessages } from '@leadbook/booking-widget';
 *
 * registerMessages('fr', { ...messagesFor('en'), chooseTime: 'Choisissez un horaire', book: 'Réserver' });
 * ```
 */
export function registerMessages(language: string, table: WidgetMessages): void {
  tables.set(language.toLowerCase(), table);
}

/**
 * The message table for a locale: its language's table, else English.
 *
 * @param locale - A BCP 47 locale such as `de-AT`.
 * @example
 * ```ts
 * messagesFor('de-AT').book; // 'Jetzt buchen'
 * ```
 */
export function messagesFor(locale: string): WidgetMessages {
  return tables.get(locale.split('-')[0]!.toLowerCase()) ?? en;
}
