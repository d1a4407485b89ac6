import { IntentLink as Link } from '@/components/shopper/IntentLink';

export default function NotFound() {
  return (
    <main className="container page-message">
      <h1>Page not found</h1>
      <p>The page you asked for is not here. It may have moved, or the vehicle may have been sold.</p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </main>
  );
}
