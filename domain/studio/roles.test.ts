import { describe, expect, it } from 'vitest';
import {
  accessFromGrants,
  canChangeAdminFields,
  canEditSite,
  canManageStaff,
  canReadAudit,
  grantsFor,
  isStaffRole,
  visibleSites,
  type StaffAccess,
} from './roles';

const admin: StaffAccess = { role: 'admin', groups: [], sites: [] };
const southernCross: StaffAccess = { role: 'group-editor', groups: ['southern-cross'], sites: [] };
const harbourCity: StaffAccess = { role: 'site-editor', groups: [], sites: ['harbour-city-mazda'] };

const sites = [
  { slug: 'harbour-city-mazda', dealershipGroup: null },
  { slug: 'southern-cross-motors', dealershipGroup: 'southern-cross' },
  { slug: 'southern-cross-used', dealershipGroup: 'southern-cross' },
  { slug: 'ridgeline-motorcycles' },
  { slug: 'northern-star-motors', dealershipGroup: 'northern-star' },
];

describe('Studio roles (issue 16: who may use it)', () => {
  it('lets an admin edit every site and manage staff', () => {
    expect(sites.every((site) => canEditSite(admin, site))).toBe(true);
    expect(visibleSites(admin, sites)).toEqual(sites);
    expect(canManageStaff(admin)).toBe(true);
  });

  it('lets only an admin read the audit log and change what a site owns (its group, domains, dealerships, destinations)', () => {
    expect([admin, southernCross, harbourCity].map(canReadAudit)).toEqual([true, false, false]);
    expect([admin, southernCross, harbourCity].map(canChangeAdminFields)).toEqual([true, false, false]);
  });

  it("lets a group-editor edit exactly the sites of their groups, never another group's or a site without a group", () => {
    expect(visibleSites(southernCross, sites).map((s) => s.slug)).toEqual([
      'southern-cross-motors',
      'southern-cross-used',
    ]);
    expect(canEditSite(southernCross, { slug: 'northern-star-motors', dealershipGroup: 'northern-star' })).toBe(false);
    expect(canEditSite(southernCross, { slug: 'harbour-city-mazda' })).toBe(false);
    expect(canManageStaff(southernCross)).toBe(false);
  });

  it('lets a site-editor edit the named sites only, whatever group they are in', () => {
    expect(visibleSites(harbourCity, sites).map((s) => s.slug)).toEqual(['harbour-city-mazda']);
    expect(canEditSite(harbourCity, { slug: 'southern-cross-motors', dealershipGroup: 'southern-cross' })).toBe(false);
    expect(canManageStaff(harbourCity)).toBe(false);
  });

  it('does not match a group by a site slug or a site by a group name', () => {
    const tricky: StaffAccess = { role: 'group-editor', groups: ['harbour-city-mazda'], sites: [] };
    expect(canEditSite(tricky, { slug: 'harbour-city-mazda', dealershipGroup: null })).toBe(false);
    const other: StaffAccess = { role: 'site-editor', groups: [], sites: ['southern-cross'] };
    expect(canEditSite(other, { slug: 'southern-cross-motors', dealershipGroup: 'southern-cross' })).toBe(false);
  });

  it('derives the role from the grants: the broadest one names it; no grant, no access', () => {
    expect(accessFromGrants([])).toBeUndefined();
    expect(accessFromGrants([{ role: 'admin' }])).toEqual(admin);
    expect(
      accessFromGrants([
        { role: 'group-editor', group: 'b' },
        { role: 'group-editor', group: 'a' },
        { role: 'group-editor', group: 'a' },
      ]),
    ).toEqual({ role: 'group-editor', groups: ['a', 'b'], sites: [] });
    expect(accessFromGrants([{ role: 'site-editor', site: 'x' }])).toEqual({
      role: 'site-editor',
      groups: [],
      sites: ['x'],
    });
  });

  it('knows the three roles', () => {
    expect(['admin', 'group-editor', 'site-editor'].every(isStaffRole)).toBe(true);
    expect(isStaffRole('owner')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('grantsFor (what `npm run studio -- add-user` checks)', () => {
  const known = { groups: ['southern-cross'], sites: ['harbour-city-mazda', 'southern-cross-motors'] };

  it('turns a valid request into grants', () => {
    expect(grantsFor({ role: 'admin', groups: [], sites: [] }, known)).toEqual({
      ok: true,
      grants: [{ role: 'admin' }],
    });
    expect(grantsFor({ role: 'group-editor', groups: ['southern-cross'], sites: [] }, known)).toEqual({
      ok: true,
      grants: [{ role: 'group-editor', group: 'southern-cross' }],
    });
    expect(
      grantsFor({ role: 'site-editor', groups: [], sites: ['harbour-city-mazda', 'harbour-city-mazda'] }, known),
    ).toEqual({ ok: true, grants: [{ role: 'site-editor', site: 'harbour-city-mazda' }] });
  });

  it('names the known groups and sites when one does not exist', () => {
    expect(grantsFor({ role: 'group-editor', groups: ['nope'], sites: [] }, known)).toEqual({
      ok: false,
      problems: ['unknown dealer group "nope"; known groups: southern-cross'],
    });
    expect(grantsFor({ role: 'site-editor', groups: [], sites: ['nope'] }, known)).toEqual({
      ok: false,
      problems: ['unknown site "nope"; known sites: harbour-city-mazda, southern-cross-motors'],
    });
  });

  it('refuses an unknown role, a role without its groups or sites, and grants a role does not use', () => {
    expect(grantsFor({ role: 'owner', groups: [], sites: [] }, known)).toEqual({
      ok: false,
      problems: ['unknown role "owner"; roles: admin, group-editor, site-editor'],
    });
    const missing = grantsFor({ role: 'group-editor', groups: [], sites: ['harbour-city-mazda'] }, known);
    expect(missing.ok ? [] : missing.problems).toEqual([
      'a group-editor needs at least one --group',
      'a group-editor edits whole groups: give --group, not --site',
    ]);
    const siteEditor = grantsFor({ role: 'site-editor', groups: [], sites: [] }, known);
    expect(siteEditor.ok ? [] : siteEditor.problems).toEqual(['a site-editor needs at least one --site']);
    const adminWithSite = grantsFor({ role: 'admin', groups: [], sites: ['harbour-city-mazda'] }, known);
    expect(adminWithSite.ok).toBe(false);
  });
});
