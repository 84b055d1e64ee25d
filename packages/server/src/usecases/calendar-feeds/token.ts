/**
 * Feed tokens: `lbfeed_` and 32 random bytes in base64url. Only the SHA-256 digest is stored, and a
 * request's token is looked up by its digest, so neither a copy of the database nor the timing of
 * a comparison gives a feed's URL away.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_LIMITS,
  CALENDAR_FEED_TOKEN_PATTERN,
  CALENDAR_FEED_TOKEN_PREFIX,
} from '@leadbook/contract';
import { digestToken } from '../../core/tokens';

/** A new feed token. */
export const generateFeedToken = (): string =>
  `${CALENDAR_FEED_TOKEN_PREFIX}${randomBytes(CALENDAR_FEED_LIMITS.tokenBytes).toString('base64url')}`;

/** Whether `value` has the shape of a feed token (anything else names no feed). */
export const isFeedToken = (value: string): boolean => CALENDAR_FEED_TOKEN_PATTERN.test(value);

/** The stored form of a feed token: its hex SHA-256 digest. */
export const feedTokenDigest = (token: string): string => digestToken(token);
