/**
 * Organizations and Connect API tokens.
 *
 * @module
 */
import type {
  ApiTokenRecord,
  ApiTokenRepository,
  OrganizationRecord,
  OrganizationRepository,
} from '@leadbook/server';
import type { PgExecutor } from '../executor';
import { defineScopedTable, docOf } from '../doc-table';

/** The organization and API token repositories of the schema `s` (a quoted identifier). */
export function tenantRepositories(s: string) {
  const insertOrganization = `INSERT INTO ${s}.organizations (id, doc) VALUES ($1, $2)`;
  const getOrganization = `SELECT doc FROM ${s}.organizations WHERE id = $1`;
  const apiTokens = defineScopedTable<ApiTokenRecord>({
    table: `${s}.api_tokens`,
    columns: { digest: (record) => record.digest },
  });
  const findByDigest = `SELECT doc FROM ${s}.api_tokens WHERE digest = $1`;
  // A second revoke keeps the first revocation time. The document is json (see migration 1), so
  // the change goes through jsonb and back.
  const revoke = `UPDATE ${s}.api_tokens
    SET doc = jsonb_set(doc::jsonb, '{revokedAt}',
      COALESCE(NULLIF(doc::jsonb -> 'revokedAt', 'null'::jsonb), to_jsonb($1::text)))::json
    WHERE organization_id = $2 AND id = $3`;

  return {
    organizations: (exec: PgExecutor): OrganizationRepository => ({
      async create(record) {
        await exec.run(insertOrganization, [record.id, JSON.stringify(record)]);
      },
      async get(id) {
        return docOf<OrganizationRecord>(await exec.get(getOrganization, [id]));
      },
    }),
    apiTokens: (exec: PgExecutor): ApiTokenRepository => {
      const base = apiTokens(exec);
      return {
        create: base.create,
        get: base.get,
        list: (organizationId) => base.list(organizationId),
        async findByDigest(digest) {
          return docOf<ApiTokenRecord>(await exec.get(findByDigest, [digest]));
        },
        async revoke(organizationId, id, revokedAt) {
          return (await exec.run(revoke, [revokedAt, organizationId, id])) > 0;
        },
      };
    },
  };
}
