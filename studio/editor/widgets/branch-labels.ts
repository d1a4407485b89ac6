/**
 * The words of a oneOf/anyOf chooser (issue 32): each alternative by its title, and one without a
 * title by what it is — its constant, the setting it requires, or its kind of value — never rjsf's
 * "Option 1". Pure (the alternatives come resolved), tested in branch-labels.test.ts.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** `email` -> `Email`, `serviceLocations` -> `Service locations`, `dealer-group` -> `Dealer group`. */
export function humanise(word: string): string {
  const spaced = word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : word;
}

/** A title at the start of a phrase ("With e-mail addresses"), keeping acronyms ("With ADF"). */
const inPhrase = (title: string) =>
  /^[A-Z][^A-Za-z\s]*[a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title;

const constantWords = (value: unknown): string | undefined => {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value ? humanise(value) : 'Empty';
  if (value === null) return 'Nothing';
  return undefined;
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'An e-mail address',
  uri: 'A web address',
  date: 'A date',
  'date-time': 'A date and time',
};

function kindWords(branch: Node): string | undefined {
  const type = Array.isArray(branch.type) ? branch.type[0] : branch.type;
  switch (type) {
    case 'array': {
      const itemTitle = isNode(branch.items) ? text(branch.items.title) : undefined;
      return itemTitle ? `A list of “${itemTitle}”` : 'A list';
    }
    case 'string':
      return (typeof branch.format === 'string' && FORMAT_WORDS[branch.format]) || 'Text';
    case 'number':
    case 'integer':
      return 'A number';
    case 'boolean':
      return 'On or off';
    case 'null':
      return 'Nothing';
    case 'object':
      return 'A group of settings';
    default:
      return undefined;
  }
}

/** A word for one alternative (already resolved) of `parent`'s oneOf/anyOf. */
export function branchLabel(branch: Node, index: number, parent: Node = {}): string {
  const title = text(branch.title);
  if (title) return title;
  if ('const' in branch) return constantWords(branch.const) ?? `Choice ${index + 1}`;
  if (Array.isArray(branch.enum) && branch.enum.length === 1) {
    const words = constantWords(branch.enum[0]);
    if (words) return words;
  }
  const properties = isNode(branch.properties) ? branch.properties : {};
  // A discriminator: a property with a constant, e.g. { type: { const: 'email' } }.
  for (const property of Object.values(properties)) {
    if (isNode(property) && 'const' in property) {
      const words = constantWords(property.const);
      if (words) return words;
    }
  }
  const parentProperties = isNode(parent.properties) ? parent.properties : {};
  const required = Array.isArray(branch.required) ? branch.required.filter((r) => typeof r === 'string') : [];
  if (required.length) {
    const names = required.map((name) => {
      const own = properties[name];
      const shared = parentProperties[name];
      return (
        (isNode(own) ? text(own.title) : undefined) ??
        (isNode(shared) ? text(shared.title) : undefined) ??
        humanise(name)
      );
    });
    return `With ${names.map(inPhrase).join(' and ')}`;
  }
  return kindWords(branch) ?? `Choice ${index + 1}`;
}

/** Words for every alternative, each different from the others ("Text", "Text (2)"). */
export function branchLabels(branches: readonly Node[], parent: Node = {}): string[] {
  const seen = new Map<string, number>();
  return branches.map((branch, index) => {
    const label = branchLabel(branch, index, parent);
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count > 1 ? `${label} (${count})` : label;
  });
}
