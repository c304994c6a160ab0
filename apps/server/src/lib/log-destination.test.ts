import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { urgentLinesAtOnce } from "./log-destination.ts";

/** A destination that records what reached the file and what is still gathered. */
function recordingDestination() {
  const written: string[] = [];
  let gathered: string[] = [];
  return {
    written,
    out: {
      write(line: string) {
        gathered.push(line);
      },
      flushSync() {
        written.push(...gathered);
        gathered = [];
      },
    },
  };
}

const line = (level: number, msg: string) => `${JSON.stringify({ level, msg })}\n`;

describe("the server's log", () => {
  it("gathers request lines, but writes a warning or an error at once with the lines before it", () => {
    const { written, out } = recordingDestination();
    const log = urgentLinesAtOnce(out);
    log.write(line(30, "request completed"));
    log.write(line(30, "request completed"));
    expect(written).toEqual([]);
    log.write(line(50, "checkout failed"));
    expect(written).toEqual([
      line(30, "request completed"),
      line(30, "request completed"),
      line(50, "checkout failed"),
    ]);
    log.write(line(40, "rate limited"));
    expect(written.at(-1)).toBe(line(40, "rate limited"));
    log.write(line(30, "request completed"));
    log.flush();
    expect(written).toHaveLength(5);
  });

  it("loses no gathered line when the process exits", async () => {
    const module = fileURLToPath(new URL("./log-destination.ts", import.meta.url));
    const script = `
      import { batchedStdout } from ${JSON.stringify(module)};
      const log = batchedStdout();
      for (let i = 0; i < 3; i += 1) log.write(JSON.stringify({ level: 30, msg: "line " + i }) + "\\n");
      process.exit(0);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    expect(
      output
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).msg),
    ).toEqual(["line 0", "line 1", "line 2"]);
  });
});
