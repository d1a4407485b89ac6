/** Root layout: the document shell. Each tenant's look is applied by app/site/[tenant]/layout.tsx. */
import type { ReactNode } from 'react';
import './globals.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body>{children}</body>
    </html>
  );
}
