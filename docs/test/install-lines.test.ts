import { describe, expect, it } from 'vitest';
import { allBlocks, hasOwnTypes, importedPackages, typesPackageOf } from './code-blocks';

/**
 * A reader copies the install commands of a page, then its code: every package a block imports (its
 * hidden context included) must be named by an `npm install` of the page before the block, and a
 * package without its own types (`express`, `pg`) together with its `@types` package, or the block
 * fails with ERR_MODULE_NOT_FOUND, or with TS7016 under `strict`.
 */
describe('install lines of the docs', () => {
  const blocks = allBlocks();

  it('name every package each TypeScript block imports, and the @types of those without types', () => {
    const missing = blocks.flatMap((block) =>
      importedPackages(`${block.context}\n${block.code}`).flatMap((name) => {
        const needed = hasOwnTypes(name) ? [name] : [name, typesPackageOf(name)];
        return needed
          .filter((pkg) => !block.installed.has(pkg))
          .map((pkg) => `${block.name} imports ${name}: no npm install before it names ${pkg}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('knows which packages need their @types, and finds install lines where the docs have them', () => {
    expect(hasOwnTypes('express')).toBe(false);
    expect(typesPackageOf('express')).toBe('@types/express');
    expect(hasOwnTypes('@leadbook/sdk')).toBe(true);
    expect(hasOwnTypes('msw')).toBe(true);
    const start = blocks.find((block) => block.doc === 'docs/guides/getting-started.md');
    expect([...start!.installed]).toContain('@leadbook/sdk');
    expect(
      importedPackages("import { setupServer } from 'msw/node';\nimport type { X } from './x';"),
    ).toEqual(['msw']);
  });
});
