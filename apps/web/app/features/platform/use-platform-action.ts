import { useSave } from "~/lib/use-save";

/** The platform's forms say what they did, or why not, in the storefront's own styles. */
export const usePlatformAction = () => useSave({ error: "inline-error", done: "" });
