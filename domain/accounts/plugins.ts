/**
 * Vehicle-page plugins per website session (conversion §6): the tenant says who may see each one
 * (nobody, everyone, or signed-in shoppers), and the Autogauge report is for used cars only.
 */
export type PluginName = 'autogauge' | 'carAnalysis' | 'ppsr';
export type PluginAudience = 'off' | 'everyone' | 'signedIn';
/** show it; offer sign-in instead; or show nothing. */
export type PluginView = 'show' | 'signIn' | 'hidden';

export function pluginView(
  plugin: PluginName,
  audience: PluginAudience | undefined,
  signedIn: boolean,
  carType: string,
): PluginView {
  if (!audience || audience === 'off') return 'hidden';
  if (plugin === 'autogauge' && carType !== 'used') return 'hidden';
  if (audience === 'signedIn' && !signedIn) return 'signIn';
  return 'show';
}

/** The sign-in type for a plugin (shown on the sign-in page). */
export const PLUGIN_SIGN_IN_TYPE: Record<PluginName, string> = {
  autogauge: 'autogauge',
  carAnalysis: 'analysis',
  ppsr: 'ppsr',
};

/** A plugin for signed-in shoppers on a site without accounts cannot be reached: it is off. */
export function effectiveAudience(audience: PluginAudience | undefined, accountsOn: boolean): PluginAudience {
  if (!audience) return 'off';
  return audience === 'signedIn' && !accountsOn ? 'off' : audience;
}
