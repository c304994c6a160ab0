import { data } from "react-router";
import { OrderDetail } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-order";

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `Order #${loaded.order.number} | Admin` : "Order not found | Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.number)) {
    throw data({ message: "Order not found" }, { status: 404 });
  }
  return {
    order: await api.adminOrders.order({
      params: { number: params.number },
      via: forPage(context),
    }),
  };
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetail order={loaderData.order} />;
}
