import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/shopper/IntentLink';

export const metadata: Metadata = { title: 'Page not found' };

/** A tenant's 404: shown inside the tenant's own header, footer and theme. */
export default function TenantNotFound() {
  return (
    <section className="container page-message">
      <h1>Page not found</h1>
      <p>The page you asked for is not here. It may have moved, or the vehicle may have been sold.</p>
      <p>
        <Link href="/">Go to the home page</Link> or <Link href="/search/new-used-and-demo-cars">search our stock</Link>
        .
      </p>
    </section>
  );
}
