// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_OPEN_EVENT } from '../../components/shopper/chat-events';
import { CONTACT_NEEDED_MESSAGE } from '../../domain/messaging';
import { Bubble, type BubbleProps } from './ChatBubble.client';
import { SENT_TEXT } from './ChatDialog.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const props: BubbleProps = {
  label: 'Message us',
  title: 'Send us a message',
  submitText: 'Send',
  dealer: 'Southern Cross Motors',
  fields: [
    { name: 'name', label: 'Your name', required: true, maxLength: 80 },
    { name: 'phone', label: 'Phone', required: false },
    { name: 'email', label: 'Email', required: false },
    { name: 'message', label: 'Message', required: true, maxLength: 1000 },
  ],
};

const posts: Record<string, unknown>[] = [];
let answer: () => Response = () => Response.json({ success: true, lead_id: 7 }, { status: 201 });
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string, init: RequestInit) => {
    posts.push({ url: input, ...(JSON.parse(String(init.body)) as Record<string, unknown>) });
    return answer();
  }),
);

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  posts.length = 0;
  answer = () => Response.json({ success: true, lead_id: 7 }, { status: 201 });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

const bubbleButton = () => container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
const dialog = () => container.querySelector('dialog');
const field = (label: string) => {
  const labelEl = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  return document.getElementById(labelEl!.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
async function open(trigger: () => void) {
  await act(async () => trigger());
  await vi.waitFor(() => expect(dialog()).not.toBeNull());
}
async function submit() {
  await act(async () => {
    dialog()!.querySelector('form')!.requestSubmit();
  });
}

describe('the chat bubble island (conversion §4.8)', () => {
  it('opens a dialog labelled by its heading, with the car of the vehicle page on screen, and sends it with the message', async () => {
    // The vehicle page's bar names its car (VehicleMobileBar on a site with messaging on).
    const bar = document.createElement('nav');
    bar.dataset.chatCarId = '42';
    bar.dataset.chatCarTitle = '2021 Toyota RAV4 GX';
    document.body.append(bar);
    act(() => root.render(<Bubble {...props} />));
    expect(bubbleButton().getAttribute('aria-label')).toBe('Message us');
    await open(() => bubbleButton().click());
    const heading = document.getElementById(dialog()!.getAttribute('aria-labelledby')!);
    expect(heading?.textContent).toBe('Send us a message');
    expect(dialog()!.textContent).toContain('About: 2021 Toyota RAV4 GX');
    expect(bubbleButton().getAttribute('aria-expanded')).toBe('true');

    act(() => {
      type(field('Your name'), 'Ana');
      type(field('Email'), 'ana@example.com');
      type(field('Message'), 'Is it still available?');
    });
    answer = () =>
      Response.json(
        { success: true, lead_id: 7, reply: { label: 'Automatic reply', text: 'Thanks Ana, we will reply shortly.' } },
        { status: 201 },
      );
    await submit();
    await vi.waitFor(() => expect(dialog()!.textContent).toContain(SENT_TEXT));
    expect(posts).toEqual([
      expect.objectContaining({
        url: '/api/messages',
        name: 'Ana',
        email: 'ana@example.com',
        phone: '',
        message: 'Is it still available?',
        car_id: 42,
        company_website: '',
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/),
      }),
    ]);
    expect(dialog()!.textContent).toContain('Automatic reply Thanks Ana, we will reply shortly.');
  });

  it('shows the form’s messages before sending, and the server’s field errors after; the text is kept', async () => {
    act(() => root.render(<Bubble {...props} />));
    await open(() => bubbleButton().click());
    expect(dialog()!.textContent).not.toContain('About:');
    await submit();
    const alert = dialog()!.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Your name is required.');
    expect(alert?.textContent).toContain(CONTACT_NEEDED_MESSAGE);
    expect(alert?.textContent).toContain('Message is required.');
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(0);

    act(() => {
      type(field('Your name'), 'Ana');
      type(field('Phone'), '12');
      type(field('Message'), 'Hello');
    });
    answer = () =>
      Response.json(
        {
          success: false,
          error: 'Please fix the following errors: Please enter a valid phone number.',
          field_errors: [{ field: 'phone', message: 'Please enter a valid phone number.' }],
        },
        { status: 422 },
      );
    await submit();
    await vi.waitFor(() =>
      expect(dialog()!.querySelector('[role="alert"]')?.textContent).toContain('Please enter a valid phone number.'),
    );
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it("Escape closes the dialog and focus returns to the bubble; the bar's Instant Message button opens it about its car", async () => {
    act(() => root.render(<Bubble {...props} />));
    await open(() => bubbleButton().click());
    await act(async () => {
      dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(bubbleButton());

    await open(() =>
      window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT, { detail: { id: 9, title: '2020 Mazda CX-5' } })),
    );
    expect(dialog()!.textContent).toContain('About: 2020 Mazda CX-5');
  });

  it('changes style once the page has scrolled past 900 px (conversion §4.8)', () => {
    act(() => root.render(<Bubble {...props} />));
    const wrapper = () => container.querySelector('.chat-bubble')!;
    expect(wrapper().classList.contains('chat-bubble--scrolled')).toBe(false);
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(wrapper().classList.contains('chat-bubble--scrolled')).toBe(false);
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 901, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(wrapper().classList.contains('chat-bubble--scrolled')).toBe(true);
  });
});
