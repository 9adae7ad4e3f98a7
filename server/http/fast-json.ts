/**
 * Route option for replies the server builds itself from typed values, large enough that checking them against
 * their zod schema on the way out costs more than the work (a full oven's menu: 11,000 buttons, 2.6 MB). The schema
 * still describes the reply in the OpenAPI document.
 */
export const fastJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
