import { describe, expect, it } from 'vitest';
import {
  type Actor,
  canCreateIn,
  canManageUsers,
  canPutOnMenu,
  canReadRecipe,
  canUseOven,
  canWriteRecipe,
} from './permissions';

const cook: Actor = { id: 1, role: 'other' };
const admin: Actor = { id: 9, role: 'admin' };
const library = { ownerId: null };
const mine = { ownerId: 1 };
const theirs = { ownerId: 2 };

describe('permissions', () => {
  it('a kitchen reads its recipes and the library, not another kitchen’s; admins read all', () => {
    expect([canReadRecipe(cook, mine), canReadRecipe(cook, library), canReadRecipe(cook, theirs)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(canReadRecipe(admin, theirs)).toBe(true);
  });

  it('only the owner changes a recipe, and only admins the library', () => {
    expect([
      canWriteRecipe(cook, mine),
      canWriteRecipe(cook, library),
      canWriteRecipe(admin, library),
    ]).toEqual([true, false, true]);
    expect(canWriteRecipe(admin, theirs)).toBe(false);
  });

  it('a menu opens the kitchen’s own recipes and the library’s, never another kitchen’s (admins neither)', () => {
    expect([canPutOnMenu(cook, mine), canPutOnMenu(cook, library), canPutOnMenu(cook, theirs)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(canPutOnMenu(admin, theirs)).toBe(false);
  });

  it('an oven and its menu are its kitchen’s alone: admins manage users, not other kitchens’ ovens', () => {
    expect(canUseOven(cook, { ownerId: 1 })).toBe(true);
    expect(canUseOven(cook, { ownerId: 2 })).toBe(false);
    expect(canUseOven(admin, { ownerId: 2 })).toBe(false);
  });

  it('the library takes additions from admins only; user management is admins’', () => {
    expect([
      canCreateIn(cook, 'community'),
      canCreateIn(cook, 'provider'),
      canCreateIn(admin, 'provider'),
    ]).toEqual([true, false, true]);
    expect([canManageUsers(cook), canManageUsers(admin), canManageUsers(null)]).toEqual([false, true, false]);
  });
});
