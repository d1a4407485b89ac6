/**
 * json-source-map 0.6 ships no types. Only what engine/read-json.ts uses is declared: `parse`,
 * which returns the data and, per JSON pointer, where its key and value start and end.
 */
declare module 'json-source-map' {
  /** Zero-based place in the source; `column` counts a tab as four, `pos` is the character offset. */
  export interface SourceLocation {
    line: number;
    column: number;
    pos: number;
  }

  export interface PointerMapping {
    /** Present when the value is a property of an object (not an array item or the root). */
    key?: SourceLocation;
    keyEnd?: SourceLocation;
    value: SourceLocation;
    valueEnd: SourceLocation;
  }

  export interface ParseResult {
    data: unknown;
    /** JSON pointer (RFC 6901, '' for the root) -> mapping. */
    pointers: Record<string, PointerMapping>;
  }

  /** Throws a SyntaxError, as JSON.parse does, when the text is not JSON. */
  export function parse(source: string, reviver?: null, options?: { bigint?: boolean }): ParseResult;
}
