import { isCurrent } from '../promotions';

/**
 * Where another setting hides or replaces what a site editor is changing (issue 32, "Overrides are
 * visible"): the note shown at the field, in words, naming the setting that wins and where it is.
 * Notes are keyed by the field's path inside the form that shows it, joined with "/" (e.g.
 * "fields/3/required" in an enquiry form, "finance/comparisonRateRange" in a tab's settings).
 */

export type Notes = Readonly<Record<string, string>>;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Notes on a tab's settings, whatever the site holds: what the shopper sees is worked out elsewhere. */
export const SETTINGS_NOTES: Notes = {
  'finance/interestRate':
    'The calculator also shows a comparison rate, which it works out from this rate and the fees below for the loan the shopper sets; there is no comparison rate to type.',
  'finance/comparisonRateRange':
    'This range is the lender’s lowest and highest rate, shown with the warning. The calculator’s own comparison rate is worked out from the interest rate and the fees.',
};

/** The form settings a site's forms follow (Forms tab, "Settings every form shares"). */
export interface SharedFormSettings {
  messageOptional?: boolean;
  removeDealershipSelect?: boolean;
}

const MESSAGE_OPTIONAL =
  'Optional on every form while “Message is optional” is on (Forms tab, Settings every form shares), whatever is set here.';
const APPOINTMENT_OPTIONAL = 'Always optional: shoppers can choose “No preference” instead of a time.';
const DEALERSHIP_REMOVED =
  'Not asked on any form while “Never ask for a dealership” is on (Forms tab, Settings every form shares).';

function fieldNotes(field: unknown, base: string, settings: SharedFormSettings, notes: Record<string, string>) {
  if (!isNode(field)) return;
  if (field.name === 'message' && field.type === 'textarea' && settings.messageOptional)
    notes[`${base}/required`] = MESSAGE_OPTIONAL;
  if (field.type === 'appointment') notes[`${base}/required`] = APPOINTMENT_OPTIONAL;
  if (field.options === 'dealerships' && settings.removeDealershipSelect) notes[`${base}/options`] = DEALERSHIP_REMOVED;
}

/** Notes on one enquiry form's fields (its fields, or its steps' fields) under the site's form settings. */
export function formNotes(form: unknown, settings: SharedFormSettings): Notes {
  const notes: Record<string, string> = {};
  if (!isNode(form)) return notes;
  if (Array.isArray(form.fields)) form.fields.forEach((field, i) => fieldNotes(field, `fields/${i}`, settings, notes));
  if (Array.isArray(form.steps))
    form.steps.forEach((step, s) => {
      if (isNode(step) && Array.isArray(step.fields))
        step.fields.forEach((field, i) => fieldNotes(field, `steps/${s}/fields/${i}`, settings, notes));
    });
  return notes;
}

/**
 * What a Hero block with "Show the current promotion" on shows instead of its own heading, text,
 * picture and buttons: the promotion's heading, when there is a current one; undefined otherwise.
 */
export function heroPromotionNote(props: unknown, currentPromotion: string | undefined): string | undefined {
  if (!isNode(props) || props.usePromotion !== true || currentPromotion === undefined) return undefined;
  return `While “Show the current promotion” is on, this banner shows the current banner promotion “${currentPromotion}” in place of its own heading, text, picture and buttons. Turn it off below to show what is set here, or change the promotion in the Offers & promotions tab.`;
}

/** The site's time zone when it sets none (the tenant schema's default). */
const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/**
 * The heading of the banner promotion a Hero block with "Show the current promotion" shows now (the
 * first current one, as the block picks it), from the site's banners (its own, else the template's).
 */
export function currentPromotionHeading(banners: unknown, timeZone: unknown, now: Date): string | undefined {
  if (!Array.isArray(banners)) return undefined;
  const zone = typeof timeZone === 'string' && timeZone ? timeZone : DEFAULT_TIME_ZONE;
  for (const banner of banners) {
    if (!isNode(banner)) continue;
    const dates = {
      ...(typeof banner.start === 'string' ? { start: banner.start } : {}),
      ...(typeof banner.expiry === 'string' ? { expiry: banner.expiry } : {}),
    };
    if (isCurrent(dates, now, zone)) return typeof banner.heading === 'string' ? banner.heading : 'untitled';
  }
  return undefined;
}
