// The top bar's search is the default export: the header loads it lazily, apart from the page.

// The results page takes the search's limits from here, so both share one chunk.
export { SEARCH_LIMITS } from "@storefront/domain";
export { whenRecording } from "./record-search";
export { default } from "./search-bar";
