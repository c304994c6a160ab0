import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * React Router publishes a production build beside its development one, but its package
 * exports only the development one; the two differ by one flag, which keeps the development
 * warnings (and their code) in the browser bundle. The client build sets it as the production
 * build does, so the minifier drops them.
 */
function reactRouterProductionBuild(): Plugin {
  const flag = "var ENABLE_DEV_WARNINGS = true;";
  return {
    name: "react-router-production-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!id.includes("/node_modules/react-router/dist/development/") || !code.includes(flag)) {
        return null;
      }
      return { code: code.replace(flag, "var ENABLE_DEV_WARNINGS = false;"), map: null };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), reactRouterProductionBuild()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { target: "es2022" },
});
