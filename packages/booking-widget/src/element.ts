/**
 * `<leadbook-booking>`: the booking widget element. It owns the lifecycle, the form's loading,
 * the message lines and the events; the time phase (`time-phase.ts`: types, month, hold) and the
 * details phase (`details-phase.ts`: fields, captcha, submit) run the steps, whose views
 * (`time-step.ts`, `details-step.ts`, `done-step.ts`) render.
 *
 * @module
 */
import { PublicFormClient, type PublicCalendar, type PublicFormConfig } from '@leadbook/sdk/public-form';
import { DetailsPhase } from './details-phase';
import { doneStep } from './done-step';
import { h } from './dom';
import { describeError } from './error-message';
import type { FormField } from './fields';
import { messagesFor, type WidgetMessages } from './messages';
import { styles } from './styles';
import { TimePhase } from './time-phase';
import { initialSelection } from './time-state';
import type { BookedDetail, BookingStep, CalendarLabels, CaptchaHook, ErrorDetail } from './types';
import { browserTimeZone, isTimeZone } from './zones';

// A server render imports the module without a DOM: the class then extends a stand-in and is never defined.
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * The booking widget. Attributes: `form` and `api` (required), `locale`, `theme` (`light`/`dark`),
 * `time-zone`, and `studio`, `calendar`, `appointment-type`, `date` (`YYYY-MM-DD`) to preselect.
 * Properties: `captcha` ({@link CaptchaHook}) and `calendars` ({@link CalendarLabels}).
 * Events (bubbling, composed): `leadbook:step`, `leadbook:booked`, `leadbook:error`.
 *
 * @example
 * ```html
 * <script type="module" src="https://cdn.example/@leadbook/booking-widget/dist/leadbook-booking.js"></script>
 * <leadbook-booking form="FORM_ID" api="https://leadbook.example.com"></leadbook-booking>
 * ```
 */
export class LeadbookBooking extends Base {
  /** The attributes the element reacts to. */
  static readonly observedAttributes = ['form', 'api', 'locale', 'time-zone'];
  // Accessors rather than fields: a framework that looks for setters on the prototype (Svelte 5)
  // then sets these as properties, not as attributes.
  #captcha: CaptchaHook | undefined;
  #calendars: CalendarLabels = {};

  /** Hands the form's captcha provider a container and returns its token. */
  get captcha(): CaptchaHook | undefined {
    return this.#captcha;
  }
  set captcha(hook: CaptchaHook | undefined) {
    this.#captcha = hook;
  }

  /** Calendar names and zones, by calendar id: overrides what the service says of a calendar. */
  get calendars(): CalendarLabels {
    return this.#calendars;
  }
  set calendars(labels: CalendarLabels) {
    this.#calendars = labels ?? {};
  }

  readonly #root = this.attachShadow({ mode: 'open' });
  readonly #live = h('p', { class: 'sr', role: 'status', 'aria-live': 'polite' });
  readonly #error = h('p', { class: 'error', role: 'alert', part: 'error' });
  readonly #view = h('div', {});
  #client: PublicFormClient | undefined;
  #config: PublicFormConfig | undefined;
  #booking: FormField | undefined;
  #zone = '';
  readonly #time: TimePhase = new TimePhase({
    element: this,
    root: this.#root,
    client: () => this.#client!,
    config: () => this.#config!,
    booking: () => this.#booking!,
    labels: () => this.#calendars,
    view: () => ({ t: this.#t, locale: this.#locale, zone: this.#zone }),
    setZone: (zone) => (this.#zone = zone),
    show: (node, step) => this.#show(node, step),
    fail: (error) => this.#fail(error),
    say: (text) => (this.#error.textContent = text),
    announce: (text) => this.#announce(text),
    held: (hold) => this.#details.start(hold),
  });
  readonly #details = new DetailsPhase({
    element: this,
    client: () => this.#client!,
    config: () => this.#config!,
    view: () => ({ t: this.#t, locale: this.#locale, zone: this.#zone }),
    studioId: () => this.#time.selection!.studioId,
    typeName: (id) => this.#time.typeName(id),
    captcha: () => this.#captcha,
    show: (node, step) => this.#show(node, step),
    fail: (error) => this.#fail(error),
    say: (text) => (this.#error.textContent = text),
    announce: (text) => this.#announce(text),
    toTimes: () => {
      this.#error.textContent = '';
      this.#view.replaceChildren();
      this.#time.reload(() => {}, false);
    },
    booked: (submissionId, slot) => this.#renderDone(submissionId, slot),
  });
  #step: BookingStep | undefined;

  constructor() {
    super();
    this.#root.append(h('style', {}, styles), this.#live, this.#error, this.#view);
  }

  get #t(): WidgetMessages {
    return messagesFor(this.#locale);
  }
  get #locale(): string {
    return this.getAttribute('locale') ?? navigator.language;
  }

  /** @internal */
  connectedCallback(): void {
    if (!this.#client) void this.#start();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#details.stop();
    void this.#client?.telemetry.close();
    this.#client = undefined;
  }

  /** @internal */
  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value || !this.isConnected) return;
    // Initial attributes arrive before `connectedCallback`, which starts the widget.
    if (name === 'form' || name === 'api') {
      if (this.#client) void this.#start();
    } else if (this.#time.selection && !this.#details.holding) {
      this.#time.reload(() => {
        if (name === 'time-zone' && value && isTimeZone(value)) this.#zone = value;
      }, false);
    }
  }

