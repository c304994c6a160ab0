import type { PlatformStore } from "@storefront/domain";
import { data } from "react-router";
import { PlatformScreen } from "~/features/platform";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/platform";

// One operator's view of the platform: never kept by a browser or a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export function meta() {
  return [{ title: "Platform" }, { name: "robots", content: "noindex" }];
}

/**
 * The platform's operators only, on the platform's host: another host answers the storefront's
 * 404, as for a page that does not exist; a visitor who is not an operator gets the sign-in form.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await context.api("/api/platform/session");
  if (session.status === 404) throw data({ message: "Page not found" }, { status: 404 });
  if (session.status !== 200) return { operator: null, stores: [] };
  const { email } = session.body as { email: string };
  const { stores } = await apiGet<{ stores: PlatformStore[] }>(context, "/api/platform/stores");
  return { operator: email, stores };
}

export default function PlatformPage({ loaderData }: Route.ComponentProps) {
  return <PlatformScreen operator={loaderData.operator} stores={loaderData.stores} />;
}
