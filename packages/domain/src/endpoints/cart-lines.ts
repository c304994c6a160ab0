import type { LineRef } from "../cart.ts";
/**
 * Where a change or removal of a line goes: its sku in the path; ?skus_selected= (the chosen
 * skus, comma-separated) names a bundle line, ?subscription_id= a line on a plan (a bundle line
 * has none).
 * @example lineWhere({ sku: "CALM-DUO", subscription: null, skus_selected: ["A", "B"] }) // { params: { sku: "CALM-DUO" }, query: { skus_selected: "A,B" } }
 */
export const lineWhere = ({ sku, subscription, skus_selected }: LineRef) => ({
  params: { sku },
  query: skus_selected?.length
    ? { skus_selected: skus_selected.join(",") }
    : { subscription_id: subscription?.subscription_id },
});

/** The line a PATCH or DELETE names, from its path's sku and its query (as validated). */
export function lineRefOf(
  sku: string,
  query: { subscription_id?: string | undefined; skus_selected?: readonly string[] | undefined },
): LineRef {
  return {
    sku,
    subscription:
      query.subscription_id === undefined ? null : { subscription_id: query.subscription_id },
    skus_selected: query.skus_selected ?? null,
  };
}
