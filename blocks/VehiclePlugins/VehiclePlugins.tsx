import type { BlockComponent } from '../types';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { SignedInOnly } from '../../components/shopper/SignedInOnly.client';
import { effectiveAudience, pluginView, PLUGIN_SIGN_IN_TYPE, type PluginName } from '../../domain/accounts/plugins';
import { isSwitchedOn } from '../../domain/switches';
import { getPpsrProvider } from '../../services/ppsr/ppsr-provider';
import { buttonClass } from '../../components/ui/button';
import styles from './VehiclePlugins.module.css';

interface Download {
  plugin: PluginName;
  label: string;
  signInLabel: string;
  href: string;
}

export const VehiclePlugins: BlockComponent<'VehiclePlugins'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const { car } = await pageVehicle(ctx);
  const accountsOn = isSwitchedOn('accounts', tenant.features);
  const slug = encodeURIComponent(car.slug);
  const candidates: Download[] = [
    {
      plugin: 'carAnalysis',
      label: 'Download the car analysis (PDF)',
      signInLabel: 'Sign in to download the car analysis',
      href: `/api/cars/${slug}/analysis`,
    },
    // A PPSR report needs a provider and the car's VIN; without them the link would only fail.
    ...(getPpsrProvider() && car.vin
      ? [
          {
            plugin: 'ppsr' as const,
            label: 'Download the PPSR report (PDF)',
            signInLabel: 'Sign in to download the PPSR report',
            href: `/api/cars/${slug}/ppsr`,
          },
        ]
      : []),
  ];
  const shown = candidates
    .map((download) => ({ download, audience: effectiveAudience(tenant.plugins[download.plugin], accountsOn) }))
    .filter(({ download, audience }) => pluginView(download.plugin, audience, true, car.car_type) !== 'hidden');
  if (!shown.length) return null;
  const heading = (props.heading ?? 'Reports for this {vehicle word}').replace('{vehicle word}', tenant.vehicleWord);
  return (
    <section className={styles.plugins} aria-labelledby="vehicle-plugins-heading">
      <h2 id="vehicle-plugins-heading">{heading}</h2>
      <ul role="list">
        {shown.map(({ download, audience }) => {
          const link = (
            <a className={buttonClass('outline')} href={download.href} download>
              {download.label}
            </a>
          );
          return (
            <li key={download.plugin}>
              {audience === 'signedIn' ? (
                <SignedInOnly type={PLUGIN_SIGN_IN_TYPE[download.plugin]} label={download.signInLabel}>
                  {link}
                </SignedInOnly>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};
