import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { SectionHeader } from '../../components/SectionHeader/SectionHeader';
import styles from './BrandGrid.module.css';

/** spec: catalogue §9 — the brand grid shows 6 tiles; brand tile image 76x65. */
export const BRAND_GRID_TILES = 6;

export const BrandGrid: BlockComponent<'BrandGrid'> = ({ props, ctx }) => {
  const limit = props.limit ?? BRAND_GRID_TILES;
  const brands = limit === 0 ? ctx.tenant.brands : ctx.tenant.brands.slice(0, limit);
  if (!brands.length) return null;
  return (
    <section
      className="container section"
      aria-labelledby={props.heading ? 'brand-grid-heading' : undefined}
      aria-label={props.heading ? undefined : 'Our brands'}
    >
      <SectionHeader id="brand-grid-heading" heading={props.heading} moreLink={props.moreLink} />
      <ul className={`${styles.grid} brand-grid`} role="list">
        {brands.map((brand) => {
          const href = brand.href ?? `/${brand.slug}/overview`;
          const external = /^https?:\/\//.test(href);
          const content = (
            <>
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
              {external ? <span className="visually-hidden"> (opens another site)</span> : null}
            </>
          );
          return (
            <li key={brand.slug}>
              {external ? (
                <a className={styles.tile} href={href} target="_blank" rel="noopener noreferrer">
                  {content}
                </a>
              ) : (
                <Link className={styles.tile} href={href}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};
