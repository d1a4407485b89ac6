import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { formatCalendarDate } from '../../domain/format';
import { SectionHeader } from '../../components/SectionHeader/SectionHeader';
import { cardGridClass } from '../../components/ui/card-grid';
import styles from './BlogCards.module.css';

/** Blog cards (conversion §2.5, §3: href, heading, image {url, alt}, date), newest first. */
export const BlogCards: BlockComponent<'BlogCards'> = ({ props, ctx }) => {
  const limit = props.limit ?? 3;
  const sorted = [...ctx.tenant.blog].sort((a, b) => b.date.localeCompare(a.date));
  const cards = limit === 0 ? sorted : sorted.slice(0, limit);
  if (!cards.length) return null;
  const heading = props.heading ?? 'News and reviews';
  return (
    <section className="container section" aria-labelledby="blog-heading">
      <SectionHeader id="blog-heading" heading={heading} moreLink={props.moreLink} />
      <ul className={cardGridClass} role="list">
        {cards.map((card) => {
          const external = /^https?:\/\//.test(card.href);
          return (
            <li key={card.href} className={styles.card}>
              {card.image ? (
                <Image
                  src={card.image.url}
                  alt={card.image.alt}
                  width={1200}
                  height={800}
                  sizes="(min-width: 1024px) 33vw, 100vw"
                  unoptimized={card.image.url.endsWith('.svg')}
                />
              ) : null}
              <div className={styles.body}>
                <h3 className={styles.heading}>
                  {external ? (
                    <a href={card.href} target="_blank" rel="noopener noreferrer">
                      {card.heading}
                      <span className="visually-hidden"> (opens another site)</span>
                    </a>
                  ) : (
                    <Link href={card.href}>{card.heading}</Link>
                  )}
                </h3>
                <p className={styles.date}>
                  <time dateTime={card.date}>{formatCalendarDate(card.date)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
