/**
 * The details phase: from a placed hold to the booking. It renders the details step, sends the
 * visitor back to the times when the hold runs out, runs the captcha hook, and submits; what the
 * visitor typed is kept across holds.
 *
 * @module
 */
import type { BookingHold, PublicFormClient, PublicFormConfig } from '@leadbook/sdk/public-form';
import { runCaptcha } from './captcha';
import { detailsStep, type DetailsStep } from './details-step';
import type { DescribedError } from './error-message';
import type { WidgetMessages } from './messages';
import { submissionBody } from './submission';
import type { BookedDetail, BookingStep, CaptchaHook } from './types';

/** What the details phase needs of the element. */
export interface DetailsHost {
  /** The element: the captcha container goes into its light DOM. */
  readonly element: HTMLElement;
  client(): PublicFormClient;
  config(): PublicFormConfig;
  view(): { t: WidgetMessages; locale: string; zone: string };
  studioId(): string;
  /** The appointment type's name, for the summary. */
  typeName(id: string): string;
  captcha(): CaptchaHook | undefined;
  show(node: HTMLElement, step: BookingStep): void;
  /** Reports an error to the visitor and the page; says what it was. */
  fail(error: unknown): DescribedError;
  /** Sets the element's message line. */
  say(text: string): void;
  announce(text: string): void;
  /** Shows the day's times again, refreshed (the message line cleared). */
  toTimes(): void;
  booked(submissionId: string, slot: Omit<BookedDetail, 'submissionId'>): void;
}

/** The details phase of one element. */
export class DetailsPhase {
  /** What the visitor typed, by field id: kept when they change the time. */
  readonly values: Record<string, unknown> = {};
  readonly #host: DetailsHost;
  #hold: BookingHold | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #step: DetailsStep | undefined;
  #token: Promise<string> | undefined;

  /** @param host - What the phase needs of the element. */
  constructor(host: DetailsHost) {
    this.#host = host;
  }

  /** Whether a hold is placed (the visitor is in the details step). */
  get holding(): boolean {
    return this.#hold !== undefined;
  }

  /** Shows the details step for `hold`, until it expires. */
  start(hold: BookingHold): void {
    const host = this.#host;
    const config = host.config();
    const { t } = host.view();
    this.#hold = hold;
    this.#step = detailsStep(
      {
        ...host.view(),
        hold,
        what: host.typeName(hold.appointmentTypeId),
        fields: config.fields,
        values: this.values,
        captcha: config.captcha !== null,
      },
      () => void this.#submit(),
      () => this.back(),
    );
    host.show(this.#step.node, 'details');
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => {
        this.back();
        host.say(t.holdExpired);
      },
      Date.parse(hold.expiresAt) - Date.now(),
    );
    this.#token = runCaptcha(host.element, config.captcha, host.captcha());
  }

  /** Drops the hold (it runs out on its own) and goes back to the times. */
  back(): void {
    this.stop();
    this.#host.toTimes();
  }

  /** Forgets the hold and its timer. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#hold = undefined;
  }

  async #submit(): Promise<void> {
    const host = this.#host;
    const hold = this.#hold!;
    const { fields, submit } = this.#step!;
    fields.clearMessages();
    host.say('');
    submit.disabled = true;
    host.announce(host.view().t.loading);
    try {
      const body = submissionBody({
        fields: host.config().fields,
        values: this.values,
        hold,
        studioId: host.studioId(),
        captchaToken: await this.#token,
      });
      const { submissionId } = await host.client().submit(body);
      this.stop();
      host.announce('');
      host.booked(submissionId, body.bookingSlot!);
    } catch (error) {
      submit.disabled = false;
      const described = host.fail(error);
      if (described.slotTaken) {
        this.back();
        host.say(described.message);
      } else if (described.status === 400 && fields.showMessage(described.message, described.fieldId)) {
        host.say('');
      } else if (described.status === 403) {
        // A new token for the next try.
        this.#token = runCaptcha(host.element, host.config().captcha, host.captcha());
      }
    }
  }
}
