import { z } from "zod";
import { CURRENCIES } from "./money.ts";

export const CurrencySchema = z.enum(CURRENCIES, {
  error: "Currency must be usd or cad",
});
