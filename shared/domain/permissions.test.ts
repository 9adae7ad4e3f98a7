import { describe, expect, it } from 'vitest';
import { englishOf } from '../i18n/english';
import {
  type Actor,
  can,
  canChangeMember,
  canCreateIn,
  canManageUsers,
  canPutOnMenu,
  canReadRecipe,
  canUseOven,
  canWriteRecipe,
  limitedToLocations,
  refusalFor,
  rolesGrantableBy,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type TeamRole,
} from './permissions';

const member = (role: TeamRole, location_ids: number[] = []): Actor => ({
  id: 1,
  role: 'other',
  team: { id: 10, name: 'Harbour Pizza', role, location_ids },
});
const cook = member('owner');
const admin: Actor = {
  id: 9,
  role: 'admin',
  team: { id: 90, name: 'Provider', role: 'owner', location_ids: [] },
};
const nobody: Actor = { id: 3, role: 'other', team: null };
const library = { teamId: null };
const ours = { teamId: 10 };
const theirs = { teamId: 20 };

describe('permissions', () => {
  it('a team reads its recipes and the library, not another team’s; admins read all', () => {
    expect([canReadRecipe(cook, ours), canReadRecipe(cook, library), canReadRecipe(cook, theirs)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(canReadRecipe(admin, theirs)).toBe(true);
    expect(canReadRecipe(nobody, library)).toBe(true);
  });

  it('owners and managers change the team’s recipes, store managers and crew do not; admins the library', () => {
    expect(
      ['owner', 'manager', 'store', 'crew'].map((r) => canWriteRecipe(member(r as TeamRole), ours)),
    ).toEqual([true, true, false, false]);
    expect(canWriteRecipe(cook, theirs)).toBe(false);
    expect(canWriteRecipe(cook, library)).toBe(false);
    expect(canWriteRecipe(admin, library)).toBe(true);
  });

  it('crew read menus, not the recipe book', () => {
    expect(canReadRecipe(member('store'), ours)).toBe(true);
    expect(canReadRecipe(member('crew'), ours)).toBe(false);
  });

  it('adds to My Recipes when the role writes recipes, to the library only as an admin', () => {
    expect(canCreateIn(cook, 'community')).toBe(true);
    expect(canCreateIn(member('store'), 'community')).toBe(false);
    expect(canCreateIn(nobody, 'community')).toBe(false);
    expect(canCreateIn(cook, 'provider')).toBe(false);
    expect(canCreateIn(admin, 'provider')).toBe(true);
  });

  it('a menu takes the team’s recipes and the library’s, not another team’s', () => {
    expect([canPutOnMenu(cook, ours), canPutOnMenu(cook, library), canPutOnMenu(cook, theirs)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('store managers and crew reach the ovens of their locations only; others the whole team’s', () => {
    const inStore = { teamId: 10, locationId: 5 };
    const elsewhere = { teamId: 10, locationId: 6 };
    const nowhere = { teamId: 10, locationId: null };
    expect([canUseOven(cook, inStore), canUseOven(cook, elsewhere), canUseOven(cook, nowhere)]).toEqual([
      true,
      true,
      true,
    ]);
    const store = member('store', [5]);
    expect([canUseOven(store, inStore), canUseOven(store, elsewhere), canUseOven(store, nowhere)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(canUseOven(cook, { teamId: 20, locationId: null })).toBe(false);
    expect(canUseOven(nobody, inStore)).toBe(false);
  });

  it('each role takes the actions of its row in the table, and nobody in no team takes any', () => {
    expect(can(member('crew'), 'settings.download')).toBe(true);
    expect(can(member('crew'), 'menus.edit')).toBe(false);
    expect(can(member('store'), 'menus.edit')).toBe(true);
    expect(can(member('store'), 'ovens.import')).toBe(true);
    expect(can(member('store'), 'ovens.manage')).toBe(false);
    expect(can(member('store'), 'templates.manage')).toBe(false);
    expect(can(member('manager'), 'team.members')).toBe(true);
    expect(can(member('manager'), 'team.manage')).toBe(false);
    expect(can(cook, 'team.manage')).toBe(true);
    expect(can(nobody, 'ovens.read')).toBe(false);
  });

  it('a refusal names the role and the team', () => {
    expect(englishOf(refusalFor(member('crew'), 'menus.edit'))).toBe(
      'As crew of Harbour Pizza you may not do this (it is for: Owner, Manager, Store manager).',
    );
    expect(englishOf(refusalFor(nobody, 'menus.edit'))).toMatch(/^You are in no team yet/);
  });

  it('ranks the roles highest first, and limits to locations exactly the roles that grant none', () => {
    expect(TEAM_ROLES).toEqual(['owner', 'manager', 'store', 'crew']);
    expect(TEAM_ROLES.filter(limitedToLocations)).toEqual(['store', 'crew']);
    expect(TEAM_ROLES.map((r) => TEAM_ROLE_LABELS[r])).toEqual(['Owner', 'Manager', 'Store manager', 'Crew']);
  });

  it('an owner hands out any role, a manager store managers and crew, the others none', () => {
    expect(rolesGrantableBy('owner')).toEqual(['owner', 'manager', 'store', 'crew']);
    expect(rolesGrantableBy('manager')).toEqual(['store', 'crew']);
    expect(rolesGrantableBy('store')).toEqual([]);
  });

  it('nobody changes their own role; a manager changes store managers and crew only, to those roles', () => {
    const me = { userId: 1, role: 'owner' as TeamRole };
    expect(canChangeMember(me, me, 'manager')).toBe(false);
    expect(canChangeMember(me, me, null)).toBe(true);
    expect(canChangeMember(me, { userId: 2, role: 'manager' }, 'owner')).toBe(true);
    const manager = { userId: 2, role: 'manager' as TeamRole };
    expect(canChangeMember(manager, { userId: 3, role: 'store' }, 'crew')).toBe(true);
    expect(canChangeMember(manager, { userId: 3, role: 'store' }, 'manager')).toBe(false);
    expect(canChangeMember(manager, { userId: 1, role: 'owner' }, null)).toBe(false);
    expect(canChangeMember({ userId: 4, role: 'store' }, { userId: 5, role: 'crew' }, null)).toBe(false);
  });

  it('only admins manage users', () => {
    expect(canManageUsers(admin)).toBe(true);
    expect(canManageUsers(cook)).toBe(false);
    expect(canManageUsers(null)).toBe(false);
  });
});
