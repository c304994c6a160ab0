import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./account.ts";
import { EMAIL_PATTERN } from "./account-schema.ts";
import {
  feetProblem,
  GARDEN_STYLE_OPTIONS,
  type GardenDesignFormValues,
  type GardenDesignRequest,
  type GardenField,
  gardenDimensions,
  gardenStylesToSend,
  GARDEN_LABELS as L,
  LAYOUT_SHAPE_OPTIONS,
  GARDEN_LIMITS as LIMIT,
  GARDEN_MESSAGES as M,
  MAINTENANCE_OPTIONS,
  OTHER_STYLE,
  otherStyleProblem,
  SUNLIGHT_OPTIONS,
  SYMMETRY_OPTIONS,
} from "./garden-design.ts";

// One schema per field, shared by the wizard's steps and the server's request body, so both
// show the same message for the same input. Every text is trimmed before it is judged.

/** Text, trimmed; a missing field is required, any other type is not text. */
function text(label: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? M.required(label) : `${label} must be text`),
    })
    .trim();
}

function requiredText(label: string) {
  return text(label).min(1, { message: M.required(label), abort: true });
}

const name = requiredText(L.name).max(LIMIT.nameMax, M.tooLong(L.name, LIMIT.nameMax));

const email = requiredText(L.email)
  .max(LIMIT.emailMax, { message: M.tooLong(L.email, LIMIT.emailMax), abort: true })
  .regex(EMAIL_PATTERN, M.emailInvalid);

/** Optional: empty, or 5 digits, or 5+4. */
const zipCode = text(L.zipCode).regex(/^(?:\d{5}(?:-\d{4})?)?$/, M.zipInvalid);

const where = requiredText(L.where)
  .min(LIMIT.locationMin, {
    message: M.tooShort(L.where, LIMIT.locationMin),
    abort: true,
  })
  .max(LIMIT.locationMax, M.tooLong(L.where, LIMIT.locationMax));