  #emit(name: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(`leadbook:${name}`, { detail, bubbles: true, composed: true }));
  }

  #announce(text: string): void {
    this.#live.textContent = text;
  }

  #fail(error: unknown): ReturnType<typeof describeError> {
    const described = describeError(error, this.#t);
    this.#error.textContent = described.message;
    this.#emit('error', {
      message: described.message,
      status: described.status,
      error,
    } satisfies ErrorDetail);
    this.#client?.telemetry.track({
      name: 'widget_error',
      errorCode: described.status === 400 ? 'validation' : 'server',
    });
    this.#announce('');
    return described;
  }

  /** Shows a step's view; arriving at another step focuses its heading and emits `leadbook:step`. */
  #show(node: HTMLElement, step: BookingStep): void {
    this.#view.replaceChildren(node);
    if (step === this.#step) return;
    // The first view does not take the focus from the host page; later steps move it to their heading.
    if (this.#step) node.querySelector<HTMLElement>('h2')?.focus();
    this.#step = step;
    this.#emit('step', { step });
    this.#client?.telemetry.track({
      name: 'widget_step',
      step: ['time', 'details', 'done'].indexOf(step) + 1,
    });
  }

  async #start(): Promise<void> {
    const formId = this.getAttribute('form');
    const baseUrl = this.getAttribute('api');
    if (!formId || !baseUrl) return;
    this.#client = new PublicFormClient({ baseUrl, formId });
    this.#step = undefined;
    const zone = this.getAttribute('time-zone');
    this.#zone = zone && isTimeZone(zone) ? zone : browserTimeZone();
    this.#announce(this.#t.loading);
    try {
      // A service without the calendars extension leaves the calendars numbered.
      const [config, known] = await Promise.all([
        this.#client.config(),
        this.#client.calendars().catch((): PublicCalendar[] => []),
      ]);
      this.#config = config;
      this.#booking = config.fields.find((f) => f.type === 'booking-calendar');
      if (!this.#booking) throw new Error(this.#t.notBookable);
      const pre = {
        studio: this.getAttribute('studio'),
        calendar: this.getAttribute('calendar'),
        appointmentType: this.getAttribute('appointment-type'),
        date: this.getAttribute('date'),
      };
      const selection = initialSelection(config, pre, this.#zone, Date.now());
      this.#client.telemetry.track({ name: 'widget_viewed' });
      await this.#time.begin(selection, known);
    } catch (error) {
      this.#view.replaceChildren();
      if (error instanceof Error && error.message === this.#t.notBookable)
        this.#error.textContent = error.message;
      else this.#fail(error);
    }
  }

  #renderDone(submissionId: string, slot: Omit<BookedDetail, 'submissionId'>): void {
    this.querySelector(':scope > [slot=captcha]')?.remove();
    this.#show(doneStep(this.#t, this.#locale, this.#zone, slot.startDateTime, submissionId), 'done');
    this.#client?.telemetry.track({ name: 'widget_booked' });
    const { startDateTime, endDateTime, calendarId, appointmentTypeId } = slot;
    this.#emit('booked', {
      submissionId,
      startDateTime,
      endDateTime,
      calendarId,
      appointmentTypeId,
    } satisfies BookedDetail);
  }
}
