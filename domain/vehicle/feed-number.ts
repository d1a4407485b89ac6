/**
 * Numbers from the stock feed, which sends figures as numbers or numeric strings. Shared by the
 * vehicle rules that read feed figures (market averages, fuel consumption). Pure.
 */

/** A positive finite number from a feed value (numbers or numeric strings), else undefined. */
export function positiveNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
