export { Analytics, noteEmail, recordSearch, recordSearchResult } from "./analytics";
