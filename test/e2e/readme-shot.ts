// README screenshots are written only by `npm run screenshots` (GATEHOUSE_SCREENSHOTS=1), so that `npm test`
// leaves the work tree clean; otherwise the same pictures go to test-results/ for a look after a run.
import type { Page } from '@playwright/test';

/** Where a README picture goes in this run: docs/screenshots when regenerating them, test-results otherwise. */
export function readmeShotPath(name: string): string {
  return process.env.GATEHOUSE_SCREENSHOTS === '1' ? `docs/screenshots/${name}.png` : `test-results/screenshots/${name}.png`;
}

/** Takes the README picture `name` of the page as it is now. */
export async function readmeShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: readmeShotPath(name) });
}
