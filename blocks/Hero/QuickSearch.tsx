import type { ResolvedTenant } from '../../schemas/types.generated';
import { DEFAULT_PRICE_BANDS, priceBandLabel, priceBandValue, type QuickSearchField } from '../../domain/quick-search';
import { facetValueLabel } from '../../domain/facet-labels';
import { getSearchService } from '../../services/search';
import { loadQuickSearch, type QuickSearchOptions } from '../../services/search/search-page';
import { QuickSearchForm } from './QuickSearch.client';
import type { QuickSearchChoice } from './QuickSearch.client';

const LABELS: Readonly<Record<QuickSearchField, string>> = {
  car_type: 'Condition',
  make: 'Make',
  model: 'Model',
  body: 'Body type',
  price: 'Price',
};
const ANY: Readonly<Record<QuickSearchField, string>> = {
  car_type: 'Any condition',
  make: 'Any make',
  model: 'Any model',
  body: 'Any body type',
  price: 'Any price',
};

/** The select's options for one field (models are grouped by make and filtered in the browser). */
export function quickSearchChoices(
  fields: readonly QuickSearchField[],
  options: QuickSearchOptions,
  currency: string,
): QuickSearchChoice[] {
  return fields.flatMap((field): QuickSearchChoice[] => {
    const base = { field, label: LABELS[field], any: ANY[field] };
    if (field === 'price')
      return [
        {
          ...base,
          options: DEFAULT_PRICE_BANDS.map((b) => ({ value: priceBandValue(b), label: priceBandLabel(b, currency) })),
        },
      ];
    if (field === 'model') {
      const groups = Object.entries(options.models).map(([make, models]) => ({
        make,
        options: models.map((m) => ({ value: m.value, label: m.value })),
      }));
      return groups.length ? [{ ...base, options: [], groups }] : [];
    }
    const values = field === 'car_type' ? options.carTypes : field === 'make' ? options.makes : options.bodies;
    const facet = field === 'body' ? 'simple_body' : field;
    // A choice with one value (or none) narrows nothing.
    if (values.length < 2) return [];
    return [{ ...base, options: values.map((v) => ({ value: v.value, label: facetValueLabel(facet, v.value) })) }];
  });
}

/**
 * The hero's quick search (catalogue §2 'Show Me N cars'). The count for the empty form is
 * rendered here, so the home page stays cacheable and the button is right without script; the
 * browser refreshes it as choices change. If the stock cannot be read the hero shows no form.
 */
export async function QuickSearch({
  tenant,
  fields,
  now,
}: {
  tenant: ResolvedTenant;
  fields: readonly QuickSearchField[];
  now: Date;
}) {
  let options: QuickSearchOptions;
  try {
    options = await loadQuickSearch(await getSearchService(), tenant, now);
  } catch (error) {
    console.error('quick search: loading the stock choices failed', error);
    return null;
  }
  const choices = quickSearchChoices(fields, options, tenant.locale.currency);
  return <QuickSearchForm choices={choices} initialCount={options.count} vehicleWord={tenant.vehicleWord} />;
}
