import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // `react-router dev` serves through our Fastify app (API + pages in one process, with HMR).
    fastifyReactRouterDev({ entry: "./server/main.ts", externalizeServerEntryImports: ["#app-context"] }),
  ],
  build: { assetsInlineLimit: 0 },
});
