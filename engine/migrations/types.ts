export type JsonObject = Record<string, unknown>;

/** A pure step from one schemaVersion to the next. */
export interface Migration {
  from: number;
  name: string;
  up(doc: JsonObject): JsonObject;
}