/** Length or width in feet, as text: a plain number from 1 to 1000. */
function feet(label: string) {
  return text(label).superRefine((value, ctx) => {
    const problem = feetProblem(value, label);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

function requiredChoice(label: string, options: readonly string[]) {
  return requiredText(label).refine((value) => options.includes(value), M.notAnOption(label));
}

function optionalChoice(label: string, options: readonly string[]) {
  return text(label).refine(
    (value) => value === "" || options.includes(value),
    M.notAnOption(label),
  );
}

function preferences(label: string) {
  return text(label).max(LIMIT.preferencesMax, M.tooLong(label, LIMIT.preferencesMax));
}

const sunlightHours = requiredChoice(L.sunlight_hours, SUNLIGHT_OPTIONS);
const maintenanceLevel = requiredChoice(L.maintenance_level, MAINTENANCE_OPTIONS);
const layoutShape = optionalChoice(L.layout_shape, LAYOUT_SHAPE_OPTIONS);
const symmetryPreference = optionalChoice(L.symmetry_preference, SYMMETRY_OPTIONS);
const colorPreferences = preferences(L.color_preferences);
const plantPreferences = preferences(L.plant_preferences);

const STYLE_VALUES: readonly string[] = [...GARDEN_STYLE_OPTIONS, OTHER_STYLE];

/** The 'Other' description is judged only while 'Other' is checked. */
function checkOtherStyle(
  value: { garden_style: string[]; other_style: string },
  ctx: z.RefinementCtx,
): void {
  if (!value.garden_style.includes(OTHER_STYLE)) return;
  const problem = otherStyleProblem(value.other_style);
  if (problem) ctx.addIssue({ code: "custom", path: ["other_style"], message: problem });
}

const designPreferences = z
  .object({
    garden_style: z
      .array(
        z.string().refine((value) => STYLE_VALUES.includes(value), M.notAnOption(L.garden_style)),
      )
      .min(1, M.styleRequired),
    other_style: z.string(),
    layout_shape: layoutShape,
    symmetry_preference: symmetryPreference,
  })
  .superRefine(checkOtherStyle);

/** The wizard's steps (0-based), each with the fields its Next checks; the last checks none. */
export const GARDEN_STEP_SCHEMAS = [
  z.object({ name, email }),
  z.object({ zipCode, where, length: feet(L.length), width: feet(L.width) }),
  z.object({ sunlight_hours: sunlightHours, maintenance_level: maintenanceLevel }),
  designPreferences,
  z.object({ color_preferences: colorPreferences, plant_preferences: plantPreferences }),
  z.object({}),
] as const;

/** The request as sent, its fields in the spec's order. */
function inOrder(r: Omit<GardenDesignRequest, "dimensions">): GardenDesignRequest {
  return {
    name: r.name,
    email: r.email,
    zipCode: r.zipCode,
    where: r.where,
    dimensions: gardenDimensions(r.length, r.width),
    length: r.length,
    width: r.width,
    sunlight_hours: r.sunlight_hours,
    maintenance_level: r.maintenance_level,
    garden_style: r.garden_style,
    layout_shape: r.layout_shape,
    symmetry_preference: r.symmetry_preference,
    color_preferences: r.color_preferences,
    plant_preferences: r.plant_preferences,
  };
}

/**
 * The whole wizard: every step's rules at once; the output is the request as sent (trimmed text,
 * the dimensions built from length and width, a described 'Other' replaced by its description).
 */
export const GardenDesignFormSchema = z
  .object({
    ...GARDEN_STEP_SCHEMAS[0].shape,
    ...GARDEN_STEP_SCHEMAS[1].shape,
    ...GARDEN_STEP_SCHEMAS[2].shape,
    ...designPreferences.shape,
    ...GARDEN_STEP_SCHEMAS[4].shape,
  })
  .superRefine(checkOtherStyle)
  .transform(({ other_style, ...values }) =>
    inOrder({ ...values, garden_style: gardenStylesToSend(values.garden_style, other_style) }),
  );

export type GardenFieldErrors = Partial<Record<GardenField, string>>;

function fieldErrors(issues: readonly z.core.$ZodIssue[]): GardenFieldErrors {
  const errors: GardenFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as GardenField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The messages a step's Next shows, one per field (the first that applies); none: go on.
 * @example gardenStepErrors(0, EMPTY_GARDEN_FORM).name // "Full Name is required"
 */
export function gardenStepErrors(step: number, values: GardenDesignFormValues): GardenFieldErrors {
  const schema = GARDEN_STEP_SCHEMAS[step];
  if (!schema) return {};
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error.issues);
}

/** The request as sent, or the first step that has a problem and its messages. */
export function gardenDesignRequest(
  values: GardenDesignFormValues,
):
  | { ok: true; request: GardenDesignRequest }
  | { ok: false; step: number; errors: GardenFieldErrors } {
  const result = GardenDesignFormSchema.safeParse(values);
  if (result.success) return { ok: true, request: result.data };
  const step = GARDEN_STEP_SCHEMAS.findIndex(
    (_schema, index) => Object.keys(gardenStepErrors(index, values)).length > 0,
  );
  return { ok: false, step: Math.max(step, 0), errors: fieldErrors(result.error.issues) };
}

/**
 * Garden styles as an API client sends them: options of the list, and at most one description
 * in place of 'Other' (a bare 'other' needs its description). A style listed twice counts once.
 */
const requestGardenStyles = z
  .array(text(L.garden_style), { error: M.styleRequired })
  .superRefine((styles, ctx) => {
    // Counted here rather than with .min/.max: zod also applies those to a string sent instead.
    if (styles.length === 0) return ctx.addIssue({ code: "custom", message: M.styleRequired });
    if (styles.length > GARDEN_STYLE_OPTIONS.length + 1) {
      return ctx.addIssue({ code: "custom", message: M.tooManyStyles });
    }
    let described = 0;
    styles.forEach((style, index) => {
      if ((GARDEN_STYLE_OPTIONS as readonly string[]).includes(style)) return;
      if (style === OTHER_STYLE) {
        ctx.addIssue({ code: "custom", path: [index], message: M.otherRequired });
        return;
      }
      described += 1;
      const problem = described > 1 ? M.oneOtherStyle : otherStyleProblem(style);
      if (problem) ctx.addIssue({ code: "custom", path: [index], message: problem });
    });
  })
  .transform((styles) => [...new Set(styles)]);

/** `layoutData` of POST /pbn/layouts: the request as sent; optional fields may be left out. */
export const GardenDesignRequestSchema = z
  .strictObject(
    {
      name,
      email,
      zipCode: zipCode.default(""),
      where,
      // Always rebuilt from length and width; what a client sends here is not kept.
      dimensions: z.string({ error: "dimensions must be text" }).max(200).optional(),
      length: feet(L.length),
      width: feet(L.width),
      sunlight_hours: sunlightHours,
      maintenance_level: maintenanceLevel,
      garden_style: requestGardenStyles,
      layout_shape: layoutShape.default(""),
      symmetry_preference: symmetryPreference.default(""),
      color_preferences: colorPreferences.default(""),
      plant_preferences: plantPreferences.default(""),
    },
    {
      error: (issue) => {
        if (issue.code !== "invalid_type") return undefined;
        return issue.input === undefined ? M.layoutDataRequired : "layoutData must be an object";
      },
    },
  )
  .transform(({ dimensions: _ignored, ...request }) => inOrder(request));

/** A store id that must be sent: the store the request is for (it must be the Host's store). */
const RequiredStoreIdSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? M.storeIdRequired : ACCOUNT_MESSAGES.storeIdInvalid,
  })
  .trim()
  .min(1, M.storeIdRequired)
  .max(64, ACCOUNT_MESSAGES.storeIdInvalid);

/** POST /pbn/layouts (spec section 7). */
export const GardenDesignSubmissionSchema = z.strictObject({
  layoutData: GardenDesignRequestSchema,
  store_id: RequiredStoreIdSchema,
});
export type GardenDesignSubmission = z.infer<typeof GardenDesignSubmissionSchema>;

/** A design request's fields as stored and answered: the Garden Design Form's, as sent. */
export const StoredLayoutDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  zipCode: z.string(),
  where: z.string(),
  dimensions: z.string(),
  length: z.string(),
  width: z.string(),
  sunlight_hours: z.string(),
  maintenance_level: z.string(),
  garden_style: z.array(z.string()),
  layout_shape: z.string(),
  symmetry_preference: z.string(),
  color_preferences: z.string(),
  plant_preferences: z.string(),
});

/** The answer of POST /pbn/layouts (201), and one row of the admins' list. */
export const StoredDesignRequestSchema = z.object({
  id: z.string(),
  store_id: z.string(),
  created_at: z.string().describe("ISO 8601, UTC"),
  layoutData: StoredLayoutDataSchema,
});
export type StoredDesignRequest = z.infer<typeof StoredDesignRequestSchema>;

/** GET /api/admin/design-requests, newest first. */
export const DesignRequestListSchema = z.object({ requests: z.array(StoredDesignRequestSchema) });
export type DesignRequestList = z.infer<typeof DesignRequestListSchema>;
