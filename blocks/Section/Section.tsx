import type { BlockComponent } from '../types';

export const Section: BlockComponent<'Section'> = ({ props, ctx }) => (
  <section className={`band band--${props.background ?? 'plain'}`} aria-label={props.heading}>
    {props.heading ? (
      <div className="container">
        <h2 className="band__heading">{props.heading}</h2>
      </div>
    ) : null}
    {ctx.renderBlocks(props.content)}
  </section>
);
