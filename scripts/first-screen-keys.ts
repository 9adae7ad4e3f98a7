/**
 * The catalogue the first screen needs: the keys named by every file the client's entry reaches by static
 * imports (what ships before any route loads). A file names a key by a string literal that is a catalogue path
 * ('login.title'), or a whole group by the head of a template key (`icons.${icon}`). The rest of the catalogue
 * comes with the first route that loads (client/lib/i18n.ts).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IMPORT, resolveImport, root } from './source-graph.ts';

export const ENTRY = join(root, 'client/main.tsx');

// `import('…')` with a literal path: a part of a route that loads when first needed (a dialog).
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;

/**
 * The files the entry loads before any route: static imports only, type-only ones left out. With `dynamic`, also
 * what they load later by a literal `import('…')`: a route's dialogs, whose words come with the route.
 */
export function staticallyReachable(entry = ENTRY, dynamic = false): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  const follow = (file: string, specifier: string) => {
    const target = resolveImport(file, specifier);
    if (target && !seen.has(target)) {
      seen.add(target);
      queue.push(target);
    }
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const clause = match[1];
      if (clause === undefined || /^type\s/.test(clause)) continue;
      follow(file, match[2]!);
    }
    if (dynamic) for (const match of text.matchAll(DYNAMIC_IMPORT)) follow(file, match[1]!);
  }
  return [...seen].map((f) => relative(root, f)).sort();
}

// 'a.b', "a.b", `a.b` and the head of `a.b.${x}` (which names all of a.b).
const LITERAL = /'([A-Za-z][\w.]*)'|"([A-Za-z][\w.]*)"|`([A-Za-z][\w.]*?)\.?(`|\$\{)/g;

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

/** The catalogue paths the given texts name ("login.title"; "icons" for `icons.${icon}`). */
export function pathsNamed(texts: string[], catalog: Tree): Set<string> {
  const found = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(LITERAL)) {
      const literal = (match[1] ?? match[2] ?? match[3])!;
      const parts = literal.split('.');
      // A template's head may name a group alone (`icons.${icon}`); any other literal needs a dot.
      if (parts.length < 2 && match[4] !== '${') continue;
      let node: unknown = catalog;
      let ok = true;
      for (const [i, part] of parts.entries()) {
        if (!isTree(node)) {
          ok = false;
          break;
        }
        // A plural's forms ("count_one", "count_other") come with the key that names them.
        const last = i === parts.length - 1;
        if (!(part in node) && !(last && Object.keys(node).some((k) => k.startsWith(`${part}_`)))) {
          ok = false;
          break;
        }
        node = node[part];
      }
      if (ok) found.add(literal);
    }
  return found;
}

/** The part of a catalogue under the given paths (a path's plural forms included), its shape kept. */
export function pick(catalog: Tree, paths: Iterable<string>): Tree {
  const out: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from: unknown = catalog;
    let to = out;
    for (const [i, part] of parts.entries()) {
      if (!isTree(from)) break;
      if (i === parts.length - 1) {
        for (const key of Object.keys(from))
          if (key === part || key.startsWith(`${part}_`)) to[key] = from[key];
        break;
      }
      from = from[part];
      if (!isTree(to[part])) to[part] = {};
      to = to[part] as Tree;
    }
  }
  return out;
}

/** The catalogue less what `first` holds. */
export function without(catalog: Tree, first: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (!(key in first)) out[key] = value;
    else if (isTree(value) && isTree(first[key])) {
      const rest = without(value, first[key]);
      if (Object.keys(rest).length > 0) out[key] = rest;
    }
  }
  return out;
}

/** The paths the first screen's code names in the given (English) catalogue. */
export function firstScreenPaths(catalog: Tree, entry = ENTRY): Set<string> {
  return pathsNamed(
    staticallyReachable(entry).map((f) => readFileSync(join(root, f), 'utf8')),
    catalog,
  );
}
