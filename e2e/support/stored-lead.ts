import type { Selectable } from 'kysely';
import { openDatabase } from '../../services/db/database';
import type { LeadTable } from '../../services/db/schema';

/**
 * A lead as the server stored it, read from the database the server under test uses (DATABASE_URL:
 * the SQLite file of the main browser run, or the PostgreSQL database of the two-process run).
 */
export async function storedLead(id: number): Promise<Selectable<LeadTable> | undefined> {
  const db = openDatabase(process.env.DATABASE_URL ?? 'file:data/test/platform.db');
  try {
    return await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

/** storedLead that fails the test, naming the id, when there is no such lead. */
export async function mustHaveLead(id: number): Promise<Selectable<LeadTable>> {
  const lead = await storedLead(id);
  if (!lead) throw new Error(`lead ${id} is not in the database`);
  return lead;
}
