import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json';
import studioBundle from '../../schemas/studio.schema.json';
import { adminFieldChanges, adminOnlyFields, pointerOf, sameJson } from './admin-fields';

describe('the fields only an admin may change (issue 30)', () => {
  it('are, as the tenant schema marks them: the site id, its addresses, group, dealerships, lead and chat destinations and secrets', () => {
    const fields = adminOnlyFields(tenantSchema).map((field) => `${pointerOf(field.path)} ${field.title}`);
    expect(fields).toEqual([
      '/slug Site id',
      '/domains Web addresses',
      '/dealershipGroup Dealer group',
      '/dealerships Dealerships',
      '/leadDelivery Lead delivery',
      '/messaging/endpoint Chat service address',
      '/messaging/credentialEnv Chat service key (setting name)',
    ]);
    // The Studio's forms read the same marks from its bundle of the schemas.
    expect(adminOnlyFields(studioBundle).map((field) => pointerOf(field.path))).toEqual(
      adminOnlyFields(tenantSchema).map((field) => pointerOf(field.path)),
    );
  });

  it('names each field a document changes, and none it keeps (a missing field is its default)', () => {
    const fields = adminOnlyFields(tenantSchema);
    const before = {
      slug: 'harbour',
      domains: ['www.harbour.example'],
      dealerships: [2],
      messaging: { enabled: true },
    };
    expect(adminFieldChanges(fields, before, { ...before, name: 'Renamed' })).toEqual([]);
    expect(adminFieldChanges(fields, { slug: 'harbour' }, { slug: 'harbour', domains: [], leadDelivery: [] })).toEqual(
      [],
    );
    expect(
      adminFieldChanges(fields, before, {
        ...before,
        domains: ['www.harbour.example', 'southerncross.example'],
        dealerships: [1, 2],
        messaging: { enabled: true, endpoint: 'https://chat.example' },
      }).map((change) => [change.pointer, change.message]),
    ).toEqual([
      [
        '/domains',
        'only a platform admin can change “Web addresses”: put it back as it was, or ask an admin to change it',
      ],
      [
        '/dealerships',
        'only a platform admin can change “Dealerships”: put it back as it was, or ask an admin to change it',
      ],
      [
        '/messaging/endpoint',
        'only a platform admin can change “Chat service address”: put it back as it was, or ask an admin to change it',
      ],
    ]);
  });

  it('compares JSON values, not key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(pointerOf(['a/b', 'c~d'])).toBe('/a~1b/c~0d');
  });
});
