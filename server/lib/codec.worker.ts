import { parentPort } from 'node:worker_threads';
import { parseSettingsFile } from '../../shared/domain/settings-file/parse';
import { writeSettingsFile } from '../../shared/domain/settings-file/serialize';
import type { CodecRequest, CodecResponse } from './codec-pool';

// The settings-file codec, off the server's event loop: a 15 MB file takes a few hundred milliseconds to read or
// write, which no other user's request should wait for.
parentPort!.on('message', (request: CodecRequest) => {
  let response: CodecResponse;
  try {
    if (request.op === 'parse') {
      response = { id: request.id, ok: true, parsed: parseSettingsFile(request.bytes, request.options) };
    } else {
      const bytes = writeSettingsFile(request.settings);
      const check = parseSettingsFile(bytes, { expectedType: request.settings.type });
      response = { id: request.id, ok: true, written: { bytes, check } };
    }
  } catch (error) {
    response = { id: request.id, ok: false, error: String(error) };
  }
  const transfer = response.ok && response.written ? [response.written.bytes.buffer as ArrayBuffer] : [];
  parentPort!.postMessage(response, transfer);
});
