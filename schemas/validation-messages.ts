import type { ErrorObject } from 'ajv';
import { nearest } from '../domain/nearest';

/** One problem in a configuration or feed document, phrased for the person editing it. */
export interface ValidationIssue {
  file: string;
  /** JSON pointer to the offending value ('' is the whole document). */
  pointer: string;
  message: string;
  /**
   * Where the pointed value starts in the file as written, 1-based (a tab is one column). Absent
   * when the file does not have that pointer: a problem of the document merged with its template
   * and group, a key the file lacks, a file that was not read from disk.
   */
  line?: number;
  column?: number;
}

/** Where a JSON pointer's value starts in a file (1-based), or undefined when the file has no such value. */
export type LocatePointer = (pointer: string) => { line: number; column: number } | undefined;

/** `file: pointer: message`. */
export function formatIssue(issue: ValidationIssue): string {
  return `${issue.file}: ${issue.pointer || '/'}: ${issue.message}`;
}

/**
 * `file:line:column: pointer: message`, the form terminals and editors turn into a link to the
 * place; an issue without a place is written as formatIssue writes it.
 */
export function formatIssueAt(issue: ValidationIssue): string {
  if (issue.line === undefined || issue.column === undefined) return formatIssue(issue);
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.pointer || '/'}: ${issue.message}`;
}

/** Adds line and column to the issues about `file` whose pointer `locate` finds; others are returned as they are. */
export function placeIssues(issues: ValidationIssue[], file: string, locate: LocatePointer): ValidationIssue[] {
  return issues.map((issue) => {
    if (issue.file !== file || issue.line !== undefined) return issue;
    const place = locate(issue.pointer);
    return place ? { ...issue, line: place.line, column: place.column } : issue;
  });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list (${truncate(JSON.stringify(value))})`;
  if (typeof value === 'object') return `an object (${truncate(JSON.stringify(value))})`;
  return `${typeof value === 'string' ? 'text' : typeof value} ${truncate(JSON.stringify(value))}`;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function schemaOf(error: ErrorObject): Record<string, unknown> {
  const schema: unknown = error.parentSchema;
  return schema && typeof schema === 'object' ? (schema as Record<string, unknown>) : {};
}

function propertyNames(schema: Record<string, unknown>): string[] {
  const properties = schema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties).filter((k) => k !== '$schema') : [];
}

function blockTypes(schema: Record<string, unknown>): string[] {
  const branches = Array.isArray(schema.oneOf) ? (schema.oneOf as unknown[]) : [];
  return branches.flatMap((branch) => {
    const type = (branch as { properties?: { type?: { const?: unknown } } }).properties?.type?.const;
    return typeof type === 'string' ? [type] : [];
  });
}

function hint(word: string, candidates: string[]): string {
  const close = nearest(word, candidates);
  return close ? `; did you mean "${close}"?` : candidates.length ? `; expected one of: ${candidates.join(', ')}` : '';
}

function messageFor(error: ErrorObject): { pointer: string; message: string } {
  const schema = schemaOf(error);
  const found = describe(error.data);
  const params = error.params as Record<string, unknown>;
  const described = typeof schema.description === 'string' ? ` (${schema.description})` : '';
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      return {
        pointer: `${error.instancePath}/${key}`,
        message: `unknown key "${key}"${hint(key, propertyNames(schema))}`,
      };
    }
    case 'required': {
      const key = String(params.missingProperty);
      const property = (schema.properties as Record<string, { description?: unknown }> | undefined)?.[key];
      const about = typeof property?.description === 'string' ? ` (${property.description})` : '';
      return { pointer: error.instancePath, message: `missing required key "${key}"${about}` };
    }
    case 'discriminator': {
      const value = params.tagValue;
      if (typeof value !== 'string')
        return { pointer: error.instancePath, message: `expected a block with a "type", found ${found}` };
      return {
        pointer: `${error.instancePath}/type`,
        message: `unknown block type "${value}"${hint(value, blockTypes(schema))}`,
      };
    }
    case 'type':
      return { pointer: error.instancePath, message: `expected ${String(params.type)}, found ${found}` };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const close =
        typeof error.data === 'string'
          ? nearest(error.data, (params.allowedValues as unknown[]).map(String))
          : undefined;
      return {
        pointer: error.instancePath,
        message: `expected one of ${allowed.join(', ')}, found ${found}${close ? `; did you mean "${close}"?` : ''}`,
      };
    }
    case 'const':
      return {
        pointer: error.instancePath,
        message: `expected ${JSON.stringify(params.allowedValue)}, found ${found}`,
      };
    case 'pattern':
      return {
        pointer: error.instancePath,
        message: `expected ${typeof schema.description === 'string' ? schema.description : `text matching ${String(params.pattern)}`}, found ${found}`,
      };
    case 'format':
      return { pointer: error.instancePath, message: `expected a valid ${String(params.format)}, found ${found}` };
    case 'propertyNames':
      return {
        pointer: error.instancePath,
        message: `key ${JSON.stringify(params.propertyName)} is not allowed here${described}`,
      };
    case 'anyOf':
    case 'oneOf':
      return {
        pointer: error.instancePath,
        message: `expected ${typeof schema.description === 'string' ? schema.description : 'one of the allowed forms'}, found ${found}`,
      };
    default:
      return { pointer: error.instancePath, message: `${error.message ?? 'is not valid'}, found ${found}` };
  }
}

/**
 * Turns ajv's errors into one message per problem. Errors inside a failed anyOf/oneOf branch are
 * folded into that anyOf/oneOf's single message, and propertyNames' inner pattern error is dropped.
 * With `locate` (from readJsonFile), each issue also gets its line and column in the file.
 */
export function toIssues(
  file: string,
  errors: readonly ErrorObject[] | null | undefined,
  locate?: LocatePointer,
): ValidationIssue[] {
  if (!errors) return [];
  const folded = errors.filter(
    (e) =>
      e.keyword === 'anyOf' ||
      (e.keyword === 'oneOf' &&
        !errors.some(
          (d) => d.keyword === 'discriminator' && d.schemaPath === e.schemaPath.replace(/oneOf$/, 'discriminator'),
        )),
  );
  const prefixes = folded.map((e) => e.schemaPath.replace(/(anyOf|oneOf)$/, '$1/'));
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (prefixes.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    if (error.keyword === 'pattern' && error.propertyName !== undefined) continue;
    if (error.keyword === 'if') continue;
    const { pointer, message } = messageFor(error);
    const key = `${pointer}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ file, pointer, message });
  }
  return locate ? placeIssues(issues, file, locate) : issues;
}
