import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CollectionConfig } from '../config/types.js';
import { csvToRows, itemsToCsv } from './collections-csv.js';

const notes = { id: 'Notes' } as CollectionConfig;

/** The header and first row of an exported file as a spreadsheet would read them (no formula unescaping). */
function cellsOf(csv: string): [string[], string[]] {
  const [header = [], row = []] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  return [header, row];
}

describe('CSV export escapes every cell and header a spreadsheet would run as a formula (audit S-3)', () => {
  const forms = [
    '=HYPERLINK("http://evil.example/","Click")\n',
    "=cmd|' /C calc'!A0\r\n",
    "+1+cmd|' /C calc'!A0\nx",
    "@SUM(1+1)*cmd|' /C calc'!A0\n",
    '-2+3\nmore',
    '\t=1+1\n',
    '\r=1+1',
    '=1+1',
  ];

  it.each(forms)('a cell %j gets a leading quote, and import takes it off again', (text) => {
    const csv = itemsToCsv(notes, [{ _id: 'n1', text }]);
    const [header, row] = cellsOf(csv);
    expect(row[header.indexOf('text')]).toBe(`'${text}`);
    const { rows, errors } = csvToRows(notes, csv);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.data)).toEqual([{ text }]);
  });

  it('a header named like a formula, with a line break, is escaped and comes back as the same key', () => {
    const key = '@x\nfoo';
    const csv = itemsToCsv(notes, [{ _id: 'n1', [key]: 'value' }]);
    expect(cellsOf(csv)[0]).toContain(`'${key}`);
    expect(csvToRows(notes, csv).rows.map((r) => r.data)).toEqual([{ [key]: 'value' }]);
  });

  it('leaves plain text, numbers and a minus inside the text as they are', () => {
    const csv = itemsToCsv(notes, [{ _id: 'n1', text: 'a = b', count: -3 }]);
    const [header, row] = cellsOf(csv);
    expect(row[header.indexOf('text')]).toBe('a = b');
    expect(row[header.indexOf('count')]).toBe('-3');
  });
});

describe('CSV import', () => {
  it('reads a file of one column (no delimiter to detect; audit S-20)', () => {
    const { rows, errors } = csvToRows(notes, 'text\na\nb');
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.data)).toEqual([{ text: 'a' }, { text: 'b' }]);
  });
});
