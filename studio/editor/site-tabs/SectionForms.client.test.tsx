// @vitest-environment jsdom
/**
 * A tab's settings as one form per top-level key (issue 32, SectionForms.client.tsx): it reads as the
 * tab's one form (the fields' ids, the keys in order, advanced keys behind one "More settings"), and
 * each change comes up as a change of its own key only.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SectionForms } from './SectionForms.client';
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import { withKeys } from '../document-model';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.innerHTML = '';
});

const BUNDLE: SchemaNode = {
  type: 'object',
  properties: {
    name: { title: 'Dealer name', type: 'string' },
    slug: { 'x-studio': 'advanced', title: 'Site id', type: 'string' },
    contact: {
      title: 'Contact details',
      type: 'object',
      properties: {
        phone: { title: 'Phone number', type: 'string' },
        email: { title: 'E-mail address', type: 'string' },
      },
    },
    template: { title: 'Template', $ref: '#/definitions/tenant.template' },
    manufacturer: { title: 'Franchise make', type: 'string' },
    menus: {
      title: 'Menus',
      type: 'object',
      properties: {
        header: {
          title: 'Header menu',
          type: 'array',
          items: {
            type: 'object',
            properties: { label: { title: 'Label', type: 'string' }, href: { title: 'Link', type: 'string' } },
          },
        },
      },
    },
  },
  definitions: { 'tenant.template': { 'x-studio': 'advanced', type: 'string', enum: ['franchise', 'group'] } },
};
const KEYS = ['name', 'slug', 'contact', 'template', 'manufacturer'] as const;

interface Change {
  keys: readonly string[];
  data: JsonObject;
}

function render(
  document: JsonObject,
  issues: EditorIssue[] = [],
  { inherited = {}, keys = KEYS }: { inherited?: JsonObject; keys?: readonly string[] } = {},
): Change[] {
  const changes: Change[] = [];
  function Harness() {
    const [doc, setDoc] = useState(document);
    const [generation, setGeneration] = useState(0);
    const change = (changed: readonly string[], data: JsonObject) => {
      changes.push({ keys: changed, data });
      setDoc((d) => withKeys(d, changed, data));
    };
    return (
      <SectionForms
        idPrefix="f-identity"
        bundle={BUNDLE}
        keys={keys}
        document={doc}
        inherited={inherited}
        issues={issues}
        adminFieldsLocked={false}
        context={{ slug: 'test-site', inherited }}
        generation={generation}
        onChange={change}
        onReplace={(changed, data) => {
          change(changed, data);
          setGeneration((g) => g + 1);
        }}
      />
    );
  }
  root = createRoot(host);
  act(() => root?.render(<Harness />));
  return changes;
}

const byId = (id: string) => host.querySelector<HTMLInputElement>(`#${CSS.escape(id)}`);
const labels = () =>
  [...host.querySelectorAll('label')].filter((l) => !l.closest('[hidden]')).map((l) => l.textContent);
function more(): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].filter((b) => /More settings/.test(b.textContent ?? ''));
  expect(found).toHaveLength(1);
  return found[0] as HTMLButtonElement;
}
const buttonsNamed = (name: RegExp) =>
  [...host.querySelectorAll('button')].filter((b) => name.test((b.textContent ?? '').trim()));
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a tab’s settings, one form per key (issue 32)', () => {
  it('reads as one form: the tab’s ids, the keys in order, the advanced keys last behind one “More settings (2)”', () => {
    render({ name: 'Harbour City Mazda', slug: 'harbour-city-mazda', contact: { phone: '02 9555 0100' } });
    expect(host.querySelectorAll('#f-identity')).toHaveLength(1);
    expect(byId('f-identity_name')?.value).toBe('Harbour City Mazda');
    expect(byId('f-identity_contact_phone')?.value).toBe('02 9555 0100');
    expect(labels()).toEqual(['Dealer name', 'Phone number', 'E-mail address', 'Franchise make']);
    expect(more().textContent).toContain('More settings (2)');
    expect(more().getAttribute('aria-expanded')).toBe('false');
    act(() => more().click());
    expect(labels()).toEqual([
      'Dealer name',
      'Phone number',
      'E-mail address',
      'Franchise make',
      'Site id',
      'Template',
    ]);
    // Every id on the tab is its own, though each key is a form of its own.
    const ids = [...host.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('a change comes up as a change of its own key, and the other keys are left as they are', () => {
    const changes = render({ name: 'Harbour City Mazda', contact: { phone: '02 9555 0100' } });
    type(byId('f-identity_contact_email') as HTMLInputElement, 'sales@example.com');
    expect(changes.at(-1)).toEqual({
      keys: ['contact'],
      data: { contact: { phone: '02 9555 0100', email: 'sales@example.com' } },
    });
    type(byId('f-identity_name') as HTMLInputElement, 'Harbour City Mazda Camperdown');
    expect(changes.at(-1)).toEqual({ keys: ['name'], data: { name: 'Harbour City Mazda Camperdown' } });
    // The contact form holds what was typed in it before.
    expect(byId('f-identity_contact_email')?.value).toBe('sales@example.com');
  });

  it('a problem in an advanced key opens “More settings” and shows at its field; one of the whole document shows once', () => {
    render({ name: 'Harbour City Mazda', template: 'franchise' }, [
      { pointer: '/template', message: 'This should be one of the choices offered.' },
      { pointer: '', message: 'The site has a problem of its own.' },
    ]);
    expect(more().getAttribute('aria-expanded')).toBe('true');
    expect(host.textContent).toContain('This should be one of the choices offered.');
    expect(host.textContent?.split('The site has a problem of its own.').length).toBe(2);
  });

  it('a list the template supplies is shown with its content, marked “From the template”, until it is customised', () => {
    const header = [{ label: 'Special offers', href: '/special-offers' }];
    const changes = render({}, [], { inherited: { menus: { header } }, keys: ['menus'] });
    const notice = host.querySelector('#f-identity-menus-origin') as HTMLElement;
    expect(notice.textContent).toContain('From the template');
    expect(notice.textContent).toContain('“Menus” come from the template and are shown as the template has them.');
    // The template's items are there to read, and nothing can be added, removed or typed.
    expect(host.textContent).toContain('Special offers');
    expect(buttonsNamed(/^Add/)).toHaveLength(0);
    const customise = buttonsNamed(/^Customise “Menus” for this site$/)[0] as HTMLButtonElement;
    // What customising means, said in one sentence beside the button.
    const what = host.querySelector(`#${customise.getAttribute('aria-describedby') ?? ''}`);
    expect(what?.textContent).toBe(
      'This site then keeps its own copy of “Menus” and stops following the template’s changes to them.',
    );
    act(() => customise.click());
    expect(changes).toEqual([{ keys: ['menus'], data: { menus: { header } } }]);
    expect(host.querySelector('#f-identity-menus-origin')?.textContent).toContain(
      'This site’s own This site has its own copy of “Menus”, in place of the template’s.',
    );
    expect(window.document.activeElement?.id).toBe('f-identity-menus-origin');
    expect(buttonsNamed(/^Add/).length).toBeGreaterThan(0);

    // Going back asks first; "Keep" keeps the site's copy.
    act(() => (buttonsNamed(/^Use the template’s “Menus” again$/)[0] as HTMLButtonElement).click());
    expect(host.textContent).toContain('Discard this site’s “Menus” and use the template’s again?');
    act(() => (buttonsNamed(/^Keep this site’s copy$/)[0] as HTMLButtonElement).click());
    expect(changes).toHaveLength(1);
    act(() => (buttonsNamed(/^Use the template’s “Menus” again$/)[0] as HTMLButtonElement).click());
    act(() => (buttonsNamed(/^Yes, use the template’s$/)[0] as HTMLButtonElement).click());
    expect(changes.at(-1)).toEqual({ keys: ['menus'], data: {} });
    expect(host.querySelector('#f-identity-menus-origin')?.textContent).toContain('From the template');
  });
});
