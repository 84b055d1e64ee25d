/**
 * `@leadbook/meetings-zoom`: the Zoom meeting provider of `@leadbook/server`, on Zoom's REST API
 * with Server-to-Server OAuth. Give it to `createConnectService({ meetings: { providers } })`.
 *
 * @packageDocumentation
 */
export { createZoomMeetingProvider, type ZoomMeetingProviderOptions } from './provider';
