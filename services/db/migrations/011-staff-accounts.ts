import { autoIdType, autoId, isPostgres } from '../dialect';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 (Tenant Studio): staff accounts, apart from shoppers' (acct_<scope>_* tables). The five
 * staff_* tables are the ones better-auth expects for services/staff-auth (same columns, in the
 * platform's snake_case through its field names; a test checks the library finds nothing to add),
 * created here so they exist before the first sign-in and change only through a migration.
 * staff_grants says what each staff member may edit: one row per grant, `admin` (no group or site),
 * `group-editor` of a dealer group, or `site-editor` of a site.
 *
 * better-auth reads and writes these with its own per-database conventions, so their types follow
 * its schema for each database: a boolean is INTEGER 0/1 on SQLite and `boolean` on PostgreSQL, a
 * date is DATE on SQLite and `timestamptz` on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bool = isPostgres(db) ? 'boolean' : 'integer';
  const date = isPostgres(db) ? 'timestamptz' : 'date';
  await db.schema
    .createTable('staff_user')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('expires_at', date, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('staff_session_user_id_idx').on('staff_session').column('user_id').execute();
  await db.schema
    .createTable('staff_account')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', 'date')
    .addColumn('refresh_token_expires_at', 'date')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_account_user_id_idx').on('staff_account').column('user_id').execute();
  await db.schema
    .createTable('staff_verification')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', date, (c) => c.notNull())
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_verification_identifier_idx')
    .on('staff_verification')
    .column('identifier')
    .execute();
  await db.schema
    .createTable('staff_rate_limit')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_request', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_grants')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('dealership_group', 'text')
    .addColumn('site', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'staff_grants_shape',
      sql`(role = 'admin' and dealership_group is null and site is null)
        or (role = 'group-editor' and dealership_group is not null and site is null)
        or (role = 'site-editor' and site is not null and dealership_group is null)`,
    )
    .execute();
  await sql`create unique index staff_grants_once on staff_grants (user_id, role, coalesce(dealership_group, ''), coalesce(site, ''))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['staff_grants', 'staff_rate_limit', 'staff_verification', 'staff_account', 'staff_session'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable('staff_user').execute();
}
