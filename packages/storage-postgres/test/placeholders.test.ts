/**
 * No statement of this package has a placeholder inside quoted text: every value goes as a
 * parameter, and combining reads renumbers `$n` wherever it appears, so a `$n` in a literal would
 * be changed. The repositories' statements, as they reach the database, are checked by
 * storage.test.ts after its conformance run.
 */
import { describe, expect, it } from 'vitest';
import { postgresMigrations } from '../src';
import { statements as rateLimitStatements } from '../src/rate-limit';
import { jobTableSql } from '../src/scheduler/job-table';
import { combineReads } from '../src/storage/statements';
import { LOCK_STATEMENT } from '../src/storage/storage';
import { quotedPlaceholders } from './support/sql-quotes';

describe('quotedPlaceholders', () => {
  it('finds $n in string literals, quoted identifiers and dollar quotes, and only there', () => {
    expect(quotedPlaceholders(`SELECT $1, '$2', "a$3" FROM t WHERE x = $4`)).toEqual([`'$2'`, `"a$3"`]);
    expect(quotedPlaceholders(`SELECT 'it''s $1'`)).toEqual([`'it''s $1'`]);
    expect(quotedPlaceholders(`SELECT 'it''s', $1 -- '$2\nFROM t`)).toEqual([]);
    expect(quotedPlaceholders(`DO $body$ SELECT $1 $body$; SELECT $$ $2 $$`)).toEqual([
      `$body$ SELECT $1 $body$`,
      `$$ $2 $$`,
    ]);
    expect(quotedPlaceholders(`SELECT doc->>'key' FROM t WHERE a = $1::text AND b = ANY($2)`)).toEqual([]);
  });
});

describe("this package's own statements", () => {
  it('have no placeholder inside quoted text', () => {
    const statements = [
      LOCK_STATEMENT,
      ...Object.values(jobTableSql('"pgboss"')),
      ...Object.values(rateLimitStatements('"leadbook"')),
      ...postgresMigrations().map((migration) => migration.sql),
      combineReads([
        { sql: `SELECT doc FROM t WHERE a = $1 AND b = $2`, params: [1, 2] },
        { sql: `SELECT doc FROM u WHERE c = $1`, params: [3] },
      ]).sql,
    ];
    for (const sql of statements) expect(quotedPlaceholders(sql), sql).toEqual([]);
  });

  it('combining reads renumbers every placeholder after the reads before it', () => {
    const combined = combineReads([
      { sql: `SELECT doc FROM t WHERE a = $1 AND b = $2`, params: ['x', 'y'] },
      { sql: `SELECT doc FROM u WHERE c = $1 AND d = $1`, params: ['z'] },
    ]);
    expect(combined.sql).toContain('a = $1 AND b = $2');
    expect(combined.sql).toContain('c = $3 AND d = $3');
    expect(combined.params).toEqual(['x', 'y', 'z']);
  });
});
