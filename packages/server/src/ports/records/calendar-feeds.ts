/**
 * The record of a resource's calendar feed: what the console shows and the SHA-256 digest of its
 * token (the token itself is never stored, so a copy of the database opens no feed).
 *
 * @module
 */
import type { CalendarFeed } from '@leadbook/contract';

/** A stored calendar feed. */
export interface CalendarFeedRecord extends CalendarFeed {
  /** The SHA-256 digest of the token, hex: what a request's token is looked up by. */
  tokenDigest: string;
}
