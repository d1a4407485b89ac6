/**
 * Which of the tenant's forms a form block shows (conversion §3 Enquiry form defaults, §7 item 12):
 * one form by name, or one per car type so that an enquiry about a car is reported as a new-car
 * (14) or used-car (15) enquiry, with a form for when no car is known (the general enquiry, 22).
 * Pure.
 */

/** A form name, or one form per car type and optionally one for when the block has no car. */
export type FormChoice = string | { new: string; used: string; demo: string; none?: string };

/**
 * The form name for a car. Demo and new cars take their own form, every other type (used, or a
 * type the feed adds later) the used-car form. Without a car: the `none` form, else the used-car
 * form (blocks that always have a car, such as vehicle pages, never set `none`).
 */
export function formNameFor(choice: FormChoice, car: { car_type: string } | undefined): string {
  if (typeof choice === 'string') return choice;
  if (!car) return choice.none ?? choice.used;
  const type = car.car_type;
  return type === 'new' || type === 'demo' ? choice[type] : choice.used;
}
