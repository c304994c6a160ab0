import type { AdminOrderView } from "@storefront/domain";
import { data } from "react-router";
import { OrderDetail } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
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
  return { order: await apiGet<AdminOrderView>(context, `/api/admin/orders/${params.number}`) };
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetail order={loaderData.order} />;
}
