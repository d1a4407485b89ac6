import type { BlockComponent } from '../types';
import { localPath } from '../../domain/accounts/gating';
import { ownValue } from '../../domain/own-key';
import { SignInPanel } from './SignIn.client';
import styles from './SignIn.module.css';

const REASONS: Record<string, string> = {
  watchlist: 'Sign in to save cars to your watchlist. We need your mobile number to keep your list.',
  garage: 'Sign in to open My Garage: your saved cars and your details.',
  checkout: 'Sign in to reserve or buy this car online.',
  payment: 'Sign in to make a payment.',
  finance: 'Sign in to see finance personalised for you.',
  spin: 'Sign in to spin to win.',
  ppsr: 'Sign in to download the PPSR report.',
  analysis: 'Sign in to download the car analysis.',
  autogauge: 'Sign in to see how this price compares.',
};

/** Reads type, redirect and back from the address (the page is rendered per request). */
export const SignIn: BlockComponent<'SignIn'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const query = await ctx.searchParams();
  const type = /^[a-z][a-z0-9-]*$/.test(query.get('type') ?? '') ? (query.get('type') as string) : undefined;
  const reason = type ? (ownValue(props.reasons, type) ?? ownValue(REASONS, type)) : undefined;
  return (
    <section className="section">
      <div className={`container ${styles.narrow}`}>
        <SignInPanel
          site={tenant.slug}
          siteName={tenant.name}
          heading={(props.heading ?? 'Sign in to {site}').replace('{site}', tenant.name)}
          reason={reason}
          methods={tenant.accounts.methods}
          needsPhone={type === 'watchlist'}
          country={tenant.locale.country}
          redirect={localPath(query.get('redirect'))}
          back={localPath(query.get('back'))}
        />
      </div>
    </section>
  );
};
