/**
 * The Garden Design Form (spec sections 2–5): its steps, option lists, limits and messages, and the
 * pure rules that turn what a visitor typed into the request as sent. The zod schemas that apply
 * these rules live in garden-design-schema.ts.
 */

export const GARDEN_STEP_TITLES = [
  "Personal Information",
  "Location & Space Information",
  "Environmental Conditions",
  "Design Preferences",
  "Color & Plant Preferences",
  "Review & Submit",
] as const;
export const GARDEN_STEP_COUNT = GARDEN_STEP_TITLES.length;
export const GARDEN_LAST_STEP = GARDEN_STEP_COUNT - 1;

export const SUNLIGHT_OPTIONS = [
  "Full sun (6+ hours per day)",
  "Part sun (3-6 hours)",
  "Mostly shade (less than 3 hours)",
] as const;
export const MAINTENANCE_OPTIONS = [
  "Low - Minimal care required",
  "Medium - Moderate care and attention",
  "High - Regular care and attention",
] as const;
/** The value of the 'Other' garden style box; a description replaces it in the request sent. */
export const OTHER_STYLE = "other";
export const GARDEN_STYLE_OPTIONS = [
  "Pollinator-friendly (butterflies, bees, hummingbirds)",
  "Bright and colorful",
  "Relaxed and natural (cottage-style)",
  "Evergreen structure (looks good year-round)",
  "Clean and simple",
] as const;
export const LAYOUT_SHAPE_OPTIONS = [
  "Curved, flowing bed lines (more natural look)",
  "Straight lines and corners (more modern or formal)",
  "Not sure - I'm open to your ideas!",
] as const;
export const NOT_SURE_SYMMETRY = "not-sure";
export const SYMMETRY_OPTIONS = [
  "Yes, I want a symmetrical layout",
  "No, I want an asymmetrical layout",
  NOT_SURE_SYMMETRY,
] as const;

/** How an option reads on screen: every option is its own text except the two bare values. */
export function gardenOptionLabel(value: string): string {
  if (value === OTHER_STYLE) return "Other";
  if (value === NOT_SURE_SYMMETRY) return "Not sure";
  return value;
}

/** Limits of spec section 9. */
export const GARDEN_LIMITS = {
  feetMin: 1,
  feetMax: 1000,
  locationMin: 2,
  locationMax: 100,
  otherStyleMin: 3,
  otherStyleMax: 100,
  preferencesMax: 500,
  // Not in the spec: bounds so a request stays a reasonable size.
  nameMax: 100,
  emailMax: 254,
} as const;

/** The label each message names ('{label} is required'); the spec's own where it gives one. */
export const GARDEN_LABELS = {
  name: "Full Name",
  email: "Email Address",
  zipCode: "Zip Code",
  where: "Where is your garden located?",
  length: "Length",
  width: "Width",
  sunlight_hours: "Sunlight hours",
  maintenance_level: "Maintenance level",
  garden_style: "Garden style",
  layout_shape: "Layout shape",
  symmetry_preference: "Symmetry preference",
  color_preferences: "Color preferences",
  plant_preferences: "Plant preferences",
} as const;

