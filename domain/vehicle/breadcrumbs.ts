/**
 * The vehicle page's breadcrumbs (catalogue §2): search links for car type, make, model and body,
 * ending on the car's title. Pure.
 */
import { buildSearchUrl, emptySearchState, SEARCH_BASE_PATH, STOCK_TYPE_SLUGS } from '../search-url';
import { slugify } from '../slug';
import { vehicleTitle } from '../vehicle-title';

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface BreadcrumbCar {
  car_type?: string | null;
  make?: string | null;
  model?: string | null;
  simple_body?: string | null;
  year?: number | null;
  badge?: string | null;
  series?: string | null;
  name?: string | null;
}

const CAR_TYPE_LABELS: Readonly<Record<keyof typeof STOCK_TYPE_SLUGS, string>> = {
  used: 'Used Cars',
  demo: 'Demo Cars',
  new: 'New Cars',
};
const isCarType = (value: string): value is keyof typeof STOCK_TYPE_SLUGS => value in STOCK_TYPE_SLUGS;
const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * spec: catalogue §2 — Home, then car type, make, model and body links, ending on the current
 * title (no link). Links are conversion §2.2 search URLs built with buildSearchUrl: car type ->
 * /search/used-cars (demo-cars, new-cars), make -> /search/{make}, model -> /search/{make}/{model};
 * body -> /search/{body slug} (a facet-tile path). Missing parts are skipped; a model needs a make.
 * Labels: 'Used Cars' / 'Demo Cars' / 'New Cars', then the make, model and body as written.
 */
export function breadcrumbs(car: BreadcrumbCar, searchBase = SEARCH_BASE_PATH): Breadcrumb[] {
  const base = searchBase.replace(/\/+$/, '');
  const url = (refinements: Record<string, string[]>) => buildSearchUrl({ ...emptySearchState(), refinements }, base);
  const crumbs: Breadcrumb[] = [{ label: 'Home', href: '/' }];
  const carType = text(car.car_type).toLowerCase();
  if (isCarType(carType)) crumbs.push({ label: CAR_TYPE_LABELS[carType], href: url({ car_type: [carType] }) });
  const make = text(car.make);
  const model = text(car.model);
  if (make && slugify(make)) {
    crumbs.push({ label: make, href: url({ make: [make] }) });
    if (model && slugify(model)) crumbs.push({ label: model, href: url({ make: [make], model: [model] }) });
  }
  const body = text(car.simple_body);
  if (body && slugify(body)) crumbs.push({ label: body, href: `${base}/${slugify(body)}` });
  const title = vehicleTitle(car) || text(car.name);
  if (title) crumbs.push({ label: title });
  return crumbs;
}
