import type { ResolvedTenant } from '../../schemas/types.generated';
import { compileForm, type CompiledForm } from '../../domain/forms/compile-form';
import { isSwitchedOn } from '../../domain/switches';
import { vehicleTitle } from '../../domain/vehicle-title';
import { loadFormContext } from '../../services/leads/form-context';
import { formNameFor, type FormChoice } from '../../domain/forms/form-choice';
import { getStockRepository, type Car } from '../../services/stock';
import { carByRef } from './vehicle-context';

export { formNameFor, type FormChoice };

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
  // ?car_id= carries an id or a slug (conversion §2.3 checkout-journey); only this site's cars count.
  if (!car && about.carRef) car = await carByRef(tenant, about.carRef);
  const loaded = await loadFormContext(tenant, stock, {
    ...(car ? { car } : {}),
    ...(about.locationId !== undefined ? { locationId: about.locationId } : {}),
  });
  // A car from the address counts only when this site lists it (loadFormContext's check); an
  // unknown or unlisted car_id leaves the form for no car, e.g. the general enquiry on /contact.
  const name = formNameFor(choice, about.car ?? loaded.car);
  const definition = tenant.forms[name];
  if (!definition) {
    console.warn(`Tenant ${tenant.slug} has no form "${name}"; the form block renders nothing.`);
    return undefined;
  }
  if (!isSwitchedOn(definition.when, tenant.features)) return undefined;
  return {
    form: compileForm(name, definition, loaded.context),
    ...(loaded.car ? { car: { id: loaded.car.id, name: vehicleTitle(loaded.car), slug: loaded.car.slug } } : {}),
    ...(loaded.context.locationId !== undefined ? { locationId: loaded.context.locationId } : {}),
  };
}
