/**
 * 403 for a preview the token does not allow (forbidden() in app/preview/[tenant]/layout.tsx, issue
 * 30 L9): the sentence that says why, and nothing of the site or its draft. Rendered per request,
 * like every preview; the proxy marks it private, no-store and noindex.
 */
import { previewRefusal } from '@/server/page-data/preview-tenant';

export default async function PreviewForbidden() {
  return (
    <main className="container page-message" style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem 1rem' }}>
      <h1>No preview to show</h1>
      <p>{await previewRefusal()}</p>
    </main>
  );
}
