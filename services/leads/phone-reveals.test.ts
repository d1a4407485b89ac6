import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { phoneRevealsFor, recordPhoneReveal } from './phone-reveals';

// spec: catalogue §7 — lead record on phone reveal: car_id, dealership_id, website_id.
describe('phone reveal leads', () => {
  it('records one lead per reveal', async () => {
    const db = openDatabase('file::memory:');
    await migrateToLatest(db);
    const at = new Date('2026-11-22T00:00:00Z');
    const id = await recordPhoneReveal(db, { carId: 7, dealershipId: 2, websiteId: 'demo-site', userAgent: 'x'.repeat(500) }, at);
    expect(id).toBeGreaterThan(0);
    await recordPhoneReveal(db, { carId: 7, dealershipId: 2, websiteId: 'demo-site' }, at);
    expect(await phoneRevealsFor(db, 7)).toBe(2);
    const row = await db.selectFrom('phone_reveals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ car_id: 7, dealership_id: 2, website_id: 'demo-site', created_at: at.toISOString() });
    expect(row.user_agent).toHaveLength(300);
    await db.destroy();
  });
});
