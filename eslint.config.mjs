import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * The dependency arrows of DESIGN.md ("Layout"), so a wrong-way import fails `npm run lint`:
 * app -> engine -> blocks -> components -> domain, and app/blocks/server -> services -> domain.
 * domain imports nothing of ours but generated schema types; nothing imports app/ or scripts/.
 * Tests are callers from outside (they may load the tenant registry to get real fixtures), so
 * they are held only to "nothing imports app/ or scripts/".
 */
const everything = [
  'app',
  'engine',
  'blocks',
  'components',
  'server',
  'services',
  'domain',
  'schemas',
  'demo-data',
  'scripts',
  'studio',
];
const only = (target, allowed, except = []) => ({
  target: `./${target}`,
  from: everything.filter((f) => f !== target && !allowed.includes(f)).map((f) => `./${f}`),
  except,
  message: `${target}/ may import only ${allowed.length ? allowed.join(', ') : 'nothing of ours'} (DESIGN.md, Layout).`,
});
const layerZones = [
  only('domain', ['schemas']),
  only('schemas', ['domain']),
  only('services', ['domain', 'schemas']),
  only('demo-data', ['domain', 'schemas', 'services']),
  only('components', ['domain', 'schemas', 'services']),
  only('server', ['engine', 'services', 'domain', 'schemas', 'blocks']),
  only('blocks', ['components', 'server', 'services', 'domain', 'schemas']),
  only('engine', ['blocks', 'domain', 'schemas']),
  // The Tenant Studio's screens and handlers: reached only from app/ (its thin routes).
  only('studio', ['engine', 'server', 'services', 'domain', 'schemas', 'components']),
  {
    target: './server',
    from: './blocks',
    except: ['./types.ts'],
    message: 'server/ may use only the block context type from blocks/.',
  },
  {
    target: './engine',
    from: './blocks',
    except: ['./registry.ts', './types.ts', './block-facts.generated.ts'],
    message: 'engine/ never imports a specific block: only the registry, the block types and the generated facts.',
  },
];
const noAppOrScripts = [
  { target: ['./!(app)/**', './*.ts'], from: './app', message: 'Nothing outside app/ imports app/ (routes only).' },
  { target: './!(scripts|e2e)/**', from: './scripts', message: 'Nothing but scripts/ and e2e/ imports scripts/.' },
  {
    target: ['./!(app|studio)/**', './*.ts'],
    from: './studio',
    message: 'Nothing but app/ imports studio/: the Studio must never load on dealer sites.',
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...layerZones, ...noAppOrScripts] }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import/no-restricted-paths': ['error', { zones: noAppOrScripts }] },
  },
  prettier,
  {
    ignores: [
      '.next/**',
      '.cli/**',
      '.node/**',
      'node_modules/**',
      'data/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.generated.ts',
      'next-env.d.ts',
    ],
  },
];

export default config;
