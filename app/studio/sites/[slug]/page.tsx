/** `/sites/<slug>` on the Studio's host: the site's editor, 403 outside the grant. Per request. */
import type { Metadata } from 'next';
import { SiteScreen, siteScreenTitle } from '@/studio/screens/SiteScreen';

export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await siteScreenTitle((await params).slug) };
}

export default async function StudioSite({ params, searchParams }: Props) {
  const tab = (await searchParams).tab;
  return <SiteScreen slug={(await params).slug} tab={typeof tab === 'string' ? tab : null} />;
}
