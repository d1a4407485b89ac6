import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { ReactNode } from 'react';
import type { BlockComponent } from '../types';
import { buttonClass } from '../../components/ui/button';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { cardTagClass } from '../../components/StockCard/card-classes';
import { pageModel } from '../../server/page-data/model-context';
import { CarouselTrack } from '../LocationsCarousel/LocationsCarousel.client';
import { FeatureList } from './FeatureList.client';
import styles from './ModelDetail.module.css';
import listingStyles from '../ModelsListing/ModelsListing.module.css';
import { driveAwayRange, orderNowHref, variantLayout, variantsHeading } from '../../domain/models/variants';
import { sanitiseHtml } from '../../domain/sanitise-html';

/** spec: conversion §9 — model header image maximum width 600 px. */
export const MODEL_HEADER_MAX_WIDTH = 600;

export const ModelDetail: BlockComponent<'ModelDetail'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const { model, manufacturer } = await pageModel(ctx);
  const name = `${manufacturer.name} ${model.name}`;
  const variants = model.model_variants;
  const comingSoon = model.status === 'coming_soon';
  const layout = variantLayout(variants.length);
  const heading = variantsHeading(manufacturer.name, model.name, variants.length);
  const cards: ReactNode[] = variants.map((variant) => {
    const image = variant.image ?? model.image;
    const picture = image ? (
      <VehiclePhoto
        src={image.url}
        body={model.body}
        alt={variant.full_name}
        width={600}
        height={400}
        sizes="(min-width: 1024px) 25vw, 80vw"
      />
    ) : null;
    const price = driveAwayRange(variant.dap_min_price, variant.dap_max_price, tenant.locale.currency);
    return (
      <li key={variant.id} className={styles.variantCard}>
        {picture && comingSoon ? (
          <a
            href="#form-section"
            className="variant-card__image"
            aria-label={`Register your interest in the ${variant.full_name}`}
          >
            {picture}
          </a>
        ) : (
          picture
        )}
        <h3 className={styles.variantName}>{variant.full_name}</h3>
        {price ? (
          <p className={styles.variantPrice}>{price}</p>
        ) : comingSoon ? (
          <p className={styles.variantPrice}>Pricing to be announced</p>
        ) : null}
        {variant.features?.length ? (
          <FeatureList
            features={variant.features.map((f) => sanitiseHtml(f))}
            allFeatures={tenant.models.allFeatures}
            label={`${variant.full_name} features`}
          />
        ) : null}
        {comingSoon ? null : (
          <Link
            className={buttonClass('primary')}
            href={orderNowHref(tenant.models.orderNowPath, model.slug, model.name, variant.full_name)}
          >
            {props.quoteText ?? 'Get a Quote'}
            <span className="visually-hidden"> for the {variant.full_name}</span>
          </Link>
        )}
      </li>
    );
  });
  return (
    <>
      <section className={`container section ${styles.header}`} aria-labelledby="model-heading">
        <div>
          {comingSoon ? <p className={`${cardTagClass()} card-tag--info ${listingStyles.soon}`}>Coming soon</p> : null}
          <h1 id="model-heading">{name}</h1>
          {model.short_description ? <p className={styles.headerIntro}>{model.short_description}</p> : null}
          {comingSoon ? (
            <a className={buttonClass('primary')} href="#form-section">
              Register your interest
            </a>
          ) : null}
        </div>
        {model.image ? (
          <VehiclePhoto
            className={styles.headerImage}
            src={model.image.url}
            body={model.body}
            alt={name}
            width={MODEL_HEADER_MAX_WIDTH}
            height={400}
            priority
            sizes={`(min-width: 640px) ${MODEL_HEADER_MAX_WIDTH}px, 100vw`}
          />
        ) : null}
      </section>
      <section className="container section" aria-labelledby="variants-heading">
        <h2 id="variants-heading">{heading}</h2>
        {layout.kind === 'grid' ? (
          <ul className={styles.variantGrid} role="list" data-layout="grid">
            {cards}
          </ul>
        ) : (
          <div data-layout="slider">
            <CarouselTrack label={`${name} variants`} noun="variants" arrows={layout.arrows}>
              {cards}
            </CarouselTrack>
          </div>
        )}
      </section>
    </>
  );
};
