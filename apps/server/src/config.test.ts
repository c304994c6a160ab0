import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("settings", () => {
  it("default to the embedded database, port 3000 and the pet store", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.defaultStoreId).toBe("pet-remedies");
    expect(config.loadDemoData).toBe(true);
    expect(config.countryHeader).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe("Store <no-reply@localhost>");
  });

  it("read the Redis and SMTP URLs and the sender", () => {
    const config = loadConfig({
      REDIS_URL: "redis://127.0.0.1:6379/2",
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      MAIL_FROM: "Pawsome Herbals <hello@pawsome.test>",
    });
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379/2");
    expect(config.smtpUrl).toBe("smtps://user:secret@mail.example.com:465");
    expect(config.mailFrom).toBe("Pawsome Herbals <hello@pawsome.test>");
    expect(loadConfig({ REDIS_URL: "rediss://cache.example.com" }).redisUrl).toBe(
      "rediss://cache.example.com",
    );
  });

  it("run several worker processes, on the embedded default too, refusing a count out of range", () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "2" }).webConcurrency).toBe(2);
    expect(
      loadConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db.example.com/shop" })
        .webConcurrency,
    ).toBe(4);
    expect(() =>
      loadConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db.example.com/shop" }),
    ).toThrow(/WEB_CONCURRENCY: must be a whole number of processes from 1 to 64/);
  });

  it("read the visitor-country header name in lower case, only behind a trusted proxy", () => {
    expect(loadConfig({ COUNTRY_HEADER: "CF-IPCountry", TRUST_PROXY: "1" }).countryHeader).toBe(
      "cf-ipcountry",
    );
    expect(() => loadConfig({ COUNTRY_HEADER: "not a header", TRUST_PROXY: "1" })).toThrow(
      /COUNTRY_HEADER/,
    );
    expect(() => loadConfig({ COUNTRY_HEADER: "cf-ipcountry" })).toThrow(
      /COUNTRY_HEADER: needs TRUST_PROXY/,
    );
  });

  it("read TRUST_PROXY as a hop count or a list of proxy addresses, never 'trust everything'", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback,::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "loopback",
      "::1",
    ]);
    for (const bad of ["true", "yes", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "-1"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be a hop count/,
      );
    }
  });

  it("stop start-up with a message naming a bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ LOAD_DEMO_DATA: "maybe" })).toThrow(/LOAD_DEMO_DATA/);
    expect(() => loadConfig({ REDIS_URL: "localhost:6379" })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: "mail.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: " " })).toThrow(/MAIL_FROM/);
  });

  it("use Stripe only when its three keys are all set, and name the missing ones", () => {
    expect(loadConfig({}).stripe).toBeNull();
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    });
    expect(config.stripe).toMatchObject({
      secretKey: "sk_test_abc",
      publishableKey: "pk_test_abc",
      webhookSecrets: ["whsec_abc"],
    });
    // One secret per endpoint: the connected accounts' and the platform's own.
    const two = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_connect, whsec_platform",
    });
    expect(two.stripe?.webhookSecrets).toEqual(["whsec_connect", "whsec_platform"]);
    expect(
      loadConfig({ STRIPE_PLATFORM_STORES: "pet-remedies, hemp" }).stripePlatformStores,
    ).toEqual(["pet-remedies", "hemp"]);
    expect(() => loadConfig({ STRIPE_PLATFORM_STORES: "Pets!" })).toThrow(
      /STRIPE_PLATFORM_STORES: must be store ids separated by commas/,
    );
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_a,,whsec_b",
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: must be Stripe webhook signing secrets/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must all be set/,
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
    );
  });
});
