import type { MetaDescriptor } from "react-router";
import { rootDataOf } from "./seo";

/**
 * The meta of a page no search engine lists (one visitor's, or the admin's): its title and the
 * store's name. `token`: the URL holds a mailed link's token, never sent to another site in a
 * Referer header.
 */
export function privatePageMeta(
  matches: Parameters<typeof rootDataOf>[0],
  title: string,
  { token = false }: { token?: boolean } = {},
): MetaDescriptor[] {
  const store = rootDataOf(matches)?.store;
  return [
    { title: `${title}${store ? ` | ${store.brandName}` : ""}` },
    { name: "robots", content: "noindex" },
    ...(token ? [{ name: "referrer", content: "no-referrer" }] : []),
  ];
}
