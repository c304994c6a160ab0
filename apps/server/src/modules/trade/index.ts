// The trade module's face: what other modules, flows and the app may use of it.
export { stored, type TradeDeps, WELCOME_LINK_TTL_MS } from "./service.ts";
