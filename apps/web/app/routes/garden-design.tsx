import { pageHasWidget } from "@storefront/domain";
import { data } from "react-router";
import { useStoreId } from "~/features/account";
import { GardenDesignForm } from "~/features/garden-design";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import { pageDocumentOf } from "~/lib/sanitize.server";
import { pageMeta, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/garden-design";

export const handle = sharedPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Garden Design Form",
    description:
      "Tell us about your garden in six short steps, and we'll prepare a personalised garden design for you.",
    canonical: `${rootDataOf(matches)?.origin ?? ""}/garden-design`,
    store: rootDataOf(matches)?.store,
  });
}

/** The form has a page of its own in every store whose home page carries it; elsewhere a 404. */
export async function loader({ context }: Route.LoaderArgs) {
  const home = await api.content.page({ params: { "*": "homepage.json" }, via: forPage(context) });
  if (!pageHasWidget(pageDocumentOf(home), "garden-design-form")) {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  return null;
}

export default function GardenDesign() {
  const storeId = useStoreId();
  return (
    <div className="container garden-page">
      <GardenDesignForm storeId={storeId} titleAs="h1" />
    </div>
  );
}
