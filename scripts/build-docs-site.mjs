// Builds the documentation site into docs/api (or the directory given) and checks it:
// 1. the HTTP API reference: docs/openapi.json rendered by Redoc (`redocly build-docs`) into one
//    HTML file with its scripts inlined, in a page with a bar back to the site
//    (docs/site/http-api.template.html); typedoc copies it into the site, and its navigation links it
//    (scripts/typedoc-plugin-site.mjs);
// 2. typedoc: the landing page (docs/site/index.md), the guides in the order docs/README.md lists
//    them (the one list of guides: a guide it does not name is not on the site) and the TypeScript
//    API of every package, warnings treated as errors (typedoc.json);
// 3. scripts/check-site.mjs: no broken internal link, no link to a document users do not have.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkSite } from './check-site.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? 'docs/api';
const bin = (name) => `${root}node_modules/.bin/${name}`;
const run = (name, args) => execFileSync(bin(name), args, { cwd: root, stdio: 'inherit' });
const reference = `${root}docs/reference/http-api.html`;

mkdirSync(`${root}docs/reference`, { recursive: true });
try {
  // Redocly CLI prints notices about itself (its Node support, its Redoc version) on every run:
  // shown only when the build fails, so the site's build output is about the site.
  execFileSync(
    bin('redocly'),
    [
      'build-docs',
      'docs/openapi.json',
      '--inlineBundle',
      '--template',
      'docs/site/http-api.template.html',
      '--title',
      'Leadbook HTTP API reference',
      '--output',
      reference,
    ],
    { cwd: root, stdio: 'pipe' },
  );
} catch (error) {
  process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
  throw error;
}
// Redoc's attribution badge loads the Redocly logo from their CDN, which an offline reader cannot
// reach: the badge keeps its link and text, with the name drawn locally instead.
const logo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="56" height="16" viewBox="0 0 56 16">' +
    '<text x="0" y="12" font-family="sans-serif" font-size="12" fill="#6b7280">Redocly</text></svg>',
)}`;
writeFileSync(
  reference,
  readFileSync(reference, 'utf8').replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g, logo),
);
console.log('docs/reference/http-api.html: the HTTP API reference (Redoc)');

const guides = [...readFileSync(`${root}docs/README.md`, 'utf8').matchAll(/\]\(\.\/(guides\/[\w-]+\.md)\)/g)];
run('typedoc', ['--out', out, ...guides.flatMap(([, path]) => ['--projectDocuments', `docs/${path}`])]);
const { problems, checked } = await checkSite(out);
for (const problem of problems) console.error(problem);
console.log(`${out}: ${checked} links checked, ${problems.length} problems`);
process.exitCode = problems.length > 0 ? 1 : 0;
