import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { buttonClass } from '../../components/ui/button';
import { cardGridClass } from '../../components/ui/card-grid';
import styles from './SpecialOffers.module.css';
import promoStyles from '../PromotionBanner/PromotionBanner.module.css';
import searchStyles from '../SearchResults/SearchResults.module.css';
import { currentOffers, NO_OFFERS_TEXT, NO_OFFERS_TITLE, OFFERS_PATH } from '../../domain/offers';
import { formatCalendarDate } from '../../domain/format';

/** Offer tiles between their start and expiry dates (conversion §2.3); the empty state of catalogue §8 otherwise. */
export const SpecialOffers: BlockComponent<'SpecialOffers'> = ({ props, ctx }) => {
  const offers = currentOffers(ctx.tenant.offers, ctx.now, ctx.tenant.locale.timeZone);
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const TileHeading = props.headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="container section offers" aria-labelledby="offers-heading">
      <Heading id="offers-heading">{props.heading ?? 'Special offers'}</Heading>
      {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
      {offers.length === 0 ? (
        <div className={searchStyles.emptyState}>
          <TileHeading>{NO_OFFERS_TITLE}</TileHeading>
          <p>{NO_OFFERS_TEXT}</p>
          <Link className={buttonClass('primary')} href={OFFERS_PATH}>
            Clear Filters
          </Link>
        </div>
      ) : (
        <ul className={cardGridClass} role="list">
          {offers.map((offer) => (
            <li
              key={offer.id}
              className={`${promoStyles.promo} ${promoStyles.tile} ${styles.offer} offer`}
              data-offer={offer.id}
            >
              {offer.image ? (
                <Image
                  src={offer.image.src}
                  alt={offer.image.alt}
                  focus={offer.image.focus}
                  width={1200}
                  height={800}
                  sizes="(min-width: 1024px) 33vw, 100vw"
                  unoptimized={offer.image.src.endsWith('.svg')}
                />
              ) : null}
              <div className={promoStyles.body}>
                <TileHeading>{offer.title}</TileHeading>
                {offer.text ? <p>{offer.text}</p> : null}
                {offer.expiry ? (
                  <p className={promoStyles.expiry}>
                    Ends <time dateTime={offer.expiry}>{formatCalendarDate(offer.expiry)}</time>
                  </p>
                ) : null}
                {offer.href ? (
                  <Link href={offer.href} className={buttonClass('primary')}>
                    {offer.cta ?? 'View offer'}
                    <span className="visually-hidden">: {offer.title}</span>
                  </Link>
                ) : null}
                {offer.terms ? (
                  <details className={styles.terms}>
                    <summary>
                      Terms and conditions<span className="visually-hidden"> of {offer.title}</span>
                    </summary>
                    <p>{offer.terms}</p>
                  </details>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
