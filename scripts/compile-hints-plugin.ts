import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** V8's hint that every function of the file is called as it loads (it must be the file's first line). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the app's first-load code (the entry and what it imports statically) for eager compiling: the browser
 * (Chrome 136 and later) then compiles each function on a background thread as the file downloads, rather than
 * on the main thread when the first screen first calls it, in long tasks on a slow phone. Route code is left
 * lazy: most of it is not called when it loads. The hint must be the file's first line. It changes no behaviour,
 * so a file's hashed name not covering it is harmless (a cached copy without it runs the same).
 */
export function compileHints(): Plugin {
  return {
    name: 'hearth-compile-hints',
    apply: 'build',
    // On the written files: the build puts lines of its own at the top of a chunk as it finishes the bundle.
    writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const marked = new Set<string>();
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const chunk = chunks.get(name);
        if (!chunk || marked.has(name)) continue;
        marked.add(name);
        const file = join(options.dir ?? '', name);
        writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
        queue.push(...chunk.imports);
      }
    },
  };
}
