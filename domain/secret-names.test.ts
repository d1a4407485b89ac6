import { describe, expect, it } from 'vitest';
import formSchema from '../schemas/form.schema.json';
import tenantSchema from '../schemas/tenant.schema.json';
import { secretNamePattern, secretNamePrefix, secretNameRefusal } from './secret-names';

describe("a site's secret names (issue 30 M1, L3)", () => {
  it('are <KIND>_<SITE>__<NAME>, and the schemas say the same shape', () => {
    expect(secretNamePrefix('webhook', 'harbour-city-mazda')).toBe('LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__');
    expect(secretNamePrefix('chat', 'a1')).toBe('MESSAGING_A1__');
    const webhook = formSchema.definitions.destination.oneOf.find(
      (branch) => branch.properties.type.const === 'webhook',
    );
    expect(webhook && 'secretEnv' in webhook.properties ? webhook.properties.secretEnv?.pattern : undefined).toBe(
      secretNamePattern('webhook').source,
    );
    expect(tenantSchema.properties.messaging.properties.credentialEnv.pattern).toBe(secretNamePattern('chat').source);
  });

  it("refuse platform secrets and other sites' names, without saying whether a setting exists", () => {
    for (const name of [
      'AUTH_SECRET',
      'DATABASE_URL',
      'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__CRM',
      'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA_CRM',
      'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__',
      'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__crm',
      'MESSAGING_HARBOUR_CITY_MAZDA__CRM',
      `LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__${'X'.repeat(200)}`,
    ]) {
      const refusal = secretNameRefusal('webhook', name, 'harbour-city-mazda');
      expect(refusal, name).toMatch(
        /^A webhook’s signing secret must be a server setting named LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__ /,
      );
      expect(refusal).not.toMatch(/not set|exists|missing/);
    }
    expect(secretNameRefusal('webhook', 'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__CRM', 'harbour-city-mazda')).toBeUndefined();
    expect(
      secretNameRefusal('webhook', 'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__CRM_2', 'harbour-city-mazda'),
    ).toBeUndefined();
  });

  it('never let one site reach another through a longer or shorter id (the first __ ends the site)', () => {
    const sites = ['southern-cross', 'southern-cross-motors', 'southern', 'cross-motors'];
    for (const owner of sites)
      for (const other of sites) {
        const name = `${secretNamePrefix('chat', owner)}KEY`;
        expect(secretNameRefusal('chat', name, other) === undefined, `${name} for ${other}`).toBe(owner === other);
      }
    // A name that puts the separator inside another site's id is still only the shorter site's.
    expect(secretNameRefusal('chat', 'MESSAGING_SOUTHERN_CROSS__MOTORS_KEY', 'southern-cross-motors')).toBeDefined();
  });
});
