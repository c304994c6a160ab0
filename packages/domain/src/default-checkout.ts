import type { CheckoutSettings } from "./checkout.ts";

/**
 * A store's shipping and tax until it sets its own (the demo stores', and a new store's): flat-rate
 * Standard and Express per country, free shipping on US orders of $149.00 or more, US state sales
 * tax at the state rate (no local add-ons) and Canadian GST/HST/PST/QST by province, in
 * thousandths of a percent.
 */
export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
  shipping: {
    US: [
      { id: "standard", label: "Standard", amount: 795, estimate: "3–5 business days" },
      { id: "express", label: "Express", amount: 1_995, estimate: "1–2 business days" },
    ],
    CA: [
      { id: "standard", label: "Standard", amount: 1_295, estimate: "4–8 business days" },
      { id: "express", label: "Express", amount: 2_995, estimate: "2–3 business days" },
    ],
  },
  freeShipping: { US: 14_900 },
  tax: {
    US: Object.fromEntries(
      Object.entries({
        AL: 4000,
        AZ: 5600,
        AR: 6500,
        CA: 7250,
        CO: 2900,
        CT: 6350,
        DC: 6000,
        FL: 6000,
        GA: 4000,
        HI: 4000,
        ID: 6000,
        IL: 6250,
        IN: 7000,
        IA: 6000,
        KS: 6500,
        KY: 6000,
        LA: 5000,
        ME: 5500,
        MD: 6000,
        MA: 6250,
        MI: 6000,
        MN: 6875,
        MS: 7000,
        MO: 4225,
        NE: 5500,
        NV: 6850,
        NJ: 6625,
        NM: 4875,
        NY: 4000,
        NC: 4750,
        ND: 5000,
        OH: 5750,
        OK: 4500,
        PA: 6000,
        RI: 7000,
        SC: 6000,
        SD: 4200,
        TN: 7000,
        TX: 6250,
        UT: 6100,
        VT: 6000,
        VA: 5300,
        WA: 6500,
        WV: 6000,
        WI: 5000,
        WY: 4000,
      }).map(([state, rate]) => [state, { "Sales tax": rate }]),
    ),
    CA: {
      AB: { GST: 5000 },
      BC: { GST: 5000, PST: 7000 },
      MB: { GST: 5000, RST: 7000 },
      NB: { HST: 15000 },
      NL: { HST: 15000 },
      NS: { HST: 14000 },
      NT: { GST: 5000 },
      NU: { GST: 5000 },
      ON: { HST: 13000 },
      PE: { HST: 15000 },
      QC: { GST: 5000, QST: 9975 },
      SK: { GST: 5000, PST: 6000 },
      YT: { GST: 5000 },
    },
  },
};
