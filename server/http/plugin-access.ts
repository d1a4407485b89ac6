import type { ResolvedTenant } from '../../schemas/types.generated';
import { effectiveAudience, pluginView, type PluginName } from '../../domain/accounts/plugins';
import { isSwitchedOn } from '../../domain/switches';
import { sessionUser } from '../../services/auth/session';

const NAMES: Record<PluginName, string> = {
  autogauge: 'The Autogauge report',
  carAnalysis: 'The car analysis',
  ppsr: 'The PPSR report',
};

/**
 * Whether this caller may have a plugin's download for a car of this type (the server half of
 * pluginView): undefined when allowed, else the status and message to answer.
 */
export async function pluginRefusal(
  tenant: ResolvedTenant,
  plugin: PluginName,
  carType: string,
  headers: Headers,
): Promise<{ status: number; error: string } | undefined> {
  const audience = effectiveAudience(tenant.plugins[plugin], isSwitchedOn('accounts', tenant.features));
  const signedIn = audience === 'signedIn' ? (await sessionUser(tenant, headers)) !== undefined : false;
  const view = pluginView(plugin, audience, signedIn, carType);
  if (view === 'show') return undefined;
  if (view === 'signIn')
    return { status: 401, error: `Please sign in to get ${NAMES[plugin].replace(/^The /, 'the ')}.` };
  return { status: 404, error: `${NAMES[plugin]} is not available for this car on this site.` };
}
