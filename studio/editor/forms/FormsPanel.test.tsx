// @vitest-environment jsdom
/**
 * The Forms tab (issue 32) on the real bundle and the base template's forms: one form at a time,
 * chosen from a list by its title; a template form shown read-only with "Customise for this site";
 * a customised form editable, with "Use the template's again"; problems at their fields and counted
 * in the list.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import studioSchema from '../../../schemas/studio.schema.json';
import baseForms from '../../../pages-json/base/forms.json';
import type { EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import { withKeys } from '../document-model';
import { FormsPanel } from './FormsPanel.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bundle = studioSchema as SchemaNode;
const templateForms = (baseForms as { forms: JsonObject }).forms;
const inherited: JsonObject = { forms: templateForms };
const KEYS = ['forms', 'formSettings', 'testDrive'] as const;

const host = document.createElement('div');
document.body.append(host);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.innerHTML = '';
});

function render(start: JsonObject, issues: EditorIssue[] = []) {
  const changes: { keys: readonly string[]; data: JsonObject }[] = [];
  let current = start;
  function Harness() {
    const [doc, setDoc] = useState(start);
    return (
      <FormsPanel
        slug="test-site"
        bundle={bundle}
        keys={KEYS}
        document={doc}
        inherited={inherited}
        issues={issues}
        adminFieldsLocked={false}
        onChange={(keys, data) => {
          changes.push({ keys, data });
          current = withKeys(current, keys, data);
          setDoc(current);
        }}
      />
    );
  }
  root = createRoot(host);
  act(() => root?.render(<Harness />));
  return { changes, document: () => current };
}

function accessibleName(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
function button(name: string | RegExp): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].filter((b) => {
    const label = accessibleName(b);
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${String(name)}`);
  return found[0] as HTMLButtonElement;
}
const click = (element: HTMLElement) => act(() => element.click());
/** The input a visible label names (the label's `for`). */
function labelled(text: string): HTMLInputElement {
  const label = [...host.querySelectorAll('label')].find(
    (l) => (l.textContent ?? '').replace(/\s*\*$/, '').trim() === text,
  );
  const input = label ? host.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`) : null;
  if (!input) throw new Error(`no input labelled ${text}`);
  return input;
}
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the Forms tab (issue 32)', () => {
  it('lists every form by its title with where it comes from, and mounts only the chosen one', () => {
    render({});
    const list = host.querySelector('ul[aria-labelledby="forms-tab-list"]');
    const names = [...(list?.querySelectorAll('button') ?? [])].map(accessibleName);
    expect(names).toHaveLength(Object.keys(templateForms).length);
    expect(names[0]).toBe('Send us an enquiry 12 fields From the template');
    expect(names).toContain('Enquire about this vehicle (New car enquiry) 10 fields From the template');
    // One rjsf form on the page: the chosen form's, not every form's thousands of inputs.
    expect(host.querySelectorAll('form').length).toBe(1);
    expect(host.querySelectorAll('input, select, textarea').length).toBeLessThan(120);
    expect(button(/^Send us an enquiry /).getAttribute('aria-current')).toBe('true');

    click(button(/^Book a test drive /));
    expect(host.querySelector('h3#forms-tab-heading')?.textContent).toBe('Book a test drive');
    expect(host.querySelectorAll('form').length).toBe(1);
    expect(host.querySelector('[id^="f-form-general-enquiry"]')).toBeNull();
    expect(host.querySelector('#f-form-test-drive_title')).not.toBeNull();
  });

  it('shows a template form read-only; “Customise for this site” says what it means and copies that form alone', () => {
    const { changes, document } = render({});
    const title = labelled('Form title');
    expect(title.value).toBe('Send us an enquiry');
    expect(title.readOnly || title.disabled).toBe(true);
    const customise = button('Customise for this site');
    const describedBy = customise.getAttribute('aria-describedby') ?? '';
    expect(host.querySelector(`#${describedBy}`)?.textContent).toMatch(/own copy of this form.*template’s changes/);

    click(customise);
    expect(changes.at(-1)?.keys).toEqual(['forms']);
    expect(document().forms).toEqual({ 'general-enquiry': templateForms['general-enquiry'] });
    expect(button(/^Send us an enquiry .*This site’s own$/)).toBeDefined();
    // Now editable, and each label still names its input.
    type(labelled('Form title'), 'Ask us anything');
    expect((document().forms as Record<string, JsonObject>)['general-enquiry']?.title).toBe('Ask us anything');
    expect(button(/^Ask us anything .*This site’s own$/)).toBeDefined();
  });

  it('“Use the template’s again” asks first, then drops the site’s copy', () => {
    const copy = { ...(templateForms['general-enquiry'] as JsonObject), title: 'Ours' };
    const { document } = render({ forms: { 'general-enquiry': copy } });
    expect(labelled('Form title').readOnly).toBe(false);
    click(button('Use the template’s again'));
    expect(document().forms).toBeDefined();
    click(button('Keep this site’s copy'));
    expect(document().forms).toBeDefined();
    click(button('Use the template’s again'));
    click(button('Yes, use the template’s'));
    expect(document().forms).toBeUndefined();
    expect(button('Customise for this site')).toBeDefined();
  });

  it('shows problems at the chosen form’s fields and counts them in the list; opens on the form that has them', () => {
    const copy = { ...(templateForms['test-drive'] as JsonObject), title: '' };
    render({ forms: { 'test-drive': copy } }, [
      { pointer: '/forms/test-drive/title', message: 'Enter the form’s title.' },
      { pointer: '/testDrive/horizonDays', message: 'must be at most 60' },
    ]);
    expect(host.querySelector('h3#forms-tab-heading')?.textContent).toBe('Test drive');
    expect(button(/^Test drive .*This site’s own 1 problem$/)).toBeDefined();
    expect(button(/^Test-drive bookings 1 problem$/)).toBeDefined();
    // At its field: rjsf's error list for the title input.
    expect(host.querySelector('#f-form-test-drive_title__error')?.textContent).toContain('Enter the form’s title.');
  });

  it('edits the settings every form shares in their own small form', () => {
    const { document } = render({});
    click(button(/^Form settings/));
    expect(host.querySelectorAll('form').length).toBe(1);
    expect(host.querySelector('[id^="f-form-"]')).toBeNull();
    type(labelled('Submit button label'), 'Send');
    expect(document().formSettings).toEqual({ submitText: 'Send' });
    expect(document().forms).toBeUndefined();
  });

  it('adds a form of the site’s own and can remove it again', () => {
    const { document } = render({});
    click(button('Add a form'));
    type(labelled('Name of the new form'), 'Fleet enquiry');
    act(() => host.querySelector<HTMLFormElement>('form[aria-label="New form"]')?.requestSubmit());
    expect(Object.keys((document().forms ?? {}) as JsonObject)).toEqual(['fleet-enquiry']);
    expect(host.querySelector('h3#forms-tab-heading')?.textContent).toBe('Fleet enquiry');
    click(button('Remove this form'));
    click(button('Yes, remove form'));
    expect(document().forms).toBeUndefined();
  });
});
