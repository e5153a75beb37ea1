// The app's toasts (one at a time, spec 9), found as a person reads them: by their title.
import type { Page } from "@playwright/test";

export const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');

export const toast = (page: Page, title: string) => toasts(page).filter({ hasText: title });
