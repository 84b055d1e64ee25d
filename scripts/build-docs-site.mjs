// Builds the documentation site into docs/api (or the directory given) and checks it:
// 1. the HTTP API reference: docs/openapi.json rendered by Redoc (`redocly build-docs`) into one
//    HTML file with its scripts inlined, so it works offline; typedoc copies it into the site;
// 2. typedoc: the landing page (docs/site/index.md), the guides in the order docs/README.md lists
//    them (the one list of guides: a guide it does not list is not on the site) and the TypeScript
//    API of every package, warnings treated as errors (typedoc.json);
// 3. scripts/check-site.mjs: no broken internal link, no link to a document users do not have.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkSite } from './check-site.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? 'docs/api';
const bin = (name) => `${root}node_modules/.bin/${name}`;
const run = (name, args) => execFileSync(bin(name), args, { cwd: root, stdio: 'inherit' });

mkdirSync(`${root}docs/reference`, { recursive: true });
run('redocly', [
  'build-docs',
  'docs/openapi.json',
  '--inlineBundle',
  '--title',
  'Leadbook HTTP API reference',
  '--output',
  'docs/reference/http-api.html',
]);
const guides = [...readFileSync(`${root}docs/README.md`, 'utf8').matchAll(/\]\(\.\/(guides\/[\w-]+\.md)\)/g)];
run('typedoc', ['--out', out, ...guides.flatMap(([, path]) => ['--projectDocuments', `docs/${path}`])]);
const { problems, checked } = await checkSite(out);
for (const problem of problems) console.error(problem);
console.log(`${out}: ${checked} links checked, ${problems.length} problems`);
process.exitCode = problems.length > 0 ? 1 : 0;
