import type { BlockComponent } from '../types';
import { sanitiseHtml } from '../../domain/sanitise-html';

export const RichText: BlockComponent<'RichText'> = ({ props }) => (
  <section className={`container rich-text rich-text--${props.width ?? 'narrow'}`}>
    {props.heading ? <h2>{props.heading}</h2> : null}
    <div dangerouslySetInnerHTML={{ __html: sanitiseHtml(props.html) }} />
  </section>
);
