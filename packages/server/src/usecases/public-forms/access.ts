/**
 * The public form pre-handler rules: a form must exist and be published, and a
 * browser `Origin` must be on a non-empty allowlist.
 *
 * @module
 */
import { ErrorMessages, UuidSchema } from '@leadbook/contract';
import { ServiceError } from '../../core/errors';
import type { FormRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';

/**
 * Whether `id` can be the id of a form: form ids are UUIDs, so anything else (a NUL byte, a megabyte
 * of text) names no form, and nothing needs to look it up.
 */
export const isFormId = (id: string): boolean => UuidSchema.safeParse(id).success;

/** The published form with this id, or a 404 `Form not found` (missing and unpublished look alike). */
export async function loadPublishedForm(tx: Repositories, formId: string): Promise<FormRecord> {
  const form = isFormId(formId) ? await tx.forms.find(formId) : null;
  if (!form || !form.published) throw new ServiceError('notFound', ErrorMessages.formNotFound);
  return form;
}

/** Lower-cased, without a trailing slash: the form in which origins are compared. */
export const normalizeOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/+$/, '');

/**
 * Whether a browser origin may use the form. An empty allowlist allows every origin; an entry with a
 * scheme (`https://www.example.com`) must match the origin exactly (case-insensitive, a trailing
 * slash ignored); an entry without one (`www.example.com`) matches that host on any scheme.
 */
export function originAllowed(allowedDomains: readonly string[], origin: string | undefined): boolean {
  if (origin === undefined || allowedDomains.length === 0) return true;
  const wanted = normalizeOrigin(origin);
  let host: string | undefined;
  try {
    host = new URL(wanted).host;
  } catch {
    host = undefined;
  }
  return allowedDomains.some((entry) => {
    const allowed = normalizeOrigin(entry);
    return allowed.includes('://') ? allowed === wanted : allowed === host;
  });
}

/** Throws 403 `Origin not allowed` for a browser origin outside the form's allowlist. */
export function checkOrigin(form: FormRecord, origin: string | undefined): void {
  if (!originAllowed(form.allowedDomains, origin))
    throw new ServiceError('forbidden', ErrorMessages.originNotAllowed);
}
