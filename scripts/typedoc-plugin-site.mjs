// A typedoc plugin of the documentation site (typedoc.json `plugin`): the HTTP API reference in the
// left navigation of every page, under the guides and the modules. Typedoc's own `sidebarLinks`
// writes a link as given, which breaks on pages in subfolders; this one is relative to each page.
import { JSX } from 'typedoc';

/** The reference's place in the built site: typedoc copies it there from the landing page's link. */
const REFERENCE_PAGE = 'media/http-api.html';

/** Registers the link (typedoc calls `load` with its application). */
export function load(app) {
  app.renderer.hooks.on('sidebar.end', (context) =>
    JSX.createElement(
      'nav',
      { id: 'site-reference-link', class: 'tsd-navigation' },
      JSX.createElement('a', { href: context.relativeURL(REFERENCE_PAGE) }, 'HTTP API reference'),
    ),
  );
}
