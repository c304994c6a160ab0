import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { Config } from "../src/config.ts";
import { freePort } from "./ports.ts";

/**
 * s3rver's fixed local account: the SDK's default chain finds it in the standard variables,
 * as it finds a real key in production. Not a secret: s3rver accepts nothing else.
 */
function useLocalAccount(): void {
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
}

export interface TestBucket {
  /** The settings an app gets for it (config.mediaS3). */
  settings: NonNullable<Config["mediaS3"]>;
  close(): Promise<void>;
}

/** A local server speaking the S3 protocol, with one empty bucket, its files in a temp folder. */
export async function startTestBucket(bucket = "media"): Promise<TestBucket> {
  useLocalAccount();
  const directory = await mkdtemp(path.join(os.tmpdir(), "storefront-s3-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    settings: { bucket, region: "us-east-1", endpoint: `http://127.0.0.1:${port}` },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
