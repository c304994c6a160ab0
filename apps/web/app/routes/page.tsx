import { PageNameSchema, pageNameFromPath } from "@storefront/domain";
import { lazy, Suspense } from "react";
import { data, isRouteErrorResponse, useLocation, useNavigation } from "react-router";
import { NotFound } from "~/components/not-found";
import { StaticPageView } from "~/features/content";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import { sanitizePage } from "~/lib/sanitize.server";
import { excerpt, pageMeta, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/page";

export const handle = sharedPageHandle;

// Only a page that places the trade application form (the trade partner page) loads its code.
const TradeApplicationForm = lazy(() => import("~/features/trade/trade-application-form"));
const widgets = {
  "trade-application-form": (
    <Suspense fallback={null}>
      <TradeApplicationForm />
    </Suspense>
  ),
};

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }];
  const { page, name, canonical } = loaderData;
  const store = rootDataOf(matches)?.store;
  const title = page.title ? excerpt(page.title, 70) : name;
  return pageMeta({
    title,
    description:
      page.metaDescription ?? excerpt(String(page["text-1"] ?? store?.brandDescription ?? "")),
    canonical,
    store,
  });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const name = pageNameFromPath(params["*"] ?? "");
  if (!PageNameSchema.safeParse(name).success) {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  const page = await api.content.page({ params: { "*": `${name}.json` }, via: forPage(context) });
  const url = new URL(request.url);
  return { name, page: sanitizePage(page), canonical: `${url.origin}${url.pathname}` };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // While another page's data loads, this page's data is already stale: show the loading state.
  const leaving =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <StaticPageView
      state={
        leaving
          ? { status: "loading", name: loaderData.name }
          : { status: "ready", name: loaderData.name, page: loaderData.page }
      }
      widgets={widgets}
    />
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const name = pageNameFromPath(params["*"] ?? "");
  return <StaticPageView state={{ status: "error", name, message: "Failed to load page data" }} />;
}
