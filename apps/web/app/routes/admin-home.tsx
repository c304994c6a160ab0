import { utcDay } from "@storefront/domain";
import { data } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { Dashboard } from "~/features/admin";
import * as api from "~/lib/api";
import { inProcess, refusalMessage, unlessRefused } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
import type { Route } from "./+types/admin-home";

export function meta() {
  return [{ title: "Dashboard | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const dashboard = await api.adminAnalytics.dashboard({ query, via: inProcess(context) });
    return { dashboard, today: utcDay(new Date()), error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = refusalMessage(error) ?? "The dashboard could not be read.";
    if (error.status === 400) {
      // A range the API refused: said on the form, with the last 30 days shown.
      const fallback = await unlessRefused(
        api.adminAnalytics.dashboard({ via: inProcess(context) }),
      );
      if (fallback) return { dashboard: fallback, today: utcDay(new Date()), error: message };
    }
    throw data({ message }, { status: error.status });
  }
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ErrorAlert className="admin-error" message={loaderData.error} />
      <Dashboard data={loaderData.dashboard} today={loaderData.today} />
    </>
  );
}
