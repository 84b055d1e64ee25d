/**
 * A tiny element factory: the widget builds its views with it instead of a template library, which
 * keeps the bundle small. Properties whose name starts with `on` become listeners; `null`,
 * `undefined` and `false` attributes are left out.
 *
 * @module
 */

/** Children `h` accepts: nodes, text, and nothing (skipped). */
export type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes, listeners and children.
 *
 * @internal
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function')
      node.addEventListener(name.slice(2), value as EventListener);
    else if (name === 'value' || name === 'checked')
      (node as unknown as Record<string, unknown>)[name] = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}
