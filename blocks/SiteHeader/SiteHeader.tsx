import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import type { MenuItem } from '../../schemas/types.generated';
import { isSwitchedOn } from '../../domain/switches';
import { getStockRepository } from '../../services/stock';
import { siteModels } from '../../services/models';
import { siteManufacturers } from '../../server/page-data/model-context';
import { ALL_MODELS_PATH, modelsMenu } from '../../domain/models/models-menu';
import { bookingAwareHref } from '../../domain/locations/service-booking';
import { bookingSources } from '../../server/page-data/locations-data';
import { HeaderNav, NavDropdown } from './SiteHeader.client';
import { AccountLink } from './AccountLink.client';
import { buttonClass } from '../../components/ui/button';
import styles from './SiteHeader.module.css';

function brandHref(brand: { slug: string; href?: string }): string {
  return brand.href ?? `/${brand.slug}/overview`;
}

export const SiteHeader: BlockComponent<'SiteHeader'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const { features } = tenant;
  const items = tenant.menus.header.filter((item) => isSwitchedOn(item.when, features));
  const needsLocations = items.some((i) => i.kind === 'locations');
  const locations = needsLocations ? await (await getStockRepository()).locations(tenant.dealerships) : [];
  // Read from the catalogue only when an item asks for it; the header reads no request, so the
  // page stays cacheable and a model import shows within the page cache's lifetime.
  const modelGroups = items.some((i) => i.kind === 'models')
    ? modelsMenu(
        (await siteModels(siteManufacturers(tenant))).map(({ model, manufacturer }) => ({
          name: model.name,
          slug: model.slug,
          make: { name: manufacturer.name, slug: manufacturer.slug },
        })),
      )
    : [];
  const hover = tenant.features.menuOpensOnHover;
  const booking = bookingSources(tenant);

  const renderItem = (item: MenuItem) => {
    const key = `${item.kind ?? 'link'}:${item.label}`;
    if (item.kind === 'brands') {
      if (!tenant.brands.length) return null;
      return (
        <NavDropdown key={key} label={item.label} variant="mega" openOnHover={hover}>
          <ul className={`${styles.megaMenu} mega-menu`} role="list">
            {tenant.brands.map((brand) => (
              <li key={brand.slug}>
                <Link href={brandHref(brand)} className={styles.megaMenuBrand}>
                  {brand.logo ? (
                    <Image
                      src={brand.logo.src}
                      alt=""
                      width={76}
                      height={65}
                      unoptimized={brand.logo.src.endsWith('.svg')}
                    />
                  ) : null}
                  <span>{brand.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </NavDropdown>
      );
    }
    if (item.kind === 'locations') {
      if (!tenant.features.locationMenu || !locations.length) return null;
      return (
        <NavDropdown key={key} label={item.label} variant="list" openOnHover={hover}>
          <ul role="list">
            {locations.map((location) => (
              <li key={location.id}>
                <Link href={`/locations/${location.slug}`}>
                  {location.name}
                  {location.address?.city ? <span className={styles.meta}> {location.address.city}</span> : null}
                </Link>
              </li>
            ))}
            {item.href ? (
              <li>
                <Link href={item.href}>All locations</Link>
              </li>
            ) : null}
          </ul>
        </NavDropdown>
      );
    }
    if (item.kind === 'models' && modelGroups.length) {
      const grouped = modelGroups.length > 1;
      return (
        <NavDropdown key={key} label={item.label} variant="list" openOnHover={hover}>
          <ul role="list" className={grouped ? styles.modelGroups : undefined}>
            {modelGroups.map((group) => (
              <li key={group.make}>
                {grouped ? (
                  <span className={styles.groupHeading} aria-hidden="true">
                    {group.make}
                  </span>
                ) : null}
                <ul role="list" aria-label={grouped ? group.make : undefined}>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <Link href={link.href}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li className={grouped ? styles.allModels : undefined}>
              <Link href={item.href ?? ALL_MODELS_PATH}>All models</Link>
            </li>
          </ul>
        </NavDropdown>
      );
    }
    const children = (item.children ?? []).filter((child) => isSwitchedOn(child.when, features));
    if (item.kind === 'dropdown' || item.kind === 'models' || children.length) {
      if (!children.length) return null;
      return (
        <NavDropdown key={key} label={item.label} variant="list" openOnHover={hover}>
          <ul role="list">
            {children.map((child) => (
              <li key={child.href}>
                <Link href={bookingAwareHref(child, booking) ?? child.href}>{child.label}</Link>
              </li>
            ))}
          </ul>
        </NavDropdown>
      );
    }
    const href = bookingAwareHref(item, booking);
    if (!href) return null;
    return (
      <li key={key} className={styles.item}>
        <Link href={href} className={item.highlight ? `${styles.link} ${buttonClass('accent')}` : styles.link}>
          {item.label}
        </Link>
      </li>
    );
  };

  const phone = tenant.contact?.phone;
  return (
    <header className={`${styles.header}${props.sticky === false ? '' : ` ${styles.sticky}`}`}>
      <div className={`container ${styles.inner}`}>
        <Link href="/" className={styles.brand}>
          {tenant.logo ? (
            <Image
              src={tenant.logo.src}
              alt={tenant.logo.alt}
              width={tenant.logo.width}
              height={tenant.logo.height}
              priority
              unoptimized={tenant.logo.src.endsWith('.svg')}
            />
          ) : (
            <span className="header__name">{tenant.name}</span>
          )}
        </Link>
        <HeaderNav label="Main">
          <ul className={styles.nav} role="list">
            {items.map(renderItem)}
          </ul>
        </HeaderNav>
        {phone && tenant.features.showPhoneInHeader ? (
          <a className={styles.phone} href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>
            <span className="visually-hidden">Call us on </span>
            {phone}
          </a>
        ) : null}
        {isSwitchedOn('accounts', tenant.features) ? (
          <AccountLink garageHref={props.garageHref ?? '/my-garage'} />
        ) : null}
      </div>
    </header>
  );
};
