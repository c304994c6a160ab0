import { data } from "react-router";
import { DiscountDetail } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-discount";

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `${loaded.view.discount.code} | Admin` : "Discount code not found | Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) {
    throw data({ message: "Discount code not found" }, { status: 404 });
  }
  return {
    view: await api.adminDiscounts.discount({ params: { id: params.id }, via: forPage(context) }),
  };
}

export default function AdminDiscountPage({ loaderData }: Route.ComponentProps) {
  return <DiscountDetail view={loaderData.view} />;
}
