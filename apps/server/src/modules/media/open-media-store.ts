import type { Config } from "../../config.ts";
import { localMediaStore, type MediaStore } from "./media-store.ts";
import { s3MediaStore } from "./s3-media-store.ts";

/** The media store the settings name: the bucket of MEDIA_S3_BUCKET, else the media folder. */
export function openMediaStore(config: Pick<Config, "mediaDir" | "mediaS3">): MediaStore {
  return config.mediaS3 ? s3MediaStore(config.mediaS3) : localMediaStore(config.mediaDir);
}
