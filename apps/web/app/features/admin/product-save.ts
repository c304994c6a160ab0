import type { AdminProductDetail, Currency } from "@storefront/domain";
import { type Dispatch, type FormEvent, type SetStateAction, useState } from "react";
import { useNavigate } from "react-router";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import { useSave } from "~/lib/use-save";
import { type Draft, draftOf } from "./product-draft";
import { inputOf } from "./product-input";

/**
 * The product editor's save: the draft checked (`problem` says the first thing to fix), then a
 * saved product replaced whole and its draft read again, or a new one created and the page made
 * its editor. When the stock changed meanwhile (an order), the draft takes the figure now, to
 * check and save again.
 */
export function useProductSave({
  product,
  currencies,
  draft,
  setDraft,
}: {
  product: AdminProductDetail | null;
  currencies: readonly Currency[];
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
}) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run, outcome } = useSave();

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(draft, currencies);
    setProblem(typeof input === "string" ? input : null);
    if (typeof input === "string") return;
    void run(
      async () => {
        if (product) {
          const where = { params: { id: product.id } };
          const saved = await api.adminCatalog
            .saveProduct(input, where)
            .catch(async (err: unknown) => {
              // The stock changed meanwhile (an order): show the figure now, to check and save again.
              if (err instanceof ApiError && err.status === 409) {
                const now = await api.adminCatalog.product(where);
                setDraft((d) => ({
                  ...d,
                  variants: d.variants.map((v) => {
                    const fresh = now.variants.find((x) => x.id === v.id);
                    return fresh && fresh.stock !== v.savedStock
                      ? { ...v, stock: String(fresh.stock), savedStock: fresh.stock }
                      : v;
                  }),
                }));
              }
              throw err;
            });
          setDraft(draftOf(saved));
          return;
        }
        const created = await api.adminCatalog.createProduct(input);
        await navigate(`/admin/products/${created.id}`, { replace: true });
      },
      `${draft.title || "The product"} is saved.`,
    );
  }

  return { busy, outcome, problem, submit };
}
