/** A block's or menu item's `when`: a switch name, '!name' for off, or a list that must all hold. */
export type SwitchCondition = string | string[] | undefined;

export function switchNames(when: SwitchCondition): string[] {
  if (when === undefined) return [];
  return (Array.isArray(when) ? when : [when]).map((name) => name.replace(/^!/, ''));
}

/** `features` is the tenant's resolved switch object (every switch present, filled from defaults). */
export function isSwitchedOn(when: SwitchCondition, features: object): boolean {
  if (when === undefined) return true;
  const on = features as Readonly<Record<string, unknown>>;
  return (Array.isArray(when) ? when : [when]).every((name) =>
    name.startsWith('!') ? on[name.slice(1)] !== true : on[name] === true,
  );
}
