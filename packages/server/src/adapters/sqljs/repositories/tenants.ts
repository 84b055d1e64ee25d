/**
 * Organizations and Connect API tokens.
 *
 * @module
 */
import type { ApiTokenRecord, OrganizationRecord } from '../../../ports/records';
import type { ApiTokenRepository, OrganizationRepository } from '../../../ports/storage';
import { jsonParam, type SqlExecutor } from '../connection';
import { defineScopedTable, docOf } from '../doc-table';
import type { SharedState } from './shared';

/** The organizations repository. */
export function organizationRepository(exec: SqlExecutor): OrganizationRepository {
  return {
    async create(record) {
      exec.run('INSERT INTO organizations (id, doc) VALUES (?, CAST(? AS TEXT))', [
        record.id,
        jsonParam(record),
      ]);
    },
    async get(id) {
      return docOf<OrganizationRecord>(exec.get('SELECT doc FROM organizations WHERE id = ?', [id]));
    },
  };
}

const apiTokens = defineScopedTable<ApiTokenRecord>({
  table: 'api_tokens',
  columns: { digest: (record) => record.digest },
});

/** The API tokens repository; lookups go through the adapter's {@link TokenCache}. */
export function apiTokenRepository(exec: SqlExecutor, shared: SharedState): ApiTokenRepository {
  const base = apiTokens(exec);
  const { tokens, readOnly } = shared;
  return {
    create: base.create,
    get: base.get,
    list: (organizationId) => base.list(organizationId),
    async findByDigest(digest) {
      const cached = tokens.get(digest);
      if (cached) return cached;
      const found = docOf<ApiTokenRecord>(exec.get('SELECT doc FROM api_tokens WHERE digest = ?', [digest]));
      return found && readOnly ? tokens.remember(found) : found;
    },
    async revoke(organizationId, id, revokedAt) {
      tokens.clear();
      // A second revoke keeps the first revocation time.
      const changed = exec.run(
        `UPDATE api_tokens SET doc = json_set(doc, '$.revokedAt', COALESCE(json_extract(doc, '$.revokedAt'), ?))
         WHERE organization_id = ? AND id = ?`,
        [revokedAt, organizationId, id],
      );
      return changed > 0;
    },
  };
}
