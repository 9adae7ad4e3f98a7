// A worker thread runs plain JavaScript: this registers the TypeScript loader the server itself runs under, then
// loads the worker's own module (given as workerData.entry).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
