/** Where a tab keeps its visit's state for a store (sessionStorage: a reload is the same visit). */
export const visitKey = (storeId: string) => `sf_analytics:${storeId}`;
