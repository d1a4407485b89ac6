import type { ReactNode } from 'react';

type RenderToStaticMarkup = (node: ReactNode) => string;

let render: RenderToStaticMarkup | undefined;

/**
 * React's `renderToStaticMarkup` from 'react-dom/server': HTML for e-mail, with React's escaping.
 *
 * It is loaded through Node's own require rather than imported. Next bundles the lead outbox into
 * its React Server Components graph (the app/api route handlers and instrumentation.ts), where
 * modules resolve with the "react-server" condition: there 'react-dom/server' is a stub that throws
 * "not supported in React Server Components", and React's server renderer cannot run on the server
 * build of React anyway. Node's require, which the bundler neither sees nor rewrites, gives the
 * ordinary Node build with its own React. Elements are plain objects tagged with a global symbol,
 * so what the e-mail components return renders the same whichever React built it; those components
 * are plain functions (no hooks, no context), which is all this needs. In tests and CLIs (tsx) it is
 * the same module an import would give.
 */
export function renderToStaticMarkup(node: ReactNode): string {
  render ??= loadRenderer();
  return render(node);
}

function loadRenderer(): RenderToStaticMarkup {
  const { createRequire } = process.getBuiltinModule('node:module');
  let server: unknown;
  try {
    server = createRequire(import.meta.url)('react-dom/server');
  } catch {
    // A bundle may place this module somewhere without node_modules above it; the project root has them.
    server = createRequire(`${process.cwd()}/package.json`)('react-dom/server');
  }
  return (server as { renderToStaticMarkup: RenderToStaticMarkup }).renderToStaticMarkup;
}
