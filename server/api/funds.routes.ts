import type { FastifyInstance } from "fastify";

/** Each need card's goal and what it has raised, live from the ledger (public, briefly cached;
 * docs/decisions/0321-funds-are-need-cards.md). */
export default async function fundsRoutes(app: FastifyInstance) {
  const { funds } = app.services;

  app.get("/api/funds", { config: { access: "public", cacheable: true } }, async () => funds.list());
}
