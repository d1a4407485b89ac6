import type { BlockComponent } from '../types';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { DownloadPdfButton } from './VehiclePrint.client';
import sidebarStyles from '../VehicleSidebar/VehicleSidebar.module.css';
import { buttonClass } from '../../components/ui/button';

/** The page car's print options: its PDF, and (catalogue §2) the printable page in a new tab. */
export const VehiclePrint: BlockComponent<'VehiclePrint'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  return (
    <ul className={sidebarStyles.actions} role="list" aria-label="Print" style={{ marginTop: '.75rem' }}>
      <li>
        <DownloadPdfButton slug={car.slug} />
      </li>
      {props.showPrintPage !== false ? (
        <li>
          <a
            className={buttonClass('outline')}
            href={`/print?car_id=${encodeURIComponent(car.slug)}`}
            target="_blank"
            rel="noopener"
          >
            Print
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
};
