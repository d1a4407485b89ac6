import { ServerImage as Image } from '../ui/ServerImage';
import type { CardTag } from '../../domain/card-tags';
import { cardBadgeClass, cardTagClass } from './card-classes';

/** The shipped badge's drawn size; a tenant's own logo is scaled to the same height by CSS. */
const BADGE_WIDTH = 132;
const BADGE_HEIGHT = 44;

/**
 * The one tag on a car's photo (catalogue §4 card tag precedence). A certified used Toyota shows
 * a logo, not a text tag: the tenant's badge image (pricing.certifiedBadgeSrc), named by the tag's
 * label for people who cannot see it. Every other tag is text.
 */
export function CardTagLabel({ tag, certifiedBadgeSrc }: { tag: CardTag; certifiedBadgeSrc?: string }) {
  if (tag.kind === 'certified' && certifiedBadgeSrc) {
    // An SVG is served as it is (the image optimiser refuses SVG), whatever the case of its extension.
    const svg = /\.svg$/i.test(certifiedBadgeSrc);
    return (
      <p className={`${cardBadgeClass} card-tag--certified`}>
        <Image src={certifiedBadgeSrc} alt={tag.label} width={BADGE_WIDTH} height={BADGE_HEIGHT} unoptimized={svg} />
      </p>
    );
  }
  return <p className={`${cardTagClass(tag.tone)} card-tag--${tag.kind}`}>{tag.label}</p>;
}
