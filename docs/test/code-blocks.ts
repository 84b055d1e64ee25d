/**
 * The TypeScript code blocks of the documentation (the guides, the landing page and every README),
 * with what a reader needs beside each: its hidden context and the packages the doc tells them to
 * install before it. Shared by the tests that type-check the blocks and check their install lines.
 *
 * A block that continues an earlier one (it uses a `client` or a `service` made before) is preceded
 * by an HTML comment that declares what it uses, which GitHub and the site do not show:
 *
 *     <!-- ts-context
 *     import type { ConnectClient } from '@leadbook/sdk';
 *     declare const client: ConnectClient;
 *     -->
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root directory. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

const markdownIn = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `${dir}/${file}`);
const readmesIn = (dir: string) =>
  readdirSync(join(root, dir))
    .sort()
    .map((name) => `${dir}/${name}/README.md`)
    .filter((path) => existsSync(join(root, path)));

/** Every document a user reads, as paths from the repository root. */
export const documents: readonly string[] = [
  'README.md',
  'docs/README.md',
  'docs/site/index.md',
  ...markdownIn('docs/guides'),
  ...readmesIn('packages'),
  ...readmesIn('examples'),
];

/** One ```ts block (also ```ts runnable and ```ts serving) of a document. */
export interface CodeBlock {
  /** `path:line` of the opening fence, for messages. */
  name: string;
  /** The document. */
  doc: string;
  /** The line of the block's first line of code in the document (1-based). */
  line: number;
  /** The code as the reader sees it. */
  code: string;
  /** The hidden context (`<!-- ts-context ... -->` right before the fence), or ''. */
  context: string;
  /** The packages the `npm install` commands of the document before the block name. */
  installed: ReadonlySet<string>;
}

const FENCE = /^```([^\n]*)\n([\s\S]*?)^```$/gm;
const CONTEXT = /^<!-- ts-context\n([\s\S]*?)-->\s*$/;
const INSTALL = /\bnpm (?:install|i|add)\b([^\n`#]*)/g;

/** The package names an `npm install` argument list names (flags and versions left out). */
function packagesOf(args: string): string[] {
  return args
    .trim()
    .split(/\s+/)
    .filter((arg) => arg && !arg.startsWith('-'))
    .map((arg) => arg.replace(/(.)@.*$/, '$1'));
}

/** The blocks of one document, in order. */
export function blocksOf(doc: string): CodeBlock[] {
  const text = readFileSync(join(root, doc), 'utf8');
  const blocks: CodeBlock[] = [];
  for (const match of text.matchAll(FENCE)) {
    const info = match[1]!.trim().split(/\s+/)[0];
    if (info !== 'ts' && info !== 'typescript') continue;
    const before = text.slice(0, match.index);
    const installed = new Set([...before.matchAll(INSTALL)].flatMap(([, args]) => packagesOf(args!)));
    const line = before.split('\n').length + 1;
    blocks.push({
      name: `${doc}:${line - 1}`,
      doc,
      line,
      code: match[2]!,
      // Only a comment that ends right before the fence belongs to the block.
      context: CONTEXT.exec(before.slice(Math.max(0, before.lastIndexOf('<!-- ts-context'))))?.[1] ?? '',
      installed,
    });
  }
  return blocks;
}

/** Every TypeScript block of every document. */
export function allBlocks(): CodeBlock[] {
  return documents.flatMap(blocksOf);
}

/** The package an import specifier loads (`@scope/name/sub` -> `@scope/name`), or null for `node:` and relative ones. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages a piece of code imports (static and dynamic imports, `import type` included). */
export function importedPackages(code: string): string[] {
  const { importedFiles } = ts.preProcessFile(code, true, true);
  return [...new Set(importedFiles.map((file) => packageOf(file.fileName)).filter((p) => p !== null))];
}

/**
 * Whether a package ships its own type declarations. One that does not (`express`, `pg`) needs its
 * `@types/...` package beside it, or a strict TypeScript project cannot import it (TS7016).
 */
export function hasOwnTypes(name: string): boolean {
  const dir = join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    types?: string;
    typings?: string;
    exports?: unknown;
  };
  return Boolean(
    manifest.types ||
    manifest.typings ||
    JSON.stringify(manifest.exports ?? {}).includes('"types"') ||
    existsSync(join(dir, 'index.d.ts')),
  );
}

/** The `@types` package that describes `name` (`@types/express`, `@types/babel__core`). */
export const typesPackageOf = (name: string): string =>
  `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
