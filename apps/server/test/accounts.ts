import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Database } from "../src/db/index.ts";
import { users } from "../src/db/schema.ts";
import { passwords } from "../src/modules/accounts/passwords.ts";
import { Visitor } from "./visitor.ts";

export const PETS = "pets.localhost";
export const HEMP = "hemp.localhost";
export const PET_STORE = "pet-remedies";
export const HEMP_STORE = "hemp-nutrition";

/** The demo account of the pet store (README). */
export const DEMO = { email: "demo@pawsome.test", password: "Willow-and-Biscuit-2026" };

/** A password most tests' accounts share: hashed once, so a test makes accounts in no time. */
export const TEST_PASSWORD = "Correct-Pony-Staple-42";
let testHash: Promise<string> | undefined;

let serial = 0;
/** An address no other test uses. */
export function uniqueEmail(name = "shopper"): string {
  serial += 1;
  return `${name}.${process.pid}.${serial}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A visitor with an IP of its own, so the per-IP limits of one test do not reach another. */
export function visitorWithOwnIp(
  app: FastifyInstance,
  host = PETS,
  headers: Record<string, string> = {},
): Visitor {
  serial += 1;
  return new Visitor(
    app,
    host,
    headers,
    `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
  );
}

/** An account made straight in the database, with TEST_PASSWORD. */
export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  testHash ??= passwords.hash(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      storeId: PET_STORE,
      email: uniqueEmail(),
      passwordHash: await testHash,
      firstName: "Test",
      lastName: "Shopper",
      discountCode: `TEST${serial}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no user");
  return row;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The parameters of an argon2 hash string: $argon2id$v=19$m=19456,t=2,p=1$salt$hash (any order). */
export function argon2Parameters(hash: string) {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$([a-z]=\d+(?:,[a-z]=\d+)*)\$/.exec(hash);
  if (!match?.[3]) throw new Error(`not an argon2 hash: ${hash.slice(0, 20)}…`);
  const params = Object.fromEntries(
    match[3].split(",").map((pair) => {
      const [key, value] = pair.split("=");
      return [key, Number(value)];
    }),
  );
  return {
    algorithm: match[1],
    version: Number(match[2]),
    memoryKiB: params.m,
    passes: params.t,
    lanes: params.p,
  };
}
