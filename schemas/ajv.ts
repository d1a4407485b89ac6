import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import tenantSchema from './tenant.schema.json';
import pageSchema from './page.schema.json';
import blocksSchema from './blocks.schema.json';
import filterSchema from './filter.schema.json';
import feedSchema from './feed.schema.json';
import formSchema from './form.schema.json';

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
  for (const schema of [tenantSchema, pageSchema, blocksSchema, filterSchema, feedSchema, formSchema])
    ajv.addSchema(schema);
  return ajv;
}

export interface Validators {
  /** A complete tenant document (tenant file merged with group and template), filling defaults. */
  tenant: ValidateFunction;
  /** One layer on its own (tenant file, group file, template defaults): nothing is required, nothing filled. */
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
    tenantLayer: plain.compile({ ...tenantSchema, $id: 'tenant-layer.schema.json', required: [] }),
    pages: plain.getSchema('page.schema.json') as ValidateFunction,
    feed: plain.getSchema('feed.schema.json') as ValidateFunction,
  };
  return validators;
}
