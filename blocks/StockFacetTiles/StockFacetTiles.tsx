import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { SectionHeader } from '../../components/SectionHeader/SectionHeader';
import { facetTiles, type FacetTile, type TileFacet } from '../../domain/search-links';
import { formatNumber } from '../../domain/format';
import { getSearchService } from '../../services/search';
import styles from './StockFacetTiles.module.css';

/** How many tiles show when the tenant sets no limit: two rows on a wide screen. */
export const DEFAULT_FACET_TILES = 12;

const DEFAULT_HEADINGS: Record<TileFacet, string> = { make: 'Browse by make', body: 'Browse by body type' };

/** The tiles as markup: one link per make or body, named with its count for screen readers too. */
export function FacetTileGrid({
  facet,
  heading,
  tiles,
  moreLink,
}: {
  facet: TileFacet;
  heading: string;
  tiles: readonly FacetTile[];
  moreLink?: { label: string; href: string };
}) {
  if (!tiles.length) return null;
  const headingId = `facet-tiles-${facet}`;
  return (
    <section className="container section" aria-labelledby={headingId}>
      <SectionHeader id={headingId} heading={heading} moreLink={moreLink} />
      <ul className={`${styles.grid} facet-tiles`} role="list">
        {tiles.map((tile) => (
          <li key={tile.href}>
            <Link className={styles.tile} href={tile.href}>
              <span>{tile.label}</span>
              <span className={styles.count}>
                {formatNumber(tile.count)}
                <span className="visually-hidden"> {tile.count === 1 ? 'vehicle' : 'vehicles'}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const StockFacetTiles: BlockComponent<'StockFacetTiles'> = async ({ props, ctx }) => {
  const facet = props.facet ?? 'make';
  const field = facet === 'make' ? 'make' : 'simple_body';
  // The same scope and facet counts as the search page the tiles lead to.
  const { facets } = await (
    await getSearchService()
  ).search(
    ctx.tenant,
    { sort: 'latest', page: 1, hitsPerPage: 0, facets: facet === 'make' ? ['make'] : ['make', 'simple_body'] },
    ctx.now,
  );
  const tiles = facetTiles(
    facet,
    facets[field] ?? {},
    props.limit ?? DEFAULT_FACET_TILES,
    Object.keys(facets.make ?? {}),
  );
  return (
    <FacetTileGrid
      facet={facet}
      heading={props.heading ?? DEFAULT_HEADINGS[facet]}
      tiles={tiles}
      {...(props.moreLink ? { moreLink: props.moreLink } : {})}
    />
  );
};
