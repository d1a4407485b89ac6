/**
 * A record's own value for a key that came from outside (a URL, a form post), or undefined. A plain
 * `record[key]` answers inherited members for keys such as "constructor" or "__proto__", which
 * turned `?type=constructor` into a server error (issue 14).
 */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string | null | undefined,
): T | undefined {
  if (!record || key == null || !Object.hasOwn(record, key)) return undefined;
  return record[key];
}
