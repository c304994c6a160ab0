import type { TestInfo } from "@playwright/test";

/** The nine remedies and two bundles of the default pet store, in catalogue order. */
export const PET_HANDLES = [
  "itchy-scratchy",
  "no-more-drama",
  "eat",
  "cant-poo-poo",
  "poo-poo-problems",
  "forever-young",
  "ouchie",
  "pee-pee-issues",
  "yucky-fungus",
  "calm-comfort-duo",
  "complete-care-trio",
];

export const isWide = (testInfo: TestInfo) => testInfo.project.name === "wide";
