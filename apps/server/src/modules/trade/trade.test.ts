import { TRADE_MESSAGES as M, type TradeApplicationInput } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  expectError,
  HEMP,
  PET_STORE,
  PETS,
  signedInVisitor,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { adminAudit, outbox, stores, users, wholesaleApplications } from "../../db/schema.ts";

const application: TradeApplicationInput = {
  businessName: "Wagging Tails Pet Supply",
  contactName: "Jordan Lee Parker",
  email: "Jordan@WaggingTails.test",
  phone: "+1 (828) 555-0142",
  taxId: "NC-RS-448812",
  website: "waggingtails.test",
  storeAddress: "88 Market Street\nAsheville, NC 28801",
  message: "We would like to stock the calming remedies.",
};

describe("trade applications API", () => {
  let t: TestApp;
  let ownerEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [store] = await t.database.db
      .select({ ownerEmail: stores.ownerEmail })
      .from(stores)
      .where(eq(stores.id, PET_STORE));
    ownerEmail = store?.ownerEmail ?? "";
  });
  afterAll(() => t.close());

  const visitor = (host = PETS) => visitorWithOwnIp(t.app, host);
  const apply = (body: unknown, v = visitor()) => v.post("/api/wholesale-applications", body);
  const admin = async (host = PETS, storeId = PET_STORE) =>
    (await signedInVisitor(t.app, t.database.db, { storeId, userType: "admin" }, host)).v;
  async function mailsTo(to: string) {
    await t.app.background.idle();
    return t.database.db.select().from(outbox).where(eq(outbox.to, to));
  }

  it("keeps an application, answers it as pending, and mails every field to the store's owner", async () => {
    const res = await apply(application);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "pending",
      createdAt: expect.any(String),
      decidedAt: null,
      application: { ...application, email: "jordan@waggingtails.test" },
    });
    const mail = (await mailsTo(ownerEmail)).find((m) => m.text.includes(answer.id));
    expect(mail?.subject).toBe("New trade application from Wagging Tails Pet Supply");
    expect(mail?.text).toContain("Email: jordan@waggingtails.test");
    expect(mail?.text).toContain("Tax or resale ID: NC-RS-448812");
    expect(mail?.text).toContain("Store address: 88 Market Street\n  Asheville, NC 28801");
  });

  it("refuses missing, over-long and malformed fields with 400 and each field's message", async () => {
    const res = await apply({ ...application, businessName: " ", email: "not-an-email" });
    expectError(res, 400, "invalid", "businessName: Business name is required");
    expect(res.json().error.fields).toEqual({
      businessName: "Business name is required",
      email: "Please enter a valid email address",
    });
    expectError(
      await apply({ ...application, message: "x".repeat(2001) }),
      400,
      "invalid",
      "message: Message must not exceed 2000 characters",
    );
    expectError(
      await apply({ ...application, website: "not a website" }),
      400,
      "invalid",
      `website: ${M.websiteInvalid}`,
    );
    expectError(
      await apply({ ...application, storeAddress: undefined }),
      400,
      "invalid",
      "storeAddress: Store address is required",
    );
    // The optional fields may be left out.
    const { phone: _p, taxId: _t, website: _w, message: _m, ...least } = application;
    const ok = await apply(least);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().application).toMatchObject({ phone: "", taxId: "", website: "", message: "" });
  });

  it("limits one address to 10 applications an hour", async () => {
    const v = visitor();
    for (let i = 0; i < 10; i++) expect((await apply(application, v)).statusCode).toBe(201);
    expect((await apply(application, v)).statusCode).toBe(429);
  });

  describe("approval", () => {
    it("makes a wholesale account for a new email and mails a link to choose its password; the applicant signs in as wholesale", async () => {
      const email = `new-partner@trade.test`;
      const { id } = (await apply({ ...application, email })).json();
      const shop = await admin();
      const listed = await shop.get("/api/admin/wholesale-applications");
      expect(listed.statusCode).toBe(200);
      expect(listed.json().applications.map((a: { id: string }) => a.id)).toContain(id);

      const res = await shop.post(`/api/admin/wholesale-applications/${id}/approve`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        application: { id, status: "approved", decidedAt: expect.any(String) },
        account: { email, userType: "wholesale", created: true },
      });
      const [audited] = await t.database.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.target, `trade application ${id}`));
      expect(audited).toMatchObject({
        action: "trade_application.approve",
        before: { status: "pending", account: null },
        after: { status: "approved", account: { email, userType: "wholesale", created: true } },
      });
      const [account] = await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.storeId, PET_STORE), eq(users.email, email)));
      expect(account).toMatchObject({
        userType: "wholesale",
        firstName: "Jordan",
        lastName: "Lee Parker",
      });

      const [mail] = await mailsTo(email);
      expect(mail?.subject).toBe("Your Pawsome Herbals trade account is ready");
      const token = /\/account\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
      expect(token).toBeDefined();
      const v = visitor();
      const chosen = await v.post("/auth/reset_password", {
        newPassword: "a trade partner passphrase",
        token,
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const signedIn = await signIn(v, email, "a trade partner passphrase");
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().user.userType).toBe("wholesale");

      // Approved once: a second approval is a 409, and nothing changes.
      expectError(
        await shop.post(`/api/admin/wholesale-applications/${id}/approve`, {}),
        409,
        "conflict",
        M.alreadyApproved,
      );
    });

    it("upgrades an existing customer's account and mails a sign-in link; an admin's stays an admin", async () => {
      const customer = await createUser(t.database.db, { storeId: PET_STORE });
      const { id } = (await apply({ ...application, email: customer.email.toUpperCase() })).json();
      const shop = await admin();
      const res = await shop.post(`/api/admin/wholesale-applications/${id}/approve`, {});
      expect(res.json().account).toEqual({
        email: customer.email,
        userType: "wholesale",
        created: false,
        resaleCertificate: null,
      });
      const [mail] = await mailsTo(customer.email);
      expect(mail?.text).toContain("/account/sign-in");
      expect(mail?.text).not.toContain("reset-password");

      const other = await createUser(t.database.db, { storeId: PET_STORE, userType: "admin" });
      const theirs = (await apply({ ...application, email: other.email })).json();
      expectError(
        await shop.post(`/api/admin/wholesale-applications/${theirs.id}/approve`, {}),
        409,
        "conflict",
        M.adminAccount,
      );
      const [still] = await t.database.db.select().from(users).where(eq(users.id, other.id));
      expect(still?.userType).toBe("admin");
    });

    it("keeps the resale certificate the admin checked on the account; a blank one is a 400", async () => {
      const email = `certified-partner@trade.test`;
      const { id } = (await apply({ ...application, email })).json();
      const shop = await admin();
      const path = `/api/admin/wholesale-applications/${id}/approve`;
      const blank = await shop.post(path, { resaleCertificate: "  " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toContain("Resale certificate must not be empty");
      expect((await shop.post(path, { resaleCertificate: 7 })).statusCode).toBe(400);
      const res = await shop.post(path, { resaleCertificate: " NC-RESALE-77 " });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().account.resaleCertificate).toBe("NC-RESALE-77");
      const [account] = await t.database.db
        .select({ certificate: users.resaleCertificate })
        .from(users)
        .where(and(eq(users.storeId, PET_STORE), eq(users.email, email)));
      expect(account?.certificate).toBe("NC-RESALE-77");
    });

    it("is for the store's admins only, and never another store's application", async () => {
      const { id } = (await apply(application)).json();
      const path = `/api/admin/wholesale-applications/${id}/approve`;
      expect((await visitor().post(path, {})).statusCode).toBe(401);
      const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
      expect((await shopper.post(path, {})).statusCode).toBe(404);
      expect((await shopper.get("/api/admin/wholesale-applications")).statusCode).toBe(404);
      // Even a query the route would refuse: the shopper learns nothing of it.
      expect((await shopper.get("/api/admin/wholesale-applications?limit=x")).statusCode).toBe(404);

      const hempAdmin = await admin(HEMP, "hemp-nutrition");
      expectError(await hempAdmin.post(path, {}), 404, "not_found", M.notFound);
      const hempList = (await hempAdmin.get("/api/admin/wholesale-applications")).json();
      expect(hempList.applications.map((a: { id: string }) => a.id)).not.toContain(id);
      expect(
        (await hempAdmin.post("/api/admin/wholesale-applications/nope/approve", {})).statusCode,
      ).toBe(400);
      const [row] = await t.database.db
        .select()
        .from(wholesaleApplications)
        .where(eq(wholesaleApplications.id, id));
      expect(row?.status).toBe("pending");
    });
  });

  it("is in the OpenAPI document", async () => {
    const res = await visitor().get("/api/openapi.json");
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain("/api/wholesale-applications");
    expect(paths).toContain("/api/admin/wholesale-applications/{id}/approve");
  });
});
