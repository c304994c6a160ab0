// The support chat's launcher is the default export: the frame loads it lazily, apart from the
// page; its panel loads apart again, when the browser is idle or the shopper opens it.
export { default } from "./chat-launcher";
