import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// A render that logs an error (a React warning, a failed prop type) fails its test.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
