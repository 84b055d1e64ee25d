import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allBlocks, root } from './code-blocks';

const run = promisify(execFile);
// Inside the repository, so the blocks resolve `@leadbook/*` and their other imports as an
// integrator's project does (the workspace packages through the root tsconfig's paths).
const scratch = join(root, 'docs/.typecheck');

/** A file to type-check and where its lines come from. */
interface Source {
  file: string;
  text: string;
  /** The document line of the file's line `n` (1-based), for messages. */
  origin: (n: number) => string;
}

/** Every ```ts block of the docs, its hidden context first, each its own ES module. */
function blockSources(): Source[] {
  return allBlocks().map((block, i) => {
    const contextLines = block.context === '' ? 0 : block.context.split('\n').length - 1;
    return {
      file: `block-${i}.ts`,
      text: `${block.context}${block.code}\nexport {};\n`,
      origin: (n) =>
        n <= contextLines
          ? `${block.name} (its ts-context)`
          : `${block.doc}:${block.line + n - contextLines - 1}`,
    };
  });
}

/** The TypeScript request samples of the HTTP API reference (`x-codeSamples` of docs/openapi.json). */
function referenceSamples(): Source[] {
  const doc = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; 'x-codeSamples'?: Sample[] }>>;
  };
  type Sample = { lang: string; label: string; source: string };
  return Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .flatMap((op) =>
      (op['x-codeSamples'] ?? [])
        .filter((sample) => sample.lang === 'TypeScript')
        .map((sample) => ({
          file: `sample-${op.operationId}.ts`,
          text: `${sample.source}\nexport {};\n`,
          origin: (n: number) => `docs/openapi.json ${op.operationId} x-codeSamples line ${n}`,
        })),
    );
}

describe('the TypeScript of the docs type-checks under strict', () => {
  const sources = [...blockSources(), ...referenceSamples()];
  let output = '';

  beforeAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    for (const source of sources) writeFileSync(join(scratch, source.file), source.text);
    // The repository's compiler options (strict, noUncheckedIndexedAccess, ES modules with
    // top-level await, Node's types): what the docs promise the snippets compile under.
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.json', include: ['*.ts'] }),
    );
    // One compiler run over every block: one program, the packages' sources checked once.
    output = await run(join(root, 'node_modules/.bin/tsc'), ['-p', scratch, '--pretty', 'false'], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
  }, 600_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the blocks of the guides, the READMEs and the landing page, and the reference samples', () => {
    const names = sources.map((source) => source.origin(1));
    for (const doc of ['README.md', 'docs/site/index.md', 'docs/guides/getting-started.md']) {
      expect(names.some((name) => name.startsWith(doc))).toBe(true);
    }
    expect(names.some((name) => name.startsWith('packages/sdk/README.md'))).toBe(true);
    expect(names.filter((name) => name.startsWith('docs/openapi.json')).length).toBeGreaterThan(20);
  });

  it('has no compiler error in any block (each error named by its document and line)', () => {
    const byFile = new Map(sources.map((source) => [source.file, source]));
    const errors = output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const match = /^docs\/\.typecheck\/([^(]+)\((\d+),\d+\): (.*)$/.exec(line);
        const source = match && byFile.get(match[1]!);
        return source ? `${source.origin(Number(match[2]))}: ${match[3]}` : line;
      });
    expect(errors).toEqual([]);
  });
});
