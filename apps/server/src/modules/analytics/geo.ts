import type { GeoData } from "@storefront/domain";

/** What a lookup found: the visitor's location, an error to store, or nothing to say. */
export type GeoLookupResult = { geo: GeoData } | { error: string } | null;

/**
 * Where a visitor is, from their address (spec section 3 "User geo data"). One small interface
 * with two sources: an HTTP JSON service, or the country a trusted proxy puts in a header.
 */
export interface IpLookup {
  lookup(
    ip: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<GeoLookupResult>;
}

/** How long the service may take before the visit is recorded without a location. */
const LOOKUP_TIMEOUT_MS = 3000;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : null;

/**
 * An HTTP JSON service with ipinfo's fields (ip, country, region, city, postal, loc, timezone),
 * called with a bearer token. `{ip}` in the URL is replaced by the address; otherwise the address
 * is appended as a path segment. A refusal is stored as 'Error: {status}' (spec section 8).
 */
export class HttpIpLookup implements IpLookup {
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  urlFor(ip: string): string {
    const encoded = encodeURIComponent(ip);
    return this.url.includes("{ip}")
      ? this.url.replaceAll("{ip}", encoded)
      : `${this.url.replace(/\/+$/, "")}/${encoded}`;
  }

  async lookup(ip: string): Promise<GeoLookupResult> {
    let response: Response;
    try {
      response = await this.fetcher(this.urlFor(ip), {
        headers: { authorization: `Bearer ${this.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
    } catch {
      return { error: "Error: unreachable" };
    }
    if (!response.ok) return { error: `Error: ${response.status}` };
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = await response.json();
      if (!parsed || typeof parsed !== "object") return { error: "Error: not JSON" };
      body = parsed as Record<string, unknown>;
    } catch {
      return { error: "Error: not JSON" };
    }
    return {
      geo: {
        ip: text(body.ip) ?? ip,
        country: text(body.country),
        state: text(body.region),
        city: text(body.city),
        postalCode: text(body.postal),
        loc: text(body.loc),
        timezone: text(body.timezone),
      },
    };
  }
}

/** The country a trusted proxy sends (`COUNTRY_HEADER`, e.g. cf-ipcountry); nothing else known. */
export class HeaderCountryLookup implements IpLookup {
  constructor(private readonly header: string) {}

  async lookup(
    ip: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<GeoLookupResult> {
    const value = headers[this.header];
    const country = typeof value === "string" ? value.trim().toUpperCase() : "";
    if (!/^[A-Z]{2}$/.test(country) || country === "XX") return null;
    return {
      geo: { ip, country, state: null, city: null, postalCode: null, loc: null, timezone: null },
    };
  }
}

/** The lookup the settings give: the HTTP service, else the proxy's header, else none. */
export function createIpLookup(settings: {
  ipLookup: { url: string; token: string } | null;
  countryHeader: string | null;
}): IpLookup | null {
  if (settings.ipLookup) return new HttpIpLookup(settings.ipLookup.url, settings.ipLookup.token);
  if (settings.countryHeader) return new HeaderCountryLookup(settings.countryHeader);
  return null;
}
