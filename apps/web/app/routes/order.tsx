import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { useAccountUser } from "~/features/account";
import { OrderDetails } from "~/features/orders";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/order";

/** How often a page waiting for the payment's confirmation asks again. */
export const ORDER_REFRESH_MS = 3_000;

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const brand = rootDataOf(matches)?.store.brandName;
  const title = loaded ? `Order #${loaded.order.number}` : "Order not found";
  return [{ title: brand ? `${title} | ${brand}` : title }, { name: "robots", content: "noindex" }];
}

// The page holds a buyer's address; its URL may hold the access key.
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.number)) {
    throw data({ message: "Order not found" }, { status: 404 });
  }
  const key = new URL(request.url).searchParams.get("key") || undefined;
  const order = await api.orders.order({
    params: { number: params.number },
    query: { key },
    via: forPage(context),
  });
  return { order };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const user = useAccountUser();
  const revalidator = useRevalidator();
  // Until the processor's confirmation arrives, the page asks again every few seconds.
  useEffect(() => {
    if (order.status !== "awaiting_payment") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, ORDER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [order.status, revalidator]);
  return <OrderDetails order={order} signedIn={user !== null} />;
}
