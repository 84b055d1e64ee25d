/**
 * `@leadbook/notify-smtp`: the SMTP notifier of `@leadbook/server`, on nodemailer. It implements
 * the `Notifier` port: booking messages and their `.ics` invites sent through any SMTP server.
 *
 * @packageDocumentation
 */
export { createSmtpNotifier, type SmtpNotifier, type SmtpNotifierOptions } from './notifier';
export { notifierErrorFrom } from './errors';
