import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { acceptLanguageCountry, requestCurrency, visitorCountry } from "./currency.ts";

function fakeRequest(
  headers: Record<string, string>,
  countryHeader: string | null = null,
  cookies: Record<string, string> = {},
): FastifyRequest {
  return { headers, cookies, server: { config: { countryHeader } } } as unknown as FastifyRequest;
}

describe("visitor country", () => {
  it.each([
    ["en-CA,en;q=0.9", "CA"],
    ["fr-ca", "CA"],
    ["zh-Hant-TW,zh;q=0.8", "TW"],
    ["en-US", "US"],
    ["en", null],
    ["es-419", null],
    ["*", null],
    ["", null],
    [undefined, null],
  ])("reads the region of the first Accept-Language tag: %s → %s", (header, country) => {
    expect(acceptLanguageCountry(header)).toBe(country);
  });

  it("trusts the proxy's country header only when one is configured", () => {
    const headers = { "cf-ipcountry": "CA", "accept-language": "en-US" };
    expect(visitorCountry(fakeRequest(headers))).toBe("US");
    expect(visitorCountry(fakeRequest(headers, "cf-ipcountry"))).toBe("CA");
  });

  it("falls back to the language when the proxy does not know the country", () => {
    const headers = { "cf-ipcountry": "XX", "accept-language": "en-CA" };
    expect(visitorCountry(fakeRequest(headers, "cf-ipcountry"))).toBe("CA");
    expect(visitorCountry(fakeRequest({ "accept-language": "en-CA" }, "cf-ipcountry"))).toBe("CA");
  });
});

describe("request currency", () => {
  it("is the explicit choice, else the cookie, else CAD in Canada, else USD", () => {
    const canada = { "accept-language": "en-CA" };
    expect(requestCurrency(fakeRequest(canada, null, { currency: "cad" }), "usd")).toBe("usd");
    expect(requestCurrency(fakeRequest(canada, null, { currency: "usd" }))).toBe("usd");
    expect(requestCurrency(fakeRequest(canada, null, { currency: "EUR" }))).toBe("cad");
    expect(requestCurrency(fakeRequest(canada))).toBe("cad");
    expect(requestCurrency(fakeRequest({ "cf-ipcountry": "CA" }, "cf-ipcountry"))).toBe("cad");
    expect(requestCurrency(fakeRequest({ "accept-language": "en-GB" }))).toBe("usd");
    expect(requestCurrency(fakeRequest({}))).toBe("usd");
  });
});
