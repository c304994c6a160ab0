import {
  CURRENCY_MESSAGES,
  type Currency,
  CurrencySchema,
  DomainError,
  EVERY_CURRENCY,
  type StoreCurrencies,
} from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { cookieOptions } from "./cookies.ts";

export const CURRENCY_COOKIE = "currency";
const CURRENCY_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The first value of a header that may have been sent more than once. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The region of the first Accept-Language tag, upper-cased: "en-CA,en;q=0.9" → "CA",
 * "zh-Hant-TW" → "TW". A tag without a two-letter region ("en", "es-419", "*") gives null.
 */
export function acceptLanguageCountry(header: string | undefined): string | null {
  const first = header?.split(",")[0]?.split(";")[0]?.trim();
  if (!first) return null;
  const region = first
    .split("-")
    .slice(1)
    .find((subtag) => /^[a-z]{2}$/i.test(subtag));
  return region ? region.toUpperCase() : null;
}

/**
 * The visitor's country (ISO 3166 alpha-2): the trusted proxy header when one is configured and
 * carries a country, else the region of the first Accept-Language tag. Never fails.
 */
export function visitorCountry(request: FastifyRequest): string | null {
  const headerName = request.server.config.countryHeader;
  if (headerName) {
    const value = headerValue(request.headers[headerName])?.trim().toUpperCase();
    // Cloudflare sends XX (unknown) and T1 (Tor); those fall back to the language.
    if (value && /^[A-Z]{2}$/.test(value) && value !== "XX") return value;
  }
  return acceptLanguageCountry(headerValue(request.headers["accept-language"]));
}

/** The shopper's choice from the `currency` cookie; an invalid value is no choice. */
export function cookieCurrency(request: FastifyRequest): Currency | null {
  const value = request.cookies[CURRENCY_COOKIE];
  // Most visitors have no cookie: no parse (a refused parse builds its error, on every page).
  if (value === undefined) return null;
  const parsed = CurrencySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the request's store sells in (resolved with the store; every currency before that). */
function storeSale(request: FastifyRequest): StoreCurrencies {
  return request.storeSale ?? EVERY_CURRENCY;
}

/**
 * A currency the shopper asked for by name (`?currency=`, the currency switch): it must be one
 * the request's store sells in, else 400 naming those it does.
 */
export function soldCurrency(request: FastifyRequest, currency: Currency): Currency {
  const { currencies } = storeSale(request);
  if (currencies.includes(currency)) return currency;
  const message = CURRENCY_MESSAGES.notSold(currencies);
  throw new DomainError("invalid", message, { currency: message });
}

/**
 * The currency of a request (the one place that decides it), always one the store sells in: an
 * explicit choice (`?currency=`, refused when the store does not sell in it), else the `currency`
 * cookie, else the currency of the visitor's country (CAD in Canada, USD in the US), else the
 * store's default currency.
 */
export function requestCurrency(request: FastifyRequest, explicit?: Currency): Currency {
  if (explicit) return soldCurrency(request, explicit);
  const { currencies, defaultCurrency } = storeSale(request);
  const chosen = cookieCurrency(request);
  if (chosen && currencies.includes(chosen)) return chosen;
  const country = visitorCountry(request);
  const local = country === "CA" ? "cad" : country === "US" ? "usd" : null;
  return local && currencies.includes(local) ? local : defaultCurrency;
}

/** Remembers the shopper's currency for a year; readable by the page so it can render at once. */
export function setCurrencyCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  currency: Currency,
): void {
  reply.setCookie(
    CURRENCY_COOKIE,
    currency,
    cookieOptions(request, { readableByPage: true, maxAgeS: CURRENCY_MAX_AGE_S }),
  );
}
