// The cron tick's step for imports: every running import nobody holds (its server died, or a
// budgeted run let it go) is claimed and run on, within the tick's budget. Claims make a second
// instance's tick, or a poll of the report, skip what this one runs.
import { logger } from "../log/logger";
import { findStalledImports } from "./claim-import";
import { runImport } from "./run-import";

export async function resumeStalledImports(options: { ownerId?: string; budgetMs?: number } = {}): Promise<number> {
  const started = Date.now();
  let resumed = 0;
  for (const id of await findStalledImports({ ownerId: options.ownerId })) {
    const left = options.budgetMs === undefined ? undefined : options.budgetMs - (Date.now() - started);
    if (left !== undefined && left <= 0) break;
    const outcome = await runImport(id, { budgetMs: left });
    if (outcome !== "not-claimed") resumed += 1;
    logger().info({ importId: id, outcome }, "import resumed by the tick");
  }
  return resumed;
}
