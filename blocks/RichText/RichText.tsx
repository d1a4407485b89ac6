import type { BlockComponent } from '../types';
import { sanitiseHtml } from '../../domain/sanitise-html';
import styles from './RichText.module.css';

export const RichText: BlockComponent<'RichText'> = ({ props }) => {
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={`container ${styles.richText}${(props.width ?? 'narrow') === 'narrow' ? ` ${styles.narrow}` : ''}`}
    >
      {props.heading ? <Heading>{props.heading}</Heading> : null}
      <div dangerouslySetInnerHTML={{ __html: sanitiseHtml(props.html) }} />
    </section>
  );
};
