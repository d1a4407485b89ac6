/**
 * The tenant's used-car disclaimer (pricing.usedCarDisclaimer): shown for used cars only, short with
 * a toggle to the full text (spec: catalogue §4 "The used-cars disclaimer on a search card toggles
 * between short and full text"); the vehicle page shows it the same way (issue 20). Pure.
 */

/** How much of the disclaimer the collapsed toggle shows: about one line of a stock card. */
export const USED_CAR_DISCLAIMER_SHORT = 80;

export interface UsedCarDisclaimerText {
  full: string;
  /** The collapsed text ending in an ellipsis, or undefined when the full text is short enough to show as it is. */
  short?: string;
}

/** The disclaimer to show for a car of `carType`, or undefined (not a used car, or no text). */
export function usedCarDisclaimer(
  carType: string | null | undefined,
  text: string | null | undefined,
): UsedCarDisclaimerText | undefined {
  const full = text?.trim();
  if (carType !== 'used' || !full) return undefined;
  if (full.length <= USED_CAR_DISCLAIMER_SHORT) return { full };
  return { full, short: `${full.slice(0, USED_CAR_DISCLAIMER_SHORT).trimEnd()}…` };
}
