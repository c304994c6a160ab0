import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_GARDEN_FORM,
  feetProblem,
  GARDEN_STYLE_OPTIONS,
  type GardenDesignFormValues,
  gardenDesignSummary,
  gardenDimensions,
  gardenProgress,
  gardenStylesToSend,
  LAYOUT_SHAPE_OPTIONS,
  GARDEN_MESSAGES as M,
  MAINTENANCE_OPTIONS,
  SUNLIGHT_OPTIONS,
} from "./garden-design.ts";
import {
  GardenDesignFormSchema,
  GardenDesignRequestSchema,
  GardenDesignSubmissionSchema,
  gardenDesignRequest,
  gardenStepErrors,
} from "./garden-design-schema.ts";

const filled: GardenDesignFormValues = {
  name: "Robin Meadow",
  email: "robin@example.com",
  zipCode: "97214",
  where: "Backyard",
  length: "24",
  width: "12.5",
  sunlight_hours: SUNLIGHT_OPTIONS[1],
  maintenance_level: MAINTENANCE_OPTIONS[0],
  garden_style: [GARDEN_STYLE_OPTIONS[0], "other"],
  other_style: "  Japanese moss garden ",
  layout_shape: LAYOUT_SHAPE_OPTIONS[0],
  symmetry_preference: "not-sure",
  color_preferences: "Blues and whites",
  plant_preferences: "No roses, please",
};

/** The message a step shows under one field for one value (null: none). */
function stepMessage(step: number, field: keyof GardenDesignFormValues, value: unknown) {
  return gardenStepErrors(step, { ...filled, [field]: value })[field] ?? null;
}

describe("progress", () => {
  it("is (step + 1) / 6 rounded, in percent", () => {
    expect([0, 1, 2, 3, 4, 5].map(gardenProgress)).toEqual([17, 33, 50, 67, 83, 100]);
  });
});

describe("dimensions text", () => {
  it.each([
    ["24", "12", "24 feet x 12 feet"],
    ["24", "", "24 feet x ___ feet"],
    ["", "12", "___ feet x 12 feet"],
    ["", "", ""],
    ["  ", " ", ""],
    [" 24 ", " 12.5 ", "24 feet x 12.5 feet"],
  ])("length %j and width %j read %j", (length, width, text) => {
    expect(gardenDimensions(length, width)).toBe(text);
  });
});

describe("'other' garden style", () => {
  it("is replaced by the trimmed description when one is given", () => {
    expect(gardenStylesToSend(["Clean and simple", "other"], "  moss  ")).toEqual([
      "Clean and simple",
      "moss",
    ]);
  });

  it("stays 'other' without a description, and nothing else changes", () => {
    expect(gardenStylesToSend(["other"], "   ")).toEqual(["other"]);
    expect(gardenStylesToSend(["Bright and colorful"], "moss")).toEqual(["Bright and colorful"]);
  });
});

describe("step 1: personal information", () => {
  it.each([
    ["", "Full Name is required"],
    ["   ", "Full Name is required"],
    ["R", null],
    ["x".repeat(100), null],
    ["x".repeat(101), "Full Name must not exceed 100 characters"],
  ])("name %j → %s", (value, message) => {
    expect(stepMessage(0, "name", value)).toBe(message);
  });

  it.each([
    ["", "Email Address is required"],
    [" ", "Email Address is required"],
    ["robin", M.emailInvalid],
    ["robin@example", M.emailInvalid],
    ["ro bin@example.com", M.emailInvalid],
    ["@example.com", M.emailInvalid],
    [" robin@example.com ", null],
    [`${"a".repeat(242)}@example.com`, null],
    [`${"a".repeat(243)}@example.com`, "Email Address must not exceed 254 characters"],
  ])("email %j → %s", (value, message) => {
    expect(stepMessage(0, "email", value)).toBe(message);
  });
});

