import { readFileSync } from 'node:fs';
import type { ValidationIssue } from '../schemas/validation-messages';

export type ReadResult = { ok: true; value: unknown } | { ok: false; issue: ValidationIssue };

/** Position of a JSON.parse error as "line L, column C" (Node's message gives an offset or a line). */
function locate(text: string, message: string): string {
  const line = /line (\d+) column (\d+)/.exec(message);
  if (line) return `line ${line[1]}, column ${line[2]}`;
  const position = /position (\d+)/.exec(message);
  if (!position && !/end of JSON input/.test(message)) return 'an unknown place';
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Reads a JSON file; a missing file or broken JSON becomes an issue naming the file and place. */
export function readJsonFile(path: string, label = path): ReadResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return {
      ok: false,
      issue: {
        file: label,
        pointer: '',
        message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      issue: {
        file: label,
        pointer: '',
        message: `is not valid JSON at ${locate(text, message)}: ${message.replace(/ in JSON at.*$/, '')}`,
      },
    };
  }
}
