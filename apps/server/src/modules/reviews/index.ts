// The reviews module's face: what other modules, flows and the app may use of it. Nothing: its
// routes are all it offers (the catalogue's product cards still read its table for their
// ratings, through db/schema.ts: see catalog/service.ts).
export {};
