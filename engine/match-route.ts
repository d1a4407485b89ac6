export interface RouteMatch {
  pattern: string;
  params: Record<string, string>;
}

interface Segment {
  name: string;
  param: boolean;
  optional: boolean;
}

function parsePattern(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = part.startsWith(':');
      const optional = param && part.endsWith('?');
      return { name: param ? part.slice(1, optional ? -1 : undefined) : part, param, optional };
    });
}

/** Splits a request path into decoded segments; undefined for a path that cannot be decoded. */
export function pathSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

function matchOne(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  const required = segments.filter((s) => !s.optional).length;
  if (parts.length < required || parts.length > segments.length) return undefined;
  for (const [i, segment] of segments.entries()) {
    const part = parts[i];
    if (part === undefined) {
      if (!segment.optional) return undefined;
      continue;
    }
    if (segment.param) params[segment.name] = part;
    else if (segment.name !== part.toLowerCase()) return undefined;
  }
  return params;
}

/** More specific patterns first: a static segment beats a parameter, a parameter beats an optional one. */
function specificity(segments: Segment[]): number[] {
  return segments.map((s) => (s.param ? (s.optional ? 1 : 2) : 3));
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Finds the page pattern for a path. Patterns are those of page.schema.json: /cars/:slug,
 * /search/:type?, /:brand/overview. Returns undefined when nothing matches or the path is malformed.
 */
export function matchRoute(patterns: Iterable<string>, path: string): RouteMatch | undefined {
  const parts = pathSegments(path);
  if (!parts) return undefined;
  const ranked = [...patterns]
    .map((pattern) => ({ pattern, segments: parsePattern(pattern) }))
    .sort((a, b) => compareSpecificity(specificity(a.segments), specificity(b.segments)));
  for (const { pattern, segments } of ranked) {
    const params = matchOne(segments, parts);
    if (params) return { pattern, params };
  }
  return undefined;
}
