import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { type MediaStore, MediaUnavailableError } from "./media-store.ts";

export interface S3MediaSettings {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (path-style addressing); null: AWS's own. */
  endpoint: string | null;
}

/** Deletes sent at once: an image has a few dozen copies at most. */
const DELETES_AT_ONCE = 8;

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * A bucket every instance reads and writes, through the AWS SDK. Credentials come from the SDK's
 * default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role):
 * this code never sees nor logs them.
 */
export function s3MediaStore(settings: S3MediaSettings, client?: S3Client): MediaStore {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      ...(settings.endpoint
        ? {
            endpoint: settings.endpoint,
            forcePathStyle: true,
            // S3-compatible services often reject the checksums the SDK adds by default.
            requestChecksumCalculation: "WHEN_REQUIRED",
            responseChecksumValidation: "WHEN_REQUIRED",
          }
        : {}),
    });
  const Bucket = settings.bucket;
  // Every call goes through here: an object that is not there is null, any other failure a 503.
  async function send<T>(call: () => Promise<T>, missing: () => T): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (isMissing(err)) return missing();
      throw new MediaUnavailableError(err);
    }
  }

  function head(key: string) {
    return send(
      async () => {
        const found = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: found.ContentLength ?? 0,
          modified: found.LastModified ?? new Date(0),
          etag: found.ETag ?? `"${key}"`,
        };
      },
      () => null,
    );
  }

  function get(key: string) {
    return send(
      async () => {
        const found = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(found.Body instanceof Readable)) throw new Error("the bucket answered no stream");
        return {
          size: found.ContentLength ?? 0,
          modified: found.LastModified ?? new Date(0),
          etag: found.ETag ?? `"${key}"`,
          body: found.Body,
        };
      },
      () => null,
    );
  }

  return {
    kind: "s3",
    name: `s3:${settings.endpoint ?? "aws"}/${Bucket}`,
    async put(key, body, contentType) {
      const put = new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType });
      await send(
        () => s3.send(put),
        () => {
          throw new MediaUnavailableError(new Error(`the bucket ${Bucket} was not found`));
        },
      );
    },
    head,
    get,
    async read(key) {
      const found = await get(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async delete(keys) {
      // One request per key: DeleteObjects needs a checksum header some compatible services lack.
      for (let i = 0; i < keys.length; i += DELETES_AT_ONCE) {
        await Promise.all(
          keys.slice(i, i + DELETES_AT_ONCE).map((Key) =>
            send(
              () => s3.send(new DeleteObjectCommand({ Bucket, Key })),
              () => undefined,
            ),
          ),
        );
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const list = new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken });
        const page = await send(
          () => s3.send(list),
          () => {
            throw new MediaUnavailableError(new Error(`the bucket ${Bucket} was not found`));
          },
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
  };
}
