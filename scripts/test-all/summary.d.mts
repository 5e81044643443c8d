// Types of summary.mjs, which stays plain JavaScript as test-all.mjs is.
export interface FailedStage {
  label: string;
  status: number | null;
  signal?: string | null;
  report?: 'none' | { failed: number };
}
export function stageNote(stage: FailedStage): string | undefined;
export function summaryLines(run: {
  lines: string[];
  failures: string[];
  skips: string[];
  failedStages: FailedStage[];
  totals: { passed: number; failed: number; skipped: number };
}): string[];
