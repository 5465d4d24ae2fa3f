/**
 * A plain RFC 4180 reader for the compute-expected scripts: quoted fields, doubled quotes, CR LF or LF line ends.
 * It is deliberately independent of the product's ingestion code, so the expected results do not inherit its bugs.
 */
export function parseDelimited(text, delimiter) {
  const rows = [];
  let row = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        isQuoted = false;
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      isQuoted = true;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows of a file with a header line, as objects keyed by the header's names. Fails on a ragged row. */
export function readWithHeader(text, delimiter) {
  const [header, ...rows] = parseDelimited(text, delimiter);
  if (!header) throw new Error('empty file');
  return rows.map((cells, i) => {
    if (cells.length !== header.length) {
      throw new Error(`line ${i + 2}: ${cells.length} cells, the header has ${header.length}`);
    }
    return Object.fromEntries(header.map((name, j) => [name, cells[j]]));
  });
}
