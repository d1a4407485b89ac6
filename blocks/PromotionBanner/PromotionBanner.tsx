import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { isCurrent } from '../../domain/promotions';
import { formatCalendarDate } from '../../domain/format';
import { buttonClass } from '../../components/ui/button';
import styles from './PromotionBanner.module.css';

export const PromotionBanner: BlockComponent<'PromotionBanner'> = ({ props, ctx }) => {
  const current = ctx.tenant.banners
    .filter((b) => isCurrent(b, ctx.now, ctx.tenant.locale.timeZone))
    .slice(0, props.limit ?? 3);
  if (!current.length) return null;
  return (
    <section className="container section" aria-label={props.heading ?? 'Current offers'}>
      {props.heading ? <h2>{props.heading}</h2> : null}
      <ul className={styles.grid} role="list">
        {current.map((promotion) => (
          <li key={promotion.id} className={styles.promo}>
            {promotion.image ? (
              <Image
                src={promotion.image.src}
                alt={promotion.image.alt}
                focus={promotion.image.focus}
                width={540}
                height={300}
                sizes="(min-width: 1024px) 33vw, 100vw"
              />
            ) : null}
            <div className={styles.body}>
              <h3>{promotion.heading}</h3>
              {promotion.text ? <p>{promotion.text}</p> : null}
              {promotion.expiry ? (
                <p className={styles.expiry}>Ends {formatCalendarDate(promotion.expiry, 'medium')}</p>
              ) : null}
              {promotion.href ? (
                <Link href={promotion.href} className={buttonClass('primary')}>
                  {promotion.cta ?? 'Find out more'}
                  <span className="visually-hidden">: {promotion.heading}</span>
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
