import type { BlockComponent } from '../types';
import styles from './Section.module.css';

export const Section: BlockComponent<'Section'> = ({ props, ctx }) => (
  <section className={styles[props.background ?? 'plain']} aria-label={props.heading}>
    {props.heading ? (
      <div className="container">
        <h2 className={styles.heading}>{props.heading}</h2>
      </div>
    ) : null}
    {ctx.renderBlocks(props.content)}
  </section>
);
