import { describe, expect, it } from "vitest";
import { type ModuleFacts, type ModuleGraph, modulesNeededBy } from "./every-page-chunk.ts";

/** A bundler's view of a few modules: their transformed code and what each import resolved to. */
function graphOf(
  modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>,
) {
  const facts = new Map<string, ModuleFacts>(
    Object.entries(modules).map(([id, m]) => [
      id,
      { code: m.code, importers: [], importedIds: m.imports ?? [], exports: m.exports ?? [] },
    ]),
  );
  const graph: ModuleGraph = { getModuleInfo: (id) => facts.get(id) ?? null };
  return graph;
}

const ALIASES = { "~": "/app", "@shop/domain": "/domain/index.ts" };

describe("the modules a page needs, for its shared chunk", () => {
  it("follows a feature index only into the modules whose names are imported, as tree-shaking does", () => {
    const graph = graphOf({
      "/app/root.tsx": {
        code: 'import { CartButton, useCart } from "~/features/cart";\nimport { jsx } from "react/jsx-runtime";',
        imports: ["/app/features/cart/index.ts", "/node_modules/react/jsx-runtime.js"],
      },
      "/app/features/cart/index.ts": {
        code: [
          'import { lazy } from "react";',
          'export { CartButton } from "./cart-button";',
          'export { useCart as useCart, CartLines } from "./cart-lines";',
          'export { CheckoutForm } from "./checkout-form";',
          'export const LazyDrawer = lazy(() => import("./drawer"));',
        ].join("\n"),
        imports: [
          "/node_modules/react/index.js",
          "/app/features/cart/cart-button.tsx",
          "/app/features/cart/cart-lines.tsx",
          "/app/features/cart/checkout-form.tsx",
        ],
      },
      "/app/features/cart/cart-button.tsx": {
        code: 'import Money, { format } from "../../lib/money";',
        imports: ["/app/lib/money.ts"],
      },
      "/app/features/cart/cart-lines.tsx": { code: "export function useCart() {}" },
      "/app/features/cart/checkout-form.tsx": { code: "export function CheckoutForm() {}" },
      "/app/features/cart/drawer.tsx": { code: "export default function Drawer() {}" },
      "/app/lib/money.ts": { code: "export default 1;" },
    });
    expect([...modulesNeededBy("/app/root.tsx", graph, ALIASES)].sort()).toEqual([
      "/app/features/cart/cart-button.tsx",
      "/app/features/cart/cart-lines.tsx",
      "/app/features/cart/index.ts",
      "/app/lib/money.ts",
      "/app/root.tsx",
    ]);
  });

  it("follows `export *` only into a module that offers an imported name, and walks the workspace package", () => {
    const graph = graphOf({
      "/app/root.tsx": {
        code: 'import { formatMoney } from "@shop/domain";\nimport "./app.css";',
        imports: ["/domain/index.ts", "/app/app.css"],
      },
      "/domain/index.ts": {
        code: 'export * from "./money";\nexport * from "./schemas";',
        imports: ["/domain/money.ts", "/domain/schemas.ts"],
      },
      "/domain/money.ts": { code: "export function formatMoney() {}", exports: ["formatMoney"] },
      "/domain/schemas.ts": {
        code: 'import { z } from "zod";\nexport const Cart = z.object({});',
        imports: ["/node_modules/zod/index.js"],
        exports: ["Cart"],
      },
      "/app/app.css": { code: "" },
    });
    expect([...modulesNeededBy("/app/root.tsx", graph, ALIASES)].sort()).toEqual([
      "/app/root.tsx",
      "/domain/index.ts",
      "/domain/money.ts",
    ]);
  });

  it("follows a namespace import only into the names the module reads of it", () => {
    const graph = graphOf({
      "/app/root.tsx": {
        code: 'import * as api from "~/lib/api";\nconst url = "/api/x";\napi.cart.get(url); api . session.status();',
        imports: ["/app/lib/api.ts"],
      },
      "/app/lib/api.ts": {
        code: [
          'import { clientOf } from "./api-client";',
          "export const cart = clientOf();",
          "export const session = clientOf();",
          'export { platform } from "./api-groups/platform";',
        ].join("\n"),
        imports: ["/app/lib/api-client.ts", "/app/lib/api-groups/platform.ts"],
      },
      "/app/lib/api-client.ts": { code: "export function clientOf() {}" },
      "/app/lib/api-groups/platform.ts": { code: "export const platform = 1;" },
      "/app/routes/platform.tsx": {
        code: 'import * as api from "~/lib/api";\nexport const calls = api;',
        imports: ["/app/lib/api.ts"],
      },
    });
    expect([...modulesNeededBy("/app/root.tsx", graph, ALIASES)].sort()).toEqual([
      "/app/lib/api-client.ts",
      "/app/lib/api.ts",
      "/app/root.tsx",
    ]);
    // A namespace used any other way than reading its members needs all of it.
    expect(modulesNeededBy("/app/routes/platform.tsx", graph, ALIASES)).toContain(
      "/app/lib/api-groups/platform.ts",
    );
  });
});
