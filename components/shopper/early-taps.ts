/**
 * Taps made before the page has hydrated (issue 34). A shopper on a slow phone sees the server's
 * HTML seconds before React is listening; a tap on a button then (the header's Menu, a gallery
 * arrow, Compare, a filter) did nothing, and the shopper had to tap again, or gave up.
 *
 * EARLY_TAPS_SCRIPT runs first in the page (an inline script at the top of the tenant shell: the
 * cached pages' policy lists its hash, the per-request pages give it their nonce). Until React
 * listens, it keeps each tap on a button, checkbox or radio (and the keyboard's Enter or Space on
 * one, which the browser turns into a click), stopping the browser's own default so a checkbox does
 * not change under React; links, and a form with an `action` (the quick search), work without
 * JavaScript and are left alone. Once React has hydrated, the shell's providers call replayEarlyTaps,
 * which clicks each kept control again, now with its handlers in place. Once React listens (it
 * marks the document it hydrates), taps go to React alone, so none is handled twice.
 */
export const EARLY_TAPS_SCRIPT = `(function(){var w=window;if(w.__earlyTaps)return;var kept=[];function listening(){for(var k in document)if(k.indexOf('_reactListening')===0)return true;return false}function onClick(e){if(listening())return;var t=e.target&&e.target.closest?e.target.closest('button,input[type=checkbox],input[type=radio]'):null;if(!t||t.disabled)return;if(t.type==='submit'&&t.form&&t.form.getAttribute('action'))return;e.preventDefault();if(kept.indexOf(t)<0)kept.push(t)}document.addEventListener('click',onClick,true);w.__earlyTaps={replay:function(){document.removeEventListener('click',onClick,true);var list=kept;kept=[];for(var i=0;i<list.length;i++){var t=list[i];if(t.isConnected&&!t.disabled)t.click()}return list.length}}})();`;

declare global {
  interface Window {
    __earlyTaps?: { replay(): number };
  }
}

/** Clicks again each control tapped before hydration (called once React has hydrated the page); how many. */
export function replayEarlyTaps(): number {
  return typeof window === 'undefined' ? 0 : (window.__earlyTaps?.replay() ?? 0);
}
