import type { Migration } from './types';

/**
 * Version 1 was the legacy flat site configuration (conversion §1: slug, name, logo, phone, email,
 * address, manufacturer name, dealership_group, finance_provider, xtime_url). Version 2 groups
 * contact details under `contact` and uses camelCase names.
 */
export const structuredContact: Migration = {
  from: 1,
  name: '001-structured-contact',
  up(doc) {
    const { phone, email, address, dealership_group, finance_provider, xtime_url, url, ...rest } = doc;
    const out: Record<string, unknown> = { ...rest, schemaVersion: 2 };
    const contact: Record<string, unknown> = { ...(isObject(rest.contact) ? rest.contact : {}) };
    if (phone !== undefined) contact.phone = phone;
    if (email !== undefined) contact.email = email;
    if (address !== undefined) contact.address = address;
    if (xtime_url !== undefined) contact.serviceBookingUrl = xtime_url;
    if (url !== undefined) contact.siteUrl = url;
    if (Object.keys(contact).length) out.contact = contact;
    if (dealership_group !== undefined) out.dealershipGroup = dealership_group;
    if (finance_provider !== undefined) {
      out.finance = { ...(isObject(rest.finance) ? rest.finance : {}), provider: finance_provider };
    }
    return out;
  },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
