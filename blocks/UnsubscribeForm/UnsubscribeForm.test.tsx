import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { UNSUBSCRIBE_MESSAGES } from '../../domain/consent/marketing-consent';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../types';
import { UnsubscribeForm } from './UnsubscribeForm';

// spec: conversion §2.3 /pages/unsubscribe: the page's form, prefilled from an e-mail's link, and
// the outcome of a post made without JavaScript.

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
    const html = await render('email=ana%2Bcars%40example.com');
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
    expect(html).toContain('>Unsubscribe</button>');
    expect(html).not.toContain('role="alert"');
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

  it('shows why a post without JavaScript failed, on the field, keeping what was typed', async () => {
    const html = await render('result=invalid&email=ana%40example');
    expect(html).toContain('value="ana@example"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${UNSUBSCRIBE_MESSAGES.invalidEmail}<`));
    expect(await render('result=limited')).toContain(UNSUBSCRIBE_MESSAGES.tooMany);
    // An outcome the route never sends shows the plain form.
    expect(await render('result=<script>')).not.toContain('role="alert"');
  });
});
