import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import tenantSchema from './tenant.schema.json';
import pageSchema from './page.schema.json';
import blocksSchema from './blocks.schema.json';
import filterSchema from './filter.schema.json';
import feedSchema from './feed.schema.json';
import formSchema from './form.schema.json';
import tenantLayerSchema from './tenant-layer.schema.json';
import { ADMIN_ONLY_KEYWORD } from '../domain/studio/admin-fields';
import { STUDIO_KEYWORD } from '../domain/studio/advanced-fields';
import { ENUM_LABELS_KEYWORD, UNSET_LABEL_KEYWORD } from '../domain/studio/enum-labels';
import { ASPECT_KEYWORD } from '../domain/studio/picture-crop';

/**
 * A block's facts and Studio palette group, declared at the root of its schema.json
 * (scripts/gen/block-schemas.ts checks them). They say things about the block, not about the
 * JSON it is given, so they are annotations: strict mode accepts them and validation ignores them.
 */
export const BLOCK_FACT_KEYWORDS = [
  'x-category',
  'x-reads-request',
  'x-query-only',
  'x-form-props',
  'x-metadata',
  'x-page-kinds',
] as const;

/**
 * One ajv instance holding every platform schema, compiled once per process. `defaults` fills
 * schema defaults into the document it validates (the lowest layer of the resolution order).
 */
function createAjv(useDefaults: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    discriminator: true,
    useDefaults,
    allowUnionTypes: true,
    verbose: true,
  });
  addFormats(ajv);
  // x-admin-only, x-studio (basic or advanced setting), x-enum-labels (choices in words) and
  // x-unset-label (what a choice left empty does) are for the Studio's forms: annotations too, as is
  // x-aspect (the shape an image field shows its picture in, which the Studio's crop offers first).
  ajv.addVocabulary([
    ...BLOCK_FACT_KEYWORDS,
    ADMIN_ONLY_KEYWORD,
    STUDIO_KEYWORD,
    ENUM_LABELS_KEYWORD,
    UNSET_LABEL_KEYWORD,
    ASPECT_KEYWORD,
  ]);
  for (const schema of [tenantSchema, pageSchema, blocksSchema, filterSchema, feedSchema, formSchema])
    ajv.addSchema(schema);
  return ajv;
}

export interface Validators {
  /** A complete tenant document (tenant file merged with group and template), filling defaults. */
  tenant: ValidateFunction;
  /**
   * One layer on its own (tenant file after migration, group file, template defaults and forms),
   * with the generated schemas/tenant-layer.schema.json that layer files name in `$schema`: only
   * schemaVersion is required (migration always sets it), nothing is filled.
   */
  tenantLayer: ValidateFunction;
  /** A template's pages document. */
  pages: ValidateFunction;
  /** A stock import document. */
  feed: ValidateFunction;
}

let validators: Validators | undefined;

export function getValidators(): Validators {
  if (validators) return validators;
  const filling = createAjv(true);
  const plain = createAjv(false);
  validators = {
    tenant: filling.getSchema('tenant.schema.json') as ValidateFunction,
    tenantLayer: plain.compile(tenantLayerSchema),
    pages: plain.getSchema('page.schema.json') as ValidateFunction,
    feed: plain.getSchema('feed.schema.json') as ValidateFunction,
  };
  return validators;
}
