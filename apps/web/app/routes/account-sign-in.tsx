import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ForgotPasswordForm, RegisterForm, SignInForm } from "~/features/account";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/account-sign-in";

export function meta({ matches }: Route.MetaArgs) {
  const store = rootDataOf(matches)?.store;
  return [
    { title: `Sign in${store ? ` | ${store.brandName}` : ""}` },
    { name: "robots", content: "noindex" },
  ];
}

/** Only a path on this site may be the place to return to. */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/account";
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get("next"));
  const [view, setView] = useState<"sign-in" | "register" | "forgot">("sign-in");
  const done = () => navigate(next, { replace: true });
  return (
    <div className="container narrow-page">
      <h1 className="page-title">
        {view === "register"
          ? "Create an account"
          : view === "forgot"
            ? "Reset your password"
            : "Sign in"}
      </h1>
      {view === "sign-in" ? <SignInForm onDone={done} /> : null}
      {view === "register" ? <RegisterForm onDone={done} /> : null}
      {view === "forgot" ? <ForgotPasswordForm /> : null}
      <p className="auth-switch">
        {view === "sign-in" ? (
          <>
            <button type="button" className="link-button" onClick={() => setView("register")}>
              Create an account
            </button>
            {" · "}
            <button type="button" className="link-button" onClick={() => setView("forgot")}>
              Forgot your password?
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => setView("sign-in")}>
            I have an account: sign in
          </button>
        )}
      </p>
    </div>
  );
}
