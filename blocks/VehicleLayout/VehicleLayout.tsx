import type { BlockComponent } from '../types';

export const VehicleLayout: BlockComponent<'VehicleLayout'> = ({ props, ctx }) => (
  <div className="container vehicle-layout">
    <div className="vehicle-layout__main">{ctx.renderBlocks(props.main)}</div>
    <aside className="vehicle-layout__aside" aria-label="Price and enquiries">
      {ctx.renderBlocks(props.aside)}
    </aside>
  </div>
);
