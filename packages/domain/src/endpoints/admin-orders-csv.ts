/**
 * The store admins' orders as CSV, with the list's query (its sort and page ignored): a download
 * link, not a call. Its answer is text/csv, not JSON, so it has no descriptor; it is a file of its
 * own so the orders screen bundles the link alone, not the order calls.
 */
export const ADMIN_ORDERS_CSV_PATH = "/api/admin/orders.csv";
