export { footerNote } from "./footer-note";
export { type FrameHandle, SiteFrame } from "./site-frame";
