/** A block's or menu item's `when`: a switch name, '!name' for off, or a list that must all hold. */
export type SwitchCondition = string | string[] | undefined;

export function switchNames(when: SwitchCondition): string[] {
  if (when === undefined) return [];
  return (Array.isArray(when) ? when : [when]).map((name) => name.replace(/^!/, ''));
}

export function isSwitchedOn(when: SwitchCondition, features: Readonly<Record<string, boolean | undefined>>): boolean {
  if (when === undefined) return true;
  return (Array.isArray(when) ? when : [when]).every((name) =>
    name.startsWith('!') ? features[name.slice(1)] !== true : features[name] === true,
  );
}
