import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { currentSlides, SLIDE_HEIGHT, SLIDE_WIDTH } from '../../domain/promotion-slides';
import { SliderControls } from './PromotionsSlider.client';
import styles from './PromotionsSlider.module.css';
import { buttonClass } from '../../components/ui/button';
import { bookingAwareHref } from '../../domain/locations/service-booking';
import { bookingSources } from '../../server/page-data/locations-data';

/**
 * The promotions slider (conversion §2.5, 1920 x 540): every current slide is rendered here on the
 * server; the small client part only switches which one is shown. No autoplay, so no pause control.
 */
export const PromotionsSlider: BlockComponent<'PromotionsSlider'> = ({ props, ctx }) => {
  const slides = currentSlides(ctx.tenant.promotions, ctx.now, ctx.tenant.locale.timeZone);
  if (!slides.length) return null;
  const label = props.label ?? 'Promotions';
  const booking = bookingSources(ctx.tenant);
  return (
    <SliderControls
      label={label}
      slides={slides.map((slide, index) => {
        const href = bookingAwareHref(slide, booking);
        return {
          id: slide.id,
          content: (
            <div className={styles.slideInner}>
              <Image
                className={styles.image}
                src={slide.image.src}
                alt={slide.image.alt}
                focus={slide.image.focus}
                width={SLIDE_WIDTH}
                height={SLIDE_HEIGHT}
                sizes="100vw"
                priority={index === 0}
                unoptimized={slide.image.src.endsWith('.svg')}
              />
              <div className={styles.caption}>
                <h2 className={styles.heading}>{slide.heading}</h2>
                {slide.text ? <p>{slide.text}</p> : null}
                {href ? (
                  <Link href={href} className={buttonClass('accent')}>
                    {slide.cta ?? 'Find out more'}
                    <span className="visually-hidden">: {slide.heading}</span>
                  </Link>
                ) : null}
              </div>
            </div>
          ),
        };
      })}
    />
  );
};
