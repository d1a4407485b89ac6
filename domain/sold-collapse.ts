/**
 * spec: catalogue §4 sold handling in lists — a run of consecutive sold cars collapses to its
 * first car, unless every car is sold, in which case all are shown.
 */
export function collapseSold<T>(cars: readonly T[], isSold: (car: T) => boolean): T[] {
  const sold = cars.map(isSold);
  if (sold.every(Boolean)) return [...cars];
  return cars.filter((_, i) => !sold[i] || i === 0 || !sold[i - 1]);
}
