import {
  EMPTY_GARDEN_FORM,
  GARDEN_LAST_STEP,
  GARDEN_STEP_COUNT,
  GARDEN_STEP_TITLES,
  type GardenDesignFormValues,
  type GardenFieldErrors,
  gardenDesignRequest,
  gardenProgress,
  gardenStepErrors,
  GARDEN_MESSAGES as M,
} from "@storefront/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type ToastMessage, ToastRegion } from "~/components/toast";
import * as api from "~/lib/api";
import { useFormFields } from "~/lib/use-form-fields";
import { GARDEN_STEPS } from "./garden-steps";

let toastSerial = 0;
function toastOf(tone: ToastMessage["tone"], title: string, text: string): ToastMessage {
  toastSerial += 1;
  return { id: toastSerial, tone, title, text };
}

/**
 * The six-step Garden Design Form (spec sections 2, 4 and 5). Next checks the step with the
 * domain's schema and shows its messages under the fields; the last step sends the request to
 * POST /pbn/layouts. Enter never submits before the last step. Focus follows the visitor: to the
 * new step's title, to the first field with a message, to the thank-you panel.
 */
export function GardenDesignForm({
  storeId,
  titleAs: Title = "h2",
}: {
  /** The store the request is for (store information's storeId). */
  storeId: string;
  /** h1 where the form is the page, h2 where it is a section of one. */
  titleAs?: "h1" | "h2";
}) {
  const StepTitle = Title === "h1" ? "h2" : "h3";
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const stepTitleRef = useRef<HTMLHeadingElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(0);
  // A message already shown follows the value (it changes or goes); no new ones while typing.
  const form = useFormFields<GardenDesignFormValues>(EMPTY_GARDEN_FORM, {
    check: (next) => gardenStepErrors(step, next),
  });
  const { values } = form;
  const [status, setStatus] = useState<"idle" | "pending" | "success">("idle");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const pending = status === "pending";

  function goTo(nextStep: number) {
    flushSync(() => {
      form.setErrors({});
      setStep(nextStep);
    });
    stepTitleRef.current?.focus();
  }

  function showErrors(atStep: number, found: GardenFieldErrors) {
    flushSync(() => {
      setStep(atStep);
      form.setErrors(found);
    });
    const first = Object.keys(found)[0];
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function next() {
    const found = gardenStepErrors(step, values);
    if (Object.keys(found).length > 0) showErrors(step, found);
    else goTo(step + 1);
  }

  async function submit() {
    const result = gardenDesignRequest(values);
    if (!result.ok) return showErrors(result.step, result.errors);
    setStatus("pending");
    try {
      await api.designRequests.submit({ layoutData: result.request, store_id: storeId });
    } catch {
      // Whatever went wrong, the visitor keeps every value and can try again.
      setStatus("idle");
      setToast(toastOf("error", M.failed, M.failedText));
      return;
    }
    flushSync(() => {
      form.setValues(EMPTY_GARDEN_FORM);
      form.setErrors({});
      setStep(0);
      setStatus("success");
      setToast(toastOf("success", M.submitted, M.submittedText));
    });
    thanksRef.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter in a field before the last step (or a second press while sending) submits nothing.
    if (step !== GARDEN_LAST_STEP || pending) return;
    void submit();
  }

  function startOver() {
    flushSync(() => setStatus("idle"));
    stepTitleRef.current?.focus();
  }

  const Step = GARDEN_STEPS[step] ?? GARDEN_STEPS[0];
  const percent = gardenProgress(step);
  return (
    <div className="garden-design">
      <Title id={titleId} className="garden-design-title">
        Garden Design Form
      </Title>
      {status === "success" ? (
        <div className="garden-thanks">
          <StepTitle ref={thanksRef} tabIndex={-1}>
            {M.thanks}
          </StepTitle>
          <p>{M.thanksText}</p>
          <button type="button" className="button" onClick={startOver}>
            Submit another response
          </button>
        </div>
      ) : (
        <form
          ref={formRef}
          className="garden-form"
          aria-labelledby={titleId}
          noValidate
          onSubmit={onSubmit}
        >
          <div className="garden-progress">
            <p className="garden-progress-text">
              <span>
                Step {step + 1} of {GARDEN_STEP_COUNT}
              </span>
              <span>{percent}%</span>
            </p>
            <div
              className="garden-progress-bar"
              role="progressbar"
              aria-label="Form progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`Step ${step + 1} of ${GARDEN_STEP_COUNT}, ${percent}%`}
            >
              <div style={{ width: `${percent}%` }} />
            </div>
          </div>
          <StepTitle ref={stepTitleRef} tabIndex={-1} className="garden-step-title">
            {GARDEN_STEP_TITLES[step]}
          </StepTitle>
          <p className="garden-hint">
            {step < GARDEN_LAST_STEP
              ? "Fill out this section to continue"
              : "Review and submit your design form"}
          </p>
          <div className="garden-step">
            <Step values={values} bind={form.bind} headingTag={StepTitle === "h2" ? "h3" : "h4"} />
          </div>
          <div className="garden-actions">
            {step > 0 ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={pending}
                onClick={() => goTo(step - 1)}
              >
                Previous
              </button>
            ) : null}
            {step < GARDEN_LAST_STEP ? (
              <button key="next" type="button" className="button" onClick={next}>
                Next Step
              </button>
            ) : (
              <button key="submit" type="submit" className="button" disabled={pending}>
                {pending ? "Submitting Design..." : "Submit Design Form"}
              </button>
            )}
          </div>
        </form>
      )}
      <ToastRegion toast={toast} onClose={() => setToast(null)} />
    </div>
  );
}