/** Every message the form shows, word for word from spec section 5. */
export const GARDEN_MESSAGES = {
  required: (label: string) => `${label} is required`,
  emailInvalid: "Please enter a valid email address",
  zipInvalid: "Please enter a valid US zipcode (e.g., 10001 or 10001-1234)",
  notANumber: (label: string) => `${label} must be a valid number`,
  tooFewFeet: (label: string) => `${label} must be at least 1 foot`,
  tooManyFeet: (label: string) => `${label} must not exceed 1000 feet`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters`,
  tooLong: (label: string, max: number) => `${label} must not exceed ${max} characters`,
  styleRequired: "Please select at least one garden style",
  otherRequired: "Please describe your preferred style",
  otherTooShort: "Description must be at least 3 characters",
  otherTooLong: "Description must not exceed 100 characters",
  // The browser form cannot produce these; an API client that sends something else reads them.
  notAnOption: (label: string) => `${label} must be one of the listed options`,
  oneOtherStyle: "Only one other garden style can be described",
  tooManyStyles: "Garden style lists at most the five styles and one description",
  layoutDataRequired: "layoutData is required: the garden design request",
  storeIdRequired: "store_id is required: the id of the store this design request is for",
  submitted: "Design Form Submitted!",
  submittedText:
    "Thank you for submitting your garden design preferences. We'll create a beautiful design just for you!",
  failed: "Submission Failed",
  failedText: "There was an error submitting your design form. Please try again.",
  thanks: "Thanks! Your design form has been submitted.",
  thanksText:
    "We'll review your preferences and get back to you soon with a personalized garden design.",
  notSpecified: "Not specified",
} as const;

/** What the visitor has typed and chosen, field by field (all text, as the inputs hold it). */
export interface GardenDesignFormValues {
  name: string;
  email: string;
  zipCode: string;
  where: string;
  length: string;
  width: string;
  sunlight_hours: string;
  maintenance_level: string;
  /** Checked boxes: options of GARDEN_STYLE_OPTIONS and OTHER_STYLE. */
  garden_style: string[];
  /** The description typed when 'Other' is checked. */
  other_style: string;
  layout_shape: string;
  symmetry_preference: string;
  color_preferences: string;
  plant_preferences: string;
}
export type GardenField = keyof GardenDesignFormValues;

export const EMPTY_GARDEN_FORM: GardenDesignFormValues = {
  name: "",
  email: "",
  zipCode: "",
  where: "",
  length: "",
  width: "",
  sunlight_hours: "",
  maintenance_level: "",
  garden_style: [],
  other_style: "",
  layout_shape: "",
  symmetry_preference: "",
  color_preferences: "",
  plant_preferences: "",
};

/** The design request as sent (spec section 3), the `layoutData` of POST /pbn/layouts. */
export interface GardenDesignRequest {
  name: string;
  email: string;
  zipCode: string;
  where: string;
  dimensions: string;
  length: string;
  width: string;
  sunlight_hours: string;
  maintenance_level: string;
  garden_style: string[];
  layout_shape: string;
  symmetry_preference: string;
  color_preferences: string;
  plant_preferences: string;
}

/**
 * The progress bar's percentage at a step (0-based).
 * @example gardenProgress(0) // 17
 */
export function gardenProgress(step: number): number {
  return Math.round(((step + 1) / GARDEN_STEP_COUNT) * 100);
}

/**
 * The dimensions text: 'L feet x W feet'; a missing side shows as a blank, both missing is "".
 * @example gardenDimensions("12", "") // "12 feet x ___ feet"
 */
export function gardenDimensions(length: string, width: string): string {
  const l = length.trim();
  const w = width.trim();
  if (l === "" && w === "") return "";
  return `${l || "___"} feet x ${w || "___"} feet`;
}

// A plain decimal number: digits with an optional fraction (or a bare fraction), an optional
// minus so a negative length is told it is too small; no exponent, sign '+', spaces or commas.
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * What is wrong with a length or width as typed, or null. The text is trimmed first.
 * @example feetProblem("1e3", "Length") // "Length must be a valid number"
 */
export function feetProblem(text: string, label: string): string | null {
  const value = text.trim();
  if (value === "") return GARDEN_MESSAGES.required(label);
  if (!PLAIN_NUMBER.test(value)) return GARDEN_MESSAGES.notANumber(label);
  const feet = Number(value);
  if (feet < GARDEN_LIMITS.feetMin) return GARDEN_MESSAGES.tooFewFeet(label);
  if (feet > GARDEN_LIMITS.feetMax) return GARDEN_MESSAGES.tooManyFeet(label);
  return null;
}

/**
 * What is wrong with the description of an 'Other' style, or null (it is trimmed first).
 * @example otherStyleProblem(" ab ") // "Description must be at least 3 characters"
 */
export function otherStyleProblem(text: string): string | null {
  const value = text.trim();
  if (value === "") return GARDEN_MESSAGES.otherRequired;
  if (value.length < GARDEN_LIMITS.otherStyleMin) return GARDEN_MESSAGES.otherTooShort;
  if (value.length > GARDEN_LIMITS.otherStyleMax) return GARDEN_MESSAGES.otherTooLong;
  return null;
}

/**
 * The garden styles as sent: a description given for 'Other' (trimmed) takes its place.
 * @example gardenStylesToSend(["Clean and simple", "other"], " moss ") // ["Clean and simple", "moss"]
 */
export function gardenStylesToSend(styles: readonly string[], otherStyle: string): string[] {
  const description = otherStyle.trim();
  return styles.map((style) => (style === OTHER_STYLE && description ? description : style));
}

/** One line of the Form Summary and of the owner's mail. */
export interface GardenSummaryRow {
  label: string;
  value: string;
}

/** The request laid out for people: the Form Summary (step 6) and the store owner's mail. */
export function gardenDesignSummary(request: GardenDesignRequest): GardenSummaryRow[] {
  const shown = (value: string) => (value.trim() === "" ? GARDEN_MESSAGES.notSpecified : value);
  return [
    { label: "Name", value: shown(request.name) },
    { label: "Email", value: shown(request.email) },
    { label: "Zip Code", value: shown(request.zipCode) },
    { label: "Location", value: shown(request.where) },
    { label: "Dimensions", value: shown(request.dimensions) },
    { label: "Sunlight", value: shown(request.sunlight_hours) },
    { label: "Maintenance", value: shown(request.maintenance_level) },
    {
      label: "Garden Style",
      value:
        request.garden_style.length > 0
          ? request.garden_style.map(gardenOptionLabel).join(", ")
          : GARDEN_MESSAGES.notSpecified,
    },
    { label: "Layout Shape", value: shown(request.layout_shape) },
    { label: "Symmetry", value: shown(gardenOptionLabel(request.symmetry_preference)) },
    { label: "Color Preferences", value: shown(request.color_preferences) },
    { label: "Plant Preferences", value: shown(request.plant_preferences) },
  ];
}