describe("step 2: location and space", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["10001", null],
    [" 10001 ", null],
    ["10001-1234", null],
    ["1000", M.zipInvalid],
    ["100011", M.zipInvalid],
    ["12345-678", M.zipInvalid],
    ["12345-67890", M.zipInvalid],
    ["12345 6789", M.zipInvalid],
    ["abcde", M.zipInvalid],
    ["K1A 0B1", M.zipInvalid],
  ])("zip code %j → %s (optional)", (value, message) => {
    expect(stepMessage(1, "zipCode", value)).toBe(message);
  });

  const where = "Where is your garden located?";
  it.each([
    ["", `${where} is required`],
    ["   ", `${where} is required`],
    ["a", `${where} must be at least 2 characters`],
    [" a ", `${where} must be at least 2 characters`],
    ["ab", null],
    ["x".repeat(100), null],
    [` ${"x".repeat(100)} `, null],
    ["x".repeat(101), `${where} must not exceed 100 characters`],
  ])("location %j → %s", (value, message) => {
    expect(stepMessage(1, "where", value)).toBe(message);
  });

  it.each([
    ["", "Length is required"],
    ["  ", "Length is required"],
    ["0.99", "Length must be at least 1 foot"],
    ["0", "Length must be at least 1 foot"],
    ["-5", "Length must be at least 1 foot"],
    [".5", "Length must be at least 1 foot"],
    ["1", null],
    ["1.0", null],
    [" 12 ", null],
    ["12.", null],
    ["999.99", null],
    ["1000", null],
    ["1000.00", null],
    ["1000.01", "Length must not exceed 1000 feet"],
    ["1001", "Length must not exceed 1000 feet"],
    ["1e3", "Length must be a valid number"],
    ["abc", "Length must be a valid number"],
    ["12 ft", "Length must be a valid number"],
    ["1,000", "Length must be a valid number"],
    ["+12", "Length must be a valid number"],
    ["0x10", "Length must be a valid number"],
    ["Infinity", "Length must be a valid number"],
    [".", "Length must be a valid number"],
  ])("length %j → %s", (value, message) => {
    expect(stepMessage(1, "length", value)).toBe(message);
    // Width follows the same rule with its own label.
    expect(stepMessage(1, "width", value)).toBe(message?.replace("Length", "Width") ?? null);
  });

  it("feetProblem agrees with the schema for any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        expect(stepMessage(1, "length", value)).toBe(feetProblem(value, "Length"));
      }),
    );
  });

  it("reports every field of the step at once", () => {
    expect(gardenStepErrors(1, EMPTY_GARDEN_FORM)).toEqual({
      where: `${where} is required`,
      length: "Length is required",
      width: "Width is required",
    });
  });
});

describe("step 3: environmental conditions", () => {
  it("needs sunlight hours and maintenance level", () => {
    expect(gardenStepErrors(2, EMPTY_GARDEN_FORM)).toEqual({
      sunlight_hours: "Sunlight hours is required",
      maintenance_level: "Maintenance level is required",
    });
  });

  it("accepts each option", () => {
    for (const sunlight of SUNLIGHT_OPTIONS) {
      for (const maintenance of MAINTENANCE_OPTIONS) {
        const values = { ...filled, sunlight_hours: sunlight, maintenance_level: maintenance };
        expect(gardenStepErrors(2, values)).toEqual({});
      }
    }
  });

  it("refuses a value that is not an option", () => {
    expect(stepMessage(2, "sunlight_hours", "Full sun")).toBe(
      "Sunlight hours must be one of the listed options",
    );
  });
});

