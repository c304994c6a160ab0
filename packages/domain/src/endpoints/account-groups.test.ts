import { describe, expect, expectTypeOf, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../account.ts";
import type { AuthStatus } from "../account-schema.ts";
import type { Answer, Call, Endpoint, UploadBody } from "../endpoint.ts";
import { accountsEndpoints, accountsEndpointsOf } from "./accounts.ts";
import * as ACCOUNTS_ROUTES from "./accounts-routes.ts";
import { ordersEndpoints } from "./orders.ts";
import * as ORDERS_ROUTES from "./orders-routes.ts";
import { paymentsEndpoints } from "./payments.ts";
import * as PAYMENTS_ROUTES from "./payments-routes.ts";
import { platformEndpoints, platformEndpointsOf } from "./platform.ts";
import * as PLATFORM_ROUTES from "./platform-routes.ts";
import { sessionEndpoints } from "./session.ts";
import * as SESSION_ROUTES from "./session-routes.ts";
import { subscriptionsEndpoints } from "./subscriptions.ts";
import * as SUBSCRIPTIONS_ROUTES from "./subscriptions-routes.ts";

const groups: [string, Record<string, string>, Record<string, Endpoint>][] = [
  ["session", SESSION_ROUTES, sessionEndpoints],
  ["accounts", ACCOUNTS_ROUTES, accountsEndpoints],
  ["orders", ORDERS_ROUTES, ordersEndpoints],
  ["subscriptions", SUBSCRIPTIONS_ROUTES, subscriptionsEndpoints],
  ["platform", PLATFORM_ROUTES, platformEndpoints],
  ["payments", PAYMENTS_ROUTES, paymentsEndpoints],
];

describe("the session's, accounts', orders', subscriptions', platform's and payments' endpoints", () => {
  it.each(groups)("name each %s route once, as its descriptor has it", (_, routes, endpoints) => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(routes));
    for (const [name, route] of Object.entries(routes)) {
      const { method, path } = endpoints[name] as Endpoint;
      expect(`${method} ${path}`).toBe(route);
    }
  });

  it("judge a new password against the list the server passes", () => {
    const common = (password: string) => password === "password123";
    const registration = {
      email: "a@example.com",
      password: "password123",
      first_name: "A",
      last_name: "B",
    };
    expect(accountsEndpoints.register.body.safeParse(registration).success).toBe(true);
    const refused = accountsEndpointsOf(common).register.body.safeParse(registration);
    expect(refused.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.passwordCommon);
    const reset = { newPassword: "password123", token: "t" };
    expect(accountsEndpointsOf(common).resetPassword.body.safeParse(reset).success).toBe(false);
    const operator = { token: "t", password: "password123" };
    expect(platformEndpoints.setPassword.body.safeParse(operator).success).toBe(true);
    expect(platformEndpointsOf(common).setPassword.body.safeParse(operator).success).toBe(false);
  });

  it("type their calls: a sign-out answers no body, a logo is uploaded as bytes", () => {
    expectTypeOf<Answer<typeof sessionEndpoints.status>>().toEqualTypeOf<AuthStatus>();
    expectTypeOf<Answer<typeof platformEndpoints.signOut>>().toEqualTypeOf<null>();
    type Upload = Call<typeof platformEndpoints.uploadLogo>;
    expectTypeOf<Parameters<Upload>[0]>().toEqualTypeOf<UploadBody>();
    expectTypeOf<Parameters<Upload>[1]["params"]>().toEqualTypeOf<{ id: string }>();
    type Logout = Call<typeof accountsEndpoints.logout>;
    expectTypeOf<undefined>().toExtend<Parameters<Logout>[0]>();
  });
});
