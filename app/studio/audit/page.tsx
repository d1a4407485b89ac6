/** `/audit` on the Studio's host: the audit log, for admins only (403 for everyone else). Per request, never cached. */
import type { Metadata } from 'next';
import { AuditScreen } from '@/studio/screens/AuditScreen';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log' };

export default async function StudioAudit({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  return <AuditScreen site={typeof query.site === 'string' ? query.site : undefined} />;
}
