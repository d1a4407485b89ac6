import type { BlockComponent } from '../types';
import { DEALER_COMMENTS_PENDING, dealerComments } from '../../domain/vehicle/dealer-comments';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { ExpandableComments } from './DealerComments.client';
import styles from './DealerComments.module.css';

export const DealerComments: BlockComponent<'DealerComments'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  const comments = dealerComments(car.dealercomments);
  return (
    <section className={`${styles.comments} dealer-comments`} aria-labelledby="dealer-comments-heading">
      <h2 id="dealer-comments-heading">{props.heading ?? 'Dealer comments'}</h2>
      {comments.kind === 'pending' ? (
        <p>{DEALER_COMMENTS_PENDING}</p>
      ) : comments.truncated ? (
        <ExpandableComments short={comments.short} fullHtml={comments.full} />
      ) : (
        <div className={`${styles.text} dealer-comments__text`} dangerouslySetInnerHTML={{ __html: comments.full }} />
      )}
    </section>
  );
};
