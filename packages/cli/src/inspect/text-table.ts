/**
 * Formats rows as aligned columns under a header. Cells are single lines; a cell wider than
 * `maxCell` characters is cut with `…` so one long schema does not push every column away.
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], maxCell = 60): string[] {
  const cut = (cell: string): string => {
    const line = cell.replace(/\s*\n\s*/g, ' ');
    return line.length > maxCell ? `${line.slice(0, maxCell - 1)}…` : line;
  };
  const cells = [header, ...rows].map((row) => row.map(cut));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
