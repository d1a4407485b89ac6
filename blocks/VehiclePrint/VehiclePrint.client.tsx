'use client';

import { useState } from 'react';
import { track } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import { buttonClass } from '../../components/ui/button';

// spec: catalogue §4 — 'Preparing...' while the PDF downloads.
const PREPARING = 'Preparing...';

/** Why the download failed, in the server's words when it sent any. */
async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
  return typeof body?.error === 'string' ? body.error : `The PDF could not be prepared (error ${response.status}).`;
}

/** catalogue §7, §8 — fetches the car's PDF and saves it as {slug}.pdf; a failure is an alert with its message. */
export function DownloadPdfButton({ slug }: { slug: string }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(`/api/cars/${encodeURIComponent(slug)}/pdf`);
      if (!response.ok) throw new Error(await failure(response));
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: `${slug}.pdf` });
      document.body.append(link);
      link.click();
      track(ANALYTICS_EVENTS.vehiclePrint, { format: 'pdf' });
      link.remove();
      // Revoked on the next tick: some browsers start the download only after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={buttonClass('outline')}
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? PREPARING : 'Download PDF'}
    </button>
  );
}
