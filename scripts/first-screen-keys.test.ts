import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../shared/i18n/locales/en.json';
import { firstScreenPaths, pathsNamed, pick, staticallyReachable, without } from './first-screen-keys';
import { root } from './source-graph';

const catalog = {
  login: { title: 'Log in', busy: 'Logging in…' },
  icons: { ICON_PIZZA: 'Pizza', ICON_BACON: 'Bacon' },
  team: { members_one: '{{count}} member', members_other: '{{count}} members', name: 'Name' },
};

describe('the first screen’s part of the catalogue', () => {
  it('takes a key named by a literal, and no other key of its group', () => {
    expect([...pathsNamed(["t('login.title')"], catalog)]).toEqual(['login.title']);
  });

  it('takes a whole group named by a template key’s head', () => {
    const first = pick(catalog, pathsNamed(['t(`icons.${icon}`)'], catalog));
    expect(first).toEqual({ icons: catalog.icons });
  });

  it('takes the plural forms of a key named without them', () => {
    const first = pick(catalog, pathsNamed(["t('team.members', { count })"], catalog));
    expect(first).toEqual({ team: { members_one: '{{count}} member', members_other: '{{count}} members' } });
  });

  it('ignores words that only look like keys', () => {
    expect(pathsNamed(["'login.nothing'", "'example.com'", "'login'"], catalog).size).toBe(0);
  });

  it('leaves in the rest exactly what the first part lacks', () => {
    const first = pick(catalog, ['login.title', 'team.members']);
    expect(without(catalog, first)).toEqual({
      login: { busy: 'Logging in…' },
      icons: catalog.icons,
      team: { name: 'Name' },
    });
  });

  it('follows static imports from the entry, not a route’s lazy ones', () => {
    const files = staticallyReachable();
    expect(files).toContain('client/features/auth/login-page.tsx');
    expect(files).not.toContain('client/features/ovens/menu-editor.tsx');
    expect(files).not.toContain('client/lib/rule-messages.ts');
  });

  it('gives a route the words of its dialogs that load when opened', () => {
    const route = join(root, 'client/app/ovens-route.tsx');
    expect(staticallyReachable(route)).not.toContain('client/features/ovens/oven-modal.tsx');
    expect(staticallyReachable(route, true)).toContain('client/features/ovens/oven-modal.tsx');
    expect(staticallyReachable(route, true)).toContain('client/features/recipes/recipe-edit-modal.tsx');
  });

  it('ships the login page’s words first and the rules’ messages later', () => {
    const first = pick(en, firstScreenPaths(en)) as Record<string, Record<string, unknown>>;
    expect(first.login?.title).toBe(en.login.title);
    // Only what the first screen itself may say (the server unreachable, a refusal's generic words).
    expect(Object.keys(first.ruleMessages ?? {}).length).toBeLessThan(12);
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(en).length / 5);
  });
});
