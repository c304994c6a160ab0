export { PlatformScreen } from "./platform-screen";
