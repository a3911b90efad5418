import fp from "fastify-plugin";

/**
 * Spec §7's client sends `content-type: application/json` on every call, its body-less DELETEs
 * included. For a DELETE an empty body is no body, not a broken one: the route sees `undefined`.
 * A POST or PUT with nothing in it is still refused as invalid JSON, and any body goes through
 * Fastify's own JSON parser, prototype-poisoning checks included.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if (body.length === 0 && request.method === "DELETE") return done(null, undefined);
      parseJson(request, body as string, done);
    });
  },
  { name: "json-body" },
);
