/**
 * Pure pieces of outgoing webhook deliveries: the retry schedule, the URL guard and signing.
 *
 * @module
 */
export { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, nextAttemptDelay } from './backoff';
export {
  ADDRESS_REFUSED_CODE,
  addressRange,
  checkWebhookUrl,
  checkWebhookUrlSyntax,
  isPublicAddress,
  nonPublicAddressReason,
  systemHostLookup,
  type HostLookup,
  type WebhookUrlCheck,
  type WebhookUrlGuardOptions,
} from './url-guard';
export {
  WEBHOOK_SECRET_PREFIX,
  generateWebhookSecret,
  isWebhookSecret,
  signWebhook,
  type WebhookSignatureHeaders,
} from './sign';
