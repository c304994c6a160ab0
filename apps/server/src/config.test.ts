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
  });

  it("read the visitor-country header name in lower case", () => {
    expect(loadConfig({ COUNTRY_HEADER: "CF-IPCountry" }).countryHeader).toBe("cf-ipcountry");
    expect(() => loadConfig({ COUNTRY_HEADER: "not a header" })).toThrow(/COUNTRY_HEADER/);
  });

  it("stop start-up with a message naming a bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ LOAD_DEMO_DATA: "maybe" })).toThrow(/LOAD_DEMO_DATA/);
  });
});
