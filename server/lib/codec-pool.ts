import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseOptions } from '../../shared/domain/settings-file/parse';
import type {
  OvenSettings,
  ParseResult,
  SettingsFileError,
  SettingsRecipe,
} from '../../shared/domain/settings-file/types';
import type { CodecResponse, Done, Part, Request } from './codec-protocol';

const BOOT = fileURLToPath(new URL('./worker-boot.mjs', import.meta.url));
const ENTRY = pathToFileURL(fileURLToPath(new URL('./codec.worker.ts', import.meta.url))).href;

/**
 * One worker thread that reads and writes settings files for the whole process (the machine's other core), so a
 * 15 MB import or download costs the event loop only the copy of its result. Requests queue in the worker in
 * order; a worker that dies fails what it held and is started again on the next call.
 */
function createCodecPool() {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<
    number,
    { recipes: SettingsRecipe[]; resolve(r: CodecResponse): void; reject(e: Error): void }
  >();

  function start(): Worker {
    const w = new Worker(BOOT, { workerData: { entry: ENTRY } });
    w.on('message', (message: CodecResponse | Part) => {
      const waiting = pending.get(message.id);
      if ('part' in message) {
        waiting?.recipes.push(...message.part);
        // The next part on a later turn, so others' requests run between parts.
        setImmediate(() => w.postMessage({ op: 'more', id: message.id }));
        return;
      }
      pending.delete(message.id);
      if (pending.size === 0) w.unref();
      if (message.ok && message.parsed?.ok) message.parsed.settings.recipes = waiting?.recipes ?? [];
      waiting?.resolve(message);
    });
    const fail = (error: Error) => {
      if (worker === w) worker = null;
      for (const [, waiting] of pending) waiting.reject(error);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`The settings-file worker stopped (exit ${code}).`)));
    // After the listeners (a 'message' listener refs the port again): an idle worker never keeps the process up.
    w.unref();
    return w;
  }

  async function call(request: Request, transfer: ArrayBuffer[] = []): Promise<Done> {
    worker ??= start();
    const id = ++next;
    const reply = new Promise<CodecResponse>((resolve, reject) =>
      pending.set(id, { recipes: [], resolve, reject }),
    );
    // Held up while it works for someone (a script awaiting it must not end first), let go when idle.
    worker.ref();
    worker.postMessage({ ...request, id }, transfer);
    const response = await reply;
    if (!response.ok) throw new Error(response.error);
    return response;
  }

  return {
    /** Reads a settings file with every rule, as parseSettingsFile does, on the worker. */
    async parse(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParseResult> {
      // A copy goes to the worker, so the caller's bytes stay usable.
      return (await call({ op: 'parse', bytes, options })).parsed!;
    },
    /** Writes a settings file and reads it back with every rule, on the worker: its bytes and the rules it breaks. */
    async write(settings: OvenSettings): Promise<{ bytes: Uint8Array; problems: SettingsFileError[] }> {
      return (await call({ op: 'write', settings })).written!;
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}

/** The process's codec worker. */
export const codec = createCodecPool();
