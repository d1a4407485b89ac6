/** Reads JSON files; the parsing itself is schemas/json-text.ts, shared with text from elsewhere. */
import { readFileSync } from 'node:fs';
import { parseJsonText, type ReadResult } from '../schemas/json-text';

export { parseJsonText, type ReadResult } from '../schemas/json-text';

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
  return parseJsonText(text, label);
}
