// The document POST /api/v2/process/pdfreport answers for a report (`m_*`) service: a one-page PDF 1.4 naming the
// report, with a correct cross-reference table, so that a client may hand it to a PDF reader and not only check
// its first bytes. What a real report prints is not known; the page says which report ran with which criteria.
import type { TransactionSetBody } from './payload.js';

/** PDF string literal: backslash, parentheses escaped; anything outside printable ASCII replaced */
function pdfText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function reportPdf(set: TransactionSetBody): Buffer {
  const criteria = set.transactions
    .flatMap((t) => t.dataElements)
    .flatMap((e) => e.rows.flatMap((r) => r.edits))
    .filter((e) => e.value !== '')
    .map((e) => `${e.name} = ${e.value}`);
  const lines = [`Report ${set.name}`, ...criteria].slice(0, 40);
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '56 786 Td',
    ...lines.map((line, i) => (i === 0 ? `${pdfText(line)} Tj` : `T* ${pdfText(line)} Tj`)),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
