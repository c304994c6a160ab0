import { PET_STORE, PETS } from "../../../test/fixtures.ts";

/** The host of the store the platform tests open. */
export const KITCHEN = "kitchen.localhost";
/** PLATFORM_HOST as the tests' settings leave it: the first demo store's host. */
export const PLATFORM = PETS;
export const rules = { platformHost: PLATFORM, defaultStoreId: PET_STORE };

/** That store as its opener fills it in. */
export function kitchen(overrides: Record<string, unknown> = {}) {
  return {
    id: "test-kitchen",
    brandName: "Test Kitchen",
    hosts: [KITCHEN],
    defaultCurrency: "usd",
    ownerEmail: "Owner@Kitchen.test",
    theme: { primary: "#0b6e4f", headingFont: "Fraunces" },
    ...overrides,
  };
}
