import type { BlockComponent } from '../types';
import {
  FEATURES_INITIAL,
  KEY_INFO_INITIAL,
  SPECS_INITIAL,
  rvSpecRows,
  visibleSpecRows,
} from '../../domain/vehicle/spec-rows';
import { formatKm } from '../../domain/format';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { ExpandableItems, ExpandableRows } from './VehicleInformation.client';
import styles from './VehicleInformation.module.css';

const km = (n: number | undefined) => (n === undefined ? undefined : formatKm(n));
const unit = (value: unknown, suffix: string) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
    ? `${String(value)} ${suffix}`
    : value;

function rows(entries: Array<[string, unknown]>): Array<[string, string]> {
  return visibleSpecRows(entries.map(([name, value]) => ({ name, value }))).map(({ name, value }) => [
    name,
    String(value),
  ]);
}

export const VehicleInformation: BlockComponent<'VehicleInformation'> = async ({ props, ctx }) => {
  const { car, location } = await pageVehicle(ctx);
  const keyInfo = rows([
    ['Odometer', km(car.km)],
    ['Transmission', car.simple_transmission ?? car.trans],
    ['Fuel', car.simple_fuel ?? car.fuel],
    ['Body', car.simple_body ?? car.bodyconfiguration],
    ['Drive', car.drive],
    ['Engine', car.engine_size_litres !== undefined ? `${car.engine_size_litres} L` : undefined],
    ['Seats', car.seats],
    ['Colour', car.colour],
  ]);
  const details = rows([
    ['Condition', car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used'],
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Series', car.series],
    ['Interior colour', car.interior_colour],
    ['Doors', car.doors],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Registration', car.regplate],
    ['Build date', car.build_date],
    ['Compliance date', car.compliance_date],
    ['Location', location?.name],
  ]);
  const variant = (car.variant ?? {}) as Record<string, unknown>;
  const specs = rows([
    ['Cylinders', variant.cylinders],
    ['Engine size', unit(variant.enginesize_litres ?? car.engine_size_litres, 'L')],
    ['Induction', variant.induction],
    ['Fuel consumption (combined)', unit(variant.fuelconsumptioncombined, 'L/100 km')],
    ['Fuel capacity', unit(variant.fuelcapacity, 'L')],
    ['Torque', unit(variant.torque, 'Nm')],
    ['Towing capacity (braked)', unit(variant.towingcapacitybraked, 'kg')],
    ['Gross vehicle mass', unit(variant.grossvehiclemass, 'kg')],
    ['Length', unit(variant.vehiclelength, 'mm')],
    ['Width', unit(variant.vehiclewidth, 'mm')],
    ['Height', unit(variant.vehicleheight, 'mm')],
    ['ANCAP rating', variant.ancaprating],
    ['Gear type', variant.geartype],
    // A caravan or RV's own measurements (catalogue §3 Car specifications).
    ...rvSpecRows(car.specifications).map(({ name, value }): [string, unknown] => [name, value]),
  ]);
  const features = (car.standardEquipment ?? []).filter((f) => typeof f === 'string' && f.trim() !== '');
  return (
    <section className={`${styles.info} vehicle-information`} aria-labelledby="vehicle-info-heading">
      <h2 id="vehicle-info-heading">{props.heading ?? 'Vehicle details'}</h2>
      {keyInfo.length ? (
        <div className={styles.group}>
          <h3>Key information</h3>
          <ExpandableRows
            rows={keyInfo}
            initial={KEY_INFO_INITIAL}
            moreLabel="Show More"
            lessLabel="Show Less"
            label="Key information"
          />
        </div>
      ) : null}
      {details.length ? (
        <div className={styles.group}>
          <h3>Details</h3>
          <ExpandableRows
            rows={details}
            initial={details.length}
            moreLabel="Show More"
            lessLabel="Show Less"
            label="Details"
          />
        </div>
      ) : null}
      {features.length ? (
        <div className={styles.group}>
          <h3>Features</h3>
          <ExpandableItems
            items={features}
            initial={FEATURES_INITIAL}
            moreLabel="Show All"
            lessLabel="Show Less"
            label="Features"
          />
        </div>
      ) : null}
      {specs.length ? (
        <div className={styles.group}>
          <h3>Specifications</h3>
          <ExpandableRows
            rows={specs}
            initial={SPECS_INITIAL}
            moreLabel="Show all specifications"
            lessLabel="Hide specifications"
            label="Specifications"
          />
        </div>
      ) : null}
    </section>
  );
};
