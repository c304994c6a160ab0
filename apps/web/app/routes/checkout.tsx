import { useRouteLoaderData } from "react-router";
import { CheckoutPage } from "~/features/checkout";
import { pageMeta, privatePageHeaders, type RootData, rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/checkout";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataOf(matches);
  return [
    ...pageMeta({
      title: "Checkout",
      description: "Your shipping address, shipping method and card, and the total you pay.",
      canonical: `${root?.origin ?? ""}/checkout`,
      store: root?.store,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function CheckoutRoute() {
  const store = useRouteLoaderData<RootData>("root")?.store;
  return (
    <div className="container checkout-page">
      <h1 className="page-title">Checkout</h1>
      {store ? <CheckoutPage storeInfo={store} /> : null}
    </div>
  );
}
