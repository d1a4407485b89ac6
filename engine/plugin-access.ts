import type { ResolvedTenant } from '../schemas/types.generated';
import { pluginView, type PluginName } from '../domain/accounts/plugins';
import { isSwitchedOn } from '../domain/switches';
import { sessionUser } from '../services/auth/session';

const NAMES: Record<PluginName, string> = { autogauge: 'The Autogauge report', carAnalysis: 'The car analysis', ppsr: 'The PPSR report' };

/**
 * Whether this caller may have a plugin's download for a car of this type (the server half of
 * pluginView): undefined when allowed, else the status and message to answer.
 */
export async function pluginRefusal(tenant: ResolvedTenant, plugin: PluginName, carType: string, headers: Headers): Promise<{ status: number; error: string } | undefined> {
  const audience = tenant.plugins[plugin];
  const signedIn = audience === 'signedIn' && isSwitchedOn('accounts', tenant.features) ? (await sessionUser(tenant, headers)) !== undefined : false;
  const view = pluginView(plugin, audience === 'signedIn' && !isSwitchedOn('accounts', tenant.features) ? 'off' : audience, signedIn, carType);
  if (view === 'show') return undefined;
  if (view === 'signIn') return { status: 401, error: `Please sign in to get ${NAMES[plugin].replace(/^The /, 'the ')}.` };
  return { status: 404, error: `${NAMES[plugin]} is not available for this car on this site.` };
}
