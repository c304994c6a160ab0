import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type AccountView, AUTH_TITLES, AuthPanel } from "~/features/account";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders } from "~/lib/seo";
import type { Route } from "./+types/account-sign-in";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Sign in");
}

/** Only a path on this site may be the place to return to. */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/account";
}

/** The panel a link asks for (`?view=forgot` from the mail to an account's owner), else sign-in. */
function linkedView(view: string | null): AccountView {
  return view === "register" || view === "forgot" ? view : "sign-in";
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get("next"));
  const [view, setView] = useState<AccountView>(() => linkedView(params.get("view")));
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{AUTH_TITLES[view]}</h1>
      <AuthPanel
        view={view}
        onViewChange={setView}
        onDone={() => navigate(next, { replace: true })}
      />
    </div>
  );
}
