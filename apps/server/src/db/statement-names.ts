import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Names the statements the app runs again and again, so that each connection parses them once and
 * PostgreSQL can keep their plans (after five runs it keeps a generic plan when that is no
 * worse). An unnamed statement is parsed and planned on every run: planning the cart's read alone
 * cost PostgreSQL 1.6 ms each time, three times per checkout.
 *
 * A statement is named from its third run in this process (one run by a test or a command stays
 * unnamed), and each connection names at most `perConnection` statements: the texts of an IN list
 * grow with its length, and every name holds memory in the connection's backend until it closes.
 * Statements without parameters (BEGIN, COMMIT, DDL) are never named.
 */
export interface StatementNames {
  /** Gives the query config a name when its text is one of the frequent statements. */
  name(config: pg.QueryConfig, client: pg.ClientBase): pg.QueryConfig;
}

export function statementNames(
  options: { fromRun?: number; perConnection?: number; remembered?: number } = {},
): StatementNames {
  const fromRun = options.fromRun ?? 3;
  const perConnection = options.perConnection ?? 200;
  const remembered = options.remembered ?? 5_000;
  /** Runs seen of each text not yet named; emptied when it holds `remembered` texts. */
  const runs = new Map<string, number>();
  /** The name of each text seen `fromRun` times. */
  const names = new Map<string, string>();
  const namedBy = new WeakMap<pg.ClientBase, Set<string>>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known) return known;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < fromRun) {
      if (runs.size >= remembered) runs.clear();
      runs.set(text, count);
      return null;
    }
    runs.delete(text);
    // A digest of the text: the same statement has the same name on every connection.
    const name = `s_${createHash("sha1").update(text).digest("base64url")}`;
    if (names.size < remembered) names.set(text, name);
    return name;
  };
  return {
    name(config, client) {
      if (config.name || !config.values?.length) return config;
      const name = nameOf(config.text);
      if (!name) return config;
      let named = namedBy.get(client);
      if (!named) {
        named = new Set();
        namedBy.set(client, named);
      }
      if (!named.has(name)) {
        if (named.size >= perConnection) return config;
        named.add(name);
      }
      return { ...config, name };
    },
  };
}

/**
 * Routes a connection's queries through `names`. Drizzle calls `query(config, values)`;
 * the values are copied into the config so that the name travels with them.
 */
export function nameStatementsOf(client: pg.ClientBase, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [first, second, ...rest] = args;
    if (typeof first === "object" && first !== null && "text" in first && Array.isArray(second)) {
      const config = names.name({ ...(first as pg.QueryConfig), values: second }, client);
      return query(config, ...rest);
    }
    return query(...args);
  };
  // pg's overloads cannot be restated for a wrapper that forwards them all unchanged.
  client.query = named as typeof client.query;
}
