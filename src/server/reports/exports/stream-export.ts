import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ExportSource } from './export-source.ts';
import { streamWorksheet, XLSX_CONTENT_TYPE } from './xlsx-stream.ts';

/** The export limits: the ink export's 200k jobs, and the events' rows below Excel's 1,048,576 (one is the header). */
export interface ExportLimits {
  inkExportJobs: number;
  eventExportRows: number;
}

/**
 * The header of a download check's answer, whatever its status, that tells the download's row limit: the client's
 * limit texts show it ('Exceeds 200k limit.'), as configured (PORTAL_EXPORT_*), not as written in a layout.
 */
export const EXPORT_ROW_LIMIT_HEADER = 'export-row-limit';

/** Rows read per batch while streaming an export. */
const EXPORT_BATCH_ROWS = 2000;

/** 200 ready, 204 nothing in the period, 205 more rows than the limit (spec reports §4). */
export function checkStatus(rows: number, limit: number): 200 | 204 | 205 {
  if (rows === 0) return 204;
  return rows > limit ? 205 : 200;
}

/**
 * Streams the source's workbook into the response as `fileName`.xlsx; a client that goes away stops the reading at the
 * next batch.
 */
export async function streamExport(reply: FastifyReply, fileName: string, source: ExportSource): Promise<void> {
  const body = new PassThrough();
  let clientGone = false;
  reply.raw.on('close', () => {
    clientGone = !reply.raw.writableFinished;
  });
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}.xlsx"`)
    .send(body);
  const result = await streamWorksheet(
    body,
    source.sheetName,
    source.columns,
    source.batches(EXPORT_BATCH_ROWS),
    () => clientGone || body.destroyed,
  );
  if (!result.completed) {
    reply.log.info({ rows: result.rows }, 'export stopped: the client went away');
    body.destroy();
  }
}

/**
 * Answers a download: counts the source's rows, then streams the file (200) or answers 204 (none) or 205 (more than
 * `limit`) without a body.
 */
export async function sendExport(
  reply: FastifyReply,
  source: ExportSource,
  limit: number,
  fileName: string,
): Promise<void> {
  const status = checkStatus(await source.count(), limit);
  if (status === 200) await streamExport(reply, fileName, source);
  else reply.code(status).send();
}
