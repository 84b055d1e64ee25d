/**
 * Organizations and Connect API tokens.
 *
 * @module
 */
import type { ApiTokenRecord, OrganizationRecord } from '../../../ports/records';
import type { ApiTokenRepository, OrganizationRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { docOf } from '../documents';
import { sendWrite, type SqlExecutor } from '../executor';
import { scopedTable } from '../scoped-table';

/** The organization and API token repositories in `d`. */
export function tenantRepositories(d: SqlDialect) {
  const organizations = d.table('organizations');
  const insertOrganization = statement(
    d,
    (p) => `INSERT INTO ${organizations} (id, doc) VALUES (${p.value()}, ${p.document()})`,
  );
  const getOrganization = statement(d, (p) => `SELECT doc FROM ${organizations} WHERE id = ${p.value()}`);
  const apiTokens = scopedTable<ApiTokenRecord>(d, {
    table: 'api_tokens',
    columns: { digest: (record) => record.digest },
  });
  const findByDigest = statement(
    d,
    (p) => `SELECT doc FROM ${d.table('api_tokens')} WHERE digest = ${p.value()}`,
  );
  // A second revoke keeps the first revocation time.
  const revoke = statement(
    d,
    (p) => `UPDATE ${d.table('api_tokens')}
    SET doc = ${d.jsonSet('doc', [['revokedAt', `COALESCE(${d.jsonText('doc', 'revokedAt')}, ${p.text()})`]])}
    WHERE organization_id = ${p.value()} AND id = ${p.value()}`,
  );

  return {
    organizations: (exec: SqlExecutor): OrganizationRepository => ({
      async create(record) {
        await sendWrite(exec, insertOrganization, [record.id, d.document(record)]);
      },
      async get(id) {
        return docOf<OrganizationRecord>(d, await exec.get(getOrganization, [id]));
      },
    }),
    apiTokens: (exec: SqlExecutor): ApiTokenRepository => {
      const base = apiTokens(exec);
      return {
        create: base.create,
        get: base.get,
        list: (organizationId) => base.list(organizationId),
        async findByDigest(digest) {
          return docOf<ApiTokenRecord>(d, await exec.get(findByDigest, [digest]));
        },
        async revoke(organizationId, id, revokedAt) {
          return (await exec.run(revoke, [revokedAt, organizationId, id])) > 0;
        },
      };
    },
  };
}
