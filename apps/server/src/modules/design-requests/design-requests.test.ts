import {
  ACCOUNT_MESSAGES,
  type GardenDesignRequest,
  GARDEN_MESSAGES as M,
  type UserType,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GARDEN,
  GARDEN_STORE,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { parseMail, useSmtpTestApp } from "../../../test/smtp.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { designRequests, outbox } from "../../db/schema.ts";

const OWNER = "studio@fernwood.test";

/** What the wizard sends for a filled-in form. */
const layoutData: GardenDesignRequest = {
  name: "Robin Meadow",
  email: "robin@example.com",
  zipCode: "97214",
  where: "Backyard",
  dimensions: "24 feet x 12.5 feet",
  length: "24",
  width: "12.5",
  sunlight_hours: "Part sun (3-6 hours)",
  maintenance_level: "Low - Minimal care required",
  garden_style: ["Pollinator-friendly (butterflies, bees, hummingbirds)", "Japanese moss garden"],
  layout_shape: "Curved, flowing bed lines (more natural look)",
  symmetry_preference: "not-sure",
  color_preferences: "Blues and whites",
  plant_preferences: "No roses, please",
};

/** The validation error: exactly `{ error: { code: "invalid", message, fields? } }`. */
function expectInvalid(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toEqual({
    error: { code: "invalid", message, ...(fields ? { fields } : {}) },
  });
}

describe("garden design requests API", () => {
  const t = useTestApp();

  const visitor = (host = GARDEN) => visitorWithOwnIp(t.app, host);
  const submit = (v: Visitor, body: unknown) => v.post("/pbn/layouts", body);

  async function signedInAdmin(storeId: string, host: string, userType: UserType = "admin") {
    return (await signedInVisitor(t.app, t.database.db, { storeId, userType }, host)).v;
  }

  describe("POST /pbn/layouts", () => {
    it("stores a valid request, answers it with its id, and mails it to the store owner", async () => {
      const res = await submit(visitor(), { layoutData, store_id: GARDEN_STORE });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      expect(answer).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        store_id: GARDEN_STORE,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        layoutData,
      });

      const [row] = await t.database.db
        .select()
        .from(designRequests)
        .where(eq(designRequests.id, answer.id));
      expect(row?.storeId).toBe(GARDEN_STORE);
      expect(row?.data).toEqual(layoutData);

      // Without SMTP_URL the owner's notice goes to the outbox table.
      await t.app.background.idle();
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.storeId, GARDEN_STORE), eq(outbox.to, OWNER)));
      const mail = mails.find((m) => m.text.includes(answer.id));
      expect(mail?.subject).toBe("New garden design request from Robin Meadow");
      expect(mail?.text).toContain("Dimensions: 24 feet x 12.5 feet");
    });

    it("trims text, rebuilds the dimensions and fills left-out optional fields", async () => {
      const res = await submit(visitor(), {
        layoutData: {
          name: "  Robin  ",
          email: " robin@example.com ",
          where: " Balcony ",
          dimensions: "whatever the client says",
          length: " 10 ",
          width: "",
          sunlight_hours: "Mostly shade (less than 3 hours)",
          maintenance_level: "High - Regular care and attention",
          garden_style: ["Clean and simple"],
        },
        store_id: GARDEN_STORE,
      });
      // The width is required: nothing is stored.
      expectInvalid(res, 400, "layoutData.width: Width is required", {
        "layoutData.width": "Width is required",
      });

      const ok = await submit(visitor(), {
        layoutData: {
          name: "  Robin  ",
          email: " robin@example.com ",
          where: " Balcony ",
          dimensions: "whatever the client says",
          length: " 10 ",
          width: "4",
          sunlight_hours: "Mostly shade (less than 3 hours)",
          maintenance_level: "High - Regular care and attention",
          garden_style: ["Clean and simple"],
        },
        store_id: GARDEN_STORE,
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().layoutData).toEqual({
        name: "Robin",
        email: "robin@example.com",
        zipCode: "",
        where: "Balcony",
        dimensions: "10 feet x 4 feet",
        length: "10",
        width: "4",
        sunlight_hours: "Mostly shade (less than 3 hours)",
        maintenance_level: "High - Regular care and attention",
        garden_style: ["Clean and simple"],
        layout_shape: "",
        symmetry_preference: "",
        color_preferences: "",
        plant_preferences: "",
      });
    });

    it.each([
      ["name", "", "Full Name is required"],
      ["email", "robin@", M.emailInvalid],
      ["zipCode", "12345-678", M.zipInvalid],
      ["where", "a", "Where is your garden located? must be at least 2 characters"],
      ["where", "x".repeat(101), "Where is your garden located? must not exceed 100 characters"],
      ["length", "0.99", "Length must be at least 1 foot"],
      ["length", "1e3", "Length must be a valid number"],
      ["width", "1000.01", "Width must not exceed 1000 feet"],
      ["sunlight_hours", "", "Sunlight hours is required"],
      ["maintenance_level", "Whenever", "Maintenance level must be one of the listed options"],
      ["garden_style", [], M.styleRequired],
      ["layout_shape", "Zigzag", "Layout shape must be one of the listed options"],
      ["symmetry_preference", "maybe", "Symmetry preference must be one of the listed options"],
      ["color_preferences", "x".repeat(501), "Color preferences must not exceed 500 characters"],
      ["plant_preferences", "x".repeat(501), "Plant preferences must not exceed 500 characters"],
    ])("refuses %s = %j with 400 and the field's message", async (field, value, message) => {
      const before = await t.database.db.$count(designRequests);
      const res = await submit(visitor(), {
        layoutData: { ...layoutData, [field]: value },
        store_id: GARDEN_STORE,
      });
      expectInvalid(res, 400, `layoutData.${field}: ${message}`, {
        [`layoutData.${field}`]: message,
      });
      expect(await t.database.db.$count(designRequests)).toBe(before);
    });

    it("names the garden style that is wrong", async () => {
      const res = await submit(visitor(), {
        layoutData: { ...layoutData, garden_style: ["Clean and simple", "other"] },
        store_id: GARDEN_STORE,
      });
      expectInvalid(res, 400, `layoutData.garden_style.1: ${M.otherRequired}`, {
        "layoutData.garden_style.1": M.otherRequired,
      });
    });

    it("refuses a request without store_id or layoutData, or with fields it does not know", async () => {
      expectInvalid(
        await submit(visitor(), { layoutData }),
        400,
        `store_id: ${M.storeIdRequired}`,
        {
          store_id: M.storeIdRequired,
        },
      );
      expectInvalid(
        await submit(visitor(), { store_id: GARDEN_STORE }),
        400,
        `layoutData: ${M.layoutDataRequired}`,
        { layoutData: M.layoutDataRequired },
      );
      const extra = await submit(visitor(), { layoutData, store_id: GARDEN_STORE, admin: true });
      expect(extra.statusCode).toBe(400);
      const noBody = await visitor().request("POST", "/pbn/layouts");
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().error.code).toBe("invalid");
    });

    it("refuses a store_id that is not the Host's store, known or unknown", async () => {
      const mismatch = ACCOUNT_MESSAGES.storeMismatch;
      for (const storeId of [HEMP_STORE, "no-such-store"]) {
        expectInvalid(await submit(visitor(), { layoutData, store_id: storeId }), 400, mismatch, {
          store_id: mismatch,
        });
      }
      // On the hemp store's host, the hemp store's id is the right one.
      const hemp = await submit(visitor(HEMP), { layoutData, store_id: HEMP_STORE });
      expect(hemp.statusCode).toBe(201);
      expect(hemp.json().store_id).toBe(HEMP_STORE);
    });

    it("refuses a body far larger than any request with 413", async () => {
      const res = await submit(visitor(), {
        layoutData: { ...layoutData, plant_preferences: "x".repeat(40_000) },
        store_id: GARDEN_STORE,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe("invalid");
    });

    it("lets one visitor send 20 requests an hour", async () => {
      const v = visitor();
      for (let i = 0; i < 20; i += 1) {
        expect((await submit(v, { layoutData, store_id: GARDEN_STORE })).statusCode).toBe(201);
      }
      const res = await submit(v, { layoutData, store_id: GARDEN_STORE });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
      expect(res.headers["retry-after"]).toBeDefined();
    });
  });

  describe("GET /api/admin/design-requests", () => {
    it("answers only the store's admins", async () => {
      const anonymous = await visitor().get("/api/admin/design-requests");
      expect(anonymous.statusCode).toBe(401);
      const customer = await signedInAdmin(GARDEN_STORE, GARDEN, "customer");
      const refused = await customer.get("/api/admin/design-requests");
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual({
        code: "not_found",
        message: "No route for GET /api/admin/design-requests",
      });
    });

    it("shows a store's own requests, newest first, and never another store's", async () => {
      const name = "Listing request";
      await submit(visitor(), { layoutData: { ...layoutData, name }, store_id: GARDEN_STORE });
      const latest = await submit(visitor(), {
        layoutData: { ...layoutData, name: `${name} later` },
        store_id: GARDEN_STORE,
      });

      const admin = await signedInAdmin(GARDEN_STORE, GARDEN);
      const res = await admin.get("/api/admin/design-requests?limit=2");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const { requests } = res.json() as {
        requests: { id: string; layoutData: { name: string } }[];
      };
      expect(requests.map((r) => r.layoutData.name)).toEqual([`${name} later`, name]);
      expect(requests[0]?.id).toBe(latest.json().id);
      const next = await admin.get("/api/admin/design-requests?limit=1&offset=1");
      expect(next.json().requests[0].layoutData.name).toBe(name);

      // The pet store's admin sees none of the garden store's requests.
      const petAdmin = await signedInAdmin(PET_STORE, PETS);
      const pet = await petAdmin.get("/api/admin/design-requests");
      expect(pet.statusCode).toBe(200);
      expect(pet.json().requests).toEqual([]);
      // And the garden admin's session is no one on the hemp store's host.
      const elsewhere = visitorWithOwnIp(t.app, HEMP);
      for (const [cookie, value] of admin.cookies) elsewhere.cookies.set(cookie, value);
      expect((await elsewhere.get("/api/admin/design-requests")).statusCode).toBe(401);
    });

    it("refuses a limit out of range", async () => {
      const admin = await signedInAdmin(GARDEN_STORE, GARDEN);
      expect((await admin.get("/api/admin/design-requests?limit=0")).statusCode).toBe(400);
      expect((await admin.get("/api/admin/design-requests?limit=201")).statusCode).toBe(400);
    });
  });

  it("lists /pbn/layouts and GET /api/admin/design-requests in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.paths["/pbn/layouts"].post.tags).toEqual(["design-requests"]);
    expect(
      doc.paths["/pbn/layouts"].post.requestBody.content["application/json"].schema.required,
    ).toEqual(["layoutData", "store_id"]);
    expect(doc.paths["/api/admin/design-requests"].get).toBeDefined();
  });
});

