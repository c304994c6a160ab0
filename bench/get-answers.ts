import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { record } from "./get-answers/record.ts";
import { DEFAULT_PORT, DEFAULT_POSTGRES } from "./get-answers/settings.ts";
import { compareRecordings } from "./get-answers-compare.ts";

const USAGE = `Usage:
  node --import tsx bench/get-answers.ts record --out DIR [--port 4701] [--postgres URL] [--keep]
  node --import tsx bench/get-answers.ts compare DIR_A DIR_B [--full]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "record") {
    const { values } = parseArgs({
      args: rest,
      options: {
        out: { type: "string" },
        port: { type: "string" },
        postgres: { type: "string" },
        keep: { type: "boolean", default: false },
      },
    });
    if (!values.out) {
      console.error(USAGE);
      return 2;
    }
    const port = Number(values.port ?? DEFAULT_PORT);
    const out = path.resolve(values.out);
    if (existsSync(out) && (await stat(out)).isDirectory()) {
      const entries = await readdir(out);
      if (entries.length > 0 && !entries.includes("manifest.json")) {
        console.error(`${out} is not empty and holds no recording: refusing to empty it`);
        return 2;
      }
    }
    return record({
      out,
      port,
      postgres: values.postgres ?? process.env.GETS_POSTGRES_URL ?? DEFAULT_POSTGRES,
      keep: values.keep ?? false,
    });
  }
  if (command === "compare") {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { full: { type: "boolean", default: false } },
    });
    const [a, b] = positionals;
    if (!a || !b) {
      console.error(USAGE);
      return 2;
    }
    return compareRecordings(path.resolve(a), path.resolve(b), { full: values.full ?? false });
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
