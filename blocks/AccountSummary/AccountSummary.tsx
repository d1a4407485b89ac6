import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { signInHref } from '../../domain/accounts/gating';
import { requestUser } from '../../server/page-data/account-context';
import { SignOutButton } from './SignOutButton.client';
import { pageBrand, withBrand } from '../../server/page-data/brand-context';
import styles from './AccountSummary.module.css';

export const AccountSummary: BlockComponent<'AccountSummary'> = async ({ props, ctx }) => {
  const { tenant, path } = ctx;
  const heading = withBrand(props.heading ?? 'My Garage', pageBrand(ctx));
  const user = await requestUser(tenant);
  return (
    <section className={`container section ${styles.summary}`} aria-labelledby="account-heading">
      <h1 id="account-heading">{heading}</h1>
      {user ? (
        <>
          <p>Welcome back, {user.name}.</p>
          <dl>
            <dt>Email</dt>
            <dd>{user.email ?? 'Not given'}</dd>
            <dt>Mobile</dt>
            <dd>
              {user.phoneNumber ?? <Link href={signInHref('watchlist', path, path)}>Add your mobile number</Link>}
            </dd>
          </dl>
          <SignOutButton />
        </>
      ) : (
        <p>
          <Link href={signInHref('garage', path, path)}>Sign in</Link> to see your garage.
        </p>
      )}
    </section>
  );
};
