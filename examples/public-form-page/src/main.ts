/**
 * A static booking page on `PublicFormClient`: renders a published form's fields, offers its
 * appointment types and slots, holds the slot the visitor picks (so nobody takes it while they
 * type), passes the test captcha and submits with the hold. The page is served by the same
 * origin as the API, so the base URL is `location.origin`; the form id comes from `demo.json`.
 */
import {
  PublicFormClient,
  isApiError,
  type BookingHold,
  type PublicFormConfig,
  type PublicSlot,
} from '@leadbook/sdk/public-form';

/** Cloudflare Turnstile's documented dummy token for its test site keys. */
const TEST_CAPTCHA_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
type Field = PublicFormConfig['fields'][number];

const app = document.getElementById('app')!;
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

async function main() {
  const { formId } = (await (await fetch('./demo.json')).json()) as { formId: string };
  const form = new PublicFormClient({ baseUrl: location.origin, formId });
  const config = await form.config();
  form.telemetry.track({ name: 'form_viewed' });
  const values: Record<string, string> = {};
  let studioId = config.studios[0]!.id;
  let chosen: PublicSlot | undefined;
  let hold: BookingHold | undefined;
  let captchaToken: string | undefined;

  const fieldsBox = el('div');
  const slotsBox = el('div', { className: 'slots' });
  const errorBox = el('p', { className: 'error', role: 'alert' });
  const holdBox = el('p', { className: 'hold' });
  const calendarId = () => config.studios.find((s) => s.id === studioId)!.calendarIds[0]!;
  const typeField = config.fields.find((f) => f.type === 'appointment-type');

  async function loadSlots() {
    slotsBox.replaceChildren();
    chosen = undefined;
    hold = undefined;
    holdBox.textContent = '';
    const appointmentTypeId = typeField ? values[typeField.id] : undefined;
    if (!appointmentTypeId) return;
    const start = new Date(Date.now() + 3600_000);
    const end = new Date(start.getTime() + 14 * 86_400_000);
    const { data } = await form.slots({ calendarId: calendarId(), appointmentTypeId, start, end, studioId });
    const open = data.filter((slot) => slot.available).slice(0, 12);
    if (open.length === 0) slotsBox.append('No free times in the next two weeks.');
    for (const slot of open) {
      const label = new Date(slot.startDateTime).toLocaleString(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      });
      const button = el('button', { type: 'button', textContent: label });
      button.dataset.slot = slot.startDateTime;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => {
        chosen = slot;
        for (const other of slotsBox.querySelectorAll('button'))
          other.setAttribute('aria-pressed', String(other === button));
        void holdSlot(slot).catch(showError);
      });
      slotsBox.append(button);
    }
  }

  // Holds the picked slot for a few minutes (a new pick replaces the hold); submit then uses it.
  async function holdSlot(slot: PublicSlot) {
    hold = undefined;
    holdBox.textContent = 'Holding this time for you…';
    const held = await form.hold({
      calendarId: calendarId(),
      appointmentTypeId: slot.appointmentTypeId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
      studioId,
    });
    if (chosen !== slot) return;
    hold = held;
    const until = new Date(held.expiresAt).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    });
    holdBox.textContent = `This time is held for you until ${until}.`;
    holdBox.dataset.holdId = held.id;
  }

  async function renderField(field: Field): Promise<Node | null> {
    const id = `field-${field.id}`;
    const label = el('label', { htmlFor: id, textContent: field.label + (field.required ? ' *' : '') });
    switch (field.type) {
      case 'text':
      case 'email':
      case 'tel': {
        const input = el('input', {
          id,
          type: field.type,
          name: field.id,
          required: field.required ?? false,
        });
        input.addEventListener('input', () => (values[field.id] = input.value));
        return el('div', {}, label, input);
      }
      case 'appointment-type': {
        const select = el(
          'select',
          { id, name: field.id },
          el('option', { value: '', textContent: 'Choose…' }),
        );
        for (const type of await form.appointmentTypes({
          calendarId: calendarId(),
          fieldId: undefined,
          studioId,
        })) {
          select.append(el('option', { value: type.id, textContent: `${type.name} (${type.duration} min)` }));
        }
        select.addEventListener('change', () => {
          values[field.id] = select.value;
          void loadSlots().catch(showError);
        });
        return el('div', {}, label, select);
      }
      case 'privacy': {
        const box = el('input', { id, type: 'checkbox', name: field.id });
        box.addEventListener('change', () => (values[field.id] = box.checked ? 'true' : ''));
        return el('label', { className: 'check', htmlFor: id }, box, field.label);
      }
      case 'booking-calendar':
        return el('div', {}, el('label', { textContent: field.label }), slotsBox, holdBox);
      default:
        return null;
    }
  }

  function showError(error: unknown) {
    holdBox.textContent = '';
    errorBox.textContent = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
  }

  if (config.studios.length > 1) {
    const select = el('select', { id: 'studio' });
    for (const studio of config.studios)
      select.append(el('option', { value: studio.id, textContent: studio.name }));
    select.addEventListener('change', () => {
      studioId = select.value;
      void loadSlots().catch(showError);
    });
    fieldsBox.append(el('label', { htmlFor: 'studio', textContent: 'Studio' }), select);
  }
  for (const field of config.fields) {
    const node = await renderField(field);
    if (node) fieldsBox.append(node);
  }
  if (config.captcha) {
    const box = el('input', { id: 'captcha', type: 'checkbox' });
    box.addEventListener('change', () => (captchaToken = box.checked ? TEST_CAPTCHA_TOKEN : undefined));
    fieldsBox.append(
      el(
        'label',
        { className: 'check', htmlFor: 'captcha' },
        box,
        `I am not a robot (test ${config.captcha.provider} captcha)`,
      ),
    );
  }

  const submit = el('button', { type: 'submit', textContent: 'Book now' });
  const formEl = el('form', { noValidate: true }, fieldsBox, submit, errorBox);
  formEl.addEventListener('submit', (event) => {
    event.preventDefault();
    errorBox.textContent = '';
    const data = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const bookingSlot =
      chosen && typeField
        ? {
            appointmentTypeId: values[typeField.id]!,
            calendarId: calendarId(),
            resourceId: hold?.resourceId ?? chosen.resourceId,
            startDateTime: chosen.startDateTime,
            endDateTime: chosen.endDateTime,
          }
        : undefined;
    form
      .submit({
        data,
        studioId,
        ...(captchaToken ? { captchaToken } : {}),
        ...(bookingSlot ? { bookingSlot } : {}),
        ...(bookingSlot && hold ? { holdId: hold.id } : {}),
      })
      .then(({ submissionId }) => {
        form.telemetry.track({ name: 'form_submitted' });
        app.replaceChildren(
          el(
            'div',
            { className: 'success', role: 'status' },
            el('h2', { textContent: 'Thank you, your booking is confirmed.' }),
            el('p', { textContent: `Reference: ${submissionId}` }),
          ),
        );
      })
      .catch((error: unknown) => {
        form.telemetry.track({
          name: 'form_error',
          errorCode: isApiError(error) && error.status === 400 ? 'validation' : 'server',
        });
        showError(error);
      });
  });
  app.replaceChildren(el('h1', { textContent: config.name }), formEl);
}

main().catch((error: unknown) => {
  app.textContent = `The form could not be loaded: ${String(error)}`;
});
