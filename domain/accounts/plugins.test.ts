import { describe, expect, it } from 'vitest';
import { effectiveAudience, pluginView } from './plugins';

describe('plugins per website session (conversion §6)', () => {
  it('shows the Autogauge report for used cars only', () => {
    expect(pluginView('autogauge', 'everyone', false, 'used')).toBe('show');
    expect(pluginView('autogauge', 'everyone', true, 'new')).toBe('hidden');
    expect(pluginView('autogauge', 'everyone', true, 'demo')).toBe('hidden');
  });
  it('hides a plugin the tenant switched off', () => {
    expect(pluginView('ppsr', 'off', true, 'used')).toBe('hidden');
    expect(pluginView('ppsr', undefined, true, 'used')).toBe('hidden');
  });
  it('offers sign-in for a signed-in-only plugin, and shows it once signed in', () => {
    expect(pluginView('carAnalysis', 'signedIn', false, 'new')).toBe('signIn');
    expect(pluginView('carAnalysis', 'signedIn', true, 'new')).toBe('show');
  });
  it('turns a signed-in-only plugin off on a site without accounts', () => {
    expect(effectiveAudience('signedIn', false)).toBe('off');
    expect(effectiveAudience('signedIn', true)).toBe('signedIn');
    expect(effectiveAudience('everyone', false)).toBe('everyone');
    expect(effectiveAudience(undefined, true)).toBe('off');
  });
});
