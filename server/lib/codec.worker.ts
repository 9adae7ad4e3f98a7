import { parentPort } from 'node:worker_threads';
import { parseSettingsFile } from '../../shared/domain/settings-file/parse';
import { writeSettingsFile } from '../../shared/domain/settings-file/serialize';
import type { SettingsRecipe } from '../../shared/domain/settings-file/types';
import { type CodecRequest, type CodecResponse, RECIPES_PER_PART } from './codec-protocol';

// The settings-file codec, off the server's event loop: a 15 MB file takes a few hundred milliseconds to read or
// write, which no other user's request should wait for.
// Parts of parse results not yet asked for, by request.
const waiting = new Map<number, { parts: SettingsRecipe[][]; done: CodecResponse }>();

parentPort!.on('message', (request: CodecRequest) => {
  if (request.op === 'more') {
    const left = waiting.get(request.id);
    const part = left?.parts.shift();
    if (part) parentPort!.postMessage({ id: request.id, part });
    else if (left) {
      waiting.delete(request.id);
      parentPort!.postMessage(left.done);
    }
    return;
  }
  let response: CodecResponse;
  try {
    if (request.op === 'parse') {
      const parsed = parseSettingsFile(request.bytes, request.options);
      if (parsed.ok && parsed.settings.recipes.length > 0) {
        const { recipes, ...rest } = parsed.settings;
        const parts: SettingsRecipe[][] = [];
        for (let i = 0; i < recipes.length; i += RECIPES_PER_PART)
          parts.push(recipes.slice(i, i + RECIPES_PER_PART));
        const done: CodecResponse = {
          id: request.id,
          ok: true,
          parsed: { ok: true, settings: { ...rest, recipes: [] } },
        };
        waiting.set(request.id, { parts, done });
        parentPort!.postMessage({ id: request.id, part: parts.shift() });
        return;
      }
      response = { id: request.id, ok: true, parsed };
    } else {
      const bytes = writeSettingsFile(request.settings);
      const check = parseSettingsFile(bytes, { expectedType: request.settings.type });
      // Only the problems come back: the caller has the settings, and copying them back costs the event loop.
      const problems = check.ok ? [] : check.errors;
      response = { id: request.id, ok: true, written: { bytes, problems } };
    }
  } catch (error) {
    response = { id: request.id, ok: false, error: String(error) };
  }
  const transfer = response.ok && response.written ? [response.written.bytes.buffer as ArrayBuffer] : [];
  parentPort!.postMessage(response, transfer);
});
