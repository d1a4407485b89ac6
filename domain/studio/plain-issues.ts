/**
 * The validator's messages in a site editor's words (issue 32: "no schema type names, JSON pointers
 * or raw JSON anywhere a site editor looks"). The server's checks speak the CLI's language, for the
 * people who edit tenant files (`npm run validate`): `missing required key "title" (…)`, `expected
 * A colour as #rrggbb., found text "#12345"`. The Studio names the field itself (change-story.ts,
 * fieldName) and shows the message beside it, so the message only says what is wrong and how to fix
 * it. The JSON tab keeps the CLI's messages and pointers.
 */

export interface Issue {
  pointer: string;
  message: string;
}

/** JSON's type names as a person says them. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'on or off',
  array: 'a list',
  object: 'a group of settings',
  null: 'empty',
};

/** JSON Schema's formats as a person says them. */
const FORMAT_WORDS: Record<string, string> = {
  uri: 'a full web address, starting with https://',
  email: 'an e-mail address',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time',
  time: 'a time',
};

const typeWords = (types: string): string =>
  types
    .split(',')
    .map((t) => TYPE_WORDS[t.trim()] ?? t.trim())
    .join(' or ');

/** `text "#12345"`, `number 5`, `a list (…)`, `nothing` as the validator describes a value → how it reads in a sentence. */
function foundWords(found: string): string {
  const text = /^text "(.*)$/s.exec(found);
  if (text) {
    // JSON as the validator quotes it; a long value is cut with "..." and has no closing quote.
    const raw = text[1] ?? '';
    const value = (raw.endsWith('"') ? raw.slice(0, -1) : raw.replace(/\.\.\.$/, '…')).replace(/\\(["\\])/g, '$1');
    return value === '' ? 'it is empty' : `it is now “${value}”`;
  }
  const scalar = /^(?:number|boolean) (.*)$/.exec(found);
  if (scalar) return `it is now ${scalar[1]}`;
  if (found === 'nothing' || found === 'null') return 'it is empty';
  if (found.startsWith('a list')) return 'it is a list';
  if (found.startsWith('an object')) return 'it is a group of settings';
  return `it is now ${found}`;
}

/** A description used as "what is expected" ("A colour as #rrggbb.") inside a sentence. */
function expectation(text: string): string {
  const trimmed = text.trim().replace(/\.$/, '');
  // A sentence starting with a capital (not an acronym or a code) continues in lower case.
  return /^[A-Z](?![A-Z0-9])/.test(trimmed) ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1) : trimmed;
}

const quoteList = (list: string): string => list.replace(/"([^"]*)"/g, '“$1”');

const sentence = (text: string): string => {
  const body = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.?!]$/.test(body) ? body : `${body}.`;
};

/** One issue in the Studio's words: a missing key points at its field, and the message is a plain sentence. */
export function plainIssue(issue: Issue): Issue {
  const { pointer, message } = issue;
  const missing = /^missing required key "([^"]+)"/.exec(message);
  if (missing) {
    const key = (missing[1] ?? '').replace(/~/g, '~0').replace(/\//g, '~1');
    return { pointer: `${pointer}/${key}`, message: 'This is required: fill it in.' };
  }
  const expected = /^expected (.+?), found (.+?)(; did you mean "([^"]*)"\?)?$/s.exec(message);
  if (expected) {
    const want = expected[1] ?? '';
    const found = expected[2] ?? '';
    const suggestion = expected[4];
    let what: string;
    if (want.startsWith('one of ')) what = `one of ${quoteList(want.slice('one of '.length))}`;
    else if (/^[a-z]+(,[a-z]+)*$/.test(want) && want.split(',').every((t) => t in TYPE_WORDS)) what = typeWords(want);
    else if (want.startsWith('a valid ')) what = FORMAT_WORDS[want.slice('a valid '.length)] ?? want;
    else if (want.startsWith('text matching ')) what = 'written in the form its help describes';
    else if (want.startsWith('"') || /^-?\d/.test(want)) what = quoteList(want);
    else what = expectation(want);
    const hint = suggestion !== undefined ? ` Did you mean “${suggestion}”?` : '';
    return { pointer, message: `${sentence(`This should be ${what}; ${foundWords(found)}`)}${hint}` };
  }
  const unknown = /^unknown key "([^"]+)"(?:; did you mean "([^"]+)"\?|; expected one of: .*)?$/.exec(message);
  if (unknown) {
    const hint = unknown[2] ? ` Did you mean “${unknown[2]}”?` : '';
    return { pointer, message: `“${unknown[1]}” is not a setting here: remove it in the JSON tab.${hint}` };
  }
  const ajv = plainAjv(message.replace(/, found .*$/s, ''));
  return ajv ? { pointer, message: ajv } : issue;
}

/** ajv's own wording (`must NOT have fewer than 1 characters`), for the keywords the validator passes through. */
function plainAjv(text: string): string | undefined {
  let m = /^must NOT have fewer than (\d+) characters$/.exec(text);
  if (m) return m[1] === '1' ? 'This is required: fill it in.' : `Use at least ${m[1]} characters.`;
  m = /^must NOT have more than (\d+) characters$/.exec(text);
  if (m) return `Use at most ${m[1]} characters.`;
  m = /^must NOT have fewer than (\d+) items$/.exec(text);
  if (m) return m[1] === '1' ? 'Add at least one.' : `Add at least ${m[1]}.`;
  m = /^must NOT have more than (\d+) items$/.exec(text);
  if (m) return `Keep at most ${m[1]}.`;
  m = /^must be (>=|<=|>|<) (-?[\d.]+)$/.exec(text);
  if (m) {
    const words = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' } as const;
    return `This should be ${words[m[1] as keyof typeof words]} ${m[2]}.`;
  }
  m = /^must be multiple of (-?[\d.]+)$/.exec(text);
  if (m) return `This should be a multiple of ${m[1]}.`;
  if (/^must NOT have duplicate items/.test(text)) return 'Each entry must be different: remove the repeated one.';
  return undefined;
}

/** A value that fits none of a schema's alternatives, when the schema does not say what they are. */
const NO_ALTERNATIVE = /^expected one of the allowed forms, found /;

/**
 * Every issue in the Studio's words, in the same order. "Fits none of the allowed forms" about a
 * value with a more precise problem inside it (a new block's missing text makes its whole page fit
 * no page form) is left out: the precise one says what to do.
 */
export function plainIssues<T extends Issue>(issues: readonly T[]): T[] {
  // Filtered by the pointers as the editor shows them: a page's missing title is at its title field.
  const plain = issues.map((issue) => ({ issue, shown: { ...issue, ...plainIssue(issue) } }));
  return plain
    .filter(
      ({ issue, shown }) =>
        !NO_ALTERNATIVE.test(issue.message) ||
        !plain.some((other) => other.issue !== issue && other.shown.pointer.startsWith(`${shown.pointer}/`)),
    )
    .map(({ shown }) => shown);
}
