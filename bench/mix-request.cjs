/** Each request of a mix asks its connection's next path (see `mix-client.cjs`). */
const { nextPath } = require('./mix-client.cjs');

module.exports = function mixRequest(request, context) {
  request.path = nextPath(context);
  return request;
};
