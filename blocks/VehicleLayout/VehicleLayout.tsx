import type { BlockComponent } from '../types';
import styles from './VehicleLayout.module.css';

export const VehicleLayout: BlockComponent<'VehicleLayout'> = ({ props, ctx }) => (
  <div className={`container ${styles.layout}`}>
    <div className={styles.main}>{ctx.renderBlocks(props.main)}</div>
    <aside className={styles.aside} aria-label="Price and enquiries">
      {ctx.renderBlocks(props.aside)}
    </aside>
  </div>
);
