/**
 * JSON text read from anywhere (a tenant file, a document stored in the database, a pulled stock
 * feed): its value, or where and why it is not JSON, and the place of any pointer in it as written.
 */
import { parse as parseWithPointers, type PointerMapping } from 'json-source-map';
import type { LocatePointer, ValidationIssue } from './validation-messages';

export type ReadResult =
  | {
      ok: true;
      value: unknown;
      /** Line and column of a pointer's value in the file as written (for issues about it). */
      locate: LocatePointer;
    }
  | { ok: false; issue: ValidationIssue };

interface Place {
  line: number;
  column: number;
}

/** 1-based line and column of a character offset; a tab is one column, as editors count it. */
function placeAt(text: string, offset: number): Place {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1 };
}

/** Text longer than this is not parsed a second time just to place a syntax error. */
const LOCATE_SYNTAX_ERROR_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Position of a JSON.parse error: V8's message gives an offset (or a line and column) for most
 * errors, but none for an unexpected token; then the text is parsed again with json-source-map,
 * which does, unless it is too large for that (a pulled feed can be 100 MB).
 */
function errorPlace(text: string, message: string): Place | undefined {
  const line = /line (\d+) column (\d+)/.exec(message);
  if (line) return { line: Number(line[1]), column: Number(line[2]) };
  const position = /position (\d+)/.exec(message);
  if (position || /end of JSON input/.test(message)) return placeAt(text, position ? Number(position[1]) : text.length);
  if (text.length > LOCATE_SYNTAX_ERROR_MAX_BYTES) return undefined;
  try {
    parseWithPointers(text);
  } catch (error) {
    const found = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    if (found) return placeAt(text, Number(found[1]));
  }
  return undefined;
}

/**
 * Finds pointers in the text of a file JSON.parse has already read. The map of every value's place
 * is built on the first question only: valid files, the usual case, never pay for it, and a
 * 20,000-car feed is not held twice in memory unless something in it is wrong. The values
 * themselves always come from JSON.parse (json-source-map would give a "__proto__" key a meaning).
 */
function pointerLocator(text: string): LocatePointer {
  let pointers: Record<string, PointerMapping> | null | undefined;
  return (pointer) => {
    if (pointers === undefined) {
      try {
        pointers = parseWithPointers(text).pointers;
      } catch {
        pointers = null;
      }
    }
    const start = pointers && Object.hasOwn(pointers, pointer) ? pointers[pointer]?.value : undefined;
    if (!start) return undefined;
    // json-source-map counts a tab as four columns; editors count characters, so the column comes from the offset.
    return { line: start.line + 1, column: start.pos - (text.lastIndexOf('\n', start.pos - 1) + 1) + 1 };
  };
}

/**
 * Parses JSON text read from anywhere (a file, a document stored in the database); broken JSON
 * becomes an issue naming `label` and the place, exactly as for a file.
 */
export function parseJsonText(text: string, label: string): ReadResult {
  try {
    return { ok: true, value: JSON.parse(text), locate: pointerLocator(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const place = errorPlace(text, message);
    return {
      ok: false,
      issue: {
        file: label,
        pointer: '',
        message: `is not valid JSON at ${place ? `line ${place.line}, column ${place.column}` : 'an unknown place'}: ${message.replace(/ in JSON at.*$/, '')}`,
        ...place,
      },
    };
  }
}
