import { formatMoney, POINT_VALUE, pointsValue } from "@storefront/domain";
import { useState } from "react";
import { data, redirect, useNavigate } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { Field, FormMessage } from "~/components/form-field";
import {
  type AccountUser,
  AUTH_MESSAGES,
  profileFailure,
  signOut,
  updateProfile,
  useAccountStore,
} from "~/features/account";
import { useCartStore } from "~/features/cart";
import { OrderHistory } from "~/features/orders";
import { SubscriptionList } from "~/features/subscriptions";
import * as api from "~/lib/api";
import { inProcess, unlessRefused } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
import { privatePageMeta } from "~/lib/private-page-meta";
import { privatePageHeaders, rootDataOf } from "~/lib/seo";
import { stripeKeyOf } from "~/lib/stripe-key";
import { useFormFields } from "~/lib/use-form-fields";
import type { Route } from "./+types/account";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, "Your account");
}

/** The account page without its account: signed out, to sign in and back; else an error page. */
function accountRefused(error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  // Signed-out visitors are sent to sign in, and back here afterwards.
  if (error.status === 401) throw redirect("/account/sign-in?next=/account");
  throw data({ message: "Your account could not be loaded" }, { status: error.status });
}

export async function loader({ context }: Route.LoaderArgs) {
  const via = inProcess(context);
  const [user, orderList, subscriptionList] = await Promise.all([
    api.accounts.account({ via }).catch(accountRefused),
    unlessRefused(api.orders.accountOrders({ via })),
    unlessRefused(api.subscriptions.list({ via })),
  ]);
  // Order history that cannot be read says so on the page; the rest of the account still shows.
  const orders = orderList?.orders ?? null;
  const subscriptions = subscriptionList?.subscriptions ?? null;
  return { user, orders, subscriptions };
}

function ProfileForm({ user, onSaved }: { user: AccountUser; onSaved(user: AccountUser): void }) {
  const form = useFormFields({
    first_name: user.first_name,
    last_name: user.last_name,
    birthday: user.birthday ?? "",
  });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  return (
    <form
      className="auth-form"
      onSubmit={async (event) => {
        event.preventDefault();
        let saved: AccountUser;
        try {
          saved = await updateProfile(form.values);
        } catch (failure) {
          setMessage({ error: true, text: profileFailure(failure) });
          return;
        }
        onSaved(saved);
        setMessage({ error: false, text: "Your details are saved." });
      }}
    >
      <Field label="First name" autoComplete="given-name" {...form.bind("first_name")} />
      <Field label="Last name" autoComplete="family-name" {...form.bind("last_name")} />
      <Field
        label="Birthday"
        type="date"
        autoComplete="bday"
        required={false}
        {...form.bind("birthday")}
      />
      <FormMessage
        error={message?.error ? message.text : null}
        info={message?.error ? null : message?.text}
      />
      <button type="submit" className="button">
        Save details
      </button>
    </form>
  );
}

export default function AccountPage({ loaderData, matches }: Route.ComponentProps) {
  const [user, setUserState] = useState<AccountUser>(loaderData.user);
  const setUser = useAccountStore((s) => s.setUser);
  const loadCart = useCartStore((s) => s.load);
  const navigate = useNavigate();
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const root = rootDataOf(matches);
  const currency = root?.store.defaultCurrency ?? "usd";
  // Points are spent in the currency the shopper buys in.
  const shopping = root?.currency ?? currency;
  return (
    <div className="container account-page">
      <h1 className="page-title">Your account</h1>
      <div className="account-grid">
        <section aria-labelledby="rewards-title" className="account-card">
          <h2 id="rewards-title">Rewards</h2>
          <dl className="account-facts">
            <dt>Loyalty points</dt>
            <dd className="points">{user.points_balance}</dd>
            {user.discountCode ? (
              <>
                <dt>Your discount code</dt>
                <dd>
                  <strong className="discount-code">{user.discountCode}</strong>
                  {user.discountPercentage ? ` (${user.discountPercentage}% off)` : ""}
                </dd>
              </>
            ) : null}
            {user.commission_percentage !== null ? (
              <>
                <dt>Commission</dt>
                <dd>{user.commission_percentage}% of orders placed with your code</dd>
                <dt>Commission earned</dt>
                <dd>{formatMoney(user.commission_amount ?? 0, currency)}</dd>
              </>
            ) : null}
          </dl>
          <p className="points-value">
            {user.points_balance > 0
              ? `Worth ${formatMoney(pointsValue(user.points_balance), shopping)} off your next order: choose "Use my points" at checkout. `
              : ""}
            You earn 1 point for every {formatMoney(100, shopping)} you pay, and each point takes{" "}
            {formatMoney(POINT_VALUE, shopping)} off an order.
          </p>
        </section>
        <section aria-labelledby="details-title" className="account-card">
          <h2 id="details-title">Your details</h2>
          <p>
            Signed in as <strong>{user.email}</strong>
          </p>
          <ProfileForm
            user={user}
            onSaved={(saved) => {
              setUserState(saved);
              setUser(saved);
            }}
          />
        </section>
      </div>
      <OrderHistory orders={loaderData.orders} />
      <SubscriptionList
        subscriptions={loaderData.subscriptions}
        stripeKey={stripeKeyOf(rootDataOf(matches)?.store)}
      />
      <p>
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            try {
              await signOut();
            } catch {
              setLogoutError(AUTH_MESSAGES.logoutFailed);
              return;
            }
            setUser(null);
            await loadCart();
            navigate("/");
          }}
        >
          Sign out
        </button>
      </p>
      <ErrorAlert className="inline-error" message={logoutError} />
    </div>
  );
}
