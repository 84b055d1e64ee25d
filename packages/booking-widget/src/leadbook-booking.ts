/**
 * The script-tag build: the element, the SDK's public-form client and ky in one module that
 * registers `<leadbook-booking>` when loaded.
 *
 * @example
 * ```html
 * <script type="module" src="https://cdn.example/@leadbook/booking-widget/dist/leadbook-booking.js"></script>
 * ```
 *
 * @module
 */
export * from './index';
