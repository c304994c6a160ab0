/**
 * Compiles the server for `npm start`: src/main.ts (and the child processes that prepare the
 * database and resize images) into dist/ as plain JavaScript, with the migrations beside them. Running the compiled server instead
 * of the TypeScript source through tsx saves its memory: tsx's loader thread, its source maps and
 * the transpiled sources (about 130 MB of a small store's resident memory), and it starts faster.
 * Libraries stay in node_modules; the workspace's own packages (@storefront/…) are compiled in.
 *
 *   node --import tsx apps/server/scripts/build.ts
 */
import { cp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${serverDir}dist`;

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: "src/main.ts",
    // Forked by db/prepare.ts from beside the compiled main.js.
    "prepare-child": "src/db/prepare-child.ts",
    // Forked by modules/media/resize-jobs.ts, likewise.
    "resize-child": "src/modules/media/resize-child.ts",
    // The platform operator's commands (npm run store:create, …).
    "platform-cli": "src/platform-cli.ts",
    // npm run mail, npm run db:psql and npm run db:url.
    "mail-cli": "src/mail-cli.ts",
    "psql-cli": "src/psql-cli.ts",
  },
  outdir,
  outExtension: { ".js": ".js" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  plugins: [
    {
      name: "libraries-stay-in-node-modules",
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@storefront/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// db/index.ts reads the migrations from beside itself: dist/migrations once compiled.
await cp(`${serverDir}src/db/migrations`, `${outdir}/migrations`, { recursive: true });
console.log(`compiled the server into ${outdir}`);
