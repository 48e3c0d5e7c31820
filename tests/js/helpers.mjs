// Shared by the Node tests: the repository's paths and its JSON files.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ASSETS = join(ROOT, "widgets", "assets");
export const PROTOCOL = join(ROOT, "widgets", "protocol");

export const readJSON = (...parts) => JSON.parse(readFileSync(join(ROOT, ...parts), "utf-8"));

// Every game's folder of docs/ with files in `kind` (examples, cases): [game folder, file name, content].
export function docsFiles(kind) {
  const found = [];
  for (const game of readdirSync(join(ROOT, "docs"))) {
    const folder = join(ROOT, "docs", game, kind);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".json")).sort()) {
      found.push([game, name, JSON.parse(readFileSync(join(folder, name), "utf-8"))]);
    }
  }
  return found;
}
