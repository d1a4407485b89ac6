import Image from 'next/image';
import { IntentLink as Link } from '../../components/shopper/IntentLink.client';
import type { BlockComponent } from '../types';
import { isCurrent } from '../../domain/promotions';

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
    <section className={`hero hero--${props.size ?? 'medium'}${image ? ' hero--image' : ''}`}>
      {image ? <Image className="hero__image" src={image.src} alt={image.alt} fill priority sizes="100vw" /> : null}
      <div className="container hero__content">
        <h1>{heading}</h1>
        {text ? <p className="hero__text">{text}</p> : null}
        {buttons.length ? (
          <div className="hero__actions">
            {buttons.map((b) => (
              <Link key={b.href} href={b.href} className={`button button--${heroButtonStyle(b.style)}`}>
                {b.label}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
};

/** The hero sits on the primary colour, so its main button takes the accent colour to stand out. */
function heroButtonStyle(style: string | undefined): string {
  return !style || style === 'primary' || style === 'accent' ? 'accent' : style;
}
