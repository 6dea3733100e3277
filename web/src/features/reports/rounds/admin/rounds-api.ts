import {
  roundCalendarSchema,
  roundComplianceSchema,
  roundTemplateCreateSchema,
  roundTemplateInputSchema,
  type RoundCalendar,
  type RoundCompliance,
  type RoundTemplateInput,
} from '@urs/sync-protocol';
import { api } from '../../../../client/api.js';
import { buildQuery, check, type Checked } from '../../../../client/admin-kit.js';
import { downloadFile } from '../../../../client/download.js';
import { field } from '../../../../lib/json-fields.js';

/*
 * The admin's REST of rounds (decision 030): templates are written here (each save a new
 * version on the server) and reach every device, this one too, through the pull; compliance,
 * the month's calendar and the Excel export are read here, online.
 */

const TEMPLATES = 'api/rounds/templates';

/** A single answer's `data`, or the answer itself when it has none. */
function dataOf(body: unknown): unknown {
  const data = typeof body === 'object' && body !== null ? field(body, 'data') : undefined;
  return data === undefined ? body : data;
}

/** The form's template checked with the server's own schema. */
export function checkTemplate(input: RoundTemplateInput): Checked<RoundTemplateInput> {
  const checked = check(roundTemplateInputSchema, input);
  return checked.ok ? { ok: true, payload: input } : checked;
}

/** Creates (with the form's id) or saves a new version of a template. */
export async function saveTemplate(input: RoundTemplateInput, id: string, create: boolean) {
  if (create) {
    roundTemplateCreateSchema.parse({ ...input, id });
    await api.json('POST', TEMPLATES, { ...input, id });
  } else {
    await api.json('PUT', `${TEMPLATES}/${encodeURIComponent(id)}`, input);
  }
}

export async function setPaused(id: string, paused: boolean) {
  await api.json('POST', `${TEMPLATES}/${encodeURIComponent(id)}/${paused ? 'pause' : 'resume'}`);
}

export async function archiveTemplate(id: string) {
  await api.json('DELETE', `${TEMPLATES}/${encodeURIComponent(id)}`);
}

export async function fetchCompliance(from: string, to: string): Promise<RoundCompliance> {
  const body = await api.json('GET', `api/rounds/compliance${buildQuery({ from, to })}`);
  return roundComplianceSchema.parse(dataOf(body));
}

export async function fetchCalendar(month: string): Promise<RoundCalendar> {
  const body = await api.json('GET', `api/rounds/calendar${buildQuery({ month })}`);
  return roundCalendarSchema.parse(dataOf(body));
}

export function downloadCompliance(from: string, to: string): Promise<string> {
  return downloadFile(
    `api/rounds/compliance/export${buildQuery({ from, to })}`,
    `rutinitas-${from}-${to}.xlsx`,
  );
}
