import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  prettier,
  {
    ignores: [
      '.next/**',
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
