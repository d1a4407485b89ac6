/**
 * The header's New Vehicles dropdown (conversion §2.4 "New Vehicles (models dropdown)"): the site's
 * new models as links, grouped by make when the site shows more than one make. Pure.
 */

export interface MenuModel {
  name: string;
  slug: string;
  make: { name: string; slug: string };
}

export interface ModelsMenuGroup {
  /** The make's name; shown as the group's heading only when there are several groups. */
  make: string;
  links: { label: string; href: string }[];
}

/** Where the dropdown's closing 'All models' link leads when the menu item names no link. */
export const ALL_MODELS_PATH = '/models';

/**
 * The models in the order given (the catalogue order), one group per make in order of first
 * appearance, each linking to /models/{slug} (conversion §2.3 model pages). A model listed twice
 * (the same slug) is shown once.
 */
export function modelsMenu(models: readonly MenuModel[]): ModelsMenuGroup[] {
  const groups = new Map<string, ModelsMenuGroup>();
  const seen = new Set<string>();
  for (const model of models) {
    if (seen.has(model.slug)) continue;
    seen.add(model.slug);
    let group = groups.get(model.make.slug);
    if (!group) {
      group = { make: model.make.name, links: [] };
      groups.set(model.make.slug, group);
    }
    group.links.push({ label: model.name, href: `/models/${encodeURIComponent(model.slug)}` });
  }
  return [...groups.values()];
}
