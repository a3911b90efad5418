import type { FastifyInstance } from "fastify";

/** Issue #16: each need card's goal and what it has raised, live from the ledger (public, briefly cached). */
export default async function fundsRoutes(app: FastifyInstance) {
  const { funds } = app.services;

  app.get("/api/funds", { config: { access: "public", cacheable: true } }, async () => funds.list());
}
