import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No page allows 'unsafe-eval' (issue 30, L6, ./security-headers.ts), so nothing that runs in the
 * browser may compile code from a string: not ajv (and what wraps it: ajv-errors, ajv-formats'
 * plugin, @rjsf/validator-ajv8, @hookform/resolvers/ajv), not eval or new Function of our own.
 * This follows every import (static and dynamic) from every 'use client' module of ours, and the
 * dependencies of every package they import, the way the client bundles are put together.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCE_DIRS = [
  'app',
  'blocks',
  'components',
  'domain',
  'engine',
  'schemas',
  'server',
  'services',
  'studio',
  'demo-data',
];
/** Packages that generate code, or exist to drive a package that does. */
const CODE_GENERATORS = new Set(['ajv', 'ajv-errors', 'ajv-formats', '@rjsf/validator-ajv8', 'ajv-keywords']);
/** Imports of such packages' parts that generate nothing (ajv-formats' format tests: regular expressions and functions). */
const SAFE_PARTS = new Set(['ajv-formats/dist/formats']);
const BANNED_SPECIFIERS = new Set(['@hookform/resolvers/ajv']);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const isClientModule = (text: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use client['"]/.test(text);

function importsOf(text: string): string[] {
  const specifiers = new Set<string>();
  const patterns = [
    /\bimport\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?!type\b)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) if (match[1]) specifiers.add(match[1]);
  return [...specifiers];
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

interface Manifest {
  main?: string;
  module?: string;
  exports?: unknown;
  dependencies?: Record<string, string>;
}

/** A package's folder and package.json, as Node finds it from a folder. */
function packageOf(name: string, from: string): { dir: string; manifest: Manifest } | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file))
      return { dir: join(dir, 'node_modules', name), manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest };
    if (dirname(dir) === dir) return undefined;
  }
}

/** The packages a package needs to run (its dependencies; peers are the app's own imports, checked as such). */
function dependenciesOf(name: string, from: string): { dir: string; names: string[] } | undefined {
  const found = packageOf(name, from);
  return found && { dir: found.dir, names: Object.keys(found.manifest.dependencies ?? {}) };
}

/** The file an import of a package (or of a part of it) loads in a bundle: its exports' import or default, or module/main. */
function entryFile(specifier: string): string | undefined {
  const name = packageName(specifier);
  const found = packageOf(name, ROOT);
  if (!found) return undefined;
  const subpath = `.${specifier.slice(name.length)}`;
  const pick = (target: unknown): string | undefined => {
    if (typeof target === 'string') return target;
    if (!target || typeof target !== 'object') return undefined;
    const conditions = target as Record<string, unknown>;
    for (const condition of ['browser', 'import', 'module', 'default', 'require'])
      if (conditions[condition] !== undefined) return pick(conditions[condition]);
    return undefined;
  };
  const exports = found.manifest.exports;
  const mapped =
    exports && typeof exports === 'object' && Object.keys(exports).some((key) => key.startsWith('.'))
      ? pick((exports as Record<string, unknown>)[subpath])
      : subpath === '.'
        ? pick(exports)
        : undefined;
  const relativePath =
    mapped ?? (subpath === '.' ? (found.manifest.module ?? found.manifest.main ?? 'index.js') : subpath);
  const file = join(found.dir, relativePath);
  for (const candidate of [file, `${file}.js`, `${file}.mjs`, join(file, 'index.js')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** How a package reaches a code generator through what it needs, if it does. */
function generatorPath(name: string, from: string, seen: Set<string>): string[] | undefined {
  if (CODE_GENERATORS.has(name)) return [name];
  if (seen.has(name)) return undefined;
  seen.add(name);
  const found = dependenciesOf(name, from);
  if (!found) return undefined;
  for (const dependency of found.names) {
    const path = generatorPath(dependency, found.dir, seen);
    if (path) return [name, ...path];
  }
  return undefined;
}

describe('nothing that runs in the browser compiles code from a string (issue 30, L6)', () => {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const clientModules = files.filter((file) => isClientModule(readFileSync(file, 'utf8')));

  it('finds the client modules (forms, the Studio editor)', () => {
    const names = clientModules.map((file) => relative(ROOT, file));
    expect(names).toContain('blocks/EnquiryForm/EnquiryForm.client.tsx');
    expect(names).toContain('studio/editor/SchemaForm.client.tsx');
  });

  it('reaches no code generator from any client module, and no eval or new Function of ours', () => {
    const problems: string[] = [];
    const visited = new Set<string>();
    const packages = new Map<string, string>();
    const queue = clientModules.map((file) => ({ file, via: relative(ROOT, file) }));
    while (queue.length) {
      const next = queue.shift();
      if (!next || visited.has(next.file)) continue;
      visited.add(next.file);
      const text = readFileSync(next.file, 'utf8');
      if (/\bnew\s+Function\s*\(|(?<![.\w])eval\s*\(/.test(text)) problems.push(`${next.via} evaluates code`);
      for (const specifier of importsOf(text)) {
        if (specifier.startsWith('.') || specifier.startsWith('@/')) {
          const local = resolveLocal(next.file, specifier);
          if (local && !visited.has(local)) queue.push({ file: local, via: `${next.via} -> ${relative(ROOT, local)}` });
          continue;
        }
        if (specifier.startsWith('node:') || SAFE_PARTS.has(specifier)) continue;
        if (BANNED_SPECIFIERS.has(specifier)) {
          problems.push(`${next.via} -> ${specifier}`);
          continue;
        }
        if (!packages.has(specifier)) packages.set(specifier, next.via);
      }
    }
    for (const [specifier, via] of packages) {
      // What the imported file itself imports (a peer it loads, say), then what its package needs.
      const entry = entryFile(specifier);
      for (const imported of entry ? importsOf(readFileSync(entry, 'utf8')) : [])
        if (!imported.startsWith('.') && CODE_GENERATORS.has(packageName(imported)) && !SAFE_PARTS.has(imported))
          problems.push(`${via} -> ${specifier} -> ${imported}`);
      const path = generatorPath(packageName(specifier), ROOT, new Set());
      if (path) problems.push(`${via} -> ${path.join(' -> ')}`);
    }
    expect(problems).toEqual([]);
    // The walk did reach the forms' and the editor's validators.
    const reached = [...visited].map((file) => relative(ROOT, file));
    expect(reached).toContain('domain/forms/form-schema-check.ts');
    expect(reached).toContain('studio/editor/schema-validator.ts');
  });
});
