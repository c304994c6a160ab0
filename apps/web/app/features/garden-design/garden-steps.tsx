import {
  GARDEN_STYLE_OPTIONS,
  type GardenDesignFormValues,
  type GardenFieldErrors,
  gardenDesignRequest,
  gardenDesignSummary,
  gardenDimensions,
  gardenOptionLabel,
  GARDEN_LABELS as L,
  LAYOUT_SHAPE_OPTIONS,
  MAINTENANCE_OPTIONS,
  OTHER_STYLE,
  SUNLIGHT_OPTIONS,
  SYMMETRY_OPTIONS,
} from "@storefront/domain";
import { ChoiceGroup, TextField } from "./garden-fields";

export interface StepProps {
  values: GardenDesignFormValues;
  errors: GardenFieldErrors;
  set<K extends keyof GardenDesignFormValues>(field: K, value: GardenDesignFormValues[K]): void;
  /** The level of a heading inside a step (one below the step's title). */
  headingTag: "h3" | "h4";
}

const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: gardenOptionLabel(value) }));

function PersonalInformation({ values, errors, set }: StepProps) {
  return (
    <>
      <TextField
        name="name"
        label={L.name}
        required
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={(v) => set("name", v)}
      />
      <TextField
        name="email"
        label={L.email}
        type="email"
        required
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(v) => set("email", v)}
      />
    </>
  );
}

function LocationAndSpace({ values, errors, set }: StepProps) {
  const dimensions = gardenDimensions(values.length, values.width);
  return (
    <>
      <TextField
        name="zipCode"
        label={L.zipCode}
        hint="Optional. 5 digits, or 5+4 (10001-1234)."
        autoComplete="postal-code"
        inputMode="numeric"
        value={values.zipCode}
        error={errors.zipCode}
        onChange={(v) => set("zipCode", v)}
      />
      <TextField
        name="where"
        label={L.where}
        required
        placeholder="e.g., Backyard, front yard, balcony"
        value={values.where}
        error={errors.where}
        onChange={(v) => set("where", v)}
      />
      <div className="garden-dimensions">
        <TextField
          name="length"
          label="Length (feet)"
          required
          inputMode="decimal"
          value={values.length}
          error={errors.length}
          onChange={(v) => set("length", v)}
        />
        <TextField
          name="width"
          label="Width (feet)"
          required
          inputMode="decimal"
          value={values.width}
          error={errors.width}
          onChange={(v) => set("width", v)}
        />
      </div>
      <p className="garden-preview" aria-live="polite">
        <strong>Preview:</strong>{" "}
        {dimensions || <span className="field-hint">enter the length and width</span>}
      </p>
    </>
  );
}

function EnvironmentalConditions({ values, errors, set }: StepProps) {
  return (
    <>
      <ChoiceGroup
        name="sunlight_hours"
        legend={L.sunlight_hours}
        hint="How much direct sun does the garden get on a typical day?"
        required
        options={choices(SUNLIGHT_OPTIONS)}
        value={values.sunlight_hours}
        error={errors.sunlight_hours}
        onChange={(v) => set("sunlight_hours", v)}
      />
      <ChoiceGroup
        name="maintenance_level"
        legend={L.maintenance_level}
        hint="How much time would you like to spend caring for it?"
        required
        options={choices(MAINTENANCE_OPTIONS)}
        value={values.maintenance_level}
        error={errors.maintenance_level}
        onChange={(v) => set("maintenance_level", v)}
      />
    </>
  );
}

function DesignPreferences({ values, errors, set }: StepProps) {
  return (
    <>
      <ChoiceGroup
        multiple
        name="garden_style"
        legend={L.garden_style}
        hint="Choose all that apply."
        required
        options={choices([...GARDEN_STYLE_OPTIONS, OTHER_STYLE])}
        value={values.garden_style}
        error={errors.garden_style}
        onChange={(v) => set("garden_style", v)}
      />
      {values.garden_style.includes(OTHER_STYLE) ? (
        <TextField
          name="other_style"
          label="Describe your preferred style"
          required
          value={values.other_style}
          error={errors.other_style}
          onChange={(v) => set("other_style", v)}
        />
      ) : null}
      <ChoiceGroup
        name="layout_shape"
        legend={L.layout_shape}
        options={choices(LAYOUT_SHAPE_OPTIONS)}
        value={values.layout_shape}
        error={errors.layout_shape}
        onChange={(v) => set("layout_shape", v)}
      />
      <ChoiceGroup
        name="symmetry_preference"
        legend={L.symmetry_preference}
        options={choices(SYMMETRY_OPTIONS)}
        value={values.symmetry_preference}
        error={errors.symmetry_preference}
        onChange={(v) => set("symmetry_preference", v)}
      />
    </>
  );
}

function ColorAndPlantPreferences({ values, errors, set }: StepProps) {
  return (
    <>
      <TextField
        multiline
        name="color_preferences"
        label={L.color_preferences}
        hint="Colours you love, or would rather not see. Up to 500 characters."
        value={values.color_preferences}
        error={errors.color_preferences}
        onChange={(v) => set("color_preferences", v)}
      />
      <TextField
        multiline
        name="plant_preferences"
        label={L.plant_preferences}
        hint="Favourite plants, plants to avoid, edibles, natives… Up to 500 characters."
        value={values.plant_preferences}
        error={errors.plant_preferences}
        onChange={(v) => set("plant_preferences", v)}
      />
    </>
  );
}

function ReviewAndSubmit({ values, headingTag: Heading }: StepProps) {
  // Every earlier step has passed its Next, so the request can be built.
  const result = gardenDesignRequest(values);
  if (!result.ok) return null;
  return (
    <section className="garden-summary">
      <Heading className="garden-summary-title">Form Summary</Heading>
      <dl>
        {gardenDesignSummary(result.request).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The fields of each step, in order (spec section 2, Garden Design Form). */
export const GARDEN_STEPS = [
  PersonalInformation,
  LocationAndSpace,
  EnvironmentalConditions,
  DesignPreferences,
  ColorAndPlantPreferences,
  ReviewAndSubmit,
] as const;
