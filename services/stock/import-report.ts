/**
 * The import report (issue 18): what one import did to each kind of record, what it read
 * liberally, which fields it did not know (kept, with the record) and which it stored without any
 * page showing them. `npm run import -- <feed> --report <file.json>` writes it as JSON and prints
 * the summary below.
 */
import type { FeedNote, FieldCount } from '../../domain/stock/adapt-feed';
import { STORED_NOT_SHOWN } from '../../domain/stock/adapt-feed';
import type { ValidationIssue } from '../../schemas/validation-messages';

export type ReportTable = 'dealerships' | 'locations' | 'cars' | 'manufacturers' | 'models';

export interface RecordCounts {
  /** Records of this kind in the feed. */
  inFeed: number;
  /** New to the database. */
  created: number;
  /** Already stored, with different values (or withdrawn before and back in the feed). */
  updated: number;
  /** Already stored with exactly these values. */
  unchanged: number;
}

export interface ImportReport {
  file: string;
  startedAt: string;
  finishedAt: string;
  /** False when nothing was imported because of `problems`. */
  imported: boolean;
  records: Record<ReportTable, RecordCounts>;
  /** Cars of the feed's dealerships withdrawn because the feed no longer has them (replace). */
  withdrawn: number;
  /** Cars whose make or model name was normalised (catalogue §9). */
  normalised: number;
  warnings: FeedNote[];
  unknownFields: FieldCount[];
  storedNotShown: Array<FieldCount & { why: string }>;
  /** Why nothing was imported: every problem counted, the first 500 listed. */
  problemCount: number;
  problems: ValidationIssue[];
}

const REPORTED_PROBLEMS = 500;
const TABLES: readonly ReportTable[] = ['dealerships', 'locations', 'cars', 'manufacturers', 'models'];

export function emptyCounts(): Record<ReportTable, RecordCounts> {
  return Object.fromEntries(TABLES.map((t) => [t, { inFeed: 0, created: 0, updated: 0, unchanged: 0 }])) as Record<
    ReportTable,
    RecordCounts
  >;
}

export function withReasons(fields: readonly FieldCount[]): Array<FieldCount & { why: string }> {
  const reasons = new Map(STORED_NOT_SHOWN.map((s) => [s.field, s.why]));
  return fields.map((f) => ({ ...f, why: reasons.get(f.field) ?? '' }));
}

export function reportProblems(issues: readonly ValidationIssue[]): Pick<ImportReport, 'problemCount' | 'problems'> {
  return { problemCount: issues.length, problems: issues.slice(0, REPORTED_PROBLEMS) };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-AU')} ${word}${n === 1 ? '' : 's'}`;
}

/** The report as a person reads it at a terminal. */
export function formatImportReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(
    report.imported ? `Import report for ${report.file}` : `Import report for ${report.file}: NOTHING WAS IMPORTED`,
  );
  lines.push('  records        in feed   created   updated unchanged');
  for (const table of TABLES) {
    const c = report.records[table];
    if (!c.inFeed) continue;
    lines.push(
      `  ${table.padEnd(13)} ${String(c.inFeed).padStart(8)} ${String(c.created).padStart(9)} ${String(c.updated).padStart(9)} ${String(c.unchanged).padStart(9)}`,
    );
  }
  if (report.withdrawn) lines.push(`  withdrawn: ${plural(report.withdrawn, 'car')} no longer in the feed`);
  if (report.normalised) lines.push(`  normalised make/model names: ${plural(report.normalised, 'car')}`);
  if (report.warnings.length) {
    lines.push('Warnings (imported, read liberally):');
    for (const w of report.warnings)
      lines.push(`  - ${w.message}: ${plural(w.count, 'time')}, first at ${w.first.join(', ')}`);
  }
  if (report.unknownFields.length) {
    lines.push("Unknown fields (kept with each record under 'unmapped', not shown):");
    for (const f of report.unknownFields)
      lines.push(`  - ${f.field}: ${plural(f.count, 'record')}, first at ${f.first}`);
  }
  if (report.storedNotShown.length) {
    lines.push('Stored, not shown (known fields no page shows yet):');
    for (const f of report.storedNotShown) lines.push(`  - ${f.field}: ${plural(f.count, 'record')} (${f.why})`);
  }
  if (report.problemCount)
    lines.push(
      `Problems: ${plural(report.problemCount, 'problem')}; nothing was imported (listed above and in the JSON report).`,
    );
  return lines.join('\n');
}
