// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT, replayEarlyTaps } from './early-taps';

/** Runs the inline script as the page's parser would, once per test page. */
function runScript(): void {
  new Function(EARLY_TAPS_SCRIPT)();
}

/** A shopper's tap (or Enter or Space on a focused control, which the browser turns into a click); false when its default was stopped. */
function tap(element: Element): boolean {
  return element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe('taps before the page has hydrated (issue 34)', () => {
  beforeEach(() => {
    delete window.__earlyTaps;
    for (const key of Object.keys(document)) if (key.startsWith('_reactListening')) delete (document as never)[key];
    document.body.innerHTML = `
      <button id="menu" type="button">Menu</button>
      <input id="toyota" type="checkbox">
      <form action="/search"><button id="search" type="submit">Show Me</button></form>
      <form><button id="send" type="submit">Send</button></form>
      <a id="link" href="#x">Link</a>`;
    runScript();
  });

  it('keeps a tap on a button, stopping nothing else, and makes it again once React has hydrated', () => {
    let opened = 0;
    const menu = document.getElementById('menu')!;
    tap(menu);
    tap(menu); // an impatient second tap is the same wish
    menu.addEventListener('click', () => opened++); // React's handler, there from hydration
    expect(opened).toBe(0);
    expect(replayEarlyTaps()).toBe(1);
    expect(opened).toBe(1);
    expect(replayEarlyTaps()).toBe(0);
  });

  it('keeps a checkbox as it was until React can handle its change', () => {
    const toyota = document.getElementById('toyota') as HTMLInputElement;
    expect(tap(toyota)).toBe(false);
    expect(toyota.checked).toBe(false);
    replayEarlyTaps();
    expect(toyota.checked).toBe(true);
  });

  it('leaves links and a form with an action to the browser, but keeps a form that only script can send', () => {
    expect(tap(document.getElementById('link')!)).toBe(true);
    expect(tap(document.getElementById('search')!)).toBe(true);
    expect(tap(document.getElementById('send')!)).toBe(false);
  });

  it('keeps nothing once React listens, so no tap is handled twice', () => {
    (document as unknown as Record<string, boolean>)._reactListening4x2 = true;
    expect(tap(document.getElementById('menu')!)).toBe(true);
    expect(replayEarlyTaps()).toBe(0);
  });
});
