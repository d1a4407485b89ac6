import { siteOrigin } from '../page-data/site-origin';
import { kickOutbox, startOutboxWorker, type LeadSite } from '../../services/leads';
import { startHoldSweeper, type HoldSite } from '../../services/reservations';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { signedUnsubscribeLinks, unsubscribeKey } from '../../services/unsubscribe-token';

/**
 * The signed unsubscribe links of an address on a site, for its leads (issue 30 L7). Without the auth
 * secret (a CLI on PostgreSQL with no AUTH_SECRET) the lead goes without them rather than not at all.
 */
function unsubscribeLinks(origin: string, slug: string) {
  return (email: string) => {
    try {
      return signedUnsubscribeLinks(origin, slug, email, unsubscribeKey());
    } catch (error) {
      console.error(`The unsubscribe link of a lead on ${slug} could not be signed`, error);
      return undefined;
    }
  };
}

/** What the outbox needs to know about a tenant, read from the current tenant files. */
export function leadSite(slug: string): LeadSite | undefined {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) return undefined;
  const tenant = entry.config;
  const origin = siteOrigin(tenant);
  return {
    name: tenant.name,
    origin,
    dealershipIds: tenant.dealerships,
    unsubscribeLinks: unsubscribeLinks(origin, tenant.slug),
    // Prices in the lead e-mail and ADF are in the site's own currency.
    currency: tenant.locale.currency,
    ...(tenant.contact?.phone ? { phone: tenant.contact.phone } : {}),
    ...(tenant.contact?.email ? { email: tenant.contact.email } : {}),
  };
}

/** Starts the in-process outbox (once) and delivers what is due now. */
export function deliverLeadsNow(): Promise<void> {
  // LEADS_OUTBOX=off: another process delivers (npm run leads -- --deliver); this one only stores.
  if (process.env.LEADS_OUTBOX === 'off') return Promise.resolve();
  startOutboxWorker(leadSite);
  return kickOutbox();
}

export function startLeadDelivery(): void {
  if (process.env.LEADS_OUTBOX === 'off') return;
  startOutboxWorker(leadSite);
}

/** Where a tenant's notices go, its clock and its currency, for the reservation hold sweeper. */
export function holdSite(slug: string): HoldSite | undefined {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) return undefined;
  return {
    destinations: entry.config.leadDelivery,
    timeZone: entry.config.locale.timeZone,
    currency: entry.config.locale.currency,
  };
}

/**
 * Starts releasing unpaid reservation holds that have run out (issue 14), beside the outbox; the
 * dealer's notice is queued in the outbox and delivered at once when this process delivers.
 * RESERVATION_EXPIRY=off leaves it to another process (npm run reservations -- --expire).
 */
export function startHoldExpiry(): void {
  if (process.env.RESERVATION_EXPIRY === 'off') return;
  startHoldSweeper(holdSite, {
    onExpired: () => {
      if (process.env.LEADS_OUTBOX === 'off') return;
      startOutboxWorker(leadSite);
      void kickOutbox();
    },
  });
}
