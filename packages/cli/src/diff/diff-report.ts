import type { ManifestChange } from './manifest-diff';

/** The JSON form of a diff (`--json`): counts, then every change. */
export interface DiffReport {
  readonly old: string;
  readonly new: string;
  readonly breaking: number;
  readonly compatible: number;
  readonly changes: readonly ManifestChange[];
}

/** Builds the report of a diff. */
export function diffReport(oldOrigin: string, newOrigin: string, changes: readonly ManifestChange[]): DiffReport {
  const breaking = changes.filter((c) => c.breaking).length;
  return { old: oldOrigin, new: newOrigin, breaking, compatible: changes.length - breaking, changes };
}

/** One line per change, breaking ones first, then a summary line. */
export function formatDiffReport(report: DiffReport): string {
  const lines = report.changes.map((c) => {
    const where = c.path === '' ? '' : ` ${c.path}`;
    return `${c.breaking ? 'BREAKING  ' : 'compatible'} ${c.subject.kind} ${c.subject.name}${where}: ${c.reason} [${c.change}]`;
  });
  const summary =
    report.changes.length === 0
      ? `armature diff: no changes clients can see between ${report.old} and ${report.new}.`
      : `armature diff: ${report.breaking} breaking, ${report.compatible} compatible change${report.compatible === 1 ? '' : 's'} from ${report.old} to ${report.new}.`;
  return [...lines, summary].join('\n');
}
