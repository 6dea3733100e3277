import { PassThrough, Readable } from 'node:stream';
import type { ReadableStreamReadResult } from 'node:stream/web';
import type { HttpBindings } from '@hono/node-server';
import type ExcelJS from 'exceljs';
import type { Context } from 'hono';
import { asLocalWallClock, type SchoolClock } from './school-time.js';

export interface SheetSpec<Row> {
  sheetName: string;
  columns: Partial<ExcelJS.Column>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  toCells: (row: Row, index: number) => Record<string, unknown>;
}

/*
 * exceljs (with its zip libraries) takes about 0.3 s to load: loaded by the first export, not
 * by every start of the API (and every browser-test server, and every API test file).
 */
type Excel = typeof ExcelJS;
let excelModule: Promise<Excel> | undefined;
function loadExcel(): Promise<Excel> {
  // A CommonJS module: Node's import() gives all of it as `default` (its types say otherwise).
  excelModule ??= import('exceljs').then((m) => (m as unknown as { default: Excel }).default);
  return excelModule;
}

/*
 * What XML 1.0 does not allow in text: C0 controls but tab, LF and CR; U+FFFE and U+FFFF; and
 * a surrogate out of its pair (with the `u` flag a pair reads as one character, which is
 * allowed). exceljs drops the controls but writes the others, and one of them anywhere in
 * user text makes the whole sheet malformed: Excel, and exceljs itself, refuse the file.
 */
const NOT_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A cell's value with that removed from its text, also a hyperlink's or rich text's. */
function xmlSafe(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NOT_IN_XML, '');
  if (Array.isArray(value)) return value.map(xmlSafe);
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return xmlSafeCells(value);
  }
  return value; // a number, a Date, null
}

function xmlSafeCells(cells: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(cells).map(([key, value]) => [key, xmlSafe(value)]));
}

/** Rows committed between looks at the response: few, so what runs ahead of it stays small. */
const ROWS_BETWEEN_LOOKS = 100;

/**
 * Resolves once the response has room for more rows (true), or is gone (false): cancelled by
 * the reader, which the node server does when the client disconnects. The zip compresses on
 * libuv's threads and writes nothing back until the event loop turns, and it never tells the
 * sheet to stop (exceljs writes into it without looking): a full `output` is the only sign
 * that the reader is behind, and is seen only after a turn of the loop.
 */
async function roomInResponse(output: PassThrough): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  while (output.writableNeedDrain && !output.destroyed) {
    await new Promise<void>((resolve) => {
      const go = () => {
        output.off('drain', go);
        output.off('close', go);
        resolve();
      };
      output.on('drain', go);
      output.on('close', go);
    });
  }
  return !output.destroyed;
}

/**
 * Streams one worksheet as an .xlsx body: rows are committed as they are produced (the
 * iterable reads the database in chunks, awaiting each), and no faster than the response is
 * read, so memory stays bounded by a chunk and the buffers, not the table.
 */
export function streamXlsx<Row>(spec: SheetSpec<Row>, createdAt: Date): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const write = async () => {
    const excel = await loadExcel();
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'URS';
    workbook.created = createdAt;
    const sheet = workbook.addWorksheet(spec.sheetName, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = spec.columns;
    sheet.getRow(1).font = { bold: true };
    const lastColumn = String.fromCharCode(64 + spec.columns.length);
    sheet.autoFilter = { from: 'A1', to: `${lastColumn}1` };

    let index = 0;
    for await (const row of spec.rows) {
      index += 1;
      sheet.addRow(xmlSafeCells(spec.toCells(row, index))).commit();
      // Leaving a for-await calls the iterator's return(): the keyset query stops with it.
      if (index % ROWS_BETWEEN_LOOKS === 0 && !(await roomInResponse(output))) break;
    }
    if (output.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  // Logged by the answer (xlsxResponse), which knows the request: here the body only fails.
  write().catch((err: unknown) => {
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The headers of a download: the type, a file name, and never cached. */
function xlsxHeaders(filename: string): Record<string, string> {
  return {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  };
}

/** The running number every export starts its rows with (`toCells` gets it as its index). */
export const NUMBER_COLUMN: Partial<ExcelJS.Column> = { header: 'No', key: 'no', width: 6 };

export interface XlsxDownload {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The answer of an export. Its 200 and headers leave before the first row is read, so a failure
 * part-way (the database refusing a later chunk) can no longer be an error answer: the
 * connection is cut instead, and the device sees a download that never ended, never a short
 * file that looks whole. Logged here once, in one line: left to @hono/node-server, the body's
 * error was logged a second time, each time with its whole stack.
 */
export function xlsxResponse(c: Context, { filename, body }: XlsxDownload): Response {
  const request = `${c.req.method} ${c.req.path}`;
  // The Node server's response, when the app is served by @hono/node-server (not in-process).
  const connection = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  const reader = body.getReader();
  const answer = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          console.error(`[api] ${request} failed part-way, connection cut: ${oneLine(err)}`);
          // Its close makes the server cancel this stream, quietly; without a Node server, the
          // stream's error is what stops the body short of a clean end.
          if (connection !== undefined) connection.destroy();
          else controller.error(err);
          return;
        }
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Read on demand only: the sheet's rows already wait for the response to have room.
    { highWaterMark: 0 },
  );
  return new Response(answer, { headers: xlsxHeaders(filename) });
}

/**
 * An error as one log line: the driver's own words where the query builder wrapped them (its
 * message repeats the whole statement), whitespace folded.
 */
function oneLine(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  const said = cause instanceof Error ? cause : err;
  return (said instanceof Error ? said.message : String(said)).replace(/\s+/g, ' ').trim();
}

/** One streamed sheet as a download named `${name}-${fileStamp}.xlsx`. */
export function xlsxDownload<Row>(
  name: string,
  spec: SheetSpec<Row>,
  clock: SchoolClock,
  now: Date,
): XlsxDownload {
  return { filename: `${name}-${fileStamp(now, clock)}.xlsx`, body: streamXlsx(spec, now) };
}

/** `20261122-1215`: the school's local time, for file names. */
export function fileStamp(now: Date, clock: SchoolClock): string {
  return asLocalWallClock(now, clock)
    .toISOString()
    .slice(0, 16)
    .replace(/[-:]/g, '')
    .replace('T', '-');
}
