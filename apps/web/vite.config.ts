import { readdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { type ModuleGraph, modulesNeededBy } from "./scripts/every-page-chunk.ts";

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

const appDir = fileURLToPath(new URL("./app", import.meta.url));
const routesDir = `${appDir}/routes`;
const rootModule = `${appDir}/root.tsx`;
/** The page the first-load budget is for (120 KB of JavaScript, gzipped): the busiest one. */
const productRoute = `${routesDir}/product.tsx`;
const routeModules = readdirSync(routesDir)
  .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
  .map((file) => `${routesDir}/${file}`);
/** Where the import walk goes: the app (`~/…`) and the domain package, not the libraries. */
const walked = {
  "~": appDir,
  "@storefront/domain": realpathSync(createRequire(import.meta.url).resolve("@storefront/domain")),
};
/**
 * React, React DOM and React Router with their dependencies: every page runs them all, so they are
 * one file. Left to itself the bundler splits them in three (react-dom's 1.4 KB index apart, for
 * the lazy chunks that use createPortal), and three files gzipped apart cost 1.3 KB more than one.
 */
const EVERY_PAGE_VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
/** Small libraries only the app's every-page modules use (its stores, and lazy loading's helper). */
const EVERY_PAGE_LIBRARIES = /\/node_modules\/zustand\/|vite\/preload-helper/;

/**
 * The modules for the "app" chunk: those root.tsx needs (every page loads them anyway), and those
 * the product page needs that another page needs too (another page loads them from the same
 * file instead of a small one of their own).
 */
function appChunkModules(graph: ModuleGraph): Set<string> {
  const chunk = modulesNeededBy(rootModule, graph, walked);
  const product = modulesNeededBy(productRoute, graph, walked);
  const others = routeModules
    .filter((route) => route !== productRoute)
    .map((route) => modulesNeededBy(route, graph, walked));
  for (const id of product) if (others.some((needs) => needs.has(id))) chunk.add(id);
  return chunk;
}

const appChunks = new WeakMap<object, Set<string>>();

/**
 * The client build's "app" chunk (see scripts/every-page-chunk.ts): one file instead of a dozen
 * small ones that each compress alone. Route modules keep their own files, as React Router loads
 * them by name; React and React Router keep theirs, so a change to the app leaves them as they
 * were.
 */
function appChunk(id: string, graph: ModuleGraph): string | null {
  if (EVERY_PAGE_LIBRARIES.test(id)) return "app";
  if (id === rootModule || id.startsWith(`${routesDir}/`)) return null;
  const root = graph.getModuleInfo(rootModule);
  if (!root) return null;
  let modules = appChunks.get(root);
  if (!modules) {
    modules = appChunkModules(graph);
    appChunks.set(root, modules);
  }
  if (/\.(tsx?|jsx?)$/.test(id)) return modules.has(id) ? "app" : null;
  // Styles the chunk's modules (or root.tsx) import come with it, as one stylesheet.
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  return id.endsWith(".css") && importers.some((i) => i === rootModule || modules.has(i))
    ? "app"
    : null;
}

export default defineConfig({
  plugins: [reactRouter(), reactRouterProductionBuild()],
  resolve: { alias: { "~": appDir } },
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The chunk's modules leave the route modules that held them, which then import them.
          preserveEntrySignatures: "allow-extension",
          output: {
            codeSplitting: {
              groups: [
                { name: appChunk, debugName: "app", includeDependenciesRecursively: false },
                { name: "react", test: EVERY_PAGE_VENDOR },
              ],
            },
          },
        },
      },
    },
  },
});
