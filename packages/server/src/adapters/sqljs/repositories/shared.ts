/**
 * What a transaction's repositories share with the adapter beyond the executor.
 *
 * @module
 */
import type { TokenCache } from '../token-cache';

/** Adapter-wide state handed to each transaction's repositories. */
export interface SharedState {
  /** Token lookups remembered across transactions. */
  tokens: TokenCache;
  /** Whether the transaction is read-only (it then sees committed data only). */
  readOnly: boolean;
}
