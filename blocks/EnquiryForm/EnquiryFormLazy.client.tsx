'use client';

import dynamic from 'next/dynamic';
import type { EnquiryFormProps } from './EnquiryForm.client';
import { WhenVisible } from '../shopper/WhenVisible.client';

const Form = dynamic(() => import('./EnquiryForm.client').then((m) => m.EnquiryFormClient), { ssr: false, loading: () => <p>Loading the form…</p> });

/** The form's code loads when the shopper scrolls near it (below the fold on vehicle pages). */
export function EnquiryFormLazy(props: EnquiryFormProps) {
  return (
    <WhenVisible minHeight={900} placeholder={<p>Loading the form…</p>}>
      <Form {...props} />
    </WhenVisible>
  );
}
