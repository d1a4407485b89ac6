import { formatDate } from '../format';

/**
 * Withdrawing marketing consent (conversion §2.3 /pages/unsubscribe; §5.1 opt_in). Pure rules:
 * which address the shopper means, where the page is, and how a withdrawal reads to the dealer.
 */

/** spec: conversion §2.3 menu routes. */
export const UNSUBSCRIBE_PATH = '/pages/unsubscribe';

/** Where the page's form posts, and the one-click List-Unsubscribe address of an e-mail (RFC 8058). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';

/** What a mail provider posts to a one-click List-Unsubscribe address (RFC 8058 §3.1). */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

/** An unsubscribe token's shape (base64url of an HMAC-SHA256): anything else is not read. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The longest address SMTP can carry (RFC 5321 §4.5.3.1.3); the form allows no more either. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The address rule the enquiry forms validate with (ajv-formats' `email`), so every address a lead
 * can hold can also be unsubscribed, and nothing else is accepted. ASCII only, as that rule is.
 */
const EMAIL_RULE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const UNSUBSCRIBE_MESSAGES = {
  /** The same words as the enquiry forms' e-mail field (domain/forms/form-messages EMAIL_MESSAGE). */
  invalidEmail: 'Please enter a valid email address.',
  badBody: 'Send the e-mail address to unsubscribe as {"email": "you@example.com"}.',
  tooMany:
    'We have received many unsubscribe requests from your connection in the last few minutes. Please wait a few minutes and try again.',
  unavailable: 'We could not record your request just now. Please try again in a moment.',
  foreignOrigin: 'This request must come from this site.',
  /** An address without the token of an e-mail's link (issue 30 L7: anyone could stop anyone's e-mails). */
  needsLink:
    'To unsubscribe, open the unsubscribe link in one of our marketing e-mails to you: the link shows that the address is yours. An address on its own cannot be unsubscribed.',
  badLink:
    'This unsubscribe link is not valid for this address. Open the link in our e-mail again, exactly as it was sent.',
} as const;

/**
 * The address as it is compared: trimmed and lower-cased (mail providers treat the local part
 * without regard to case, and for a withdrawal of consent matching too much is the safe side), or
 * undefined when it is not an address the forms would accept.
 */
export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return undefined;
  return EMAIL_RULE.test(email) ? email : undefined;
}

/** The unsubscribe page of a site, with the shopper's address and the link's token filled in when given. */
export function unsubscribeUrl(origin: string, email?: string, token?: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, origin);
  if (email) url.searchParams.set('email', email);
  if (email && token) url.searchParams.set('token', token);
  return url.href;
}

/**
 * The one-click unsubscribe address for an e-mail's List-Unsubscribe header (RFC 8058): a mail
 * provider posts `List-Unsubscribe=One-Click` to it, so the address and the token are in the URL.
 */
export function oneClickUnsubscribeUrl(origin: string, email: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_API_PATH, origin);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.href;
}

/** What the shopper reads once the request is recorded (the same for every address: no enumeration). */
export function unsubscribedMessage(siteName: string): string {
  return `You have been unsubscribed from ${siteName} marketing e-mails.`;
}

/**
 * What the page says on ?result=done, where a post without JavaScript lands: anyone can open that
 * address without posting anything, so it claims nothing about an unsubscribe having happened.
 */
export function unsubscribeRedirectMessage(siteName: string): string {
  return `If that address was on our list, it will receive no more marketing e-mails from ${siteName}.`;
}

/**
 * How a lead's marketing opt-in reads to the dealer when the shopper has unsubscribed on this site:
 * 'no (unsubscribed on 27 November 2026)', the date on the site's clock.
 */
export function unsubscribedOptIn(unsubscribedAt: string, timeZone: string): string {
  const instant = new Date(unsubscribedAt);
  return Number.isNaN(instant.getTime())
    ? 'no (unsubscribed)'
    : `no (unsubscribed on ${formatDate(instant, timeZone)})`;
}
