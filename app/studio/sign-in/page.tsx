/** `/sign-in` on the Studio's host: password or e-mail code. Per request, never cached. */
import type { Metadata } from 'next';
import { SignInScreen } from '@/studio/screens/SignInScreen';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

export default async function StudioSignIn({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const next = typeof query.next === 'string' ? query.next : undefined;
  return <SignInScreen next={next} signedOut={query['signed-out'] === '1'} />;
}
