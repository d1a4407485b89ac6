import type { ResolvedTenant } from '../../schemas/types.generated';
import { compileForm, type CompiledForm } from '../../domain/forms/compile-form';
import { isSwitchedOn } from '../../domain/switches';
import { vehicleTitle } from '../../domain/vehicle-title';
import { loadFormContext } from '../../services/leads/form-context';
import { getStockRepository, type Car } from '../../services/stock';

export type FormChoice = string | { new: string; used: string; demo: string };

/** The form name for a car: one per car type on vehicle pages (new-car enquiry for new cars). */
export function formNameFor(choice: FormChoice, car: Pick<Car, 'car_type'> | undefined): string {
  if (typeof choice === 'string') return choice;
  const type = car?.car_type;
  return type === 'new' || type === 'demo' ? choice[type] : choice.used;
}

export interface PreparedForm {
  form: CompiledForm;
  car?: { id: number; name: string; slug: string };
  locationId?: number;
}

/**
 * A form compiled for a page: the same context the API rebuilds when the form is posted, so
 * browser and server check with the same schema. Undefined (and logged) when the tenant has no such
 * form or its switch is off.
 */
export async function prepareForm(
  tenant: ResolvedTenant,
  choice: FormChoice,
  about: { car?: Car; carRef?: string; locationId?: number },
): Promise<PreparedForm | undefined> {
  const stock = await getStockRepository();
  let car = about.car;
  if (!car && about.carRef) {
    // ?car_id= carries an id or a slug (conversion §2.3 checkout-journey); only this site's cars count.
    car = /^\d+$/.test(about.carRef)
      ? (await stock.carsByIds([Number(about.carRef)]))[0]
      : await stock.carBySlug(about.carRef, tenant.dealerships);
  }
  const name = formNameFor(choice, car);
  const definition = tenant.forms[name];
  if (!definition) {
    console.warn(`Tenant ${tenant.slug} has no form "${name}"; the form block renders nothing.`);
    return undefined;
  }
  if (!isSwitchedOn(definition.when, tenant.features)) return undefined;
  const loaded = await loadFormContext(tenant, stock, {
    ...(car ? { car } : {}),
    ...(about.locationId !== undefined ? { locationId: about.locationId } : {}),
  });
  return {
    form: compileForm(name, definition, loaded.context),
    ...(loaded.car ? { car: { id: loaded.car.id, name: vehicleTitle(loaded.car), slug: loaded.car.slug } } : {}),
    ...(loaded.context.locationId !== undefined ? { locationId: loaded.context.locationId } : {}),
  };
}
