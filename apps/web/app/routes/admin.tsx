import { data, Outlet, redirect } from "react-router";
import { AdminFrame } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import { privatePageMeta } from "~/lib/private-page-meta";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/admin";

// One admin's view of the store: never kept by a browser or a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Admin");
}

/**
 * Only the store's admins get past here. A visitor who is not signed in goes to the sign-in page
 * and comes back; a shopper, a trade account, or another store's admin (no one on this store)
 * gets the storefront's 404, as for a page that does not exist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = await api.session.status({ via: forPage(context) });
  if (!status.isLoggedIn || !status.user) {
    const url = new URL(request.url);
    throw redirect(`/account/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (status.user.userType !== "admin") {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  return { email: status.user.email };
}

export default function AdminLayout({ loaderData, matches }: Route.ComponentProps) {
  const brandName = rootDataOf(matches)?.store.brandName ?? "Store";
  return (
    <AdminFrame brandName={brandName} email={loaderData.email}>
      <Outlet />
    </AdminFrame>
  );
}
