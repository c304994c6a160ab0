import { type Dashboard as DashboardData, type ErrorBody, utcDay } from "@storefront/domain";
import { data } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { Dashboard } from "~/features/admin";
import type { Route } from "./+types/admin-home";

export function meta() {
  return [{ title: "Dashboard | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/admin/dashboard${new URL(request.url).search}`);
  if (res.status === 200) {
    return { dashboard: res.body as DashboardData, today: utcDay(new Date()), error: null };
  }
  const message =
    (res.body as ErrorBody | null)?.error?.message ?? "The dashboard could not be read.";
  if (res.status === 400) {
    // A range the API refused: said on the form, with the last 30 days shown.
    const fallback = await context.api("/api/admin/dashboard");
    if (fallback.status === 200) {
      return {
        dashboard: fallback.body as DashboardData,
        today: utcDay(new Date()),
        error: message,
      };
    }
  }
  throw data({ message }, { status: res.status });
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ErrorAlert className="admin-error" message={loaderData.error} />
      <Dashboard data={loaderData.dashboard} today={loaderData.today} />
    </>
  );
}
