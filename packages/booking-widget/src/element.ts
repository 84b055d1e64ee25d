/**
 * `<leadbook-booking>`: the booking widget element. It owns the lifecycle, the time step's state
 * and requests (its transitions in `time-state.ts` and `time-actions.ts`), and hands a placed hold
 * to the details phase (`details-phase.ts`); the views (`time-step.ts`, `details-step.ts`,
 * `done-step.ts`) render.
 *
 * @module
 */
import {
  PublicFormClient,
  type BookingHold,
  type PublicAppointmentType,
  type PublicCalendar,
  type PublicFormConfig,
  type PublicSlot,
} from '@leadbook/sdk/public-form';
import { DetailsPhase } from './details-phase';
import { doneStep } from './done-step';
import { h } from './dom';
import { describeError } from './error-message';
import type { FormField } from './fields';
import { messagesFor, type WidgetMessages } from './messages';
import { monthRange, slotsByDay } from './month';
import { styles } from './styles';
import { timeActions } from './time-actions';
import {
  applyMonth,
  applyTypes,
  calendarChoices,
  initialSelection,
  scopeOf,
  timeStepState,
  type TimeSelection,
} from './time-state';
import { timeStep } from './time-step';
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
  #known = new Map<string, PublicCalendar>();
  #booking: FormField | undefined;
  #types: PublicAppointmentType[] = [];
  #state: TimeSelection | undefined;
  #zone = '';
  readonly #details = new DetailsPhase({
    element: this,
    client: () => this.#client!,
    config: () => this.#config!,
    view: () => ({ t: this.#t, locale: this.#locale, zone: this.#zone }),
    studioId: () => this.#state!.studioId,
    typeName: (id) => this.#types.find((x) => x.id === id)?.name ?? '',
    captcha: () => this.#captcha,
    show: (node, step) => this.#show(node, step),
    fail: (error) => this.#fail(error),
    say: (text) => (this.#error.textContent = text),
    announce: (text) => this.#announce(text),
    toTimes: () => {
      this.#error.textContent = '';
      this.#view.replaceChildren();
      this.#reload(() => {}, false);
    },
    booked: (submissionId, slot) => this.#renderDone(submissionId, slot),
  });
  #loads = 0;
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
    } else if (this.#state && !this.#details.holding) {
      this.#reload(() => {
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
      this.#known = new Map(known.map((c) => [c.id, c]));
      this.#booking = config.fields.find((f) => f.type === 'booking-calendar');
      if (!this.#booking) throw new Error(this.#t.notBookable);
      const pre = {
        studio: this.getAttribute('studio'),
        calendar: this.getAttribute('calendar'),
        appointmentType: this.getAttribute('appointment-type'),
        date: this.getAttribute('date'),
      };
      this.#state = initialSelection(config, pre, this.#zone, Date.now());
      this.#client.telemetry.track({ name: 'widget_viewed' });
      await this.#loadTypes();
    } catch (error) {
      this.#view.replaceChildren();
      if (error instanceof Error && error.message === this.#t.notBookable)
        this.#error.textContent = error.message;
      else this.#fail(error);
    }
  }

  async #loadTypes(): Promise<void> {
    const s = this.#state!;
    const nameOf = (id: string) => this.calendars[id]?.name ?? this.#known.get(id)?.name;
    s.calendars = calendarChoices(this.#config!, s.studioId, nameOf, this.#t);
    this.#types = await this.#client!.appointmentTypes(scopeOf(s, this.#booking!.id));
    applyTypes(s, this.#types);
    await this.#loadMonth();
  }

  /** Loads the free slots of the shown month (within the form's `searchDays`) and renders the step. */
  async #loadMonth(focus = false): Promise<void> {
    const s = this.#state!;
    const load = ++this.#loads;
    const range = monthRange(s.month, this.#zone, Date.now(), this.#booking!.bookingConfig?.searchDays);
    this.#announce(this.#t.loading);
    const { data } =
      s.typeId && range
        ? await this.#client!.slots({
            ...scopeOf(s, this.#booking!.id),
            appointmentTypeId: s.typeId,
            ...range,
            onlyAvailable: true,
          })
        : { data: [] };
    const free = slotsByDay(data, this.#zone);
    if (load !== this.#loads) return;
    applyMonth(s, free, focus);
    this.#announce('');
    this.#renderTime(focus);
  }

  #actions = timeActions({
    selection: () => this.#state!,
    config: () => this.#config!,
    zone: () => this.#zone,
    setZone: (zone) => (this.#zone = zone),
    reload: (change, types, focus) => this.#reload(change, types, focus),
    render: (focus) => this.#renderTime(focus),
    announceDay: (day) => this.#announce(this.#t.timesOn(day)),
    locale: () => this.#locale,
    pick: (slot) => void this.#pick(slot),
  });

  #reload(change: () => void, types: boolean, focus = false): void {
    change();
    this.#error.textContent = '';
    (types ? this.#loadTypes() : this.#loadMonth(focus)).catch((e: unknown) => this.#fail(e));
  }

  #renderTime(focus: boolean): void {
    const rtl = getComputedStyle(this).direction === 'rtl';
    const s = this.#state!;
    const calendarZone = this.calendars[s.calendarId]?.timeZone ?? this.#known.get(s.calendarId)?.timeZone;
    const view = { t: this.#t, locale: this.#locale, zone: this.#zone, calendarZone };
    const state = timeStepState(s, view, Date.now(), this.#booking!.bookingConfig?.searchDays);
    // A picker keeps its focus across the re-render; a grid move focuses the day.
    const active = this.#root.activeElement?.id;
    this.#show(timeStep(state, this.#actions, rtl), 'time');
    const target = focus ? this.#root.querySelector<HTMLElement>(`[data-day="${state.focusDay}"]`) : null;
    (target ?? (active ? this.#root.getElementById(active) : null))?.focus();
  }

  async #pick(slot: PublicSlot): Promise<void> {
    const s = this.#state!;
    this.#error.textContent = '';
    this.#announce(this.#t.loading);
    let hold: BookingHold;
    try {
      hold = await this.#client!.hold({
        ...scopeOf(s, this.#booking!.id),
        appointmentTypeId: s.typeId,
        startDateTime: slot.startDateTime,
        endDateTime: slot.endDateTime,
      });
    } catch (error) {
      const { slotTaken, message } = this.#fail(error);
      if (slotTaken) {
        // Back to the day's times, refreshed; the reload clears the message line, so set it after.
        this.#reload(() => {}, false);
        this.#error.textContent = message;
      }
      return;
    }
    this.#announce('');
    this.#details.start(hold);
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
