/**
 * The public layout's route id (React Router names a route by its file, app/routes.ts). Its data and
 * handle are what make a page a public, islands page: root.tsx, lib/seo.ts and entry.server.tsx look
 * it up by this id.
 */
export const PUBLIC_LAYOUT = "routes/public/layout";
