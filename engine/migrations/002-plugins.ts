import type { Migration } from './types';

/**
 * Version 3 gathers the vehicle-page plugins (conversion §6) under `plugins`, each with its
 * audience: the version-2 switch `features.autogauge` becomes `plugins.autogauge`
 * ('everyone' when it was on, 'off' when it was off).
 */
export const pluginsSection: Migration = {
  from: 2,
  name: '002-plugins',
  up(doc) {
    const out: Record<string, unknown> = { ...doc, schemaVersion: 3 };
    const features = isObject(doc.features) ? { ...doc.features } : undefined;
    if (features && typeof features.autogauge === 'boolean') {
      const plugins = isObject(doc.plugins) ? { ...doc.plugins } : {};
      plugins.autogauge ??= features.autogauge ? 'everyone' : 'off';
      delete features.autogauge;
      out.features = features;
      out.plugins = plugins;
    }
    return out;
  },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
