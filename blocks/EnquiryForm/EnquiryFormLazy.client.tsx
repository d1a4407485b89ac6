'use client';

import type { EnquiryFormProps } from './EnquiryForm.client';
import { WhenVisible } from '../../components/shopper/WhenVisible.client';

const loadForm = () => import('./EnquiryForm.client').then((m) => m.EnquiryFormClient);

/** The form's code loads when the shopper scrolls near it (below the fold on vehicle pages). */
export function EnquiryFormLazy(props: EnquiryFormProps) {
  return <WhenVisible load={loadForm} props={props} minHeight={900} placeholder={<p>Loading the form…</p>} />;
}
