/**
 * Pure pieces of outgoing webhook deliveries: the retry schedule, the URL guard, signing, the
 * envelope of subscription deliveries and when a subscription disables itself.
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
  WEBHOOK_URL_WORDING,
  type HostLookup,
  type UrlGuardWording,
  type UrlSyntaxGuardOptions,
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
export { eventEnvelope, pingEnvelope, receivesEvent } from './envelope';
export {
  SUBSCRIPTION_FAILING_LIMIT_MS,
  nextSubscriptionHealth,
  type HealthOutcome,
  type SubscriptionHealth,
} from './subscription-health';
