// Checks a built documentation site (default docs/api) offline: every internal link and asset
// resolves (linkinator crawls the local files from index.html; links leaving the site are not
// fetched), and no page links to a document users do not have (`http://SPEC.md`, the
// linkification of a file name). Prints each problem; exits non-zero when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, LinkState } from 'linkinator';

/** Every HTML file under `dir`. */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The HTTP API reference (one Redoc page) prerenders its menu as root paths (`/connect`) that its
 * script turns into in-page routes (`#/connect`) when the page loads: not files to look for.
 */
const isRedocRoute = (link) =>
  /\/http-api\.html$/.test(link.parent ?? '') &&
  /^\/?[a-z0-9-]*$/.test(link.url.replace(/^https?:\/\/[^/]+/, ''));

/**
 * The problems of the site in `dir`, as lines: broken internal links (with the page that has
 * them) and links to documents users do not have. Empty when the site is sound.
 */
export async function checkSite(dir) {
  const root = resolve(dir);
  const problems = [];
  const result = await check({
    path: '**/*.html',
    serverRoot: root,
    recurse: true,
    concurrency: 8,
    // Only the site itself: links to other hosts (GitHub, npm, the providers' docs) are not fetched.
    linksToSkip: async (link) => !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(link),
  });
  for (const link of result.links) {
    if (link.state !== LinkState.BROKEN || isRedocRoute(link)) continue;
    problems.push(`broken link ${link.url} (on ${link.parent})`);
  }
  for (const file of htmlFiles(root)) {
    if (readFileSync(file, 'utf8').includes('http://SPEC.md')) {
      problems.push(`link to http://SPEC.md in ${file.slice(root.length + 1)}`);
    }
  }
  return { problems, checked: result.links.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'docs/api';
  const { problems, checked } = await checkSite(dir);
  for (const problem of problems) console.error(problem);
  console.log(`${dir}: ${checked} links checked, ${problems.length} problems`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
