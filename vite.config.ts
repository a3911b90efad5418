import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { loadConfig } from "./config/env.ts";

export default defineConfig(({ command }) => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // `react-router dev` serves through our Fastify app (API + pages in one process, with HMR).
    fastifyReactRouterDev({ entry: "./server/main.ts", externalizeServerEntryImports: ["#app-context"] }),
  ],
  // `npm run dev` listens on PORT like `npm start`: the site URLs the server builds from PORT must reach it.
  server: command === "serve" ? { port: loadConfig().port, strictPort: true } : undefined,
  build: {
    assetsInlineLimit: 0,
    // Rolldown reports slow plugin callbacks, all React Router's own on a busy machine: nothing to act on here.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
}));
