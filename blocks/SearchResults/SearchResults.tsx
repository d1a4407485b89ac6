import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { notFound } from 'next/navigation';
import type { BlockComponent } from '../types';
import { buildSearchUrl } from '../../domain/search-url';
import { collapseSold } from '../../domain/sold-collapse';
import { currentPromos, placePromos } from '../../domain/promo-tiles';
import { isAvailable } from '../../domain/listing';
import { formatNumber } from '../../domain/format';
import { getSearchService } from '../../services/search';
import { getStockRepository } from '../../services/stock';
import { emptySearchPage, loadSearchPage, type SearchPageData } from '../../services/search/search-page';
import { StockCard } from '../../components/StockCard/StockCard';
import { cardSettings } from '../../components/StockCard/card-settings';
import { ResultsRegion, SearchFilters, SearchProvider, SortSelect } from './SearchResults.client';
import { buttonClass } from '../../components/ui/button';
import { cardGridClass } from '../../components/ui/card-grid';
import { NO_STORE_ATTRIBUTE } from '../../server/http/document-cache/no-store';
import styles from './SearchResults.module.css';
import promoStyles from '../PromotionBanner/PromotionBanner.module.css';
import { clearAllFiltersPath, clearFiltersPath } from '../../server/page-data/clear-filters';

// spec: catalogue §8 — the empty result texts.
export const NO_RESULTS_TITLE = 'No Results Available';
export const NO_RESULTS_CARS =
  'No results found for your search at this time. Please try adjusting the filters for more results.';
export const NO_RESULTS_OFFERS =
  'There appears to be no offers currently available that meet the conditions of your search';

const plural = (word: string, n: number) => (n === 1 ? word : `${word}s`);

/** Errors from the search engine or database, as opposed to Next's own control flow (notFound, dynamic rendering). */
function isSearchFailure(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return !(typeof digest === 'string' && (digest.startsWith('NEXT_') || digest === 'DYNAMIC_SERVER_USAGE'));
}

function pageNumbers(page: number, pages: number): number[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  return [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
}

export const SearchResults: BlockComponent<'SearchResults'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const segments = [ctx.params.refinement, ctx.params.model].filter((s): s is string => Boolean(s));
  let data: SearchPageData | undefined;
  let failed = false;
  try {
    data = await loadSearchPage(
      await getSearchService(),
      await getStockRepository(),
      tenant,
      segments,
      await ctx.searchParams(),
      ctx.now,
    );
    if (!data) notFound();
  } catch (error) {
    if (!isSearchFailure(error)) throw error;
    // The search engine failed: say so and let the browser keep the last good results.
    console.error('search failed', error);
    failed = true;
    data = emptySearchPage(tenant.search.defaultSort);
  }
  const { state, response } = data;
  const noun = tenant.vehicleWord;
  const hits = collapseSold(response.hits, (car) => !isAvailable(car));
  const promos = state.page === 1 ? currentPromos(tenant.search.promoTiles, ctx.now, tenant.locale.timeZone) : [];
  const tiles = placePromos(hits, promos);
  const resetHref = clearFiltersPath(tenant);
  const settings = cardSettings(tenant, 'card');
  const heading = props.heading ?? `Search our ${plural(noun, 2)}`;
  return (
    <SearchProvider>
      <div className={`container ${styles.search}`}>
        <div className={styles.header}>
          <h1>{heading}</h1>
          {/* This answer is for this request only: the document cache never gives it to anyone else. */}
          {failed ? <span hidden {...{ [NO_STORE_ATTRIBUTE]: '' }} /> : null}
          {failed ? null : (
            <p className={`${styles.count} search__count`}>
              {formatNumber(response.count)} {plural(noun, response.count)} found
            </p>
          )}
          {data.sortOptions.length > 1 ? (
            <SortSelect state={state} value={data.sortBy} options={data.sortOptions} />
          ) : null}
        </div>
        <div className={styles.layout}>
          <SearchFilters
            state={state}
            facets={data.facets.map(({ field, label, options, popular, selected, hint }) => ({
              field,
              label,
              options,
              popular,
              selected,
              ...(hint ? { hint } : {}),
            }))}
            ranges={data.ranges.map(({ field, label, min, max }) => ({ field, label, min, max }))}
            count={response.count}
            noun={plural(noun, response.count)}
            currency={tenant.locale.currency}
            clearAllHref={clearAllFiltersPath(tenant)}
            failed={failed}
          />
          <ResultsRegion label="Search results" failed={failed}>
            {failed ? null : tiles.length === 0 ? (
              <div className={styles.emptyState}>
                <h2>{NO_RESULTS_TITLE}</h2>
                <p>{props.kind === 'offers' ? NO_RESULTS_OFFERS : NO_RESULTS_CARS}</p>
                <Link className={buttonClass('primary')} href={resetHref}>
                  Clear Filters
                </Link>
              </div>
            ) : (
              <ul className={cardGridClass} role="list">
                {tiles.map((tile, index) =>
                  tile.kind === 'car' ? (
                    <li key={tile.car.id}>
                      <StockCard car={tile.car} settings={settings} now={ctx.now} priority={index < 3} />
                    </li>
                  ) : (
                    <li key={`promo-${tile.promo.id}`} className="promo-tile" data-position={tile.promo.position}>
                      <article className={`${promoStyles.promo} ${promoStyles.tile}`}>
                        {tile.promo.image ? (
                          <Image
                            src={tile.promo.image.src}
                            alt={tile.promo.image.alt}
                            focus={tile.promo.image.focus}
                            width={600}
                            height={400}
                            sizes="(min-width: 1024px) 33vw, 100vw"
                          />
                        ) : null}
                        <div className={promoStyles.body}>
                          <h3>{tile.promo.heading}</h3>
                          {tile.promo.text ? <p>{tile.promo.text}</p> : null}
                          {tile.promo.href ? (
                            <Link href={tile.promo.href} className={buttonClass('primary')}>
                              {tile.promo.cta ?? 'Find out more'}
                              <span className="visually-hidden">: {tile.promo.heading}</span>
                            </Link>
                          ) : null}
                        </div>
                      </article>
                    </li>
                  ),
                )}
              </ul>
            )}
            {response.pages > 1 ? (
              <nav className={styles.pagination} aria-label="Pages">
                <ul role="list">
                  {state.page > 1 ? (
                    <li>
                      <Link href={buildSearchUrl({ ...state, page: state.page - 1 })} rel="prev">
                        Previous<span className="visually-hidden"> page</span>
                      </Link>
                    </li>
                  ) : null}
                  {pageNumbers(state.page, response.pages).map((n) => (
                    <li key={n}>
                      <Link
                        href={buildSearchUrl({ ...state, page: n })}
                        aria-current={n === state.page ? 'page' : undefined}
                        aria-label={`Page ${n}`}
                      >
                        {n}
                      </Link>
                    </li>
                  ))}
                  {state.page < response.pages ? (
                    <li>
                      <Link href={buildSearchUrl({ ...state, page: state.page + 1 })} rel="next">
                        Next<span className="visually-hidden"> page</span>
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </nav>
            ) : null}
          </ResultsRegion>
        </div>
      </div>
    </SearchProvider>
  );
};
