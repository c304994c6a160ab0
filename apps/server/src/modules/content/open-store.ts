import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { saveDocument } from "./service.ts";

/** Writes a new store's pages (home, about, policies, …) and its chatbot's settings. */
export async function insertDocuments(tx: Transaction, store: DemoStore): Promise<void> {
  for (const [name, page] of Object.entries(store.pages)) {
    await saveDocument(tx, store.id, "master", name, page);
  }
  await saveDocument(tx, store.id, "layout", "chatbot", store.chatbot);
}
