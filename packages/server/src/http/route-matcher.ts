/**
 * Finds the route of a request: one matcher shared by the Express and fetch adapters, so both
 * route exactly alike. Static paths are one map lookup; paths with parameters compare segments.
 *
 * @module
 */
import type { Route } from './route';

/** A matched route and its decoded path parameters. */
export interface RouteMatch {
  /** The route. */
  route: Route;
  /** Path parameters by name, percent-decoded (left as sent when the encoding is malformed). */
  params: Record<string, string>;
}

/** Looks up the route of a method and a path (without the query string). */
export type RouteMatcher = (method: string, path: string) => RouteMatch | undefined;

interface ParamRoute {
  route: Route;
  /** Path segments; a parameter is its name prefixed with `:`. */
  segments: string[];
}

// Like Express's non-strict routing: one trailing slash is optional.
const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchSegments(candidate: ParamRoute, parts: string[]): RouteMatch | undefined {
  const { segments } = candidate;
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      if (part === '') return undefined;
      params[segment.slice(1)] = decode(part);
    } else if (segment !== part) {
      return undefined;
    }
  }
  return { route: candidate.route, params };
}

/**
 * Compiles the route table into a matcher. Matching is case-sensitive; a path without parameters
 * wins over a parameterised one, and otherwise the first route of the table wins.
 */
export function createRouteMatcher(routes: readonly Route[]): RouteMatcher {
  const fixed = new Map<string, Route>();
  const withParams = new Map<string, ParamRoute[]>();
  for (const route of routes) {
    const path = trimSlash(route.path);
    if (!path.includes(':')) {
      const key = `${route.method} ${path}`;
      if (!fixed.has(key)) fixed.set(key, route);
      continue;
    }
    const list = withParams.get(route.method) ?? [];
    list.push({ route, segments: path.split('/') });
    withParams.set(route.method, list);
  }
  return (method, rawPath) => {
    const path = trimSlash(rawPath);
    const found = fixed.get(`${method} ${path}`);
    if (found) return { route: found, params: {} };
    const candidates = withParams.get(method);
    if (!candidates) return undefined;
    const parts = path.split('/');
    for (const candidate of candidates) {
      const match = matchSegments(candidate, parts);
      if (match) return match;
    }
    return undefined;
  };
}
