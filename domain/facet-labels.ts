/**
 * How a facet value reads on screen. Values stay as indexed (they go into URLs and filters);
 * only the text shoppers see changes, e.g. status in_stock reads 'In stock'.
 */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  in_stock: 'In stock',
  sold: 'Sold',
  coming_soon: 'Coming soon',
  others: 'Other',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function facetValueLabel(field: string, value: string): string {
  const key = value.trim().toLowerCase();
  if (field === 'certified') return key === 'true' ? 'Certified' : key === 'false' ? 'Not certified' : value;
  if (field === 'status') return STATUS_LABELS[key] ?? capitalise(value.replace(/_/g, ' '));
  if (field === 'car_type') return capitalise(value);
  return value;
}