describe("step 4: design preferences", () => {
  it("needs at least one garden style", () => {
    expect(stepMessage(3, "garden_style", [])).toBe("Please select at least one garden style");
    expect(stepMessage(3, "garden_style", ["Clean and simple"])).toBeNull();
  });

  it.each([
    ["", "Please describe your preferred style"],
    ["   ", "Please describe your preferred style"],
    ["ab", "Description must be at least 3 characters"],
    [" ab ", "Description must be at least 3 characters"],
    ["abc", null],
    ["x".repeat(100), null],
    ["x".repeat(101), "Description must not exceed 100 characters"],
  ])("with 'other' checked, description %j → %s", (value, message) => {
    const values = { ...filled, garden_style: ["other"], other_style: value };
    expect(gardenStepErrors(3, values).other_style ?? null).toBe(message);
  });

  it("ignores the description while 'other' is not checked", () => {
    const values = { ...filled, garden_style: ["Clean and simple"], other_style: "x" };
    expect(gardenStepErrors(3, values)).toEqual({});
  });

  it("leaves layout shape and symmetry optional", () => {
    expect(gardenStepErrors(3, { ...filled, layout_shape: "", symmetry_preference: "" })).toEqual(
      {},
    );
  });
});

describe("step 5: color and plant preferences", () => {
  it.each([
    ["color_preferences", "Color preferences"],
    ["plant_preferences", "Plant preferences"],
  ] as const)("%s: optional, at most 500 characters", (field, label) => {
    expect(stepMessage(4, field, "")).toBeNull();
    expect(stepMessage(4, field, "x".repeat(500))).toBeNull();
    expect(stepMessage(4, field, ` ${"x".repeat(500)} `)).toBeNull();
    expect(stepMessage(4, field, "x".repeat(501))).toBe(`${label} must not exceed 500 characters`);
  });
});

describe("the whole form", () => {
  it("becomes the request as sent: trimmed, dimensions built, 'other' replaced", () => {
    expect(GardenDesignFormSchema.parse({ ...filled, name: "  Robin Meadow " })).toEqual({
      name: "Robin Meadow",
      email: "robin@example.com",
      zipCode: "97214",
      where: "Backyard",
      dimensions: "24 feet x 12.5 feet",
      length: "24",
      width: "12.5",
      sunlight_hours: "Part sun (3-6 hours)",
      maintenance_level: "Low - Minimal care required",
      garden_style: [
        "Pollinator-friendly (butterflies, bees, hummingbirds)",
        "Japanese moss garden",
      ],
      layout_shape: "Curved, flowing bed lines (more natural look)",
      symmetry_preference: "not-sure",
      color_preferences: "Blues and whites",
      plant_preferences: "No roses, please",
    });
  });

  it("names the first step with a problem", () => {
    const result = gardenDesignRequest({ ...filled, width: "", garden_style: [] });
    expect(result).toEqual({
      ok: false,
      step: 1,
      errors: { width: "Width is required", garden_style: M.styleRequired },
    });
    expect(gardenDesignRequest(filled).ok).toBe(true);
  });
});

describe("form summary", () => {
  it("lists the entered values, with 'Not specified' for what was left out", () => {
    const request = GardenDesignFormSchema.parse({
      ...filled,
      zipCode: "",
      layout_shape: "",
      color_preferences: "",
    });
    expect(gardenDesignSummary(request)).toEqual([
      { label: "Name", value: "Robin Meadow" },
      { label: "Email", value: "robin@example.com" },
      { label: "Zip Code", value: "Not specified" },
      { label: "Location", value: "Backyard" },
      { label: "Dimensions", value: "24 feet x 12.5 feet" },
      { label: "Sunlight", value: "Part sun (3-6 hours)" },
      { label: "Maintenance", value: "Low - Minimal care required" },
      {
        label: "Garden Style",
        value: "Pollinator-friendly (butterflies, bees, hummingbirds), Japanese moss garden",
      },
      { label: "Layout Shape", value: "Not specified" },
      { label: "Symmetry", value: "Not sure" },
      { label: "Color Preferences", value: "Not specified" },
      { label: "Plant Preferences", value: "No roses, please" },
    ]);
  });

  it("says 'Not specified' when no garden style was chosen", () => {
    const request = { ...GardenDesignFormSchema.parse(filled), garden_style: [] };
    expect(gardenDesignSummary(request).find((r) => r.label === "Garden Style")?.value).toBe(
      "Not specified",
    );
  });
});

