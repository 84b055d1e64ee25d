/**
 * The default templates: short English text and HTML for each notification. Times in them come
 * already formatted in the lead's locale (`data.when`); a host that writes to leads in other
 * languages replaces the templates with the `templates` option.
 *
 * @module
 */
import escapeHtml from 'escape-html';
import type {
  NotificationTemplate,
  NotificationTemplateData,
  NotificationTemplates,
  RenderedNotification,
} from './data';

const greeting = (data: NotificationTemplateData) => (data.leadName ? `Hello ${data.leadName},` : 'Hello,');

interface Body {
  subject: string;
  /** Paragraphs, plain text; each is escaped for the HTML body. */
  lines: string[];
}

const render = (data: NotificationTemplateData, body: Body): RenderedNotification => {
  const lines = [greeting(data), ...body.lines];
  const meeting = data.meetingUrl;
  const text = [...lines, ...(meeting ? [`Join online: ${meeting}`] : [])].join('\n\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  if (meeting) {
    paragraphs.push(`<p>Join online: <a href="${escapeHtml(meeting)}">${escapeHtml(meeting)}</a></p>`);
  }
  const html = `<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
  return { subject: body.subject, text: `${text}\n`, html };
};

const what = (data: NotificationTemplateData) => `${data.appointmentTypeName} with ${data.resourceName}`;

const confirmation: NotificationTemplate = (data) =>
  render(data, {
    subject: `Confirmed: ${data.appointmentTypeName} on ${data.when}`,
    lines: [
      `Your ${what(data)} is booked for ${data.when}.`,
      'The attached invite adds it to your calendar.',
    ],
  });

const reschedule: NotificationTemplate = (data) =>
  render(data, {
    subject: `Moved: ${data.appointmentTypeName} to ${data.when}`,
    lines: [
      data.previousWhen
        ? `Your ${what(data)} has moved from ${data.previousWhen} to ${data.when}.`
        : `Your ${what(data)} has moved to ${data.when}.`,
      'The attached invite updates the event in your calendar.',
    ],
  });

const cancellation: NotificationTemplate = (data) =>
  render(
    { ...data, meetingUrl: null },
    {
      subject: `Cancelled: ${data.appointmentTypeName} on ${data.when}`,
      lines: [
        `Your ${what(data)} on ${data.when} is cancelled.`,
        'The attached cancellation removes it from your calendar.',
      ],
    },
  );

const reminder: NotificationTemplate = (data) =>
  render(data, {
    subject: `Reminder: ${data.appointmentTypeName} on ${data.when}`,
    lines: [`This is a reminder of your ${what(data)} on ${data.when}.`],
  });

/**
 * The default templates. Replace any of them through the `templates` option of the message
 * builders; every value a template writes into HTML must be escaped.
 *
 * @example
 * ```ts
 * const templates = { ...defaultNotificationTemplates, reminder: (data) => ({ subject: '...', text: '...', html: '...' }) };
 * ```
 */
export const defaultNotificationTemplates: NotificationTemplates = {
  confirmation,
  reschedule,
  cancellation,
  reminder,
};
