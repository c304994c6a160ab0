import { data } from "react-router";
import { PlatformScreen } from "~/features/platform";
import * as api from "~/lib/api";
import { forPage, inProcess } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
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
  const session = await api.platform.session({ via: inProcess(context) }).catch((error) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw data({ message: "Page not found" }, { status: 404 });
    return null;
  });
  if (!session) return { operator: null, stores: [] };
  const { stores } = await api.platform.stores({ via: forPage(context) });
  return { operator: session.email, stores };
}

export default function PlatformPage({ loaderData }: Route.ComponentProps) {
  return <PlatformScreen operator={loaderData.operator} stores={loaderData.stores} />;
}
