/**
 * What the Studio's editor (issue 16) passes between its parts. Client-safe: no server imports.
 */

/** A JSON object: a tenant document, a page, a block's props. */
export type JsonObject = Record<string, unknown>;

/** A JSON Schema node (schemas/studio.schema.json and the pieces cut from it). */
export type SchemaNode = Record<string, unknown>;

/**
 * One validation issue, as the server's checks report it (the same messages as `npm run
 * validate`): a JSON pointer into the tenant document, the message, and where the stored text has it.
 */
export interface EditorIssue {
  pointer: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** A page as a tenant document writes it (page.schema.json#/definitions/page). */
export interface PageDoc extends JsonObject {
  title?: string;
  description?: string;
  /** Its declared kind (page.schema.json); left out, the page takes one from its blocks. */
  kind?: string;
  blocks?: BlockDoc[];
}

/** One block of a page (blocks.schema.json). */
export interface BlockDoc extends JsonObject {
  type: string;
  id?: string;
  when?: string | string[];
  props?: JsonObject;
}

/** One entry of the block type picker: from the block's schema.json root title, description and x-category. */
export interface BlockType {
  type: string;
  title: string;
  description: string;
  category: string;
}
