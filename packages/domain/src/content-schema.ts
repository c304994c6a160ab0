import { z } from "zod";
import { PAGE_WIDGETS } from "./content.ts";

/** Longest page name accepted in a path, and the shape of one. */
export const PAGE_NAME_MAX = 200;
const PAGE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** What content answers say to a person. */
export const CONTENT_MESSAGES = {
  nameTooLong: `Page name must not exceed ${PAGE_NAME_MAX} characters`,
  nameShape: "Page name may contain only letters, digits and hyphens, separated by slashes",
  invalidName: "Invalid page name",
  pathNotJson: "The document path must end in .json",
  notFound: (name: string) => `Page not found: ${name}`,
  notValid: (name: string, why: string) => `Page ${name} is not valid: ${why}`,
} as const;

export const PageNameSchema = z
  .string()
  .max(PAGE_NAME_MAX, CONTENT_MESSAGES.nameTooLong)
  .regex(PAGE_NAME_PATTERN, CONTENT_MESSAGES.nameShape);

export const TEXT_ALIGNS = ["left", "center", "right", "justify"] as const;

/** One item of a section list (the spec's "form one"). */
export const SectionItemSchema = z.object({
  widget: z.enum(PAGE_WIDGETS).optional(),
  title: z.string().optional(),
  subheading: z.string().optional(),
  subheadingColor: z.string().optional(),
  image: z.string().optional(),
  imageAlt: z.string().optional(),
  content: z.string().optional(),
  button: z.string().optional(),
  buttonLink: z.string().optional(),
  imgLeft: z.boolean().optional(),
});
export type SectionItem = z.infer<typeof SectionItemSchema>;

/** A page document as stored and served at /data/master/{page}.json. */
export const PageDocumentSchema = z
  .object({
    title: z.string().optional(),
    metaDescription: z.string().optional(),
    image: z.string().optional(),
    imageAlt: z.string().optional(),
    backgroundColor: z.string().optional(),
    textColor: z.string().optional(),
    textAlign: z.enum(TEXT_ALIGNS).optional(),
    // Form one: a list of items; form two: a keyed set of title-N, content-N, … entries.
    sections: z.union([z.array(SectionItemSchema), z.record(z.string(), z.string())]).optional(),
  })
  .catchall(z.unknown());
export type PageDocument = z.infer<typeof PageDocumentSchema>;

/**
 * The answer of GET /data/master/{page}.json and /data/layout/{name}.json: a stored JSON
 * document, served as stored. Page documents were checked against PageDocumentSchema when
 * saved; layout documents (the chatbot's) have no fixed shape.
 */
export const ContentDocumentSchema = z.record(z.string(), z.unknown());
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;
