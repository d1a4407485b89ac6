import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { isCurrent } from '../../domain/promotions';
import { buttonClass, type ButtonVariant } from '../../components/ui/button';
import { QUICK_SEARCH_FIELDS } from '../../domain/quick-search';
import { QuickSearch } from './QuickSearch';
import styles from './Hero.module.css';

export const Hero: BlockComponent<'Hero'> = ({ props, ctx }) => {
  const promotion = props.usePromotion
    ? ctx.tenant.banners.find((b) => isCurrent(b, ctx.now, ctx.tenant.locale.timeZone))
    : undefined;
  const heading = promotion?.heading ?? props.heading;
  const text = promotion ? promotion.text : props.text;
  const image = promotion?.image ?? props.image;
  const buttons = promotion?.href
    ? [{ label: promotion.cta ?? 'Find out more', href: promotion.href, style: 'accent' as const }]
    : (props.buttons ?? []);
  return (
    <section className={`${styles.hero} ${styles[props.size ?? 'medium']}${image ? ` ${styles.withImage}` : ''}`}>
      {image ? (
        <Image
          className={styles.image}
          src={image.src}
          alt={image.alt}
          focus={image.focus}
          fill
          priority
          sizes="100vw"
        />
      ) : null}
      <div className={`container ${styles.content}`}>
        <h1>{heading}</h1>
        {text ? <p className={styles.text}>{text}</p> : null}
        {buttons.length ? (
          <div className={styles.actions}>
            {buttons.map((b) => (
              <Link key={b.href} href={b.href} className={buttonClass(heroButtonStyle(b.style))}>
                {b.label}
              </Link>
            ))}
          </div>
        ) : null}
        {props.quickSearch ? (
          <QuickSearch tenant={ctx.tenant} fields={props.quickSearch.fields ?? QUICK_SEARCH_FIELDS} now={ctx.now} />
        ) : null}
      </div>
    </section>
  );
};

/** The hero sits on the primary colour, so its main button takes the accent colour to stand out. */
function heroButtonStyle(style: ButtonVariant | undefined): ButtonVariant {
  return !style || style === 'primary' || style === 'accent' ? 'accent' : style;
}
