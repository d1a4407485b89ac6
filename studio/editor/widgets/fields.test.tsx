// @vitest-environment jsdom
/**
 * The editor's fields (issue 32) on a real editor form (SchemaForm, rjsf 6): yes/no fields as a
 * switch that says its state (On, Off, "Template default (now On)"), help texts cut to their first
 * sentence with the rest behind "?", the "Left empty" line in words, advanced settings behind
 * "More settings" (opened by a problem among them), and oneOf choices named in words.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from '../SchemaForm.client';
import type { JsonObject, SchemaNode } from '../editor-types';
import type { ErrorTree } from '../schema-tools';
import { uiSchemaFor, type UiSchema } from '../ui-schema';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.innerHTML = '';
});

const FEATURES_HELP =
  'Turn parts of the site on or off, e.g. the special offers page. Menu items linked to a switch show only while it is on.';

const SCHEMA: SchemaNode = {
  type: 'object',
  properties: {
    name: {
      title: 'Dealer name',
      description: 'The dealer’s trading name. It shows in the header, footer and page titles.',
      type: 'string',
    },
    manufacturer: { title: 'Franchise make', description: 'Franchise make, e.g. Mazda.', type: 'string' },
    locale: { title: 'Region settings', $ref: '#/definitions/tenant.locale' },
    features: {
      title: 'Feature switches',
      description: FEATURES_HELP,
      type: 'object',
      properties: {
        statsBanner: { title: 'Stats banner', description: 'Shows the stats banner.', type: 'boolean', default: false },
        offers: { title: 'Special offers', type: 'boolean', default: false },
        usePromotion: { title: 'Show the current promotion', type: 'boolean' },
        withCar: {
          title: 'Only with or without a car',
          description: 'Not set: the field is asked on every form. Ticked: only on forms about a car.',
          type: 'boolean',
        },
      },
    },
    slug: { 'x-studio': 'advanced', title: 'Site id', type: 'string' },
    template: { title: 'Template', $ref: '#/definitions/tenant.template' },
    domains: {
      title: 'Web addresses',
      description: 'The web addresses of the live site. Add each address separately.',
      type: 'array',
      items: { title: 'Web address', type: 'string' },
    },
  },
  definitions: {
    'tenant.locale': {
      type: 'object',
      properties: {
        timeZone: { title: 'Time zone', type: 'string', default: 'Australia/Sydney' },
        country: { title: 'Country', type: 'string', default: 'AU' },
      },
    },
    'tenant.template': { 'x-studio': 'advanced', type: 'string' },
  },
};

interface Rendered {
  changes: JsonObject[];
  latest(): JsonObject;
}

function render(
  data: JsonObject,
  {
    errors = {},
    schema = SCHEMA,
    inherited,
    notes,
    uiSchema = {},
  }: {
    uiSchema?: UiSchema;
    errors?: ErrorTree;
    schema?: SchemaNode;
    inherited?: Record<string, unknown>;
    notes?: Record<string, string>;
  } = {},
): Rendered {
  const changes: JsonObject[] = [];
  function Harness() {
    const [doc, setDoc] = useState(data);
    return (
      <SchemaForm
        idPrefix="f"
        schema={schema}
        uiSchema={uiSchema}
        data={doc}
        errors={errors}
        context={{ slug: 'test-site', inherited, ...(notes ? { notes } : {}) }}
        onChange={(next) => {
          changes.push(next);
          setDoc(next);
        }}
      />
    );
  }
  root = createRoot(host);
  act(() => root?.render(<Harness />));
  return { changes, latest: () => changes.at(-1) ?? data };
}

const byId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const element = host.querySelector<T>(`#${CSS.escape(id)}`);
  if (!element) throw new Error(`nothing with id ${id}`);
  return element;
};
/** The switch (a fieldset) whose legend is `name`. */
function group(name: string): HTMLFieldSetElement {
  const found = [...host.querySelectorAll('fieldset')].filter(
    (f) => f.querySelector(':scope > legend')?.textContent?.replace(/\*$/, '') === name,
  );
  if (found.length !== 1) throw new Error(`${found.length} groups named ${name}`);
  return found[0] as HTMLFieldSetElement;
}
const radios = (scope: ParentNode) =>
  [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((input) => ({
    input,
    label: input.closest('label')?.textContent ?? '',
  }));
function radio(scope: ParentNode, label: string): HTMLInputElement {
  const found = radios(scope).find((r) => r.label === label);
  if (!found) throw new Error(`no radio ${label}`);
  return found.input;
}
const checkedLabel = (scope: ParentNode) => radios(scope).find((r) => r.input.checked)?.label;
function button(name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.replace(/[▸]/g, '').trim()) === name,
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${name}`);
  return found[0] as HTMLButtonElement;
}
const click = (element: HTMLElement) => act(() => element.click());
const visible = (element: Element | null) => Boolean(element) && !(element as HTMLElement).closest('[hidden]');

describe('switches', () => {
  it('says each yes/no field’s state: On, Off or the template default with its current state', () => {
    const form = render({ features: { offers: true } }, { inherited: { features: { statsBanner: true } } });
    expect(host.querySelector('input[type="checkbox"]')).toBeNull();

    const stats = group('Stats banner');
    expect(radios(stats).map((r) => r.label)).toEqual(['On', 'Off', 'Template default (now On)']);
    expect(checkedLabel(stats)).toBe('Template default (now On)');
    // The default's state is in the switch: no "Left empty" line for yes/no fields.
    expect(stats.closest('.rjsf-field')?.textContent).not.toMatch(/Left empty/);

    const offers = group('Special offers');
    expect(radios(offers).map((r) => r.label)).toEqual(['On', 'Off', 'Template default (now Off)']);
    expect(checkedLabel(offers)).toBe('On');

    // Off in one click, and back to the template's value (nothing stored).
    click(radio(stats, 'Off'));
    expect(form.latest()).toMatchObject({ features: { statsBanner: false } });
    expect(checkedLabel(group('Stats banner'))).toBe('Off');
    click(radio(group('Stats banner'), 'Template default (now On)'));
    expect((form.latest().features as JsonObject).statsBanner).toBeUndefined();
    expect(JSON.parse(JSON.stringify(form.latest()))).toEqual({ features: { offers: true } });
  });

  it('offers only On and Off with no default, and Not set when the help says what empty means', () => {
    render({});
    const promotion = group('Show the current promotion');
    expect(radios(promotion).map((r) => r.label)).toEqual(['On', 'Off']);
    expect(checkedLabel(promotion)).toBeUndefined();
    expect(radios(group('Only with or without a car')).map((r) => r.label)).toEqual(['On', 'Off', 'Not set']);
    expect(checkedLabel(group('Only with or without a car'))).toBe('Not set');
  });

  it('groups the radios under the field’s label, each with its own label and one shared name', () => {
    render({});
    const stats = group('Stats banner');
    expect(stats.id).toBe('f_features_statsBanner');
    const names = new Set(radios(stats).map((r) => r.input.name));
    expect(names.size).toBe(1);
    for (const { input } of radios(stats)) expect(input.closest('label')).not.toBeNull();
    // Its help is its description.
    expect(byId(stats.getAttribute('aria-describedby') ?? '').textContent).toBe('Shows the stats banner.');
  });
});

describe('help texts', () => {
  it('shows a field’s first sentence and puts the rest behind a "?" named for the field', () => {
    render({});
    const input = byId<HTMLInputElement>('f_name');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const first = byId('f_name__description');
    expect(describedBy).toContain('f_name__description');
    expect(first.textContent).toBe('The dealer’s trading name.');

    const more = button('More about Dealer name');
    expect(more.textContent).toBe('?');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const rest = byId(more.getAttribute('aria-controls') ?? '');
    expect(rest.textContent).toBe('It shows in the header, footer and page titles.');
    expect(visible(rest)).toBe(false);
    click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(visible(rest)).toBe(true);
    click(more);
    expect(visible(rest)).toBe(false);
  });

  it('shows a one-sentence help whole, with no "?"', () => {
    render({});
    expect(byId('f_manufacturer__description').textContent).toBe('Franchise make, e.g. Mazda.');
    expect(host.querySelector('[aria-label="More about Franchise make"]')).toBeNull();
  });

  it('cuts the help of groups and lists the same way', () => {
    render({});
    expect(byId('f_features__description').textContent).toBe(
      'Turn parts of the site on or off, e.g. the special offers page.',
    );
    expect(button('More about Feature switches').getAttribute('aria-expanded')).toBe('false');
    expect(host.textContent).not.toContain(FEATURES_HELP);
    expect(byId('f_domains__description').textContent).toBe('The web addresses of the live site.');
    expect(button('More about Web addresses').getAttribute('aria-expanded')).toBe('false');
  });

  it('says in words what an empty field shows: the template’s value, else the default', () => {
    render(
      { locale: { country: 'NZ' } },
      { inherited: { locale: { timeZone: 'Pacific/Auckland' }, features: { statsBanner: true } } },
    );
    const timeZone = byId('f_locale_timeZone').closest('.rjsf-field');
    expect(timeZone?.textContent).toContain('Left empty: the template’s “Pacific/Auckland”.');
    // A field with a value says nothing; nothing is shown as raw JSON.
    expect(byId('f_locale_country').closest('.rjsf-field')?.textContent).not.toContain('Left empty');
    expect(host.querySelector('code')).toBeNull();
  });
});

describe('typing into an empty field that shows the template’s value', () => {
  it('keeps the same input once the first key is typed (no remount: the caret stays)', () => {
    const rendered = render({}, { inherited: { locale: { timeZone: 'Pacific/Auckland' } } });
    const input = byId<HTMLInputElement>('f_locale_timeZone');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'A');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(rendered.latest()).toEqual({ locale: { timeZone: 'A' } });
    expect(byId('f_locale_timeZone')).toBe(input);
    expect(input.isConnected).toBe(true);
  });
});

describe('the colour widget (issue 32: an empty colour is not black)', () => {
  const COLOURS: SchemaNode = {
    type: 'object',
    properties: {
      primary: { title: 'Primary colour', $ref: '#/definitions/tenant.colour', default: '#0b3c5d' },
      accent: { title: 'Accent colour', $ref: '#/definitions/tenant.colour', default: '#c0392b' },
    },
    definitions: { 'tenant.colour': { type: 'string' } },
  };
  const picker = (id: string) => byId(`${id}__picker`) as HTMLInputElement;

  it('starts the picker from the colour that applies while the field is empty: the template’s, else the default', () => {
    render({}, { schema: COLOURS, uiSchema: uiSchemaFor(COLOURS), inherited: { primary: '#B71C1C' } });
    expect(picker('f_primary').value).toBe('#b71c1c');
    expect(picker('f_accent').value).toBe('#c0392b');
    expect((byId('f_primary') as HTMLInputElement).value).toBe('');
  });

  it('shows the site’s own colour once it has one', () => {
    render(
      { primary: '#0b6e4f' },
      { schema: COLOURS, uiSchema: uiSchemaFor(COLOURS), inherited: { primary: '#b71c1c' } },
    );
    expect(picker('f_primary').value).toBe('#0b6e4f');
  });
});

describe('the empty entry of a choice list (issue 32: never a blank line)', () => {
  const CHOICES: SchemaNode = {
    type: 'object',
    properties: {
      kind: {
        title: 'Kind',
        type: 'string',
        enum: ['link', 'dropdown'],
        'x-enum-labels': { link: 'A plain link', dropdown: 'A drop-down of links' },
        'x-unset-label': 'A plain link (the default)',
      },
      size: {
        title: 'Height',
        type: 'string',
        enum: ['small', 'medium'],
        'x-enum-labels': { small: 'Small', medium: 'Medium' },
        'x-unset-label': 'Small (the default)',
      },
    },
  };
  const entries = (id: string) => [...byId<HTMLSelectElement>(id).options].map((o) => o.textContent);

  it('says what leaving it empty does: the template’s choice by its label, else the schema’s words', () => {
    render({}, { schema: CHOICES, uiSchema: uiSchemaFor(CHOICES), inherited: { size: 'medium' } });
    expect(entries('f_kind')).toEqual(['A plain link (the default)', 'A plain link', 'A drop-down of links']);
    expect(entries('f_size')).toEqual(['Template default (now Medium)', 'Small', 'Medium']);
    expect(byId<HTMLSelectElement>('f_kind').value).toBe('');
  });
});

describe('More settings', () => {
  it('puts advanced settings (marked on the property or its definition) behind "More settings (N)"', () => {
    render({ slug: 'harbour-city-mazda' });
    expect(host.querySelector('#f_slug')).toBeNull();
    expect(host.querySelector('#f_template')).toBeNull();
    const more = button('More settings (2)');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // The last thing of its group.
    const form = host.querySelector('form fieldset');
    expect(form?.lastElementChild?.previousElementSibling).toBe(more);

    click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(byId<HTMLInputElement>('f_slug').value).toBe('harbour-city-mazda');
    expect(byId('f_template')).toBeTruthy();
    expect(byId(more.getAttribute('aria-controls') ?? '').contains(byId('f_slug'))).toBe(true);
    click(more);
    expect(host.querySelector('#f_slug')).toBeNull();
  });

  it('opens by itself when an advanced setting has a problem', () => {
    render({ slug: 'Bad Id' }, { errors: { slug: { __errors: ['Use lower-case words joined by hyphens.'] } } });
    expect(button('More settings (2)').getAttribute('aria-expanded')).toBe('true');
    expect(byId('f_slug').closest('.rjsf-field')?.textContent).toContain('Use lower-case words joined by hyphens.');
  });

  it('shows a group whose settings are all advanced directly', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: { layout: { 'x-studio': 'advanced', title: 'Header and footer', type: 'string' } },
    };
    render({}, { schema });
    expect(byId('f_layout')).toBeTruthy();
    expect([...host.querySelectorAll('button')].some((b) => b.textContent?.includes('More settings'))).toBe(false);
  });
});

describe('choices between alternatives', () => {
  it('names each alternative by its title, else in words, never "Option 1"', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: {
        destination: {
          title: 'Destination',
          oneOf: [
            { $ref: '#/definitions/hook' },
            {
              type: 'object',
              properties: { type: { const: 'email' }, to: { title: 'E-mail addresses', type: 'string' } },
            },
            { type: 'object', properties: { url: { title: 'Web address', type: 'string' } }, required: ['url'] },
          ],
        },
      },
      definitions: {
        hook: { title: 'Web address (webhook)', type: 'object', properties: { type: { const: 'webhook' } } },
      },
    };
    render({}, { schema });
    const select = host.querySelector<HTMLSelectElement>('select[id$="__oneof_select"]');
    const words = [...(select?.options ?? [])].map((o) => o.textContent).filter(Boolean);
    expect(words).toEqual(['Web address (webhook)', 'Email', 'With web address']);
    expect(host.textContent).not.toMatch(/option \d/i);
  });
});

describe('overrides (issue 32)', () => {
  it('a field whose value another setting decides says so under it, a switch as well as a text field', () => {
    render(
      { name: 'Harbour City Mazda' },
      { notes: { name: 'The promotion shows instead.', 'features/offers': 'Set by the template for every site.' } },
    );
    const note = (id: string) => byId(id).closest('.form-group')?.textContent ?? '';
    expect(note('f_name')).toContain('The promotion shows instead.');
    expect(group('Special offers').closest('.form-group')?.textContent).toContain(
      'Set by the template for every site.',
    );
    expect(note('f_manufacturer')).not.toContain('instead');
  });
});
