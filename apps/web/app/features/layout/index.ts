export { footerNote } from "./footer-note";
export { SiteFrame } from "./site-frame";