describe("garden design request mail over SMTP", () => {
  const { t, smtp } = useSmtpTestApp({ mailFrom: "Fernwood Garden Studio <hello@fernwood.test>" });

  it("mails the request, laid out, to the store owner with the visitor as Reply-To", async () => {
    const arrival = smtp.next();
    const res = await visitorWithOwnIp(t.app, GARDEN).post("/pbn/layouts", {
      layoutData: { ...layoutData, zipCode: "", layout_shape: "" },
      store_id: GARDEN_STORE,
    });
    expect(res.statusCode).toBe(201);

    const mail = await arrival;
    expect(mail.to).toEqual([OWNER]);
    const { headers, text } = parseMail(mail.raw);
    expect(headers.subject).toBe("New garden design request from Robin Meadow");
    expect(headers["reply-to"]).toBe("robin@example.com");
    expect(text).toContain("A visitor asked Fernwood Garden Studio for a garden design.");
    for (const line of [
      "Name: Robin Meadow",
      "Email: robin@example.com",
      "Zip Code: Not specified",
      "Location: Backyard",
      "Dimensions: 24 feet x 12.5 feet",
      "Sunlight: Part sun (3-6 hours)",
      "Maintenance: Low - Minimal care required",
      "Garden Style: Pollinator-friendly (butterflies, bees, hummingbirds), Japanese moss garden",
      "Layout Shape: Not specified",
      "Symmetry: Not sure",
      "Color Preferences: Blues and whites",
      "Plant Preferences: No roses, please",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(res.json().id);
    // Sent, so nothing went to the outbox.
    expect(await t.database.db.$count(outbox, eq(outbox.to, OWNER))).toBe(0);
  });

  it("keeps the request when the mail cannot be sent", async () => {
    await smtp.close();
    const res = await visitorWithOwnIp(t.app, GARDEN).post("/pbn/layouts", {
      layoutData,
      store_id: GARDEN_STORE,
    });
    expect(res.statusCode).toBe(201);
    await t.app.background.idle();
    const [row] = await t.database.db
      .select()
      .from(designRequests)
      .where(eq(designRequests.id, res.json().id));
    expect(row?.data.name).toBe("Robin Meadow");
  });
});
