/**
 * How a mix's load is spread (autocannon runs it in a worker thread, which requires these files by path, so they
 * are plain CommonJS). Each connection walks the mix from its own place, spread evenly over it, and asks one path at
 * a time (`mix-request.cjs`), so a connection costs nothing to set up.
 *
 * Why: given the mix as autocannon's request list, every connection walked it in step (each page asked by all at the
 * same moment), a first pass of N requests warmed only its first N / connections, and each connection encoded the
 * whole list before it started while the first connections' answers waited: 3 to 4 s added to their latency.
 */
const { workerData } = require('node:worker_threads');

const paths = workerData?.opts?.mixPaths ?? ['/'];
const connections = workerData?.opts?.connections ?? 1;
/** The next place in the mix of each connection, by its number. */
const cursors = [];

function setupClient(client) {
  const connection = cursors.length;
  cursors.push(Math.floor((connection * paths.length) / connections));
  // The request is built again for each ask (it has a setupRequest), with this context. `requestIterator` is
  // autocannon's own (9.0.0, pinned): check it when autocannon is upgraded.
  client.requestIterator.initialContext = { connection };
  client.requestIterator.resetContext();
  client.requestIterator.rebuildRequest();
}

/** The connection's next path; before its connection is known (the list's first build), the mix's first. */
function nextPath(context) {
  const connection = context?.connection;
  if (connection === undefined) return paths[0];
  const at = cursors[connection];
  cursors[connection] = (at + 1) % paths.length;
  return paths[at];
}

module.exports = setupClient;
module.exports.nextPath = nextPath;
