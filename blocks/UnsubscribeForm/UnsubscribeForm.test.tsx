import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { UNSUBSCRIBE_MESSAGES } from '../../domain/consent/marketing-consent';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../types';
import { UnsubscribeForm } from './UnsubscribeForm';

// spec: conversion §2.3 /pages/unsubscribe: the page's form, prefilled from an e-mail's link, and
// the outcome of a post made without JavaScript. Issue 30 L7: only the link's token unsubscribes.
const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';

const entry = loadTenantRegistry().tenants.get('harbour-city-mazda');
if (!entry?.ok) throw new Error('the demo tenant harbour-city-mazda is needed');
const site = entry.config as ResolvedTenant;

async function render(query: string): Promise<string> {
  const ctx = {
    tenant: site,
    path: '/pages/unsubscribe',
    params: {},
    now: new Date('2026-11-26T22:30:00Z'),
    searchParams: async () => new URLSearchParams(query),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(await UnsubscribeForm({ props: {}, ctx }));
}

describe('UnsubscribeForm', () => {
  it('is a plain form post to /api/unsubscribe with a labelled e-mail field, prefilled from ?email=', async () => {
    const html = await render(`email=ana%2Bcars%40example.com&token=${TOKEN}`);
    expect(html).toContain('<h1 id="unsubscribe-heading">Unsubscribe from marketing e-mails</h1>');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/unsubscribe"');
    const id = /<label for="([^"]+)">Email/.exec(html)?.[1];
    expect(id).toBeTruthy();
    const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    for (const attribute of ['name="email"', 'type="email"', 'autoComplete="email"', 'required'])
      expect(input).toContain(attribute);
    expect(html).toContain('value="ana+cars@example.com"');
    // The link's token goes with the post, and the address is the one it was made for.
    expect(input).toContain('readOnly');
    expect(html).toMatch(new RegExp(`<input type="hidden" name="token" value="${TOKEN}"/>`));
    expect(html).toContain('>Unsubscribe</button>');
    expect(html).not.toContain('role="alert"');
  });

  it('without the token of an e-mail’s link, says to use the link, with no form to type an address into', async () => {
    for (const query of ['', 'email=ana%40example.com', 'email=ana%40example.com&token=short', 'token=' + TOKEN]) {
      const html = await render(query);
      expect(html, query).toContain(UNSUBSCRIBE_MESSAGES.needsLink.replace(/'/g, '&#x27;'));
      expect(html, query).not.toContain('<form');
      expect(html, query).not.toContain('role="alert"');
    }
    // After a post without JavaScript that had no good token, the same words, as an alert.
    const refused = await render('result=link&email=ana%40example.com');
    expect(refused).toMatch(/role="alert"[^>]*>[^<]*To unsubscribe, open the unsubscribe link/);
    expect(refused).not.toContain('<form');
  });

  it('security review (\'?result=done shows "You have been unsubscribed" without any post\'): the no-JavaScript landing claims nothing', async () => {
    const html = await render('result=done');
    expect(html).toContain('role="status"');
    expect(html).toContain(
      `If that address was on our list, it will receive no more marketing e-mails from ${site.name}.`,
    );
    expect(html).not.toContain('You have been unsubscribed');
    expect(html).not.toContain('<form');
  });

  it('shows why a post without JavaScript failed, on the field, keeping what was sent', async () => {
    const html = await render(`result=invalid&email=ana%40example&token=${TOKEN}`);
    expect(html).toContain('value="ana@example"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${UNSUBSCRIBE_MESSAGES.invalidEmail}<`));
    expect(await render(`result=limited&email=ana%40example.com&token=${TOKEN}`)).toContain(
      UNSUBSCRIBE_MESSAGES.tooMany,
    );
    // An outcome the route never sends shows the plain form.
    expect(await render(`result=<script>&email=ana%40example.com&token=${TOKEN}`)).not.toContain('role="alert"');
  });
});