describe("the request body of POST /pbn/layouts", () => {
  const sent = GardenDesignFormSchema.parse(filled);

  function requestMessage(layoutData: unknown) {
    const result = GardenDesignSubmissionSchema.safeParse({ layoutData, store_id: "garden" });
    return result.success
      ? null
      : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  }

  it("accepts what the wizard sends and rebuilds the dimensions", () => {
    expect(GardenDesignRequestSchema.parse({ ...sent, dimensions: "3 feet x 3 feet" })).toEqual(
      sent,
    );
  });

  it("lets optional fields be left out", () => {
    const {
      zipCode: _z,
      dimensions: _d,
      layout_shape: _l,
      symmetry_preference: _s,
      color_preferences: _c,
      plant_preferences: _p,
      ...required
    } = sent;
    expect(GardenDesignRequestSchema.parse(required)).toEqual({
      ...sent,
      zipCode: "",
      layout_shape: "",
      symmetry_preference: "",
      color_preferences: "",
      plant_preferences: "",
    });
  });

  it.each([
    [{ name: undefined }, "layoutData.name: Full Name is required"],
    [{ email: "nope" }, "layoutData.email: Please enter a valid email address"],
    [{ zipCode: "12345-678" }, `layoutData.zipCode: ${M.zipInvalid}`],
    [{ length: 12 }, "layoutData.length: Length must be text"],
    [{ width: "1000.01" }, "layoutData.width: Width must not exceed 1000 feet"],
    [{ garden_style: [] }, `layoutData.garden_style: ${M.styleRequired}`],
    [{ garden_style: "Clean and simple" }, `layoutData.garden_style: ${M.styleRequired}`],
    [{ garden_style: ["other"] }, `layoutData.garden_style.0: ${M.otherRequired}`],
    [{ garden_style: ["ab"] }, `layoutData.garden_style.0: ${M.otherTooShort}`],
    [{ garden_style: ["moss", "ferns"] }, `layoutData.garden_style.1: ${M.oneOtherStyle}`],
    [
      { garden_style: [...GARDEN_STYLE_OPTIONS, "moss", "ferns"] },
      `layoutData.garden_style: ${M.tooManyStyles}`,
    ],
    [
      { layout_shape: "Round" },
      "layoutData.layout_shape: Layout shape must be one of the listed options",
    ],
    [
      { plant_preferences: "x".repeat(501) },
      "layoutData.plant_preferences: Plant preferences must not exceed 500 characters",
    ],
    [{ extra: 1 }, 'layoutData: Unrecognized key: "extra"'],
  ])("refuses %j", (change, message) => {
    expect(requestMessage({ ...sent, ...change })).toEqual([message]);
  });

  it("accepts one description in place of 'other', and counts a repeated style once", () => {
    const styles = ["Clean and simple", "moss garden", "Clean and simple"];
    expect(GardenDesignRequestSchema.parse({ ...sent, garden_style: styles }).garden_style).toEqual(
      ["Clean and simple", "moss garden"],
    );
  });

  it("refuses a layoutData that is not an object", () => {
    expect(requestMessage("a garden")).toEqual(["layoutData: layoutData must be an object"]);
  });

  it("needs layoutData and store_id, and nothing else", () => {
    expect(GardenDesignSubmissionSchema.safeParse({ store_id: "garden" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["layoutData"], message: M.layoutDataRequired }),
    ]);
    expect(GardenDesignSubmissionSchema.safeParse({ layoutData: sent }).error?.issues).toEqual([
      expect.objectContaining({ path: ["store_id"], message: M.storeIdRequired }),
    ]);
    expect(
      GardenDesignSubmissionSchema.safeParse({ layoutData: sent, store_id: "  " }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ["store_id"], message: M.storeIdRequired })]);
  });
});
