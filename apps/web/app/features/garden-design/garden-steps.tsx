import {
  GARDEN_STYLE_OPTIONS,
  type GardenDesignFormValues,
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
import type { FormFields } from "~/lib/use-form-fields";
import { ChoiceGroup, TextField } from "./garden-fields";

export interface StepProps {
  values: GardenDesignFormValues;
  bind: FormFields<GardenDesignFormValues>["bind"];
  /** The level of a heading inside a step (one below the step's title). */
  headingTag: "h3" | "h4";
}

const choices = (values: readonly string[]) =>
  values.map((value) => ({ value, label: gardenOptionLabel(value) }));

function PersonalInformation({ bind }: StepProps) {
  return (
    <>
      <TextField label={L.name} required autoComplete="name" {...bind("name")} />
      <TextField label={L.email} type="email" required autoComplete="email" {...bind("email")} />
    </>
  );
}

function LocationAndSpace({ values, bind }: StepProps) {
  const dimensions = gardenDimensions(values.length, values.width);
  return (
    <>
      <TextField
        label={L.zipCode}
        hint="Optional. 5 digits, or 5+4 (10001-1234)."
        autoComplete="postal-code"
        inputMode="numeric"
        {...bind("zipCode")}
      />
      <TextField
        label={L.where}
        required
        placeholder="e.g., Backyard, front yard, balcony"
        {...bind("where")}
      />
      <div className="garden-dimensions">
        <TextField label="Length (feet)" required inputMode="decimal" {...bind("length")} />
        <TextField label="Width (feet)" required inputMode="decimal" {...bind("width")} />
      </div>
      <p className="garden-preview" aria-live="polite">
        <strong>Preview:</strong>{" "}
        {dimensions || <span className="field-hint">enter the length and width</span>}
      </p>
    </>
  );
}

function EnvironmentalConditions({ bind }: StepProps) {
  return (
    <>
      <ChoiceGroup
        legend={L.sunlight_hours}
        hint="How much direct sun does the garden get on a typical day?"
        required
        options={choices(SUNLIGHT_OPTIONS)}
        {...bind("sunlight_hours")}
      />
      <ChoiceGroup
        legend={L.maintenance_level}
        hint="How much time would you like to spend caring for it?"
        required
        options={choices(MAINTENANCE_OPTIONS)}
        {...bind("maintenance_level")}
      />
    </>
  );
}

function DesignPreferences({ values, bind }: StepProps) {
  return (
    <>
      <ChoiceGroup
        multiple
        legend={L.garden_style}
        hint="Choose all that apply."
        required
        options={choices([...GARDEN_STYLE_OPTIONS, OTHER_STYLE])}
        {...bind("garden_style")}
      />
      {values.garden_style.includes(OTHER_STYLE) ? (
        <TextField label="Describe your preferred style" required {...bind("other_style")} />
      ) : null}
      <ChoiceGroup
        legend={L.layout_shape}
        options={choices(LAYOUT_SHAPE_OPTIONS)}
        {...bind("layout_shape")}
      />
      <ChoiceGroup
        legend={L.symmetry_preference}
        options={choices(SYMMETRY_OPTIONS)}
        {...bind("symmetry_preference")}
      />
    </>
  );
}

function ColorAndPlantPreferences({ bind }: StepProps) {
  return (
    <>
      <TextField
        multiline
        label={L.color_preferences}
        hint="Colours you love, or would rather not see. Up to 500 characters."
        {...bind("color_preferences")}
      />
      <TextField
        multiline
        label={L.plant_preferences}
        hint="Favourite plants, plants to avoid, edibles, natives… Up to 500 characters."
        {...bind("plant_preferences")}
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
