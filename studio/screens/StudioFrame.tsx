import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { isStudioHost } from '../../domain/studio/studio-host';
import { currentStaff } from '../access';
import { StudioShell } from '../components/StudioShell';

/**
 * Every Studio page's frame. The proxy sends only the Studio's host here; the host is checked again
 * so that no other way into the internal /studio tree ever renders a Studio page on a dealer's host.
 */
export async function StudioFrame({ children }: { children: ReactNode }) {
  if (!isStudioHost((await headers()).get('host'))) notFound();
  return <StudioShell staff={await currentStaff()}>{children}</StudioShell>;
}
